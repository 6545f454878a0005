// One writer per data file: `FILE.lock` names its owner (PID, the process's start, a nonce). It appears whole
// (written beside, then linked into place: a create that fails when any lock is there), and a stale one (its
// owner gone, or its PID now another process's) is replaced only by whoever first creates the takeover guard
// named after that very lock, so of any number of starts racing on a stale lock exactly one wins.
import { randomBytes } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { DataFileError, reasonOf } from './dataFile';

interface LockRecord {
  pid: number;
  /** When the process started (Linux: boot id and start tick); absent where the system does not say. */
  start?: string;
  nonce: string;
}

/**
 * A process as Linux's /proc tells it, read once: its state (Z: a zombie) and its start, so a PID taken again by
 * another process after a crash is not mistaken for the owner. Undefined where the system does not say.
 */
function procStat(pid: number): { state: string; start: string | undefined } | undefined {
  const stat = readOr(`/proc/${pid}/stat`, '');
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // after the name: field 3 on
  const ticks = fields[19]; // field 22, starttime
  return { state: fields[0], start: ticks ? `${bootId()}:${ticks}` : undefined };
}
const startOf = (pid: number) => procStat(pid)?.start;
let boot: string | undefined;
const bootId = () => (boot ??= readOr('/proc/sys/kernel/random/boot_id', '').trim());
const readOr = (file: string, fallback: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
};
const myStart = startOf(process.pid);

const format = (r: LockRecord) => `${r.pid} ${r.start ?? '-'} ${r.nonce}\n`;
/** The lock's owner; a lock of an older version holds only a PID (its text is its nonce). */
function readRecord(lock: string): LockRecord | undefined {
  let text: string;
  try {
    text = fs.readFileSync(lock, 'utf8');
  } catch {
    return undefined;
  }
  const [pid, start, nonce] = text.trim().split(' ');
  return { pid: Number(pid), start: start && start !== '-' ? start : undefined, nonce: nonce ?? `v0-${text.trim()}` };
}

/** Nonces of the locks this module holds: a lock with our PID and none of these is another thread's or stale. */
const held = new Map<string, string>();

/** kill(pid, 0) answers: the PID is taken (by the owner, or by another process since). */
const pidTaken = (pid: number): boolean => {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  return true;
};
function ownerAlive(r: LockRecord): boolean {
  if (r.pid === process.pid) {
    // Ours, or another thread's of this process (same start); without a start we cannot tell a reused PID.
    return [...held.values()].includes(r.nonce) || (r.start !== undefined && r.start === myStart);
  }
  if (!pidTaken(r.pid)) return false;
  const now = procStat(r.pid); // one read for both questions below
  // A process that ended but was never waited for (a zombie: in a container nothing may reap it) still answers
  // kill(pid, 0), yet writes nothing: its lock is stale. Elsewhere than Linux it is taken as alive.
  if (now?.state === 'Z') return false;
  return now?.start === undefined || r.start === undefined || now.start === r.start;
}

/** The PID holding `file`'s lock, if its owner lives. */
export function lockHolder(file: string): number | undefined {
  const r = readRecord(`${path.resolve(file)}.lock`);
  return r && ownerAlive(r) ? r.pid : undefined;
}

/** Creates `target` holding `r`, whole, unless something is there already (then false). */
function createWhole(target: string, r: LockRecord): boolean {
  const temp = `${target}.${r.nonce}.tmp`;
  fs.writeFileSync(temp, format(r), { flag: 'wx' });
  try {
    fs.linkSync(temp, target);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    if (!['EPERM', 'ENOTSUP', 'ENOSYS', 'EOPNOTSUPP'].includes((e as NodeJS.ErrnoException).code ?? '')) throw e;
    return createExclusive(target, r); // no hard links here: an exclusive create, written at once
  } finally {
    fs.rmSync(temp, { force: true });
  }
}
function createExclusive(target: string, r: LockRecord): boolean {
  try {
    fs.writeFileSync(target, format(r), { flag: 'wx' });
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}

/**
 * Replaces `target`, which holds the stale `stale`, by `mine`. Only the one start that creates the guard named
 * after `stale` may do it, and it does so only if `target` still holds `stale`; a guard left by a start that died
 * holding it is taken over the same way. False: someone else is at it, or `target` changed.
 */
function takeOver(target: string, stale: LockRecord, mine: LockRecord, depth = 0): boolean {
  const guard = `${target}.${stale.nonce.replace(/[^\w-]/g, '_')}.takeover`;
  if (!createWhole(guard, mine)) {
    const g = readRecord(guard);
    if (!g || ownerAlive(g) || depth > 3 || !takeOver(guard, g, mine, depth + 1)) return false;
  }
  try {
    if (readRecord(target)?.nonce !== stale.nonce) return false;
    const temp = `${target}.${mine.nonce}.tmp`;
    fs.writeFileSync(temp, format(mine), { flag: 'wx' });
    fs.renameSync(temp, target); // replaces the stale lock in one step
    return true;
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

const ATTEMPTS = 20;

/** Takes the lock of `file` (`FILE.lock`); a lock whose owner is gone is taken over. Returns its release. */
export function acquireLock(file: string): () => void {
  const abs = path.resolve(file);
  const lock = `${abs}.lock`;
  const mine: LockRecord = { pid: process.pid, start: myStart, nonce: randomBytes(8).toString('hex') };
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (createWhole(lock, mine)) return hold(abs, lock, mine);
      const owner = readRecord(lock);
      if (!owner) continue; // released meanwhile
      if (ownerAlive(owner)) {
        throw new DataFileError(
          'locked',
          abs,
          `${abs} is in use by another Local sandbox (PID ${owner.pid}, lock ${lock}); ` +
            'stop that one or choose another data file.',
          owner.pid,
        );
      }
      if (takeOver(lock, owner, mine)) return hold(abs, lock, mine);
    }
  } catch (e) {
    if (e instanceof DataFileError) throw e;
    throw new DataFileError('unwritable', abs, `Cannot use ${abs} as the Local sandbox data file: ${reasonOf(e)}.`);
  }
  throw new DataFileError('locked', abs, `${abs} is being locked by another Local sandbox (${lock}); try again.`);
}

function hold(abs: string, lock: string, mine: LockRecord): () => void {
  const key = `${abs}\0${mine.nonce}`;
  held.set(key, mine.nonce);
  return () => {
    if (!held.delete(key)) return;
    if (readRecord(lock)?.nonce === mine.nonce) fs.rmSync(lock, { force: true }); // ours: no one takes a live lock
  };
}
