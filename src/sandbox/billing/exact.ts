// Exact money arithmetic: amounts as fractions of big integers, so that 350 x 17 / 31 rounds once, at the
// item, and never drifts with binary doubles. Numbers enter as the decimals they are written as (0.1 is 1/10).

export interface Exact {
  n: bigint;
  /** Always positive. */
  d: bigint;
}

export const ZERO: Exact = { n: 0n, d: 1n };

/** A number as the decimal it is written as: 25 is 25/1, 0.125 is 125/1000, 1e-7 is 1/10^7. */
export function exact(x: number): Exact {
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
export const isPositive = (a: Exact): boolean => a.n > 0n;

/** Whole cents, half a cent to the even cent (0.125 is 0.12, 0.135 is 0.14; -0.125 is -0.12): banker's rounding. */
export function centsHalfEven(a: Exact): bigint {
  const sign = a.n < 0n ? -1n : 1n;
  const scaled = (a.n < 0n ? -a.n : a.n) * 100n;
  const q = scaled / a.d;
  const twice = (scaled % a.d) * 2n;
  const up = twice > a.d || (twice === a.d && q % 2n === 1n);
  return sign * (up ? q + 1n : q);
}

/** Cents as the number the service answers (191.94); exact for any amount a double carries to the cent. */
/** For figures that are rounded later (the metrics): the nearest float. */
export const toNumber = (a: Exact): number => Number(a.n) / Number(a.d);
export const fromCents = (cents: bigint): number => Number(cents) / 100;
