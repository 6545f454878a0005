/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isRealDate(s: string): boolean {
  if (s.length !== 10 || s[4] !== '-' || s[7] !== '-') return false;
  // Every date checked pays this: eight ASCII digits read as numbers without cutting the text.
  const d0 = digitsAt(s, 0, 4),
    d1 = digitsAt(s, 5, 2),
    d2 = digitsAt(s, 8, 2);
  if (d0 >= 0 && d1 >= 0 && d2 >= 0) return d1 >= 1 && d1 <= 12 && d2 >= 1 && d2 <= daysInMonth(d0, d1);
  const y = +s.slice(0, 4),
    m = +s.slice(5, 7),
    d = +s.slice(8, 10);
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d) || m < 1 || m > 12 || d < 1) return false;
  return d <= daysInMonth(y, m);
}

/** The number written by `count` ASCII digits at `from`, or -1 if any is not one (then `+text` decides). */
function digitsAt(s: string, from: number, count: number): number {
  let n = 0;
  for (let i = from; i < from + count; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  // Arithmetic where it equals Date's answer (Date reads years 0-99 as 1900-1999); every date checked pays this.
  if (Number.isInteger(year) && year >= 100 && year <= 9999 && Number.isInteger(month) && month >= 1 && month <= 12) {
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    return month === 2 && leap ? 29 : MONTH_DAYS[month - 1];
  }
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Adds calendar months, clamping the day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: string, months: number): string {
  const y = +date.slice(0, 4),
    m = +date.slice(5, 7),
    d = +date.slice(8, 10);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12),
    nm = (total % 12) + 1;
  return fmt(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}

export function addDays(date: string, days: number): string {
  const t = Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) + days * 86_400_000;
  const x = new Date(t);
  return fmt(x.getUTCFullYear(), x.getUTCMonth() + 1, x.getUTCDate());
}

export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function fmt(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * What the service makes of a `format: date-time` text. `refused`: not a date-time it reads (another
 * notation, a date alone, month 13, Feb 30, hour 25). `advice`: read, in a form worth changing (no zone, no
 * seconds, an offset written +0100). Absent when read as written.
 *
 * The vendor's "Date and dateTime formats" page (docs.zuora.com/zuora-platform/system-management/
 * additional-tenant-management-settings/dates-in-zuora/date-and-datetime-formats) lists two forms,
 * YYYY-MM-DDTHH:MM:SS with an offset and without one, the latter read in the tenant's time zone: so no zone
 * is advice, not refused. Its REST reference writes several v1 fields `yyyy-mm-dd hh:mm:ss` (runDate,
 * settledOn, chargeDate) as the v2 reference does payment_run_date: a space for the T is read as written.
 * Fractional seconds (ISO 8601; the service's own answers carry them) are read too. A date alone is in
 * neither form: refused, with that day at midnight as the form to write.
 */
export interface DateTimeReading {
  verdict: 'refused' | 'advice';
  /** Why, in a few words: `there is no month 13`, `a date alone`, `has no zone, so ...`. */
  why?: string;
  /** The value as it should be written, where it can be said. */
  suggestion?: string;
  /** True when the text has the form but names a time that does not exist (month 13, hour 25). */
  impossible?: boolean;
  /** True when the advice includes the missing zone (the suggestion then says UTC, which the writer may not mean). */
  noZone?: boolean;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?$/;
const DATE_ALONE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = 'January February March April May June July August September October November December'.split(' ');
/** The widest offset a reader of ISO 8601 offsets takes (java.time's ZoneOffset: ±18:00). */
const MAX_OFFSET_HOURS = 18;

export function readDateTime(s: string): DateTimeReading | undefined {
  const m = DATE_TIME.exec(s);
  if (!m) {
    const d = DATE_ALONE.exec(s);
    if (!d) return { verdict: 'refused' };
    const bad = impossibleDay(+d[1], +d[2], +d[3]);
    return bad
      ? { verdict: 'refused', why: bad, impossible: true }
      : { verdict: 'refused', why: 'a date alone', suggestion: `${s}T00:00:00Z` };
  }
  const [, y, mo, d, h, mi, sec, frac, zone] = m;
  const bad = impossibleDay(+y, +mo, +d) ?? impossibleTime(+h, +mi, sec === undefined ? 0 : +sec, zone);
  if (bad) return { verdict: 'refused', why: bad, impossible: true };
  const offset = zone && zone !== 'Z' && zone !== 'z' ? zone : undefined;
  const colonOffset = offset && (offset.length === 3 ? `${offset}:00` : `${offset.slice(0, 3)}:${offset.slice(-2)}`);
  const why: string[] = [];
  if (sec === undefined) why.push('has no seconds');
  if (offset && offset !== colonOffset) why.push(`writes its offset ${offset} (the service's form is ${colonOffset})`);
  if (!zone) why.push("has no zone, so the service reads it in the tenant's time zone");
  if (!why.length) return undefined;
  const suggestion = `${y}-${mo}-${d}T${h}:${mi}:${sec ?? '00'}${frac ?? ''}${colonOffset ?? 'Z'}`;
  return { verdict: 'advice', why: why.join(' and '), suggestion, noZone: !zone };
}

function impossibleDay(y: number, m: number, d: number): string | undefined {
  if (m < 1 || m > 12) return `there is no month ${m}`;
  if (d < 1 || d > 31) return `there is no day ${d}`;
  if (d > daysInMonth(y, m)) return `${MONTHS[m - 1]} ${y} has no day ${d}`;
  return undefined;
}

function impossibleTime(h: number, mi: number, s: number, zone: string | undefined): string | undefined {
  if (h > 23) return `there is no hour ${h}`;
  if (mi > 59) return `there is no minute ${mi}`;
  if (s > 59) return `there is no second ${s}`;
  if (zone && zone.length > 1) {
    const oh = +zone.slice(1, 3),
      om = zone.length > 3 ? +zone.slice(-2) : 0;
    if (om > 59 || oh * 60 + om > MAX_OFFSET_HOURS * 60) return `there is no offset ${zone}`;
  }
  return undefined;
}
