// What changed since the last write, as one journal record (journalReplay.ts): so a write costs what it changed.
// The lists only grow, except when the store shrinks them (a rollback, time travel back: `shrunk` keeps the lowest
// length seen, the low-water mark); subscriptions are a map that reports each set and delete (TrackedMap);
// accounts changed in place are reported (`accountChanged`: a PATCH, time travel putting one back); the small
// parts are compared whole. Anything not explained (a list whose last known item is no longer where it was) is
// written from the start, never skipped: the safety-net test (journal-safety-net.test.ts) holds this.
import type { JournalRecord, KeyedOp } from './journalReplay';

/** What the tracker reads of the store (structural: the store imports this file). */
export interface TrackedStore {
  /** The accounts added after any seeding (all of them without one): what the snapshot's `accounts` lists. */
  accountList: { readonly tail: readonly unknown[] };
  accounts: { seededIndex(key: string): number };
  subscriptions: ReadonlyMap<string, unknown>;
  /** The seeding's count, time and deleted rows, as the snapshot's `seeded` holds them (undefined: none). */
  seededInfo(): unknown;
  numbers: { counters: Record<string, number> };
  today: string | undefined;
  catalog: { source?: readonly unknown[] };
  notifications: { size: number; snapshot(): unknown[] };
  calloutTemplates: { size: number; snapshot(): unknown[] };
  /** Idempotency-Keys by key (idempotencyKeys.ts), a map that reports each put and delete as subscriptions do. */
  idempotencyKeys: ListenedMap;
}
type Lists = Record<string, () => readonly unknown[]>;

/** A map that tells its listener each change (the store's subscriptions: seededCollections.ts SeededMap). */
interface Listened {
  listener: ((key: string | undefined, kind: 'p' | 'a' | 'd' | 'clear') => void) | undefined;
}
type ListenedMap = Listened & { get(key: string): unknown; values(): Iterable<unknown> };

/** What a listened map changed since the last write: each key's last change, or all of it after a clear. */
class MapChanges {
  readonly ops = new Map<string, 'p' | 'a' | 'd'>();
  whole = false;
  constructor(private readonly map: ListenedMap) {
    map.listener = (key, kind) => {
      if (kind === 'clear') {
        this.whole = true;
        this.ops.clear();
      } else if (kind === 'a') {
        this.ops.delete(key!); // to the end: the order the map now has
        this.ops.set(key!, 'a');
      } else if (kind === 'd') this.ops.set(key!, 'd');
      else if (!this.ops.has(key!)) this.ops.set(key!, 'p');
    };
  }
  reset(): void {
    this.ops.clear();
    this.whole = false;
  }
  all(): unknown[] {
    return [...this.map.values()];
  }
  keyedOps(): KeyedOp[] {
    const ops: KeyedOp[] = [];
    for (const [key, kind] of this.ops) {
      const now = this.map.get(key);
      if (kind === 'd' || now === undefined) ops.push(['d', key]);
      else ops.push([kind, now]);
    }
    return ops;
  }
}

interface Known {
  length: number;
  last: unknown;
  low: number;
}

export class ChangeTracker {
  private known = new Map<string, Known>();
  private readonly subs: MapChanges;
  private readonly keys: MapChanges;
  private accounts = new Set<unknown>();
  private written = new Map<string, unknown>(); // the small parts as last written (JSON, or the catalog itself)

  constructor(
    private readonly store: TrackedStore,
    private readonly lists: Lists,
  ) {
    this.subs = new MapChanges(store.subscriptions as unknown as ListenedMap);
    this.keys = new MapChanges(store.idempotencyKeys);
    this.baseline();
  }

  /** After a load or a whole snapshot: what the file holds is what memory holds. */
  baseline(): void {
    for (const [k, list] of Object.entries(this.lists)) {
      const l = list();
      this.known.set(k, { length: l.length, last: l[l.length - 1], low: l.length });
    }
    this.subs.reset();
    this.keys.reset();
    this.accounts.clear();
    for (const [k, v] of this.parts()) this.written.set(k, v);
  }

  /** The store cut its lists: each one's low-water mark goes down to its length now. */
  shrunk(): void {
    for (const [k, list] of Object.entries(this.lists)) {
      const n = this.known.get(k)!;
      n.low = Math.min(n.low, list().length);
    }
  }

  accountChanged(account: unknown): void {
    this.accounts.add(account);
  }

  /** The record of what changed (undefined: nothing), and what to call once it is written (the new baseline). */
  record(): { record: JournalRecord | undefined; written(): void } {
    const r: JournalRecord = {};
    const whole: Record<string, unknown> = {};
    const parts = this.parts();
    for (const [k, v] of parts) {
      if (this.written.get(k) === v) continue;
      whole[k] =
        k === 'catalog'
          ? (v as TrackedStore['catalog']).source
            ? { plans: (v as TrackedStore['catalog']).source }
            : null
          : v === undefined
            ? null
            : JSON.parse(v as string);
    }
    if (this.subs.whole) whole.subscriptions = this.subs.all();
    if (this.keys.whole) whole.idempotency = this.keys.all();
    if (Object.keys(whole).length) r.whole = whole;
    const froms = new Map<string, number>();
    for (const [k, list] of Object.entries(this.lists)) {
      const l = list();
      const n = this.known.get(k)!;
      let from = Math.min(n.low, n.length, l.length);
      if (from === n.length && from > 0 && l[from - 1] !== n.last) from = 0; // not explained: all of it again
      froms.set(k, from);
      if (from === n.length && l.length === n.length) continue;
      (r.lists ??= {})[k] = [from, l.slice(from)];
    }
    const [changed, seeded] = this.changedAccounts(froms.get('accounts') ?? 0);
    if (changed.length) r.set = { accounts: changed };
    if (!this.subs.whole && this.subs.ops.size) r.keyed = { subscriptions: this.subs.keyedOps() };
    if (!this.keys.whole && this.keys.ops.size) (r.keyed ??= {}).idempotency = this.keys.keyedOps();
    if (seeded.length) (r.keyed ??= {}).seededAccounts = seeded.map(a => ['p', a] as KeyedOp);
    const record = Object.keys(r).length ? r : undefined;
    return { record, written: () => this.baseline() };
  }

  /** Accounts changed in place: added ones by their index in `accounts`, seeded ones by key (`seededAccounts`). */
  private changedAccounts(from: number): [[number, unknown][], unknown[]] {
    const out: [number, unknown][] = [];
    const seeded: unknown[] = [];
    const tail = this.store.accountList.tail;
    for (const a of this.accounts) {
      const number = (a as { account_number?: unknown }).account_number;
      if (typeof number === 'string' && this.store.accounts.seededIndex(number) >= 0) {
        seeded.push(a);
        continue;
      }
      const i = tail.indexOf(a);
      if (i >= 0 && i < from) out.push([i, a]);
    }
    return [out.sort((x, y) => x[0] - y[0]), seeded];
  }

  /** The small parts, each as its JSON (undefined: absent) or, for the catalog, itself (it is replaced, never changed). */
  private parts(): [string, unknown][] {
    const s = this.store;
    const json = (has: boolean, v: () => unknown) => (has ? JSON.stringify(v()) : undefined);
    return [
      ['numbers', JSON.stringify(s.numbers.counters)],
      ['today', json(s.today !== undefined, () => s.today)],
      ['catalog', s.catalog],
      ['notifications', json(s.notifications.size > 0, () => s.notifications.snapshot())],
      ['calloutTemplates', json(s.calloutTemplates.size > 0, () => s.calloutTemplates.snapshot())],
      ['seeded', json(s.seededInfo() !== undefined, () => s.seededInfo())],
    ];
  }
}

/** The store's lists, by the snapshot's key for each (as `serialise` writes them). */
export interface ListedStore extends TrackedStore {
  orderList: { readonly tail: readonly unknown[] };
  documentList: readonly unknown[];
  billRunList: readonly unknown[];
  actions: { list: readonly unknown[] };
  payments: { methodList: unknown[]; paymentList: unknown[]; entries: unknown[]; refundList: unknown[] };
  usage: { list: unknown[]; entries: unknown[]; imports: unknown[] };
  changes: { list: readonly unknown[] };
}
export const trackerOf = (s: ListedStore) =>
  new ChangeTracker(s, {
    accounts: () => s.accountList.tail,
    orders: () => s.orderList.tail,
    documents: () => s.documentList,
    billRuns: () => s.billRunList,
    actions: () => s.actions.list,
    paymentMethods: () => s.payments.methodList,
    payments: () => s.payments.paymentList,
    paymentEntries: () => s.payments.entries,
    refunds: () => s.payments.refundList,
    usage: () => s.usage.list,
    usageEntries: () => s.usage.entries,
    usageImports: () => s.usage.imports,
    subscriptionChanges: () => s.changes.list,
  });
