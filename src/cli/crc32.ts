// CRC-32 for the compile cache without loading node:zlib. zlib's module pulls in Node's whole stream stack (some
// twenty internal modules: 1.2 ms of a 50 ms start, the bench's `cli validate` line); Node's zlib binding holds the
// same native function. process.binding is deprecated in documentation only (DEP0111): with pending deprecations on
// (any spelling of the flag, NODE_OPTIONS or NODE_PENDING_DEPRECATION) Node wraps it to warn, and then zlib's public
// crc32 is used, as on a Node whose binding lacks it or answers wrong.
export type Crc32 = (data: string | Buffer) => number;

/** CRC-32 of "abc", as zlib computes it: the binding is used only if it agrees. */
const ABC = 0x352441c2;

let chosen: Crc32 | null | undefined;

/** The native CRC-32, or undefined on a Node without one (before 20.15). */
export function crc32Function(): Crc32 | undefined {
  if (chosen === undefined) chosen = fromBinding() ?? fromZlib() ?? null;
  return chosen ?? undefined;
}

function fromBinding(): Crc32 | undefined {
  const binding = (process as unknown as { binding(name: string): { crc32?: unknown } }).binding;
  // Wrapped to warn (its name is then `deprecated`) when pending deprecations are on: not called at all then.
  if (typeof binding !== 'function' || binding.name !== 'binding') return undefined;
  try {
    const native = binding.call(process, 'zlib').crc32;
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
