// The way back: a mark (marks.ts) for each date the clock left going forward, so that going back restores what
// was (no history is rewritten: the state put back is the one of then). Marks keep the records changed after
// them, not copies of the state. Bounded by count and by bytes: past either, the oldest are dropped, and the
// clock cannot go back before the oldest kept (the newest is kept whatever its size).
import type { ClockHistory } from '../../wire/sandboxClock';
import type { Store } from '../state/store';
import type { Steps } from './due';
import { fold, markOf, note, putBack, type Mark } from './marks';

export const HISTORY_LIMIT = 100;
/** Bytes the marks keep at most (the JSON of the records they hold): 256 MB. */
export const HISTORY_BYTES = 256 * 1024 * 1024;

export class StateHistory {
  /** Oldest first; dates never go down. */
  private marks: Mark[] = [];
  private droppedCount = 0;
  /** Where the store's changes are noted: the newest mark, or the state a move back put back. */
  private sink: Mark | undefined;

  constructor(
    private readonly store: Store,
    readonly limit = HISTORY_LIMIT,
    readonly byteLimit = HISTORY_BYTES,
  ) {
    store.journal = (n, before) => {
      if (this.sink) note(this.sink, n, before);
    };
  }

  /** What the marks keep, in bytes (the JSON length of the records they hold, and a few fields each). */
  get bytes(): number {
    return this.marks.reduce((n, m) => n + m.bytes, 0);
  }

  /**
   * Marks the state of `date`, then runs `work` (it moves the state forward). Done: the newest state of a date
   * replaces an older one, and past the bounds the oldest go (their dates returned). Failed: the state is put
   * back as it was at the mark, and the mark goes.
   */
  *forward<T>(date: string, work: Steps<T>): Steps<{ result: T; dropped: string[] }> {
    const mark = markOf(this.store, date);
    this.marks.push(mark);
    this.sink = mark;
    let result: T;
    try {
      result = yield* work;
    } catch (e) {
      putBack(this.store, [mark], mark);
      this.drop(this.marks.length - 1);
      throw e;
    }
    const before = this.marks[this.marks.length - 2];
    if (before?.date === date) this.drop(this.marks.length - 2);
    return { result, dropped: this.trim() };
  }

  /** The date of the newest mark at or before `date`. */
  atOrBefore(date: string): string | undefined {
    return this.marks[this.indexAtOrBefore(date)]?.date;
  }

  /**
   * Puts the state back to the newest mark at or before `date` (there must be one: atOrBefore), then runs `work`
   * from there. Done: the marks after it are forgotten (going forward again makes them anew). Failed: the state
   * is the one before, and so are the marks.
   */
  *back<T>(date: string, work: Steps<T>): Steps<T> {
    const i = this.indexAtOrBefore(date);
    const to = this.marks[i];
    const undo = putBack(this.store, this.marks.slice(i).reverse(), to);
    const since = markOf(this.store, to.date);
    this.sink = since;
    let result: T;
    try {
      result = yield* work;
    } catch (e) {
      putBack(this.store, [since], since);
      undo();
      this.sink = this.marks[this.marks.length - 1];
      throw e;
    }
    this.marks = this.marks.slice(0, i + 1);
    this.marks[i] = { ...to, before: since.before, bytes: since.bytes };
    this.sink = this.marks[i];
    return result;
  }

  /** Forgets every mark (a reset: there is no way back past it); returns how many there were. */
  clear(): number {
    const kept = this.marks.length;
    this.marks = [];
    this.droppedCount = 0;
    this.sink = undefined;
    return kept;
  }

  summary(): ClockHistory {
    const earliest = this.marks[0]?.date;
    return {
      kept: this.marks.length,
      ...(earliest ? { earliest } : {}),
      dropped: this.droppedCount,
      limit: this.limit,
    };
  }

  private indexAtOrBefore(date: string): number {
    for (let i = this.marks.length - 1; i >= 0; i--) if (this.marks[i].date <= date) return i;
    return -1;
  }

  /** Forgets mark `i`; the one before it goes back over both. */
  private drop(i: number): void {
    const [gone] = this.marks.splice(i, 1);
    if (i > 0) fold(this.marks[i - 1], gone);
    if (this.sink === gone) this.sink = this.marks[this.marks.length - 1];
  }

  /** Drops the oldest past the count limit, or past the byte limit (but never the newest); returns their dates. */
  private trim(): string[] {
    const dropped: string[] = [];
    let bytes = this.bytes;
    while (this.marks.length > this.limit || (this.marks.length > 1 && bytes > this.byteLimit)) {
      const gone = this.marks.shift()!;
      bytes -= gone.bytes;
      dropped.push(gone.date);
    }
    this.droppedCount += dropped.length;
    return dropped;
  }
}
