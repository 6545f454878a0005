// A mark: what it takes to put the state back as it was at one moment, without a copy of it. The lists only
// grow (accounts, orders, documents, bill runs: their lengths then), subscriptions are replaced, never changed in
// place (the records replaced since are kept, as they were), and the rest is small (the numbers handed out,
// the catalog, the date). So a mark keeps bytes in proportion to what changed after it, not to the store.
import { standingLedger } from '../state/actions';
import { ACCOUNT_KEY, type AccountRec, type Extent, type Store, type SubscriptionRec } from '../state/store';

/**
 * A subscription as it was at the mark: its JSON (undefined: it did not exist), as the data file keeps it. Not the
 * record itself: what is cached per record (its priced lines: invoicing/expected.ts) would stay alive with it.
 */
export interface Kept {
  json: string | undefined;
  bytes: number;
}

export interface Mark extends Extent {
  /** The date the state is of. */
  date: string;
  today: string | undefined;
  /** Subscriptions replaced after the mark (until the next one), as they were at it. */
  before: Map<string, Kept>;
  /** What the mark keeps: the records in `before` and its own few fields (JSON lengths). */
  bytes: number;
}

export function markOf(store: Store, date: string): Mark {
  const extent = store.extent();
  return {
    ...extent,
    date,
    today: store.today,
    before: new Map(),
    bytes: JSON.stringify(extent.counters).length + 100,
  };
}

/** Keeps what a subscription (or an account changed in place) was before its first change after the mark. */
export function note(mark: Mark, number: string, rec: SubscriptionRec | AccountRec | undefined): void {
  if (mark.before.has(number)) return;
  const json = rec && JSON.stringify(rec);
  const bytes = number.length + (json?.length ?? 0);
  mark.before.set(number, { json, bytes });
  mark.bytes += bytes;
}

/**
 * Folds `later` into `earlier` (the mark before it), so `earlier` goes back over both: what `earlier` holds of a
 * subscription is older and wins; what only `later` holds did not change between them.
 */
export function fold(earlier: Mark, later: Mark): void {
  for (const [n, kept] of later.before) {
    if (earlier.before.has(n)) continue;
    earlier.before.set(n, kept);
    earlier.bytes += kept.bytes;
  }
}

/**
 * Puts the state back to `to`, going back over `chain` (the marks from the newest down to `to`, which is last).
 * Memory only. Returns what undoes it, once the state is `to` again (a move that failed after it).
 */
export function putBack(store: Store, chain: readonly Mark[], to: Mark): () => void {
  const put = new Map<string, string | undefined>();
  for (const m of chain) for (const [n, { json }] of m.before) put.set(n, json); // the oldest mark's, last, wins
  const accounts = putAccountsBack(store, put);
  // Subscriptions made after `to` go: undoing it puts them back where they were in the store's order.
  const order = [...put.values()].includes(undefined) ? [...store.subscriptions.keys()] : undefined;
  const replaced = new Map<string, SubscriptionRec | undefined>();
  for (const [n, json] of put) {
    replaced.set(n, store.subscriptions.get(n));
    setSubscription(store, n, json === undefined ? undefined : (JSON.parse(json) as SubscriptionRec));
  }
  const was = { counters: store.numbers.counters, catalog: store.catalog, today: store.today };
  const removed = store.shrinkTo(to);
  const { orders, documents, billRuns, actions } = removed;
  store.today = to.today;
  return () => {
    for (const [n, rec] of replaced) setSubscription(store, n, rec);
    accounts.undo();
    if (order) {
      // Seeded ones always come first, in their own order: the others are set again in the order they had.
      for (const n of order) {
        if (store.subscriptions.seededIndex(n) >= 0) continue;
        const rec = store.subscriptions.get(n);
        if (!rec) continue;
        store.subscriptions.delete(n);
        store.subscriptions.set(n, rec);
      }
    }
    for (const a of removed.accounts) store.addAccount(a);
    for (const o of orders) store.addOrder(o);
    for (const d of documents) {
      store.documentList.push(d);
      store.documents.set(d.id, d);
      store.documents.set(d.number, d);
    }
    for (const r of billRuns) store.addBillRun(r);
    for (const a of actions) store.actions.add(a);
    store.payments.restore(removed.payments);
    store.usage.restore(removed.usage);
    store.changes.restore(removed.changes);
    store.idempotencyKeys.restore(removed.keys);
    store.numbers.counters = was.counters;
    store.catalog = was.catalog;
    store.today = was.today;
    store.ledger = standingLedger(store.documentList, store.actions); // the one before may have taken the failed move's documents
  };
}

/**
 * Accounts are changed in place (PATCH): each noted one gets its fields back, the same record (the lists and maps
 * hold it). Taken out of `put`, which then holds subscriptions only; returns what undoes it.
 */
function putAccountsBack(store: Store, put: Map<string, string | undefined>): { undo(): void } {
  const changed: [AccountRec, string][] = [];
  for (const [key, json] of put) {
    if (!key.startsWith(ACCOUNT_KEY)) continue;
    put.delete(key);
    const account = store.accounts.get(key.slice(ACCOUNT_KEY.length));
    if (!account || json === undefined) continue;
    changed.push([account, JSON.stringify(account)]);
    refill(account, JSON.parse(json) as AccountRec);
    store.accountChanged(account); // changed in place: the data file's journal writes it
  }
  return { undo: () => changed.forEach(([account, json]) => refill(account, JSON.parse(json) as AccountRec)) };
}

const refill = (rec: AccountRec, from: AccountRec) => {
  for (const k of Object.keys(rec)) delete (rec as unknown as Record<string, unknown>)[k];
  Object.assign(rec, from);
};

function setSubscription(store: Store, n: string, rec: SubscriptionRec | undefined): void {
  if (rec) store.subscriptions.set(n, rec);
  else store.subscriptions.delete(n);
}
