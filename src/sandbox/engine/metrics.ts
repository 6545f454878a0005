// Delta metrics, as the README documents them:
//   mrr = what one billing period bills, normalised to a month (a quarterly price / 3, a yearly one / 12);
//         absent for one-time charges; 0 for usage (billed in arrears for what is used: nothing is committed);
//   tcb = what is billed over the initial term (evergreen: 12 months; one-time: the amount; usage: 0);
//   what one period bills by charge model: per unit and flat fee = amount x quantity; tiered and volume priced by
//   the billing engine's pricer (billing/pricing), so the metrics and the invoices never disagree;
//   a discount = the negative amount it takes off each period (see `discountPerPeriod`, priced when its plan is);
//   gross_amount = net_amount (the discounts are items of their own; no taxes); currency = the account's.
import { round2, type Money } from '../../wire/money';
import { MONTHS_IN, type BillingPeriod, type ChargeType } from '../state/catalog';
import type { ItemRec } from '../state/store';
import { toNumber } from '../billing/exact';
import { tiered, volume } from '../billing/pricing';
import type { Tier } from '../billing/types';

export { round2, type Money };

export interface Term {
  type: 'termed' | 'evergreen';
  interval?: 'day' | 'week' | 'month' | 'year';
  interval_count?: number;
}

const MONTHS_PER: Record<NonNullable<Term['interval']>, number> = { day: 12 / 365, week: 12 / 52, month: 1, year: 12 };

/** Length of a term in months; an evergreen term counts as 12. */
export function termMonths(term: Term): number {
  if (term.type !== 'termed' || !term.interval) return 12;
  return MONTHS_PER[term.interval] * (term.interval_count ?? 1);
}

/** No taxes locally, and discounts are items of their own: gross and net are the same amount. */
export const money = (amount: number, currency: string): Money => {
  const rounded = round2(amount);
  return { gross_amount: rounded, net_amount: rounded, currency };
};

/** A tier in the account's currency (the reference's item tier): up to `up_to` units, per unit or flat. */
export interface ItemTier {
  up_to?: number;
  unit_amount?: number;
  amount?: number;
}
export type TiersMode = 'graduated' | 'volume';

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

/** What one billing period bills at the item's quantity, by its charge model. */
export function periodAmount(item: Priced): number {
  if (item.tiers?.length) {
    const tiers = engineTiers(item.tiers);
    return toNumber(item.tiersMode === 'volume' ? volume(tiers, item.quantity) : tiered(tiers, item.quantity));
  }
  return item.unitAmount * item.quantity;
}

/** Monthly recurring revenue of one item; undefined for one-time charges, 0 for usage (nothing is committed). */
export function monthly(item: Priced): number | undefined {
  if (item.chargeType === 'one_time') return undefined;
  if (item.chargeType === 'usage') return 0;
  return periodAmount(item) / MONTHS_IN[item.billingPeriod ?? 'month'];
}

/** Total contract billing of one item over `months` (one-time: the amount once; usage: nothing until used). */
export function billedOver(item: Priced, months: number): number {
  const m = monthly(item);
  return m === undefined ? periodAmount(item) : m * months;
}

/** A discount: a share (percent) or an amount each billing period (fixed). */
export interface DiscountTerms {
  percent?: number;
  amount?: number;
}

/**
 * What a discount takes off each of its billing periods (a positive amount), given the monthly amount of what it
 * applies to: the percentage of that, or the fixed amount but never more than that (a discount bills no credit).
 */
export function discountPerPeriod(d: DiscountTerms, appliedMonthly: number, periodMonths: number): number {
  const base = Math.max(0, appliedMonthly) * periodMonths;
  if (d.percent !== undefined) return round2((base * d.percent) / 100);
  return round2(Math.min(d.amount ?? 0, base));
}
