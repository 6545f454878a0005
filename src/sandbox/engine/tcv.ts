// Total contract value by the vendor's definition, apart from the tenant's billing rules: a recurring charge's
// MRR times the months it is effective, a partial month prorated by the actual days of that month whatever the
// billing rules say (their order metrics example: Aug 18 to Dec 31 is 14/31 x MRR + 4 x MRR); a one-time
// charge, its whole amount; usage, nothing.
//   https://docs.zuora.com/en/zuora-billing/manage-accounts-subscriptions-and-non-subscriptions/
//     manage-subscription-transactions/orders/order-delta-metrics-and-order-metrics/order-metrics/part-3---example
//   https://docs.zuora.com/en/zuora-billing/manage-accounts-subscriptions-and-non-subscriptions/
//     manage-customer-accounts/key-metrics-for-customer-accounts/total-contract-value/calculate-tcv-for-charge-segments
// The months are counted from the start (a month-end start steps month-end to month-end), and the days left
// over the days of the month that follows (https://community.zuora.com/t5/Subscriptions/TCV-calculation/m-p/8818:
// Feb 27 to Feb 1 is 11 + 5/31 months; Feb 28 2019 to Feb 28 2020, 11 + 28/29). The sandbox counts an evergreen
// term as 12 months, as its TCB does (the vendor leaves an evergreen recurring charge's TCV empty).
import { addMonths, daysInMonth } from '../../schemas/dates';
import { add, mul, ratio, sub, ZERO, type Exact } from '../money/exact';
import { monthly, periodAmount, type Priced } from './metrics';

const DAY_MS = 86_400_000;
const utc = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10));
const days = (a: string, b: string) => Math.round((utc(b) - utc(a)) / DAY_MS);
const monthEnd = (date: string) => +date.slice(8, 10) === daysInMonth(+date.slice(0, 4), +date.slice(5, 7));

/** `k` months after `start`; from a month's last day, to a month's last day. */
function step(start: string, k: number): string {
  const d = addMonths(start, k);
  if (!monthEnd(start)) return d;
  return `${d.slice(0, 8)}${String(daysInMonth(+d.slice(0, 4), +d.slice(5, 7))).padStart(2, '0')}`;
}

/** The months from `start` to `end` (exclusive), exactly: whole months, then the days left over their month's. */
export function contractMonths(start: string, end: string): Exact {
  if (end <= start) return ZERO;
  // Whole months: an estimate from the calendar, then walked to the last step on or before the end.
  let n = Math.max(0, (+end.slice(0, 4) - +start.slice(0, 4)) * 12 + (+end.slice(5, 7) - +start.slice(5, 7)) - 1);
  while (step(start, n + 1) <= end) n++;
  while (n > 0 && step(start, n) > end) n--;
  const from = step(start, n);
  return add(ratio(n, 1), ratio(days(from, end), days(from, step(start, n + 1))));
}

/** The TCV of an item effective from `start` to `end` (exclusive; none: an evergreen year). */
export function tcvOver(item: Priced, start: string, end: string | null | undefined): Exact {
  const m = monthly(item);
  if (m === undefined) return periodAmount(item);
  return mul(m, contractMonths(start, end ?? addMonths(start, 12)));
}

/** The change in TCV when an item's MRR moves by `delta` from `on` to `end`. */
export const tcvDelta = (delta: Exact, on: string, end: string | null | undefined): Exact =>
  mul(delta, contractMonths(on, end ?? addMonths(on, 12)));

/** The TCV between two ends of the same item (a longer or shorter term: the difference). */
export const tcvBetween = (item: Priced, start: string, before: string | null, after: string | null): Exact =>
  sub(tcvOver(item, start, after), tcvOver(item, start, before));
