// A term that ends: an active termed subscription renews for its renewal term when it auto-renews (version up,
// the term moves on; several times when several terms pass), and expires otherwise (state `expired`, ending on
// its term's end date), as the v2 reference's subscription states have it.
import type { TimeEvent } from '../../wire/sandboxClock';
import { termEnd } from '../engine/subscriptionBuild';
import { pausedPast } from '../engine/pauses';
import { termStarts } from '../engine/orderBilling';
import type { SubscriptionRec } from '../state/store';
import { changeOf, stampOf, type DueHandler } from './due';

/**
 * The end of the subscription's term when it can fall due: active and termed, or paused past it ("If the
 * subscription term ends during the suspension period, the subscription ends": the vendor's Suspend date,
 * https://docs.zuora.com/en/zuora-billing/manage-accounts-subscriptions-and-non-subscriptions/manage-subscription-transactions/subscribe-and-amend/amend-subscriptions/subscriptions-suspension/considerations-of-suspend-a-subscription).
 */
const ending = (s: SubscriptionRec) => {
  const end = s.current_term_end ?? undefined;
  if (s.state === 'active') return end;
  return s.state === 'paused' && end !== undefined && s.pause !== undefined && pausedPast(s.pause, end)
    ? end
    : undefined;
};

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
      const renewed = s.auto_renew && s.state === 'active' ? renewal(s, date) : undefined;
      const next = renewed ?? expiry(s, date);
      store.putSubscription(next);
      if (renewed) store.changes.add({ ...changeOf(next), kind: 'renewed', date }); // its event (events/)
      const why =
        s.state === 'paused'
          ? 'its term ended while paused'
          : s.auto_renew
            ? 'its renewal term has no length'
            : 'auto_renew is off';
      events.push(eventOf(next, date, renewed ? 'renewed' : 'expired', why));
    }
    return events;
  },
};

/** The next term, from the end of this one; undefined when the renewal term has no length (it cannot renew). */
function renewal(s: SubscriptionRec, date: string): SubscriptionRec | undefined {
  const ended = s.current_term_end!;
  const end = termEnd(ended, s.renewal_term);
  if (end !== null && end <= ended) return undefined;
  const next = structuredClone(s);
  next.renewed_on = [...termStarts(s), ended];
  next.current_term_start = ended;
  next.current_term_end = end;
  next.end_date = end;
  // The items that ran to the end of the term run on to the end of the new one (as an order's renewal does).
  for (const p of next.plans) {
    if (p.removed) continue;
    for (const it of p.items) if (it.state === 'active' && it.end_date === ended) it.end_date = end;
  }
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
