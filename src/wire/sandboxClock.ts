// The Local sandbox's clock control path: what a client sends to move the sandbox's today and what it answers,
// and how far it moves: to a date, or by a whole number of days, weeks, months or years ("3 months"), one grammar
// for the control path, the CLI, scenario steps and the editor's input box. Only the Local sandbox has the path
// (a real environment keeps its own date); it is authenticated like every call.
export const CLOCK_PATH = '/_sandbox/clock';

export type ClockUnit = 'day' | 'week' | 'month' | 'year';
export type ClockStep = { to: string } | { by: { count: number; unit: ClockUnit } };

const BY = /^\s*(\d{1,6})\s*(day|week|month|year)s?\s*$/i;

/** A calendar date written YYYY-MM-DD (2027-02-30 is not one). */
export function isClockDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** "3 months" as a count and a unit; a message saying what to write when it is not one. */
export function parseBy(text: string): { count: number; unit: ClockUnit } | { error: string } {
  const m = BY.exec(text);
  const count = m ? Number(m[1]) : 0;
  if (!m || count < 1) {
    return {
      error: `"${text}" is not a step forward: write a whole number and a unit, such as "3 months", "10 days", "2 weeks" or "1 year" (to go back, give a date).`,
    };
  }
  return { count, unit: m[2].toLowerCase() as ClockUnit };
}

/** A date (YYYY-MM-DD) or a step ("3 months"), as a person types it in the editor's input box. */
export function parseClockInput(text: string): ClockStep | { error: string } {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) {
    return isClockDate(t) ? { to: t } : { error: `${t} is not a real date; write one as YYYY-MM-DD.` };
  }
  if (/^\d/.test(t)) {
    const by = parseBy(t);
    return 'error' in by ? by : { by };
  }
  return { error: 'Write a date (YYYY-MM-DD; an earlier one goes back) or a step forward such as "3 months".' };
}

/** POST body: a date to move to (earlier: back), or a step forward such as "3 months". Exactly one. */
export type ClockRequest = { to: string } | { by: string };

/** Something that fell due while the clock moved: a subscription's term or pause, or a bill run's document. */
export type TimeEvent = SubscriptionEvent | BilledEvent;

/** A subscription that renewed, expired, paused (on its pause's date) or resumed. */
export interface SubscriptionEvent {
  /** The day it happened, YYYY-MM-DD. */
  date: string;
  type: 'renewed' | 'expired' | 'resumed' | 'paused';
  subscription_number: string;
  account_number: string;
  /** The subscription's version after the event (a renewal and a resume make a new one). */
  version: number;
  /** The current term after the event; end null for an evergreen one. */
  term?: { start: string; end: string | null };
  /** The event in words, for people: "S00000001 renewed: term 2028-01-01 to 2029-01-01 (version 2)". */
  message: string;
}

/** A bill run's invoice or credit memo for one account. */
export interface BilledEvent {
  date: string;
  type: 'billed';
  account_number: string;
  /** INV00000001, or CM00000001 for a credit memo. */
  document_number: string;
  document_type: 'invoice' | 'credit_memo' | 'debit_memo'; // a bill run issues the first two only
  /** What the invoice bills, or what the credit memo gives back. */
  total: number;
  currency: string;
  /** "INV00000001 to A00000002: 350.00 USD (2 items)". */
  message: string;
}

/** The state the Local sandbox keeps to go back to: one copy before each advance, the newest ones only. */
export interface ClockHistory {
  /** Copies kept. */
  kept: number;
  /** The earliest date the clock can go back to; absent when nothing is kept. */
  earliest?: string;
  /** Copies dropped (the oldest) since the sandbox started, to stay within the bound. */
  dropped: number;
  /** The bound: copies kept at most. */
  limit: number;
}

/** GET answer. */
export interface ClockStatus {
  today: string;
  /** True while today is the real date (the clock was never set or moved). */
  real: boolean;
  history: ClockHistory;
}

/** POST answer: where the clock is now and what happened on the way, in date order. */
export interface ClockAnswer extends ClockStatus {
  /** Today before the move. */
  previous: string;
  events: TimeEvent[];
  /** Moving back: the date of the copy that was restored (what fell due after it, up to today, happened again). */
  restored?: string;
  /** Moving forward past the bound: the dates whose copies were dropped (the clock can no longer go back there). */
  dropped?: string[];
  /** With `dropped`: the other bound, the bytes the way back keeps at most (the newest state is kept whatever its size). */
  byteLimit?: number;
  /** Accounts the move could not bill (the rest were billed): billed no further by it, each with why. */
  unbilled?: UnbilledAccount[];
}

/** An account a bill run left out: its amounts or its periods are past what the Local sandbox computes. */
export interface UnbilledAccount {
  account_number: string;
  reason: string;
}

/** A byte count as the clock's messages say it: "256 MB", "40 KB". */
export const bytesInWords = (n: number) =>
  n >= 1024 * 1024 ? `${Math.round(n / 1024 / 1024)} MB` : `${Math.ceil(n / 1024)} KB`;
