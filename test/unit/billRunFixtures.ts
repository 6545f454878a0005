// Orders and helpers the bill run tests share: a new customer on bill cycle day 1, the Team plan (10 seats at 25
// and the 100 platform fee: 350 a month), the five catalog models a 36-month term bills, a seat change by order.
import { runOrder } from '../../src/sandbox/engine/orders';
import { sandboxClock } from '../../src/sandbox/state/clock';
import type { BillingDocumentRec } from '../../src/sandbox/state/documents';
import { Store } from '../../src/sandbox/state/store';
import { TimeMachine } from '../../src/sandbox/timeTravel/timeMachine';

const termOf = (months: number) => ({ type: 'termed', interval: 'month', interval_count: months }) as const;

export const TEAM = { plan_id: 'plan-team-monthly', prices: [{ price_id: 'price-team-seats', quantity: 10 }] };
/** Five subscriptions, one per model: per unit + flat fee, annual flat fee, quarterly, tiered, volume. */
export const FIVE_PLANS = [
  TEAM,
  { plan_id: 'plan-enterprise-yearly' },
  { plan_id: 'plan-support-quarterly' },
  { plan_id: 'plan-storage-tiered', prices: [{ price_id: 'price-storage-tiered', quantity: 1200 }] },
  { plan_id: 'plan-licences-volume', prices: [{ price_id: 'price-licences-volume', quantity: 40 }] },
];

/** A new customer (bill cycle day 1) subscribing to `plans`, each its own subscription, from `start`. */
export function newCustomer(plans: object[] = [TEAM], start = '2027-01-01', months = 12, autoRenew = true) {
  return {
    order_date: start,
    account_data: { name: 'Billed', currency: 'USD', bill_cycle_day: 1, bill_to: { first_name: 'B', last_name: 'B' } },
    subscriptions: plans.map(p => ({
      initial_term: termOf(months),
      renewal_term: termOf(months),
      auto_renew: autoRenew,
      start_on: { contract_effective: start },
      subscription_plans: [p],
    })),
  };
}

/** A store on 2027-01-01 (no seed) with one customer's order, and the time machine that moves its clock. */
export function billed(order: object = newCustomer()) {
  const store = new Store();
  const clock = sandboxClock('2027-01-01');
  const outcome = runOrder(store, order as never, true, clock);
  const account = outcome.account!;
  const subscriptions = outcome.subscriptions.map(r => r.sub.subscription_number);
  const tm = new TimeMachine({ store, clock, commit: change => store.commit(change) });
  const documents = () => store.documentList.filter(d => d.account_number === account.account_number);
  return { store, clock, tm, account, subscriptions, outcome, documents };
}

/** The seats of a Team subscription become `quantity` on `date`, by order (made with the sandbox's today). */
export function changeSeats(store: Store, number: string, date: string, quantity: number, commit = true) {
  return changeSeatItem(store, number, date, { quantity }, commit);
}

/** The seats item of a Team subscription changed as `fields` say (`quantity`, `unit_amount`) on `date`, by order. */
export function changeSeatItem(store: Store, number: string, date: string, fields: object, commit = true) {
  const sub = store.subscriptions.get(number)!;
  const [plan] = sub.plans;
  const seats = plan.items.find(i => i.price_id === 'price-team-seats')!;
  const item = { subscription_item_number: seats.subscription_item_number, ...fields };
  const entry = {
    subscription_number: number,
    update_subscription_plans: [{ subscription_plan: { subscription_plan_id: plan.id, subscription_items: [item] } }],
  };
  return runOrder(
    store,
    { account_number: sub.account_number, order_date: date, subscriptions: [entry] } as never,
    commit,
  );
}

/** "INV 2027-01-01 350": type, date and total of each document. */
export const brief = (docs: readonly BillingDocumentRec[]) =>
  docs.map(d => `${d.type === 'invoice' ? 'INV' : 'CM'} ${d.document_date} ${d.total}`);

/** Each item: "Seats charge 2027-02-15..2027-02-28 x20 250" (R: a reversal). */
export const lines = (d: BillingDocumentRec) =>
  d.items.map(
    i => `${i.name} ${i.kind}${i.reversal ? ' R' : ''} ${i.service_start}..${i.service_end} x${i.quantity} ${i.amount}`,
  );

/** What the customer owes over documents, in cents (credit memos count against). */
export const owed = (docs: readonly BillingDocumentRec[]) =>
  docs.reduce((n, d) => n + Math.round(d.total * 100) * (d.type === 'invoice' ? 1 : -1), 0);
