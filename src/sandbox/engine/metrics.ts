// Delta metrics, as the README documents them:
//   mrr = what one billing period bills, normalised to a month (a quarterly price / 3, a yearly one / 12);
//         absent for one-time charges; 0 for usage (billed in arrears for what is used: nothing is committed);
//   tcb = what is billed over the initial term (evergreen: 12 months; one-time: the amount; usage: 0);
//   what one period bills by charge model: per unit and flat fee = amount x quantity; tiered and volume priced by
//   the billing engine's pricer (billing/pricing), so the metrics and the invoices never disagree;
//   a discount = the negative amount it takes off each period (see `discountPerPeriod`, priced when its plan is);
//   gross_amount = net_amount (the discounts are items of their own; no taxes); currency = the account's.
// Every figure is exact (money/exact: 15 x 689.78 / 12 is 862.225, not the double 862.2249...) and rounded
// once, when answered (money), by the sandbox's rounding mode (Half Up by default) to the currency's decimals.
import type { Money } from '../../wire/money';
import { MONTHS_IN, type BillingPeriod, type ChargeType } from '../state/catalog';
import type { ItemRec } from '../state/store';
import type { ItemTier, Term, TiersMode } from '../state/subscriptionParts';
import { exact, max, min, mul, ratio, ZERO, type Exact } from '../money/exact';
import { roundMoney } from '../money/rounding';
import { tiered, volume } from '../billing/pricing';
import type { Tier } from '../billing/types';

export type { Money };

const MONTHS_PER: Record<NonNullable<Term['interval']>, Exact> = {
  day: ratio(12, 365),
  week: ratio(12, 52),
  month: ratio(1, 1),
  year: ratio(12, 1),
};

/** Length of a term in months, exactly; an evergreen term counts as 12. */
export function termMonths(term: Term): Exact {
  if (term.type !== 'termed' || !term.interval) return ratio(12, 1);
  return mul(MONTHS_PER[term.interval], exact(term.interval_count ?? 1));
}

/** No taxes locally, and discounts are items of their own: gross and net are the same amount, rounded once. */
export const money = (amount: Exact, currency: string): Money => {
  const rounded = roundMoney(amount, currency);
  return { gross_amount: rounded, net_amount: rounded, currency };
};

export interface Priced {
  chargeType: ChargeType;
  billingPeriod?: BillingPeriod;
  unitAmount: number;
  quantity: number;
  /** Tiered and volume prices: the amount comes from these, not from `unitAmount`. */
  tiers?: ItemTier[];
  tiersMode?: TiersMode;
}

/** What the metrics read of a subscription item. */
export const price = (it: ItemRec): Priced => ({
  chargeType: it.charge_type,
  billingPeriod: it.billing_period,
  unitAmount: it.unit_amount,
  quantity: it.quantity,
  ...(it.tiers ? { tiers: it.tiers, tiersMode: it.tiers_mode ?? 'graduated' } : {}),
});

/** The billing engine's terms for the item's tiers: one pricer for the metrics and the invoices. */
const engineTiers = (tiers: ItemTier[]): Tier[] =>
  tiers.map(t => ({
    upTo: t.up_to ?? null,
    ...(t.unit_amount !== undefined ? { unitAmount: t.unit_amount } : {}),
    ...(t.amount !== undefined ? { flatAmount: t.amount } : {}),
  }));

/** What one billing period bills at the item's quantity, by its charge model, exactly. */
export function periodAmount(item: Priced): Exact {
  if (item.tiers?.length) {
    const tiers = engineTiers(item.tiers);
    return item.tiersMode === 'volume' ? volume(tiers, item.quantity) : tiered(tiers, item.quantity);
  }
  return mul(exact(item.unitAmount), exact(item.quantity));
}

/** Monthly recurring revenue of one item; undefined for one-time charges, 0 for usage (nothing is committed). */
export function monthly(item: Priced): Exact | undefined {
  if (item.chargeType === 'one_time') return undefined;
  if (item.chargeType === 'usage') return ZERO;
  return mul(periodAmount(item), ratio(1, MONTHS_IN[item.billingPeriod ?? 'month']));
}

/** Total contract billing of one item over `months` (one-time: the amount once; usage: nothing until used). */
export function billedOver(item: Priced, months: Exact): Exact {
  const m = monthly(item);
  return m === undefined ? periodAmount(item) : mul(m, months);
}

/** A discount: a share (percent) or an amount each billing period (fixed). */
export interface DiscountTerms {
  percent?: number;
  amount?: number;
}

/**
 * What a discount takes off each of its billing periods (a positive amount), given the monthly amount of what it
 * applies to: the percentage of that, or the fixed amount but never more than that (a discount bills no credit).
 * It is the discount charge's amount, so it rounds (once) as an amount does, to the currency's decimals.
 */
export function discountPerPeriod(
  d: DiscountTerms,
  appliedMonthly: Exact,
  periodMonths: number,
  currency?: string,
): number {
  const base = mul(max(ZERO, appliedMonthly), exact(periodMonths));
  if (d.percent !== undefined) return roundMoney(mul(base, mul(exact(d.percent), ratio(1, 100))), currency);
  return roundMoney(min(exact(d.amount ?? 0), base), currency);
}
