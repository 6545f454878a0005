// Dates and billing periods aligned to the bill cycle day. A charge's periods run from one bill cycle date to
// the next, every `months` months from the first cycle date on or after its start; a start between cycle dates
// opens with a partial period, prorated against the full period that ends on that first cycle date.
import { addDays, daysInMonth } from '../../schemas/dates';
import type { BillingPeriod } from './types';

export const PERIOD_MONTHS: Record<BillingPeriod, number> = { month: 1, quarter: 3, semi_annual: 6, annual: 12 };

const DAY_MS = 86_400_000;
const utc = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10));

/** Days from `a` to `b` (b exclusive): Jan 15 to Feb 1 is 17. */
export const daysBetween = (a: string, b: string): number => Math.round((utc(b) - utc(a)) / DAY_MS);

/** The day before (an exclusive end as the inclusive date the service shows). */
export const dayBefore = (date: string): string => addDays(date, -1);

export const later = (a: string, b: string): string => (a > b ? a : b);
export const earlier = (a: string, b: string): string => (a < b ? a : b);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The bill cycle date of month `index` (year * 12 + month - 1): the cycle day, or the month's last day. */
function cycleDate(index: number, cycleDay: number): string {
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(cycleDay, daysInMonth(year, month)))}`;
}

const monthIndex = (date: string) => +date.slice(0, 4) * 12 + (+date.slice(5, 7) - 1);

/** A billing period [start, end) and the full period it is prorated against (itself, unless it is partial). */
export interface Period {
  start: string;
  end: string;
  fullStart: string;
  fullEnd: string;
}

/**
 * The periods of a charge starting on `start`, in order, without end (the caller stops). Bill cycle day 1,
 * monthly, from Jan 15: [Jan 15, Feb 1) against [Jan 1, Feb 1), then [Feb 1, Mar 1), [Mar 1, Apr 1)...
 */
export function* periods(start: string, months: number, cycleDay: number): Generator<Period> {
  if (!Number.isInteger(cycleDay) || cycleDay < 1 || cycleDay > 31) {
    throw new RangeError(`The bill cycle day must be a whole day of the month, 1 to 31, not ${cycleDay}.`);
  }
  let index = monthIndex(start);
  if (cycleDate(index, cycleDay) < start) index++;
  const first = cycleDate(index, cycleDay);
  if (first > start) yield { start, end: first, fullStart: cycleDate(index - months, cycleDay), fullEnd: first };
  for (;;) {
    const from = cycleDate(index, cycleDay);
    index += months;
    const to = cycleDate(index, cycleDay);
    yield { start: from, end: to, fullStart: from, fullEnd: to };
  }
}
