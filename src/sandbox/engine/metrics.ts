// Delta metrics, as the README documents them:
//   mrr = the recurring amount normalised to a month (a yearly price / 12); absent for one-time charges;
//   tcb = what is billed over the initial term (evergreen: 12 months; one-time: the amount);
//   gross_amount = net_amount (no discounts or taxes); currency = the account's.
import { round2, type Money } from '../../wire/money';
import type { BillingPeriod, ChargeType } from '../state/catalog';

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

/** No discounts or taxes locally: gross and net are the same amount. */
export const money = (amount: number, currency: string): Money => {
  const rounded = round2(amount);
  return { gross_amount: rounded, net_amount: rounded, currency };
};

export interface Priced {
  chargeType: ChargeType;
  billingPeriod?: BillingPeriod;
  unitAmount: number;
  quantity: number;
}

/** Monthly recurring revenue of one item; undefined for one-time charges. */
export function monthly(item: Priced): number | undefined {
  if (item.chargeType !== 'recurring') return undefined;
  const amount = item.unitAmount * item.quantity;
  return item.billingPeriod === 'year' ? amount / 12 : amount;
}

/** Total contract billing of one item over `months` (one-time: the amount once). */
export function billedOver(item: Priced, months: number): number {
  const m = monthly(item);
  return m === undefined ? item.unitAmount * item.quantity : m * months;
}
