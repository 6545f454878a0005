// Finding rows without walking a million seeded ones: a seeded id names its customer (seededTemplate.ts), and a
// seeded customer's subscriptions and orders are known from its index. Rows held (changed, or made since) are
// looked at too: a seeded subscription can change owner, and new rows have random ids.
import { seededList, type SeededList } from './seededCollections';
import type { AccountRec, OrderRec, Store, SubscriptionRec } from './store';

/** The account with this id: a seeded one from its id alone, else the accounts made since. */
export function accountById(store: Store, id: string): AccountRec | undefined {
  const j = store.seeding?.indexOfId('accounts', id) ?? -1;
  if (j >= 0 && j < store.accountList.seededLength) return store.accountList[j];
  if (!store.seeding) return store.accountList.find(a => a.id === id);
  return store.accountList.tail.find(a => a.id === id);
}

export function orderById(store: Store, id: string): OrderRec | undefined {
  const j = store.seeding?.indexOfId('orders', id) ?? -1;
  if (j >= 0 && j < store.orderList.seededLength) return store.orderList[j];
  if (!store.seeding) return store.orderList.find(o => o.id === id);
  return store.orderList.tail.find(o => o.id === id);
}

export function subscriptionById(store: Store, id: string): SubscriptionRec | undefined {
  const seeding = store.seeding;
  if (!seeding || !store.subscriptions.seededCount) return [...store.subscriptions.values()].find(s => s.id === id);
  const j = seeding.indexOfId('subscriptions', id);
  if (j >= 0) return store.subscriptions.get(store.subscriptions.seededKey(j));
  return store.subscriptions.heldValues().find(s => s.id === id);
}

/**
 * Every subscription in the map's order as a list a page is sliced from without making the others: the seeded
 * ones by index, then the rest. A store with a seeded subscription deleted lists them all as rows.
 */
export function subscriptionList(store: Store): SeededList<SubscriptionRec> | SubscriptionRec[] {
  const subs = store.subscriptions;
  if (!subs.seededCount || subs.goneKeys().length) return [...subs.values()];
  const list = seededList(subs);
  list.seedWith(subs.seededCount);
  list.push(...subs.heldValues().filter(s => subs.seededIndex(s.subscription_number) < 0));
  return list;
}

/** The seeded customer index of an account number; -1 when it is not a seeded one. */
const customerOf = (store: Store, accountNumber: string) => store.accounts.seededIndex(accountNumber);

/** The account's subscriptions, in the store's order (seeded ones first, by number). */
export function subscriptionsOf(store: Store, accountNumber: string): SubscriptionRec[] {
  const seeding = store.seeding;
  if (!seeding || !store.subscriptions.seededCount) {
    return [...store.subscriptions.values()].filter(s => s.account_number === accountNumber);
  }
  const subs = store.subscriptions;
  const keys = new Set<string>();
  const i = customerOf(store, accountNumber);
  if (i >= 0) for (const j of seeding.rowsOf('subscriptions', i)) keys.add(subs.seededKey(j));
  for (const s of subs.heldValues()) if (s.account_number === accountNumber) keys.add(s.subscription_number);
  return ordered(subs, keys).filter(s => s.account_number === accountNumber);
}

/** The account's orders, in the store's order. */
export function ordersOf(store: Store, accountNumber: string): OrderRec[] {
  const seeding = store.seeding;
  if (!seeding) return store.orderList.filter(o => o.account_number === accountNumber);
  const i = customerOf(store, accountNumber);
  const seeded = i >= 0 ? seeding.rowsOf('orders', i).filter(j => j < store.orderList.seededLength) : [];
  return [
    ...seeded.map(j => store.orderList[j]).filter(o => o.account_number === accountNumber),
    ...store.orderList.tail.filter(o => o.account_number === accountNumber),
  ];
}

/**
 * The orders that can name a subscription (its versions): the seeded orders of the customer it was seeded for,
 * and every order made since (an order on another account may have changed it after an owner transfer).
 */
export function ordersTouching(store: Store, subscriptionNumber: string): OrderRec[] {
  const j = store.subscriptions.seededIndex(subscriptionNumber);
  if (!store.seeding || !store.orderList.seededLength) return [...store.orderList];
  const seeded = j < 0 ? [] : store.seeding.rowsOf('orders', store.seeding.customerOfRow('subscriptions', j));
  return [
    ...seeded.filter(r => r < store.orderList.seededLength).map(r => store.orderList[r]),
    ...store.orderList.tail,
  ];
}

/** The list indices of an account's orders: its seeded ones, then every one made since (tested by the caller). */
export function orderIndicesOf(store: Store, accountNumber: string): number[] {
  const list = store.orderList;
  const i = customerOf(store, accountNumber);
  const seeded = store.seeding && i >= 0 ? store.seeding.rowsOf('orders', i).filter(r => r < list.seededLength) : [];
  return [...seeded, ...Array.from({ length: list.tail.length }, (_, k) => list.seededLength + k)];
}

/** The rows of `keys` the map has, seeded ones by index then the others in the map's order. */
function ordered(subs: Store['subscriptions'], keys: Set<string>): SubscriptionRec[] {
  const seeded = [...keys].filter(k => subs.seededIndex(k) >= 0 && subs.has(k));
  seeded.sort((a, b) => subs.seededIndex(a) - subs.seededIndex(b));
  const others = subs
    .heldValues()
    .filter(s => keys.has(s.subscription_number) && subs.seededIndex(s.subscription_number) < 0);
  return [...seeded.map(k => subs.get(k)!), ...others];
}
