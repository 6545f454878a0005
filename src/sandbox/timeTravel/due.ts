// What falls due while the clock moves, in date order. Each kind of thing that can fall due is a handler
// (terms ending, paused subscriptions resuming; bill runs next): asked for its earliest due date, then told
// to make everything due on a date happen. On one date the handlers run in list order, so a bill run listed
// after the term handler bills the renewed term.
// The work is a generator that yields between records: a move driven in turns of the event loop
// (TimeMachine.moveAsync) lets other requests be answered meanwhile; run synchronously, it is one call.
import type { TimeEvent } from '../../wire/sandboxClock';
import type { Store, SubscriptionRec } from '../state/store';

/** Work that may pause where it yields (between records), and returns its result. */
export type Steps<T> = Generator<void, T, void>;

/** What the calls of one move share: the accounts it cannot bill (by number, with why), left as they are. */
export interface MoveNotes {
  unbilled: Map<string, string>;
}

export const newNotes = (): MoveNotes => ({ unbilled: new Map() });

export interface DueHandler {
  /** Named in the error when it breaks its promise below. */
  name: string;
  /** The earliest date on or before `until` when something of this handler falls due; undefined when nothing does. */
  next(store: Store, until: string, notes: MoveNotes): string | undefined | Steps<string | undefined>;
  /**
   * Makes everything due on or before `date` happen and says what happened. It changes subscriptions through
   * `store.putSubscription` with new records (never in place), so a failed move rolls every change back.
   * Afterwards `next` must answer a later date or nothing.
   */
  run(store: Store, date: string, notes: MoveNotes): TimeEvent[] | Steps<TimeEvent[]>;
}

/** More events than this in one move is a runaway (a term of no length): the move is refused. */
export const MAX_EVENTS = 1_000_000;

export class TooManyEvents extends Error {}

const isSteps = <T>(r: T | Steps<T>): r is Steps<T> =>
  typeof r === 'object' && r !== null && typeof (r as Steps<T>).next === 'function' && !Array.isArray(r);

/** A handler's answer, as steps whether it gave steps or a value. */
export function* stepsOf<T>(r: T | Steps<T>): Steps<T> {
  return isSteps(r) ? yield* r : r;
}

/** Runs steps to their end at once (no pause). */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * Makes happen what falls due up to `until`, earliest first (something overdue from before today too: the
 * state never lags the clock). A date earlier than one already run (a resume makes an old term end due) runs
 * on the later date, so events stay in date order.
 */
export function* dueSteps(
  store: Store,
  until: string,
  handlers: readonly DueHandler[],
  notes: MoveNotes = newNotes(),
): Steps<TimeEvent[]> {
  const events: TimeEvent[] = [];
  let last: string | undefined;
  for (;;) {
    let earliest: string | undefined;
    for (const h of handlers) {
      const d = yield* stepsOf(h.next(store, until, notes));
      if (d !== undefined && (earliest === undefined || d < earliest)) earliest = d;
    }
    if (earliest === undefined) return events;
    const date = last !== undefined && earliest < last ? last : earliest;
    for (const h of handlers) {
      const due = yield* stepsOf(h.next(store, until, notes)); // asked again: a handler before it may have changed it
      if (due === undefined || due > date) continue;
      for (const e of yield* stepsOf(h.run(store, date, notes))) events.push(e);
      const again = yield* stepsOf(h.next(store, until, notes));
      if (again !== undefined && again <= date) {
        throw new Error(`Time travel: ${h.name} still has something due on ${again} after running ${date}.`);
      }
    }
    if (events.length > MAX_EVENTS) throw new TooManyEvents(`more than ${MAX_EVENTS} things fall due`);
    last = date;
  }
}

/** dueSteps run at once. */
export const runDue = (
  store: Store,
  until: string,
  handlers: readonly DueHandler[],
  notes: MoveNotes = newNotes(),
): TimeEvent[] => finish(dueSteps(store, until, handlers, notes));

/** What a subscription change record (state/subscriptionChanges.ts) takes of the subscription. */
export const changeOf = (s: SubscriptionRec) => ({
  subscription_number: s.subscription_number,
  account_number: s.account_number,
  version: s.version,
});

/** The time a change on `date` is stamped with (midnight UTC: the same on every run). */
export const stampOf = (date: string) => `${date}T00:00:00.000Z`;
