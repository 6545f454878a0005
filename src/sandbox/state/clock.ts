// The sandbox's "today": the real date, or a simulated one (`today` option), so that what depends on the
// date (order dates left out, created times, card expiry) gives the same answer on every run of a scenario.
import { isRealDate, today as realToday } from '../../schemas/dates';

export interface SandboxClock {
  /** YYYY-MM-DD. */
  today(): string;
  /** An ISO timestamp on today's date (the real time of day: only the date is simulated). */
  timestamp(): string;
}

export const SYSTEM_CLOCK: SandboxClock = { today: realToday, timestamp: () => new Date().toISOString() };

export function sandboxClock(today?: string): SandboxClock {
  if (today === undefined) return SYSTEM_CLOCK;
  if (!isRealDate(today)) throw new Error(`today must be a real date written YYYY-MM-DD, not "${today}"`);
  return { today: () => today, timestamp: () => `${today}${new Date().toISOString().slice(10)}` };
}
