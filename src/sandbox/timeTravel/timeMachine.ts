// Moves the sandbox's clock. Forward: the state is marked, then what falls due up to the new date happens (one
// commit: all of it is saved, or none). Back: the newest mark at or before the date is put back; to the mark's
// own date that is all (the state as it was), to a later one what falls due up to the date happens again, so
// the state is the one of that date. Over HTTP a move runs in turns of the event loop (moveAsync): meanwhile
// every other request is refused with a 503 and Retry-After (refuseWhileMoving), never served a half-done move.
import {
  bytesInWords,
  type ClockAnswer,
  type ClockStatus,
  type ClockStep,
  type TimeEvent,
} from '../../wire/sandboxClock';
import { ClockMoving, MoveRefused } from './moveErrors';
import { stepTarget, type MovableClock } from '../state/clock';
import type { Store } from '../state/store';
import { dueSteps, finish, newNotes, TooManyEvents, type DueHandler, type MoveNotes, type Steps } from './due';
import { DUE_HANDLERS } from './handlers';
import { StateHistory } from './history';

/** Where a move may let other work in: a promise to wait for, or undefined to go on at once. */
export type Pause = () => Promise<void> | undefined;

export interface TimeMachineDeps {
  store: Store;
  clock: MovableClock;
  /** Runs a change to the data and saves it; on an error nothing of it is kept (RouteDeps.commit). */
  commit<T>(change: () => T): T;
  handlers?: readonly DueHandler[];
  /** States kept to go back to (100), and the bytes they keep at most (256 MB): history.ts. */
  historyLimit?: number;
  historyBytes?: number;
  /** moveAsync's pauses (tests hold a move with one); by default a turn of the event loop every 20 ms. */
  pause?: Pause;
}

/** A pause of one turn of the event loop once `ms` have passed since the last. */
export function slices(ms = 20): Pause {
  let since = performance.now();
  return () => {
    if (performance.now() - since < ms) return undefined;
    return new Promise<void>(resolve =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}

export class TimeMachine {
  private readonly history: StateHistory;
  private readonly handlers: readonly DueHandler[];
  /** The move running in turns, if any (from and to). */
  private moving: { from: string; step: ClockStep } | undefined;
  /** The move's own save runs: it is not refused. */
  private saving = false;

  constructor(private readonly deps: TimeMachineDeps) {
    this.history = new StateHistory(deps.store, deps.historyLimit, deps.historyBytes);
    this.handlers = deps.handlers ?? DUE_HANDLERS;
  }

  status(): ClockStatus {
    return { today: this.deps.clock.today(), real: this.deps.clock.real, history: this.history.summary() };
  }

  /** Forgets the way back (a reset); returns how many states it kept. */
  forgetHistory(): number {
    return this.history.clear();
  }

  /** Bytes the way back keeps (history.ts). */
  keptBytes(): number {
    return this.history.bytes;
  }

  /** Moves the clock to a date or by a step, at once; a MoveRefused when it cannot go there. */
  move(step: ClockStep): ClockAnswer {
    return finish(this.moveSteps(step));
  }

  /** The same, pausing (`deps.pause`) so that other requests are answered meanwhile (refused, 503). */
  async moveAsync(step: ClockStep): Promise<ClockAnswer> {
    this.refuseWhileMoving();
    const pause = this.deps.pause ?? slices();
    this.moving = { from: this.deps.clock.today(), step };
    try {
      const steps = this.moveSteps(step);
      for (;;) {
        const r = steps.next();
        if (r.done) return r.value;
        const p = pause();
        if (p) await p;
      }
    } finally {
      this.moving = undefined;
    }
  }

  /** A ClockMoving (a 503 with Retry-After) while a move runs in turns (its own save excepted). */
  refuseWhileMoving(): void {
    if (!this.moving || this.saving) return;
    const { from, step } = this.moving;
    const where = 'to' in step ? `to ${step.to}` : `by ${step.by.count} ${step.by.unit}(s)`;
    const message =
      `The Local sandbox is moving its clock from ${from} ${where}; it answers again when the move is done: ` +
      'retry after the Retry-After seconds.';
    throw new ClockMoving(message);
  }

  private *moveSteps(step: ClockStep): Steps<ClockAnswer> {
    const { clock } = this.deps;
    const previous = clock.today();
    const target = stepTarget(previous, step);
    if (typeof target !== 'string') throw new MoveRefused('by', target.error);
    if (target === previous) {
      clock.set(target);
      return { ...this.status(), previous, events: [] };
    }
    if (target > previous) {
      const notes = newNotes();
      const work = this.happen(target, 'by' in step ? 'by' : 'to', notes);
      const { result: events, dropped } = yield* this.history.forward(previous, work);
      clock.set(target);
      const bound = { dropped, byteLimit: this.history.byteLimit };
      return { ...this.status(), previous, events, ...unbilledOf(notes), ...(dropped.length ? bound : {}) };
    }
    const restored = this.history.atOrBefore(target);
    if (!restored) throw new MoveRefused('to', this.tooEarly(previous, target));
    // Back to the mark's own date: the state as it was then, exactly (nothing overdue in it runs again).
    const notes = newNotes();
    const again = this.happen(target, 'to', notes, restored === target ? [] : undefined);
    const events = yield* this.history.back(target, again);
    clock.set(target);
    return { ...this.status(), previous, events, ...unbilledOf(notes), restored };
  }

  /** What falls due up to `target` happens, and the data file says the clock is there; all saved, or none. */
  private *happen(
    target: string,
    parameter: 'to' | 'by',
    notes: MoveNotes,
    handlers = this.handlers,
  ): Steps<TimeEvent[]> {
    const { store } = this.deps;
    try {
      store.today = target;
      const events = yield* dueSteps(store, target, handlers, notes);
      this.saving = true;
      try {
        this.deps.commit(() => (store.today = target));
      } finally {
        this.saving = false;
      }
      return events;
    } catch (e) {
      // The history puts the state back as it was (history.ts).
      if (!(e instanceof TooManyEvents)) throw e;
      throw new MoveRefused(parameter, `Nothing was changed: ${e.message}; move in smaller steps.`);
    }
  }

  private tooEarly(previous: string, target: string): string {
    const h = this.history.summary();
    if (!h.earliest) {
      return (
        `The Local sandbox cannot go back from ${previous} to ${target}: it keeps the way back each time ` +
        'its clock moves forward, and it has not moved forward since it started. Give a later date, or start a ' +
        'sandbox on the earlier date (its --today, or a scenario\'s "today").'
      );
    }
    const dropped = h.dropped ? `; ${h.dropped} older states were dropped` : '';
    return (
      `The Local sandbox can go back to ${h.earliest} at the earliest, not ${target}: it keeps the state ` +
      `before each of its last ${h.limit} moves forward, within ${bytesInWords(this.history.byteLimit)}${dropped}. ` +
      `Give ${h.earliest} or a later date.`
    );
  }
}

/** The accounts a move left unbilled, as its answer lists them (nothing when it billed every one). */
const unbilledOf = (notes: MoveNotes) =>
  notes.unbilled.size
    ? { unbilled: [...notes.unbilled].map(([account_number, reason]) => ({ account_number, reason })) }
    : {};
