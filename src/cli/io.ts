import { writeSync } from 'fs';

export interface Io {
  out(line: string): void;
  err(line: string): void;
}

// `cli endpoints | head` closes the pipe early: the reader has what it wanted. The CLI writes nothing more there and
// goes on (never a crash on EPIPE, a pipe, or ECONNRESET, a socket pair as a parent process's stdio may be): a
// `test` run still writes its --report and --export files and ends with its own exit code (`| tee`, `| head` in CI).
const READER_GONE = new Set(['EPIPE', 'ECONNRESET']);
/** Descriptors whose reader is gone: written to no more. */
const gone = new Set<number>();
const watched = new WeakSet<NodeJS.WriteStream>();
/**
 * The stream, going quiet when its reader is gone. Taken on first use: process.stdout is a stream built when first
 * read, and `validate` on clean files never writes to it.
 */
export function guarded(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  if (watched.has(stream)) return stream;
  watched.add(stream);
  const fd = (stream as { fd?: unknown }).fd;
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (!READER_GONE.has(e.code ?? '') && !(typeof fd === 'number' && gone.has(fd))) throw e;
    if (typeof fd === 'number') gone.add(fd); // and a write after that (the stream destroyed) is not an error
  });
  return stream;
}

/**
 * Writes to fd 1 or 2. On POSIX, Node's stdout and stderr write synchronously to files, pipes and terminals; this
 * does the same with fs.writeSync, without building the stream (Node's stream modules: 2 ms of a 50 ms start). A
 * descriptor that cannot take the bytes now (EAGAIN: one left non-blocking) gets the rest, and every later write,
 * through the stream, which waits for it. Windows keeps the stream (its console is not a plain descriptor).
 */
export function lineWriter(
  fd: 1 | 2,
  stream: () => NodeJS.WriteStream,
  platform = process.platform,
  write: (fd: number, bytes: Buffer, offset: number) => number = writeSync,
) {
  let viaStream = platform === 'win32';
  return (line: string): void => {
    if (gone.has(fd)) return;
    const bytes = Buffer.from(line + '\n');
    let at = 0;
    while (!viaStream && at < bytes.length) {
      try {
        at += write(fd, bytes, at);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code ?? '';
        if (READER_GONE.has(code)) return void gone.add(fd);
        if (code !== 'EAGAIN') throw e;
        viaStream = true;
      }
    }
    if (at < bytes.length) guarded(stream()).write(bytes.subarray(at));
  };
}

export const stdio: Io = {
  out: lineWriter(1, () => process.stdout),
  err: lineWriter(2, () => process.stderr),
};

/** Wrong words on the command line: exit 2 with the usage. */
export class UsageError extends Error {}

/** Right words, but something the run needs is missing or refused (credentials, --yes): exit 2, a hint, no usage. */
export class InputError extends Error {}

/** `--max-response-mb N`: the largest answer the client reads, in bytes (undefined: the client's 64 MB). */
export function maxResponseOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const mb = Number(value.trim());
  if (!/^\d+(\.\d+)?$/.test(value.trim()) || !(mb > 0) || mb > 1e6)
    throw new UsageError(`--max-response-mb must be a number of MB above 0 (default 64), not "${value}"`);
  return Math.round(mb * 1024 * 1024);
}
