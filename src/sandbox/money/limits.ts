// How large an amount the Local sandbox answers, so that every amount it answers is exact to the cent. Money is
// computed exactly (exact.ts) but answered as a JSON number, a double: past 2^53 cents (about 9.0e13) a double
// no longer holds every cent (9007199254740993 reads as ...992), and the metrics' float arithmetic needs a margin
// below that. 10^12 leaves it: a double is then within 0.0002 of any amount, and an amount in cents has at most
// 14 digits, which a double carries exactly. Amounts and quantities read from a body (orders, previews, a copied
// catalog) are refused past it, and so is any total that would grow past it (a quantity times a unit amount).
import { fromMinor, type Exact } from './exact';
import { toMinor } from './rounding';

/** The largest amount (and quantity) in size: 1,000,000,000,000. */
export const MAX_AMOUNT = 1e12;

/** The bound as people read it. */
export const MAX_AMOUNT_TEXT = '1,000,000,000,000';

/** An amount past MAX_AMOUNT: a RangeError, so every caller that refuses the engine's limits refuses it too. */
export class MoneyLimit extends RangeError {}

/** Minor units (cents by default) as the number answered; a MoneyLimit naming `what` past the bound. */
export function boundedCents(cents: bigint, what: string, decimals = 2): number {
  const max = BigInt(MAX_AMOUNT) * 10n ** BigInt(decimals);
  if (cents > max || cents < -max) {
    throw new MoneyLimit(`${what} comes to ${fromMinor(cents, decimals).toFixed(decimals)}, ${tooLarge}`);
  }
  return fromMinor(cents, decimals);
}

/** Answered amounts are decimals of at most this many places; sums of them are kept exact at this scale. */
export const SUM_DECIMALS = 4;

/** An exact sum of answered amounts as the number answered; a MoneyLimit past the bound. */
export const boundedAmount = (a: Exact, what: string): number =>
  boundedCents(toMinor(a, SUM_DECIMALS, 'half-even'), what, SUM_DECIMALS);

/** Why: said after the amount. */
export const tooLarge =
  `larger than the Local sandbox computes exactly to the cent (at most ${MAX_AMOUNT_TEXT} in size): ` +
  'use a smaller quantity or unit amount';

/** An amount or quantity read from a body, past the bound. */
export const amountMessage = (v: number): string =>
  `${v} is larger than the Local sandbox computes exactly to the cent: amounts and quantities are at most ` +
  `${MAX_AMOUNT_TEXT} in size (and so is every total).`;
