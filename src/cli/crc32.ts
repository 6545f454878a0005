// CRC-32 for the compile cache without loading node:zlib. zlib's module pulls in Node's whole stream stack (some
// twenty internal modules: 1.2 ms of a 50 ms start, the bench's `cli validate` line); Node's zlib binding holds the
// same native function. process.binding is deprecated in documentation only (DEP0111): it warns under
// --pending-deprecation, so there zlib's public crc32 is used, as on a Node whose binding lacks it or answers wrong.
export type Crc32 = (data: string | Buffer) => number;

/** CRC-32 of "abc", as zlib computes it: the binding is used only if it agrees. */
const ABC = 0x352441c2;

let chosen: Crc32 | null | undefined;

/** The native CRC-32, or undefined on a Node without one (before 20.15). */
export function crc32Function(env: NodeJS.ProcessEnv = process.env, execArgv = process.execArgv): Crc32 | undefined {
  if (chosen === undefined) chosen = fromBinding(env, execArgv) ?? fromZlib() ?? null;
  return chosen ?? undefined;
}

function pendingDeprecation(env: NodeJS.ProcessEnv, execArgv: string[]): boolean {
  const flag = '--pending-deprecation';
  return execArgv.includes(flag) || (env.NODE_OPTIONS ?? '').includes(flag) || env.NODE_PENDING_DEPRECATION === '1';
}

function fromBinding(env: NodeJS.ProcessEnv, execArgv: string[]): Crc32 | undefined {
  if (pendingDeprecation(env, execArgv)) return undefined;
  try {
    const binding = (process as unknown as { binding(name: string): { crc32?: unknown } }).binding('zlib');
    const native = binding.crc32;
    if (typeof native !== 'function') return undefined;
    // The binding asserts its arguments (a wrong one aborts the process): only a string or bytes, and a start of 0.
    const crc: Crc32 = data => {
      if (typeof data !== 'string' && !Buffer.isBuffer(data)) throw new TypeError('crc32 takes a string or a Buffer');
      return (native as (d: string | Buffer, start: number) => number)(data, 0);
    };
    return crc('abc') === ABC && crc(Buffer.from('abc')) === ABC ? crc : undefined;
  } catch {
    return undefined;
  }
}

function fromZlib(): Crc32 | undefined {
  const zlib = require('zlib') as { crc32?: Crc32 }; // loaded here only: see above
  return typeof zlib.crc32 === 'function' ? data => zlib.crc32!(data) : undefined;
}
