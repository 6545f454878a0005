// What one full billing period (or a one-time charge) costs under each price model, exactly. Pure: the catalog
// maps its prices onto these terms; proration and rounding happen later, once, at the billing item.
import { add, exact, min, mul, sub, ZERO, type Exact } from '../money/exact';
import type { PriceTerms, Tier } from './types';

const amountOf = (x: number | undefined): Exact => (x === undefined ? ZERO : exact(x));

/** per_unit and usage: the unit amount times the quantity. */
export const perUnit = (unitAmount: number, quantity: number): Exact => mul(exact(unitAmount), exact(quantity));

/** flat_fee: the amount, whatever the quantity. */
export const flatFee = (amount: number): Exact => exact(amount);

/** Tiers in order of their bounds; a tier without a bound comes last. */
function checkedTiers(tiers: readonly Tier[] | undefined): readonly Tier[] {
  if (!tiers?.length) throw new RangeError('A tiered or volume price needs at least one tier.');
  tiers.forEach((t, i) => {
    if (t.upTo === null && i < tiers.length - 1) throw new RangeError('Only the last tier may have no upper bound.');
    if (i > 0 && t.upTo !== null && tiers[i - 1].upTo !== null && t.upTo <= tiers[i - 1].upTo!) {
      throw new RangeError('Tier bounds must increase.');
    }
  });
  return tiers;
}

/**
 * tiered (graduated): each tier prices the units that fall in it, and adds its flat amount once any unit does.
 * 1-10 at 5 and 11+ at 4, for 12 units: 10 x 5 + 2 x 4 = 58.
 */
export function tiered(tiers: readonly Tier[] | undefined, quantity: number): Exact {
  let total = ZERO;
  let below = ZERO;
  const q = exact(quantity);
  for (const t of checkedTiers(tiers)) {
    if (!isMore(q, below)) break;
    const top = t.upTo === null ? q : min(q, exact(t.upTo));
    total = add(total, add(mul(sub(top, below), amountOf(t.unitAmount)), amountOf(t.flatAmount)));
    if (t.upTo === null) break;
    below = exact(t.upTo);
  }
  return total;
}

/**
 * volume: every unit at the price of the tier the whole quantity falls in, plus that tier's flat amount.
 * 1-10 at 5 and 11+ at 4, for 12 units: 12 x 4 = 48. Beyond the last bound: the last tier.
 */
export function volume(tiers: readonly Tier[] | undefined, quantity: number): Exact {
  const all = checkedTiers(tiers);
  const tier = all.find(t => t.upTo === null || quantity <= t.upTo) ?? all[all.length - 1];
  return add(mul(exact(quantity), amountOf(tier.unitAmount)), amountOf(tier.flatAmount));
}

const isMore = (a: Exact, b: Exact) => a.n * b.d > b.n * a.d;

/** The price of one full period under the terms' model. */
export function periodPrice(terms: PriceTerms): Exact {
  switch (terms.model) {
    case 'per_unit':
    case 'usage':
      return perUnit(terms.unitAmount ?? 0, terms.quantity);
    case 'flat_fee':
      return flatFee(terms.unitAmount ?? 0);
    case 'tiered':
      return tiered(terms.tiers, terms.quantity);
    case 'volume':
      return volume(terms.tiers, terms.quantity);
  }
}
