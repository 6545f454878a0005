// Exact money arithmetic: amounts as fractions of big integers, so that 350 x 17 / 31 rounds once, at the
// item, and never drifts with binary doubles. Numbers enter as the decimals they are written as (0.1 is 1/10).

export interface Exact {
  n: bigint;
  /** Always positive. */
  d: bigint;
}

export const ZERO: Exact = { n: 0n, d: 1n };

/**
 * Numbers read before, and what they read as: a bill run reads the same few prices and amounts for every account
 * (their decimal string is the cost). Exact values are never changed in place, so one may be shared.
 */
const read = new Map<number, Exact>();
const READ_KEPT = 4096;

/** A number as the decimal it is written as: 25 is 25/1, 0.125 is 125/1000, 1e-7 is 1/10^7. */
export function exact(x: number): Exact {
  let e = read.get(x);
  if (e) return e;
  e = decimalOf(x);
  if (read.size >= READ_KEPT) read.clear();
  read.set(x, e);
  return e;
}

function decimalOf(x: number): Exact {
  if (!Number.isFinite(x)) throw new RangeError(`${x} is not an amount the billing engine can compute with`);
  const [mantissa, exponent] = Math.abs(x).toExponential().split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  const scale = Number(exponent) - fraction.length;
  const digits = BigInt(whole + fraction) * (x < 0 ? -1n : 1n);
  return scale >= 0 ? { n: digits * 10n ** BigInt(scale), d: 1n } : { n: digits, d: 10n ** BigInt(-scale) };
}

export const ratio = (n: number, d: number): Exact => ({ n: BigInt(n), d: BigInt(d) });
export const add = (a: Exact, b: Exact): Exact =>
  a.d === b.d ? { n: a.n + b.n, d: a.d } : { n: a.n * b.d + b.n * a.d, d: a.d * b.d };
export const sub = (a: Exact, b: Exact): Exact => add(a, { n: -b.n, d: b.d });
export const mul = (a: Exact, b: Exact): Exact => ({ n: a.n * b.n, d: a.d * b.d });
export const neg = (a: Exact): Exact => ({ n: -a.n, d: a.d });
export const min = (a: Exact, b: Exact): Exact => (a.n * b.d <= b.n * a.d ? a : b);
export const max = (a: Exact, b: Exact): Exact => (a.n * b.d >= b.n * a.d ? a : b);
export const isPositive = (a: Exact): boolean => a.n > 0n;

/** Minor units (cents for 2 decimals) as the number the service answers: 19194 is 191.94; read as a decimal. */
export function fromMinor(units: bigint, decimals = 2): number {
  if (decimals === 0) return Number(units);
  const abs = units < 0n ? -units : units;
  const scale = 10n ** BigInt(decimals);
  const fraction = String(abs % scale).padStart(decimals, '0');
  return Number(`${units < 0n ? '-' : ''}${abs / scale}.${fraction}`);
}

export const fromCents = (cents: bigint): number => fromMinor(cents, 2);
