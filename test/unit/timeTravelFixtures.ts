// Shared set-up for the time-travel tests: a store with one subscription as an order makes it, changes by order,
// and the events that happened to subscriptions, briefly.
import { runOrder } from '../../src/sandbox/engine/orders';
import type { MovableClock } from '../../src/sandbox/state/clock';
import { TimeMachine } from '../../src/sandbox/timeTravel/timeMachine';
import { Store, type SubscriptionRec } from '../../src/sandbox/state/store';
import type { TimeEvent } from '../../src/wire/sandboxClock';

const ACCOUNT = { name: 'Time', currency: 'USD', bill_to: { first_name: 'T', last_name: 'T' } };
export const termOf = (months: number) => ({ type: 'termed', interval: 'month', interval_count: months }) as const;

/** A store with one account and one subscription on the team plan, as an order makes it. */
export function storeWith(sub: Record<string, unknown>, orderDate = '2027-01-01'): { store: Store; number: string } {
  const store = new Store();
  const body = {
    order_date: orderDate,
    account_data: ACCOUNT,
    subscriptions: [
      {
        initial_term: termOf(12),
        renewal_term: termOf(12),
        start_on: { contract_effective: orderDate },
        subscription_plans: [{ plan_id: 'plan-team-monthly', prices: [{ price_id: 'price-team-seats', quantity: 5 }] }],
        ...sub,
      },
    ],
  };
  const { order } = runOrder(store, body as never, true);
  const number = (order!.subscriptions[0] as { subscription_number: string }).subscription_number;
  return { store, number };
}
/** A change by order on `date`, the clock on that date too (a pause dated then takes effect at once). */
export const change = (store: Store, number: string, date: string, entry: Record<string, unknown>) =>
  runOrder(
    store,
    {
      account_number: 'A00000001',
      order_date: date,
      subscriptions: [{ subscription_number: number, ...entry }],
    } as never,
    true,
    { today: () => date, timestamp: () => `${date}T00:00:00.000Z` },
  );

/** What happened to subscriptions (bill runs' documents: sandbox-bill-runs.test.ts). */
export const ofSubscriptions = (events: TimeEvent[]) =>
  events.filter((e): e is Exclude<TimeEvent, { type: 'billed' }> => e.type !== 'billed');
export const brief = (events: TimeEvent[]) => ofSubscriptions(events).map(e => `${e.date} ${e.type}`);
export const seatsEnd = (s: SubscriptionRec) => s.plans[0].items[0].end_date;

/** A time machine whose saves throw "disk full" while `saves.failing` is set: a disk that fills up mid-move. */
export function machineWithFailingSaves(store: Store, clock: MovableClock) {
  const saves = { failing: false };
  const tm = new TimeMachine({
    store,
    clock,
    commit: change =>
      store.commit(() => {
        const r = change();
        if (saves.failing) throw new Error('disk full');
        return r;
      }),
  });
  return { tm, saves };
}
