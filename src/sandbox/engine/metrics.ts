// Delta metrics, as the README documents them:
//   mrr = what one billing period bills, normalised to a month (a quarterly price / 3, a yearly one / 12);
//         absent for one-time charges; 0 for usage (billed in arrears for what is used: nothing is committed);
//   tcb = what is billed over the initial term (evergreen: 12 months; one-time: the amount; usage: 0);
//   what one period bills by charge model: per unit and flat fee = amount x quantity; tiered (graduated) = each
//   tier's units at that tier's price; volume = every unit at the price of the tier the quantity falls in;
//   a discount = the negative amount it takes off each period (see `discountPerPeriod`, priced when its plan is);
//   gross_amount = net_amount (the discounts are items of their own; no taxes); currency = the account's.
import { round2, type Money } from '../../wire/money';
import { MONTHS_IN, type BillingPeriod, type ChargeType } from '../state/catalog';
import type { ItemRec } from '../state/store';

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

/** A tier's charge for `units` of it: its flat amount once any unit falls in it, else units x its unit amount. */
const tierCharge = (t: ItemTier, units: number) => (units <= 0 ? 0 : (t.amount ?? (t.unit_amount ?? 0) * units));

/** Graduated: the first tier's units at its price, the next tier's at its own, and so on. */
function graduated(tiers: ItemTier[], quantity: number): number {
  let total = 0;
  let from = 0;
  for (const t of tiers) {
    const to = Math.min(quantity, t.up_to ?? Infinity);
    total += tierCharge(t, to - from);
    if (quantity <= (t.up_to ?? Infinity)) break;
    from = t.up_to!;
  }
  return total;
}

/** Volume: every unit at the price of the tier the whole quantity falls in (past the last bound: the last tier). */
function volume(tiers: ItemTier[], quantity: number): number {
  const tier = tiers.find(t => quantity <= (t.up_to ?? Infinity)) ?? tiers[tiers.length - 1];
  return tier ? tierCharge(tier, quantity) : 0;
}

/** What one billing period bills at the item's quantity, by its charge model. */
export function periodAmount(item: Priced): number {
  if (item.tiers?.length) {
    return item.tiersMode === 'volume' ? volume(item.tiers, item.quantity) : graduated(item.tiers, item.quantity);
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
