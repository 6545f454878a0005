// How the store holds a seeding (seededRows.ts): its maps and lists answer the seeded rows, its counters stand
// past them, and the data file keeps the seed count and time with only the rows held (changed or read for a
// change), never the derived ones.
import type { Numbers } from './ids';
import type { AccountRec, OrderRec, SubscriptionRec } from './records';
import type { SeededList, SeededMap } from './seededCollections';
import { Seeding, type SeededInfo } from './seededRows';

/** The parts of the store a seeding lives in (the Store, without importing it). */
export interface SeededHolder {
  numbers: Numbers;
  accounts: SeededMap<AccountRec>;
  subscriptions: SeededMap<SubscriptionRec>;
  orders: SeededMap<OrderRec>;
  accountList: SeededList<AccountRec>;
  orderList: SeededList<OrderRec>;
  seeding: Seeding | undefined;
}

/** The store (with nothing in it) answers `seeding`'s rows, its counters past them. */
export function attachSeeding(store: SeededHolder, seeding: Seeding, counters = true): void {
  store.seeding = seeding;
  store.accounts.seedWith(seeding.accounts);
  store.subscriptions.seedWith(seeding.subscriptions);
  store.orders.seedWith(seeding.orders);
  store.accountList.seedWith(seeding.accounts.count);
  store.orderList.seedWith(seeding.orders.count);
  if (counters) store.numbers.counters = seeding.counters();
}

/** The seeding goes, with the seeded rows held (a rollback of the commit that seeded). */
export function unseed(store: SeededHolder): void {
  for (const map of [store.accounts, store.subscriptions, store.orders] as SeededMap<unknown>[]) {
    const seeded: string[] = [];
    for (let i = 0; i < map.seededCount; i++) {
      if (map.heldRow(map.seededKey(i)) !== undefined) seeded.push(map.seededKey(i));
    }
    map.seedWith(undefined);
    for (const k of seeded) map.delete(k);
  }
  store.accountList.seedWith(0);
  store.orderList.seedWith(0);
  store.seeding = undefined;
}

/** What the data file keeps of the seeding: its count and time, and the seeded subscriptions deleted since. */
export function seededInfoOf(store: SeededHolder): SeededInfo | undefined {
  if (!store.seeding) return undefined;
  const gone = store.subscriptions.goneKeys();
  return { count: store.seeding.count, time: store.seeding.time, ...(gone.length ? { gone } : {}) };
}

/**
 * The rows the data file keeps: without a seeding, all of them; with one, the rows added after it (`accounts`,
 * `orders`: their list order, which the journal's records index), the seeded accounts and orders held apart
 * (`seededAccounts`, `seededOrders`, by key: read for a change, or changed), the subscriptions held, and the seeding
 * they override.
 */
export function keptRows(store: SeededHolder) {
  const seeded = seededInfoOf(store);
  const heldSeeded = <V>(map: SeededMap<V>, keyOf: (v: V) => string) =>
    map.changedValues().filter(v => map.seededIndex(keyOf(v)) >= 0);
  return {
    ...(seeded ? { seeded } : {}),
    accounts: store.accountList.tail.slice(),
    subscriptions: store.subscriptions.changedValues(),
    orders: store.orderList.tail.slice(),
    ...(seeded
      ? {
          seededAccounts: heldSeeded(store.accounts, a => a.account_number),
          seededOrders: heldSeeded(store.orders, o => o.order_number),
        }
      : {}),
  };
}

/** A data file's seeding, before its rows are added (held rows of seeded keys then override derived ones). */
export function loadSeeding(store: SeededHolder, info: SeededInfo | undefined): void {
  if (!info || typeof info.count !== 'number' || typeof info.time !== 'string') return;
  attachSeeding(store, new Seeding(info.count, info.time), false);
  for (const k of Array.isArray(info.gone) ? info.gone : []) store.subscriptions.delete(k);
}
