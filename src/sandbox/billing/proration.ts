// How much of a full billing period a part of it bills: the tenant's proration rules (money/conventions.ts), as the
// vendor documents them (docs.zuora.com, Proration: "Prorating - 30 days or actual days" and "Calculating Total
// Amount with Partial Period (Quarter, Semi-annual, or Annual billing Periods)").
//   By day (the default): the days served over the days of the full period.
//   Month first (periods longer than a month): whole months at 1/N of the period's price each, then the days
//     left over the days of their month.
//   Days in a month: actual (the month's own days), actual/360 (actual days over 30), or strict 30/360 (every
//     month has 30 days: a month's last day is its 30th).
import { addDays, addMonths, daysInMonth as monthLength } from '../../schemas/dates';
import { daysBetween, type Period } from './calendar';
import { activeConventions, type DaysInMonth } from '../money/conventions';
import { add, min, mul, ratio, type Exact } from '../money/exact';

const ONE: Exact = { n: 1n, d: 1n };
const day = (date: string) => +date.slice(8, 10);
const monthOf = (date: string) => +date.slice(0, 4) * 12 + +date.slice(5, 7);
const isLastDay = (date: string) => day(date) === monthLength(+date.slice(0, 4), +date.slice(5, 7));

/**
 * Days from `start` to `end` (exclusive) when every month has 30 days (strict 30/360): the last day of a month is
 * its 30th, the 31st too. Jan 27 to Feb 1 is 4 (27, 28, 29, 30); Feb 27 to Mar 1, 2021 is 4 as well.
 */
export function days30360(start: string, end: string): number {
  const last = addDays(end, -1); // the inclusive end
  const d1 = Math.min(day(start), 30);
  const d2 = isLastDay(last) ? 30 : Math.min(day(last), 30);
  return (monthOf(last) - monthOf(start)) * 30 + (d2 - d1) + 1;
}

/** [start, end) as a part of a month [monthStart, monthEnd), by the tenant's days in a month. */
function monthPart(start: string, end: string, monthStart: string, monthEnd: string, rule: DaysInMonth): Exact {
  if (start >= end) return ratio(0, 1);
  if (rule === '30-360') return ratio(days30360(start, end), 30);
  if (rule === 'actual-360') return ratio(daysBetween(start, end), 30);
  return ratio(daysBetween(start, end), daysBetween(monthStart, monthEnd));
}

/**
 * The share of the full period `p` (of `months` months) that [start, end) bills: 1 for the full period, never
 * more (30 days over 30-day months must not bill a short month's part above the whole).
 */
export function prorationRatio(start: string, end: string, p: Period, months: number): Exact {
  if (start === p.fullStart && end === p.fullEnd) return ONE;
  if (start >= end) return ratio(0, 1);
  const { prorationUnit, daysInMonth } = activeConventions();
  if (months > 1 && prorationUnit === 'month-first') return min(monthFirst(start, end, p, months, daysInMonth), ONE);
  if (months === 1) return min(monthPart(start, end, p.fullStart, p.fullEnd, daysInMonth), ONE);
  // By day over a longer period: its actual days, or 30 days for each of its months.
  if (daysInMonth === 'actual') return ratio(daysBetween(start, end), daysBetween(p.fullStart, p.fullEnd));
  const served = daysInMonth === '30-360' ? days30360(start, end) : daysBetween(start, end);
  return min(ratio(served, 30 * months), ONE);
}

/**
 * Month first: the whole months of [start, end), counted from its end when it ends with the period (a leading
 * part: Jan 16 to Apr 1 is Feb and Mar, then Jan 16-31 of January), else from its start; each 1/months of the
 * period, and the days left as a part of their month.
 */
function monthFirst(start: string, end: string, p: Period, months: number, rule: DaysInMonth): Exact {
  // Months from the same anchor (Apr 30 back 2 months is Feb 28, back 3 is Jan 30), never one from another.
  let whole = 0;
  let part: Exact;
  if (end === p.fullEnd && start !== p.fullStart) {
    while (whole < months && addMonths(end, -(whole + 1)) >= start) whole++;
    const edge = addMonths(end, -whole);
    part = monthPart(start, edge, addMonths(end, -(whole + 1)), edge, rule);
  } else {
    while (whole < months && addMonths(start, whole + 1) <= end) whole++;
    const edge = addMonths(start, whole);
    part = monthPart(edge, end, edge, addMonths(start, whole + 1), rule);
  }
  return mul(add(ratio(whole, 1), part), ratio(1, months));
}
