// Moves the sandbox's clock. Forward: a copy of the state is kept, then what falls due up to the new date
// happens (one commit: all of it is saved, or none). Back: the newest copy at or before the date is restored;
// to the copy's own date that is all (the state as it was), to a later one what falls due up to the date
// happens again, so the state is the one of that date.
import type { ClockAnswer, ClockStatus, ClockStep, TimeEvent } from '../../wire/sandboxClock';
import { badRequest } from '../http/errors';
import { stepTarget, type MovableClock } from '../state/clock';
import type { Store } from '../state/store';
import { newNotes, runDue, TooManyEvents, type DueHandler, type MoveNotes } from './due';
import { DUE_HANDLERS } from './handlers';
import { StateHistory } from './history';

export interface TimeMachineDeps {
  store: Store;
  clock: MovableClock;
  /** Runs a change to the data and saves it; on an error nothing of it is kept (RouteDeps.commit). */
  commit<T>(change: () => T): T;
  handlers?: readonly DueHandler[];
  /** Copies of the state kept to go back to (100). */
  historyLimit?: number;
}

export class TimeMachine {
  private readonly history: StateHistory;
  private readonly handlers: readonly DueHandler[];

  constructor(private readonly deps: TimeMachineDeps) {
    this.history = new StateHistory(deps.historyLimit);
    this.handlers = deps.handlers ?? DUE_HANDLERS;
  }

  status(): ClockStatus {
    return { today: this.deps.clock.today(), real: this.deps.clock.real, history: this.history.summary() };
  }

  /** Moves the clock to a date or by a step; a 400 when it cannot go there. */
  move(step: ClockStep): ClockAnswer {
    const { clock } = this.deps;
    const previous = clock.today();
    const target = stepTarget(previous, step);
    if (typeof target !== 'string') throw badRequest('invalid_parameter', 'by', target.error);
    if (target === previous) {
      clock.set(target);
      return { ...this.status(), previous, events: [] };
    }
    if (target > previous) {
      const before = this.deps.store.serialise();
      const notes = newNotes();
      const events = this.happen(target, 'by' in step ? 'by' : 'to', notes);
      const dropped = this.history.keep(previous, before);
      clock.set(target);
      return { ...this.status(), previous, events, ...unbilledOf(notes), ...(dropped.length ? { dropped } : {}) };
    }
    return this.back(previous, target);
  }

  private back(previous: string, target: string): ClockAnswer {
    const { store, clock } = this.deps;
    const copy = this.history.atOrBefore(target);
    if (!copy) throw badRequest('invalid_parameter', 'to', this.tooEarly(previous, target));
    const current = store.serialise();
    let events: TimeEvent[];
    const notes = newNotes();
    try {
      store.replaceWith(copy.state);
      // Back to the copy's own date: the state as it was then, exactly (nothing overdue in it runs again).
      events = this.happen(target, 'to', notes, copy.date === target ? [] : this.handlers);
    } catch (e) {
      store.replaceWith(current);
      throw e;
    }
    this.history.forgetAfter(target);
    clock.set(target);
    return { ...this.status(), previous, events, ...unbilledOf(notes), restored: copy.date };
  }

  /** What falls due up to `target` happens, and the data file says the clock is there; all saved, or none. */
  private happen(target: string, parameter: 'to' | 'by', notes: MoveNotes, handlers = this.handlers): TimeEvent[] {
    const { store } = this.deps;
    const today = store.today;
    try {
      return this.deps.commit(() => {
        store.today = target;
        return runDue(store, target, handlers, notes);
      });
    } catch (e) {
      store.today = today;
      if (!(e instanceof TooManyEvents)) throw e;
      throw badRequest('invalid_parameter', parameter, `Nothing was changed: ${e.message}; move in smaller steps.`);
    }
  }

  private tooEarly(previous: string, target: string): string {
    const h = this.history.summary();
    if (!h.earliest) {
      return (
        `The Local sandbox cannot go back from ${previous} to ${target}: it keeps a copy of its state each time ` +
        'its clock moves forward, and it has not moved forward since it started. Give a later date, or start a ' +
        'sandbox on the earlier date (its --today, or a scenario\'s "today").'
      );
    }
    const dropped = h.dropped ? `; ${h.dropped} older copies were dropped` : '';
    return (
      `The Local sandbox can go back to ${h.earliest} at the earliest, not ${target}: it keeps a copy of its ` +
      `state before each of its last ${h.limit} moves forward${dropped}. Give ${h.earliest} or a later date.`
    );
  }
}

/** The accounts the move left unbilled, in the answer only when there are some. */
const unbilledOf = (notes: MoveNotes) =>
  notes.unbilled.size
    ? { unbilled: [...notes.unbilled].map(([account_number, reason]) => ({ account_number, reason })) }
    : {};
