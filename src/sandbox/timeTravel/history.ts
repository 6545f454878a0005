// Copies of the whole state, one per date the clock left going forward, so that going back restores what was
// (no history is rewritten: a copy is the state as it was). Bounded: past the limit the oldest are dropped, and
// the clock cannot go back before the oldest kept.
import type { ClockHistory } from '../../wire/sandboxClock';

export interface StateCopy {
  /** The date the state is of (today when it was taken). */
  date: string;
  /** The state, as Store.serialise gives it. */
  state: string;
}

export const HISTORY_LIMIT = 100;

export class StateHistory {
  /** Oldest first; dates never go down. */
  private copies: StateCopy[] = [];
  private droppedCount = 0;

  constructor(readonly limit = HISTORY_LIMIT) {}

  /** Keeps the state of `date` (the newest state of a date replaces an older one); returns the dates dropped. */
  keep(date: string, state: string): string[] {
    const last = this.copies[this.copies.length - 1];
    if (last?.date === date) this.copies.pop();
    this.copies.push({ date, state });
    const dropped = this.copies.splice(0, Math.max(0, this.copies.length - this.limit));
    this.droppedCount += dropped.length;
    return dropped.map(c => c.date);
  }

  /** The newest copy of a date at or before `date`. */
  atOrBefore(date: string): StateCopy | undefined {
    for (let i = this.copies.length - 1; i >= 0; i--) if (this.copies[i].date <= date) return this.copies[i];
    return undefined;
  }

  /** Forgets the copies after `date`: going back leaves that future, and going forward again makes a new one. */
  forgetAfter(date: string): void {
    this.copies = this.copies.filter(c => c.date <= date);
  }

  summary(): ClockHistory {
    const earliest = this.copies[0]?.date;
    return {
      kept: this.copies.length,
      ...(earliest ? { earliest } : {}),
      dropped: this.droppedCount,
      limit: this.limit,
    };
  }
}
