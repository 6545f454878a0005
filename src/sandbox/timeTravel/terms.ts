// A term that ends: an active termed subscription renews for its renewal term when it auto-renews (version up,
// the term moves on; several times when several terms pass), and expires otherwise (state `expired`, ending on
// its term's end date), as the v2 reference's subscription states have it.
import type { TimeEvent } from '../../wire/sandboxClock';
import { pausedPast } from '../engine/pauses';
import { renewedOnce } from '../engine/renewals';
import type { SubscriptionRec } from '../state/store';
import { changeOf, stampOf, type DueHandler } from './due';

/**
 * The end of the subscription's term when it can fall due: active and termed, or paused past it ("If the
 * subscription term ends during the suspension period, the subscription ends": the vendor's Suspend date,
 * https://docs.zuora.com/en/zuora-billing/manage-accounts-subscriptions-and-non-subscriptions/manage-subscription-transactions/subscribe-and-amend/amend-subscriptions/subscriptions-suspension/considerations-of-suspend-a-subscription).
 */
const ending = (s: SubscriptionRec) => {
  const end = s.current_term_end ?? undefined;
  if (s.state === 'active' || end === undefined) return end;
  return s.state === 'paused' && s.pause && (pausedPast(s.pause, end) || renewsPaused(s, end)) ? end : undefined;
};

/** Paused from the day its term ends, or later: the term ended before the pause began, and renews as it would. */
const renewsPaused = (s: SubscriptionRec, end: string) => s.pause !== undefined && s.pause.pause_date >= end;

export const termEnds: DueHandler = {
  name: 'the term handler',
  *next(store, until) {
    let earliest: string | undefined;
    for (const s of store.subscriptions.values()) {
      yield;
      const end = ending(s);
      if (end !== undefined && end <= until && (earliest === undefined || end < earliest)) earliest = end;
    }
    return earliest;
  },
  *run(store, date) {
    const events: TimeEvent[] = [];
    for (const s of [...store.subscriptions.values()]) {
      yield;
      const end = ending(s);
      if (end === undefined || end > date) continue;
      const renews = s.state === 'active' || renewsPaused(s, end);
      const renewed = s.auto_renew && renews ? renewal(s, date) : undefined;
      const next = renewed ?? expiry(s, date);
      store.putSubscription(next);
      if (renewed) store.changes.add({ ...changeOf(next), kind: 'renewed', date }); // its event (events/)
      const why =
        s.state === 'paused' && !renewsPaused(s, end)
          ? 'its term ended while paused'
          : s.auto_renew
            ? 'its renewal term has no length'
            : 'auto_renew is off';
      events.push(eventOf(next, date, renewed ? 'renewed' : 'expired', why));
    }
    return events;
  },
};

/** The next term, from the end of this one (a new version); undefined when the renewal term has no length. */
function renewal(s: SubscriptionRec, date: string): SubscriptionRec | undefined {
  const next = renewedOnce(s);
  if (!next) return undefined;
  next.version++;
  next.updated_time = stampOf(date);
  return next;
}

function expiry(s: SubscriptionRec, date: string): SubscriptionRec {
  const next = structuredClone(s);
  next.state = 'expired';
  delete next.pause; // ended paused: it does not resume
  next.end_date = s.current_term_end;
  next.updated_time = stampOf(date);
  return next;
}

function eventOf(s: SubscriptionRec, date: string, type: 'renewed' | 'expired', why: string): TimeEvent {
  const term = { start: s.current_term_start, end: s.current_term_end };
  const until = term.end === null ? 'evergreen' : `to ${term.end}`;
  const message =
    type === 'renewed'
      ? `${s.subscription_number} renewed: term ${term.start} ${until} (version ${s.version})`
      : `${s.subscription_number} expired on ${s.end_date}: ${why}`;
  return {
    date,
    type,
    subscription_number: s.subscription_number,
    account_number: s.account_number,
    version: s.version,
    term,
    message,
  };
}
