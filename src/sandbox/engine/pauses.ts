// A pause as an order asks for it (v2 `pause`): when it begins, and when it ends if the order says so, by a
// date (`resume_behavior.resume_date`) or a length (`pause_interval` x `pause_interval_count`). A pause dated
// today or earlier takes effect at once; one dated later leaves the subscription active until the clock reaches
// that date (timeTravel/pauses.ts pauses it then). Time travel resumes it on its resume date.
import type { SubscriptionRequestBody } from '../../schemas';
import { addDays, addMonths, isRealDate } from '../../schemas/dates';
import { daysBetween } from '../billing/calendar';
import type { PauseRec, SubscriptionRec } from '../state/store';

export type PauseRequest = NonNullable<SubscriptionRequestBody['pause']>;

export function pauseOf(p: PauseRequest, orderDate: string): PauseRec {
  const pauseDate = typeof p.pause_date === 'string' && isRealDate(p.pause_date) ? p.pause_date : orderDate;
  const resume = resumeDate(p, pauseDate);
  const extend = p.resume_behavior?.extend_term === true;
  return {
    pause_date: pauseDate,
    ...(resume ? { resume_date: resume } : {}),
    ...(extend ? { extend_term: true } : {}),
  };
}

function resumeDate(p: PauseRequest, pauseDate: string): string | undefined {
  const given = p.resume_behavior?.resume_date;
  if (typeof given === 'string' && isRealDate(given)) return given;
  const n = p.pause_interval_count;
  if (!p.pause_interval || typeof n !== 'number' || !Number.isInteger(n) || n < 1) return undefined;
  if (p.pause_interval === 'day') return addDays(pauseDate, n);
  if (p.pause_interval === 'week') return addDays(pauseDate, 7 * n);
  return addMonths(pauseDate, p.pause_interval === 'year' ? 12 * n : n);
}

/** Whether the pause has begun by the sandbox's clock (`now`: its timestamp, on today's date). */
export const pausedBy = (p: PauseRec, now: string) => p.pause_date <= now.slice(0, 10);

type ResumeRequest = NonNullable<SubscriptionRequestBody['resume']>;

/** The date a resume order resumes on: its date, the pause's date (`resume_at: pause_date`), or the order's. */
export function resumeDateOf(r: ResumeRequest, was: PauseRec | undefined, orderDate: string): string {
  if (typeof r.resume_date === 'string' && isRealDate(r.resume_date)) return r.resume_date;
  return was && r.resume_at === 'pause_date' ? was.pause_date : orderDate;
}

/** `n` periods of a v1 `*PeriodsType` (Day, Week, Month, Year) after `date`. */
function periodsAfter(date: string, n: number | undefined, type: string | undefined): string {
  const count = typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 0;
  if (type === 'Day') return addDays(date, count);
  if (type === 'Week') return addDays(date, 7 * count);
  return addMonths(date, type === 'Year' ? 12 * count : count);
}

/** A v1 Suspend order action (CreateOrderSuspend) as the engine's pause; "today" is the order's date. */
export function suspendOf(
  s: {
    suspendPolicy?: string;
    suspendSpecificDate?: string;
    suspendPeriods?: number;
    suspendPeriodsType?: string;
  } = {},
  orderDate: string,
): PauseRequest {
  if (s.suspendPolicy === 'EndOfLastInvoicePeriod') return { pause_at: 'invoice_period_end' };
  if (s.suspendPolicy === 'FixedPeriodsFromToday') {
    return { pause_date: periodsAfter(orderDate, s.suspendPeriods, s.suspendPeriodsType) };
  }
  const on = s.suspendPolicy === 'SpecificDate' ? s.suspendSpecificDate : undefined;
  return typeof on === 'string' && isRealDate(on) ? { pause_date: on } : {};
}

/** A v1 Resume order action (CreateOrderResume) as the engine's resume; "today" is the order's date. */
export function resumeOf(
  r: {
    resumePolicy?: string;
    resumeSpecificDate?: string;
    resumePeriods?: number;
    resumePeriodsType?: string;
    extendsTerm?: boolean;
  } = {},
  pause: PauseRec | undefined,
  orderDate: string,
): ResumeRequest {
  const extend = r.extendsTerm === true || String(r.extendsTerm) === 'true' ? { extend_term: true } : {};
  const at = (date: string) => ({ resume_date: date, ...extend });
  if (r.resumePolicy === 'SuspendDate') return { resume_at: 'pause_date', ...extend };
  if (r.resumePolicy === 'FixedPeriodsFromToday')
    return at(periodsAfter(orderDate, r.resumePeriods, r.resumePeriodsType));
  if (r.resumePolicy === 'FixedPeriodsFromSuspendDate') {
    return at(periodsAfter(pause?.pause_date ?? orderDate, r.resumePeriods, r.resumePeriodsType));
  }
  if (
    r.resumePolicy === 'SpecificDate' &&
    typeof r.resumeSpecificDate === 'string' &&
    isRealDate(r.resumeSpecificDate)
  ) {
    return at(r.resumeSpecificDate);
  }
  return { ...extend };
}

/**
 * The subscription as it resumes on `resumeDate` (a copy): with `extend_term`, its term and what ran to the term's
 * end longer by the days paused ("Extend the current term by the number of days suspended", the vendor's Resume).
 */
export function extendedByPause(sub: SubscriptionRec, pause: PauseRec, resumeDate: string): SubscriptionRec {
  const next = structuredClone(sub);
  extendTerm(next, pause, resumeDate);
  return next;
}

/** As extendedByPause, on the subscription itself (an order's working copy). */
export function extendTerm(sub: SubscriptionRec, pause: PauseRec, resumeDate: string): void {
  const ended = sub.current_term_end;
  const days = daysBetween(pause.pause_date, resumeDate);
  if (!pause.extend_term || ended === null || days <= 0) return;
  const end = addDays(ended, days);
  sub.current_term_end = end;
  sub.end_date = end;
  for (const p of sub.plans) {
    if (p.removed) continue;
    for (const it of p.items) if (it.state === 'active' && it.end_date === ended) it.end_date = end;
  }
}

/** Paused on the term's `end` and not resuming by then (a resume on that day comes first): the term ends paused. */
export const pausedPast = (p: PauseRec, end: string) => p.pause_date < end && !(p.resume_date && p.resume_date <= end);
