// The sandbox's data file: one writer at a time (dataLock.ts), only ever a file we wrote (anything else is
// refused untouched), written atomically (temp file written to its last byte, fsync, rename) with the temp
// files of a crashed writer removed at the next start; a damaged one is moved aside, never overwritten.
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
  /** How to get a damaged file's data back, when not by repairing its JSON (a journal's damaged record). */
  repair?: string;
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
/** A temp file's name beside `file`, one a later start removes if its writer crashed (removeStaleTemps). */
export const tempBeside = (file: string, label = '') =>
  path.join(path.dirname(file), `${tmpPrefix(file)}${label}${process.pid}-${++tmpCounter}.tmp`);

/** The file-system calls a save makes that a full or failing disk answers badly; tests swap them. */
export interface SaveOps {
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number): number;
  fsyncSync(fd: number): void;
  renameSync(from: string, to: string): void;
}

/**
 * A writer that writes a temp file to its last byte (a short write is written on from where it stopped; one that
 * writes nothing, or any error of write, fsync, close or rename, fails the save), then renames it over `file`:
 * the file is the last complete save, whatever happens.
 */
export const atomicWriter = (ops: SaveOps = fs): DataWriter => Object.assign(atomicWriteWith(ops), { ops }); // the journal's appends go through the same ops (journal.ts)
const atomicWriteWith =
  (ops: SaveOps): DataWriter =>
  (file, text) => {
    const tmp = tempBeside(file);
    const data = Buffer.from(text, 'utf8');
    let fd: number | undefined;
    try {
      fd = fs.openSync(tmp, 'wx');
      for (let at = 0; at < data.length;) {
        const n = ops.writeSync(fd, data, at, data.length - at);
        if (!(n > 0)) throw new Error(`the disk took no more after ${at} of ${data.length} bytes`);
        at += n;
      }
      ops.fsyncSync(fd);
      const open = fd;
      fd = undefined;
      fs.closeSync(open); // some file systems report a failed write only here
      ops.renameSync(tmp, file);
    } catch (e) {
      if (fd !== undefined) closeQuietly(fd);
      fs.rmSync(tmp, { force: true, recursive: true });
      throw e;
    }
    syncFolder(path.dirname(file));
  };
export const atomicWrite: DataWriter = atomicWriter();

const closeQuietly = (fd: number) => {
  try {
    fs.closeSync(fd);
  } catch {
    // the save has failed already; this error says nothing more
  }
};
/** Makes the rename itself durable where the system allows (the new content is in place already either way). */
export function syncFolder(dir: string): void {
  if (process.platform === 'win32') return;
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // not every file system syncs a folder; the file's own fsync has run
  }
}

/**
 * Moves `file` aside to `FILE.STAMP.LABEL` (then `FILE.STAMP-2.LABEL`, ...): the first name nothing has, never
 * over an existing file, even when another process picks a name at the same time. Returns the name. With `keep`,
 * `file` stays too (a copy: the sandbox that holds it backs it up before it writes it afresh).
 */
export function moveAside(file: string, label: string, now = new Date(), keep = false): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  for (let n = 1; n <= 1000; n++) {
    const target = `${file}.${stamp}${n > 1 ? `-${n}` : ''}.${label}`;
    const claimed = claim(file, target);
    if (!claimed) continue;
    if (claimed === 'copied' && !keep) fs.rmSync(file, { force: true });
    return target;
  }
  throw new Error(`every name ${file}.${stamp}-N.${label} is taken`);
}
/** Puts `file` at `target` unless `target` exists (false): moved (a folder) or copied (the original stays). */
function claim(file: string, target: string): 'moved' | 'copied' | false {
  if (fs.statSync(file).isDirectory()) {
    if (fs.existsSync(target)) return false;
    fs.renameSync(file, target); // a folder cannot be linked; backups are named by one process at a time
    return 'moved';
  }
  try {
    fs.linkSync(file, target);
    return 'copied';
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (!['EPERM', 'ENOTSUP', 'ENOSYS', 'EOPNOTSUPP', 'EXDEV'].includes(code ?? '')) throw e;
  }
  try {
    fs.copyFileSync(file, target, fs.constants.COPYFILE_EXCL); // no hard links on this file system
    return 'copied';
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}

/** The journals that continue a data file's snapshot (journal.ts), by the suffix after its name. */
export const JOURNAL_SUFFIXES = ['.journal', '.journal.next'];

/**
 * Puts the journals of `file` beside `aside` (its backup or damaged copy), named after it, so the copy is whole:
 * moving both back restores the data. `keep`: copied (the sandbox that holds them goes on), else moved.
 */
export function journalsBeside(file: string, aside: string, keep = false): void {
  for (const suffix of JOURNAL_SUFFIXES) {
    const [from, to] = [file + suffix, aside + suffix];
    if (!fs.existsSync(from)) continue;
    if (keep) fs.copyFileSync(from, to, fs.constants.COPYFILE_EXCL);
    else fs.renameSync(from, to);
  }
}

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

export const corrupt = (abs: string, why: string) =>
  new DataFileError('corrupt', abs, `The Local sandbox data file ${abs} is corrupt (${why})`);

/**
 * Moves a damaged data file aside (so a fresh start overwrites nothing) and says where it went and how to get its
 * data back; when it cannot be moved, the start is refused with the file left as it was.
 */
export function setAside(damaged: DataFileError): string {
  let aside: string;
  try {
    aside = moveAside(damaged.file, 'damaged');
    journalsBeside(damaged.file, aside);
  } catch (e) {
    const message = `${damaged.message}; it could not be moved aside (${reasonOf(e)}), so it was left untouched. Move it away to start fresh.`;
    throw new DataFileError('corrupt', damaged.file, message);
  }
  // What happened first: a notification shows its opening words, and a path is long.
  return (
    `The Local sandbox started fresh: ${damaged.message.replace(/^The /, 'the ')}. The damaged file is kept as ` +
    `${aside}: to get its data back, stop the Local sandbox, ` +
    `${damaged.repair ?? `repair that file (it is JSON) and move it back to ${damaged.file}`}` +
    (fs.existsSync(`${aside}.journal`) ? ` (and ${aside}.journal, its journal, back to ${damaged.file}.journal).` : '.')
  );
}
