// What each subscription item bills over time, kept on the subscription record (`billing`): the price it started
// at and every change an order made since, by effective date, as the billing engine takes them. An order records
// its changes when it is created (what the preview's billing documents read from the order is the same input);
// a resume starts a new run. Bill runs price every item from its history, past periods included, so a change
// dated before a bill is credited and billed again (src/sandbox/invoicing/billRun.ts).
import type { SubscriptionResult } from './orderTypes';
import { historyOf, live, priceOf, subscriptionInput, type BillingHistory } from './orderBilling';
import type { SubscriptionRec } from '../state/store';

export { historyOf, type BillingHistory };

/** The histories once the order's subscription change is made (a new object: records are never changed in place). */
export function historyAfter(r: SubscriptionResult, orderDate: string): BillingHistory {
  const history = structuredClone(r.before ? historyOf(r.before) : {});
  // A resume: recurring items bill again from its date (one dated later: from then, as the clock resumes it).
  const restarts = r.before?.state === 'paused' && r.sub.state !== 'paused';
  for (const input of subscriptionInput(r, orderDate, false)) {
    for (const c of input.charges) {
      if (c.ref.kind !== 'subscription_item') continue;
      const runs = (history[c.ref.item.id] ??= []);
      const last = runs[runs.length - 1];
      const changes = c.changes?.length ? { changes: c.changes } : {};
      if (!last) runs.push({ start: c.start, price: c.price, ...changes });
      else if (restarts && c.period) runs.push({ start: c.start, price: c.price, ...changes });
      else if (c.changes?.length) last.changes = [...(last.changes ?? []), ...c.changes];
    }
  }
  return history;
}

/** Every order's subscription, as the order leaves it, with its billing history (create only). */
export function recordOrderBilling(results: readonly SubscriptionResult[], orderDate: string): void {
  for (const r of results) r.sub.billing = historyAfter(r, orderDate);
}

/** A paused subscription resumed on `date` (time travel): its recurring items bill again from that date. */
export function resumedHistory(sub: SubscriptionRec, date: string): BillingHistory {
  const history = structuredClone(historyOf(sub));
  for (const it of live(sub)) {
    if (it.charge_type === 'one_time' || (it.end_date !== null && it.end_date <= date)) continue;
    (history[it.id] ??= []).push({ start: date, price: priceOf(it) });
  }
  return history;
}
