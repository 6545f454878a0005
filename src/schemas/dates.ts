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
