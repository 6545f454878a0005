export interface Io {
  out(line: string): void;
  err(line: string): void;
}

// `cli endpoints | head` closes the pipe early: the reader has what it wanted, so stop quietly (as `ls | head`
// does) instead of crashing on EPIPE (a pipe) or ECONNRESET (a socket pair, as a parent process's stdio may be).
const READER_GONE = new Set(['EPIPE', 'ECONNRESET']);
const watched = new WeakSet<NodeJS.WriteStream>();
/**
 * The stream, stopping the CLI quietly when its reader is gone. Taken on first use: process.stdout is a stream
 * built when first read, and `validate` on clean files never writes to it.
 */
export function guarded(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  if (watched.has(stream)) return stream;
  watched.add(stream);
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (READER_GONE.has(e.code ?? '')) process.exit(process.exitCode ?? 0);
    throw e;
  });
  return stream;
}

export const stdio: Io = {
  out: l => guarded(process.stdout).write(l + '\n'),
  err: l => guarded(process.stderr).write(l + '\n'),
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
