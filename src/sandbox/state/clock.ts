// The sandbox's "today": the real date, or a simulated one (`today` option), so that what depends on the
// date (order dates left out, created times, card expiry) gives the same answer on every run of a scenario.
// It moves (time travel, src/sandbox/timeTravel/): once set, it stays on the date it was set to.
import { addDays, addMonths, isRealDate, today as realToday } from '../../schemas/dates';
import type { ClockStep } from '../../wire/sandboxClock';

export interface SandboxClock {
  /** YYYY-MM-DD. */
  today(): string;
  /** An ISO timestamp on today's date (the real time of day: only the date is simulated). */
  timestamp(): string;
}

export const SYSTEM_CLOCK: SandboxClock = { today: realToday, timestamp: () => new Date().toISOString() };

export interface ClockOptions {
  /** A simulated today; without it, the source's date until the clock is set. */
  today?: string;
  /** The real time (tests inject one; never read for anything but the date and the time of day). */
  now?: () => Date;
}

/** A clock that follows the real date until it is set or advanced, then stays on that date. */
export class MovableClock implements SandboxClock {
  private pinned: string | undefined;
  private readonly now: () => Date;

  constructor(opts: ClockOptions = {}) {
    this.now = opts.now ?? (() => new Date());
    if (opts.today !== undefined) this.set(opts.today);
  }

  today(): string {
    return this.pinned ?? this.now().toISOString().slice(0, 10);
  }

  timestamp(): string {
    return `${this.today()}${this.now().toISOString().slice(10)}`;
  }

  /** True while today is the source's date (never set nor advanced). */
  get real(): boolean {
    return this.pinned === undefined;
  }

  /** Today becomes `date` (YYYY-MM-DD), whatever the real date does afterwards. */
  set(date: string): void {
    if (!isRealDate(date)) throw new Error(`today must be a real date written YYYY-MM-DD, not "${date}"`);
    this.pinned = date;
  }

  /** Today follows the source's date again, as if never set (a reset of the sandbox). */
  follow(): void {
    this.pinned = undefined;
  }

  /** The date a step leads to from today, without moving (what falls due on the way is for the caller). */
  target(step: ClockStep): string {
    const t = stepTarget(this.today(), step);
    if (typeof t !== 'string') throw new Error(t.error);
    return t;
  }

  /** Moves today to a date or by a step ("3 months"); returns the new today. */
  advance(step: ClockStep): string {
    const t = this.target(step);
    this.set(t);
    return t;
  }
}

const LAST_DAY = '9999-12-31';

/** The date a step leads to from `today`; an error when it falls past 9999-12-31. */
export function stepTarget(today: string, step: ClockStep): string | { error: string } {
  if ('to' in step) return step.to;
  const { count, unit } = step.by;
  const t =
    unit === 'day'
      ? addDays(today, count)
      : unit === 'week'
        ? addDays(today, 7 * count)
        : addMonths(today, unit === 'year' ? 12 * count : count);
  if (!isRealDate(t) || t > LAST_DAY) return { error: `${count} ${unit}(s) from ${today} is past ${LAST_DAY}.` };
  return t;
}

/** The real date, or a fixed simulated one. */
export function sandboxClock(today?: string, now?: () => Date): MovableClock {
  return new MovableClock({ ...(today !== undefined ? { today } : {}), ...(now ? { now } : {}) });
}
