// A paused subscription whose pause has a resume date (kept from the order: src/sandbox/engine/pauses.ts)
// resumes on that date: active again, a new version, and with `extend_term` its term longer by the days paused.
import type { TimeEvent } from '../../wire/sandboxClock';
import type { SubscriptionRec } from '../state/store';
import { resumedHistory } from '../engine/billingHistory';
import { extendedByPause } from '../engine/pauses';
import { changeOf, stampOf, type DueHandler } from './due';

const resumeOf = (s: SubscriptionRec) => (s.state === 'paused' ? s.pause?.resume_date : undefined);

export const scheduledResumes: DueHandler = {
  name: 'the resume handler',
  *next(store, until) {
    let earliest: string | undefined;
    for (const s of store.subscriptions.values()) {
      yield;
      const d = resumeOf(s);
      if (d !== undefined && d <= until && (earliest === undefined || d < earliest)) earliest = d;
    }
    return earliest;
  },
  *run(store, date) {
    const events: TimeEvent[] = [];
    for (const s of [...store.subscriptions.values()]) {
      yield;
      const d = resumeOf(s);
      if (d === undefined || d > date) continue;
      const next = resumed(s, d, date);
      store.putSubscription(next);
      store.changes.add({ ...changeOf(next), kind: 'resumed', date: d }); // its event (events/)
      const term = { start: next.current_term_start, end: next.current_term_end };
      const longer = next.current_term_end !== s.current_term_end ? `; its term now ends ${next.current_term_end}` : '';
      events.push({
        date,
        type: 'resumed',
        subscription_number: next.subscription_number,
        account_number: next.account_number,
        version: next.version,
        term,
        message: `${next.subscription_number} resumed (paused since ${s.pause!.pause_date})${longer}`,
      });
    }
    return events;
  },
};

function resumed(s: SubscriptionRec, resumeDate: string, date: string): SubscriptionRec {
  const next = extendedByPause(s, s.pause!, resumeDate);
  next.state = 'active';
  delete next.pause;
  next.version++;
  next.updated_time = stampOf(date);
  next.billing = resumedHistory(next, resumeDate); // its items bill again from the resume
  return next;
}
