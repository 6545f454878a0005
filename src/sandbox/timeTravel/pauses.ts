// A pause dated later than the order that asked for it (engine/pauses.ts: the subscription stays active, its pause
// kept) takes effect when the clock reaches its date: the subscription is paused then, recorded as a subscription
// change (its Suspend event, events/subscriptions.ts). Its billing already stops on that date (the order's).
import type { TimeEvent } from '../../wire/sandboxClock';
import type { SubscriptionRec } from '../state/store';
import { changeOf, stampOf, type DueHandler } from './due';

const pauseOf = (s: SubscriptionRec) => (s.state === 'active' ? s.pause?.pause_date : undefined);

export const scheduledPauses: DueHandler = {
  name: 'the pause handler',
  *next(store, until) {
    let earliest: string | undefined;
    for (const s of store.subscriptions.values()) {
      yield;
      const d = pauseOf(s);
      if (d !== undefined && d <= until && (earliest === undefined || d < earliest)) earliest = d;
    }
    return earliest;
  },
  *run(store, date) {
    const events: TimeEvent[] = [];
    for (const s of [...store.subscriptions.values()]) {
      yield;
      const d = pauseOf(s);
      if (d === undefined || d > date) continue;
      const next = structuredClone(s);
      next.state = 'paused';
      next.updated_time = stampOf(date);
      store.putSubscription(next);
      store.changes.add({ ...changeOf(next), kind: 'paused', date: d });
      const until = next.pause?.resume_date ? ` until ${next.pause.resume_date}` : '';
      events.push({
        date,
        type: 'paused',
        subscription_number: next.subscription_number,
        account_number: next.account_number,
        version: next.version,
        term: { start: next.current_term_start, end: next.current_term_end },
        message: `${next.subscription_number} paused on ${d}${until}`,
      });
    }
    return events;
  },
};
