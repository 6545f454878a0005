// The sandbox's data file: one writer at a time (a lock file holding the writer's PID), only ever a file
// we wrote (anything else is refused untouched), written atomically (temp file, fsync, rename) with the
// temp files of a crashed writer removed at the next start.
import * as fs from 'fs';
import * as path from 'path';

export const SNAPSHOT_FORMAT = 'billing-workbench/local-sandbox';

export type DataFileProblem = 'not-snapshot' | 'corrupt' | 'locked' | 'unwritable';

/** A data file we cannot use; the message names the file and says what to do. */
export class DataFileError extends Error {
  constructor(
    readonly problem: DataFileProblem,
    readonly file: string,
    message: string,
    readonly pid?: number,
  ) {
    super(message);
    this.name = 'DataFileError';
  }
}

/** Writes `text` to `file` so that a reader sees the old or the new content, never a mix. Tests inject failures. */
export type DataWriter = (file: string, text: string) => void;

const REASONS: Record<string, string> = {
  ENOTDIR: 'a part of its path is a file, not a folder',
  EISDIR: 'a folder is in the way',
  ENOENT: 'its folder does not exist',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the folder is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
};
/** A file-system error in words (a person reads it; the raw code says nothing to them). */
export const reasonOf = (e: unknown): string => {
  const code = (e as NodeJS.ErrnoException)?.code;
  return code && REASONS[code] ? REASONS[code] : ((e as Error)?.message ?? String(e));
};

let tmpCounter = 0;
const tmpPrefix = (file: string) => `.${path.basename(file)}.`;

export const atomicWrite: DataWriter = (file, text) => {
  const tmp = path.join(path.dirname(file), `${tmpPrefix(file)}${process.pid}-${++tmpCounter}.tmp`);
  try {
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeSync(fd, text);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true, recursive: true });
    throw e;
  }
};

/** Removes the temp files a writer killed mid-write left beside `file` (we hold the lock: none is live). */
export function removeStaleTemps(file: string): number {
  let removed = 0;
  const prefix = tmpPrefix(file);
  for (const name of safeList(path.dirname(file))) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    fs.rmSync(path.join(path.dirname(file), name), { force: true, recursive: true });
    removed++;
  }
  return removed;
}
const safeList = (dir: string): string[] => {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
};

const isAlive = (pid: number): boolean => {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Files this process holds: a second sandbox in the same process is refused too. */
const held = new Set<string>();

/** The PID written in `file`'s lock, if a live process holds it. */
export function lockHolder(file: string): number | undefined {
  const pid = readPid(`${path.resolve(file)}.lock`);
  if (pid === undefined || !isAlive(pid)) return undefined;
  return pid === process.pid && !held.has(path.resolve(file)) ? undefined : pid;
}
const readPid = (lock: string): number | undefined => {
  try {
    return Number(fs.readFileSync(lock, 'utf8').trim());
  } catch {
    return undefined;
  }
};

/** Takes the lock of `file` (`FILE.lock` holding our PID); a lock of a dead process is taken over. */
export function acquireLock(file: string): () => void {
  const abs = path.resolve(file);
  const lock = `${abs}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
      held.add(abs);
      return () => release(abs, lock);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new DataFileError('unwritable', abs, `Cannot use ${abs} as the Local sandbox data file: ${reasonOf(e)}.`);
      }
    }
    const pid = lockHolder(abs);
    if (pid !== undefined) {
      throw new DataFileError(
        'locked',
        abs,
        `${abs} is in use by another Local sandbox (PID ${pid}, lock ${lock}); ` +
          'stop that one or choose another data file.',
        pid,
      );
    }
    fs.rmSync(lock, { force: true }); // its writer is gone
  }
  throw new DataFileError('locked', abs, `${abs} is being locked by another Local sandbox (${lock}); try again.`);
}

function release(abs: string, lock: string): void {
  if (!held.delete(abs)) return;
  if (readPid(lock) === process.pid) fs.rmSync(lock, { force: true });
}

/** The parsed snapshot in `file`; undefined when there is none yet (no file, or an empty one). */
export function readSnapshot(file: string): Record<string, unknown> | undefined {
  const abs = path.resolve(file);
  let text: string;
  try {
    text = fs.readFileSync(abs, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if ((e as NodeJS.ErrnoException).code === 'EISDIR') {
      throw new DataFileError('not-snapshot', abs, `${abs} is a folder, not a Local sandbox data file; name a file.`);
    }
    throw new DataFileError('unwritable', abs, `Cannot read the Local sandbox data file ${abs}: ${reasonOf(e)}.`);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (!text.trim()) return undefined; // nothing to lose
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw corrupt(abs, `it is not valid JSON: ${(e as Error).message}`);
  }
  const o = value as Record<string, unknown>;
  const shaped =
    !!o &&
    typeof o === 'object' &&
    !Array.isArray(o) &&
    typeof o.numbers === 'object' &&
    ['accounts', 'subscriptions', 'orders'].every(k => Array.isArray(o[k]));
  if (!shaped && o?.format !== SNAPSHOT_FORMAT) {
    throw new DataFileError(
      'not-snapshot',
      abs,
      `${abs} is not a Local sandbox data file, so it was left untouched; ` +
        'choose another data file (a new name is created).',
    );
  }
  if (!shaped) throw corrupt(abs, 'its accounts, subscriptions, orders or numbers are missing');
  const keyed = (k: string, key: string) =>
    (o[k] as unknown[]).every(x => typeof (x as Record<string, unknown>)?.[key] === 'string');
  const numbered =
    keyed('accounts', 'account_number') &&
    keyed('subscriptions', 'subscription_number') &&
    keyed('orders', 'order_number');
  if (!numbered) {
    throw corrupt(abs, 'an account, subscription or order in it has no number');
  }
  const documents = o.documents;
  const documented =
    documents === undefined ||
    (Array.isArray(documents) &&
      documents.every(d => {
        const x = d as Record<string, unknown> | null;
        return typeof x?.number === 'string' && typeof x.account_number === 'string' && Array.isArray(x.items);
      }));
  if (!documented) throw corrupt(abs, 'an invoice or credit memo in it has no number, account or items');
  return o;
}

const corrupt = (abs: string, why: string) =>
  new DataFileError(
    'corrupt',
    abs,
    `The Local sandbox data file ${path.basename(abs)} is corrupt (${why}); it was left untouched at ${abs}. ` +
      'Move it away to start fresh.', // the editor offers its reset with this message (services/sandboxReset.ts)
  );
