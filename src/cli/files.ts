// Reading payload files for the CLI: UTF-8 with or without a BOM; anything else, and every file system
// failure, becomes one sentence that names the path and says what to do (never a raw EISDIR or ENOENT).
import { lstatSync, readFileSync, readlinkSync, realpathSync, renameSync, rmSync, writeFileSync } from 'fs';
import { basename, dirname, join, resolve } from 'path';

export type ReadResult = { text: string; error?: undefined } | { text?: undefined; error: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function readPayloadFile(file: string): ReadResult {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    return { error: fileErrorMessage(e, file) };
  }
  return decodePayload(bytes, file);
}

/** A payload file's bytes as text: UTF-8 with or without a BOM, else where the first invalid byte is. */
export function decodePayload(bytes: Buffer, file: string): ReadResult {
  try {
    const text = utf8.decode(bytes); // TextDecoder drops a leading UTF-8 BOM
    return { text };
  } catch {
    const at = firstInvalidByte(bytes);
    const line = bytes.subarray(0, at).toString('latin1').split('\n').length;
    return { error: `${file}: not valid UTF-8 (byte ${at + 1}, line ${line}). Save the file as UTF-8 and try again.` };
  }
}

/** The offset of the first byte that does not start or continue a valid UTF-8 sequence. */
function firstInvalidByte(b: Uint8Array): number {
  let lo = 0,
    hi = b.length; // the longest valid prefix, by halving (a valid prefix may end mid-sequence)
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (decodesWithoutError(b.subarray(0, mid))) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const streaming = new TextDecoder('utf-8', { fatal: true });
function decodesWithoutError(b: Uint8Array): boolean {
  try {
    streaming.decode(b, { stream: true }); // an incomplete last sequence is not an error yet
    streaming.decode();
    return true;
  } catch {
    return false;
  }
}

/**
 * A file system error as a sentence a person can act on. `file` is the path they gave; `writing` when the file
 * may be created (a missing file is then a missing folder); `example` a name of the kind of file expected, for a
 * folder given where a file should be (`junit.xml` for a JUnit report).
 */
export function fileErrorMessage(e: unknown, file?: string, writing = false, example = 'name.json'): string {
  const err = e as NodeJS.ErrnoException;
  const p = file ?? err.path ?? 'the file';
  switch (err.code) {
    case 'ENOENT':
      if (writing) {
        return `${p}: its folder ${dirname(resolve(p))} does not exist. Create it or use another path.`;
      }
      return `${p}: no such file. Check the path (it is relative to ${process.cwd()}).`;
    case 'EISDIR': {
      const such = file ? ` (for example ${join(file, example)})` : '';
      return `${p} is a folder, not a file. Give the path of a file${such}.`;
    }
    case 'ENOTDIR':
      return `${p}: a part of this path is a file, not a folder. Check the path.`;
    case 'EACCES':
    case 'EPERM':
      return `${p}: permission denied. Check the file's permissions, or use another path.`;
    case 'EROFS':
      return `${p} is on a read-only file system. Use a path you can write to.`;
    case 'ENOSPC':
      return `${p}: the disk is full. Free some space or use another path.`;
    case 'ENAMETOOLONG':
      return `${p}: the path is too long. Use a shorter one.`;
    case 'EMFILE':
    case 'ENFILE':
      return `${p}: too many open files. Close some programs and try again.`;
    default:
      return `${p}: cannot be read${err.code ? ` (${err.code})` : ''}: ${err.message ?? String(e)}`;
  }
}

/** True for a Node file system error (errno code and a path), which fileErrorMessage can explain. */
export const isFileSystemError = (e: unknown): e is NodeJS.ErrnoException =>
  !!e &&
  typeof e === 'object' &&
  typeof (e as NodeJS.ErrnoException).code === 'string' &&
  typeof (e as NodeJS.ErrnoException).syscall === 'string';

/**
 * The path a file has once its links are followed (`./out/../r.xml`, a linked folder and a link to it are one),
 * for a file not written yet too: then its nearest folder that is there, and a link to what is not there yet.
 */
export function realPathOf(file: string, links = 0): string {
  const full = resolve(file);
  try {
    return realpathSync.native(full);
  } catch {
    // not there yet, or a link to what is not there yet
  }
  if (links < 8) {
    try {
      return realPathOf(resolve(dirname(full), readlinkSync(full)), links + 1);
    } catch {
      // not a link
    }
  }
  const parent = dirname(full);
  return parent === full ? full : join(realPathOf(parent, links), basename(full));
}

/**
 * Writes `text` to `file` whole or not at all: to a name of its own beside it first, then renamed over it. A process
 * ended meanwhile (a second Ctrl+C, a full disk) leaves the file as it was, never cut short. Throws as writeFileSync.
 * Anything but a plain file there (/dev/stdout, a pipe, a link) is written to as it is: a rename would replace it.
 */
export function writeWhole(file: string, text: string): void {
  const there = lstatSync(file, { throwIfNoEntry: false });
  if (there && !there.isFile()) return writeFileSync(file, text);
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, text, { flag: 'wx' });
    renameSync(temp, file);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}
