// What one journal record says, and how it is put onto a snapshot (the parsed JSON a data file holds), generically:
// the record names snapshot keys, never store logic, so the compaction worker replays it without the store.
// Per list (accounts, orders, documents, payments...): cut to `from`, then append; per list, records changed in
// place (an account's PATCH) set at their index; per keyed list (subscriptions, by number): put (in place), add
// (to the end: it was deleted then set again, or is new) or delete; small parts (counters, catalog, today,
// notifications) written whole, null when absent.

export type KeyedOp = ['p', unknown] | ['a', unknown] | ['d', string];

export interface JournalRecord {
  /** Small parts written whole (null: absent), and a keyed list written whole after a clear. */
  whole?: Record<string, unknown>;
  /** Per list: [length it was cut to, items appended after]. */
  lists?: Record<string, [number, unknown[]]>;
  /** Per list: [index, item] of records changed in place (within the part not cut). */
  set?: Record<string, [number, unknown][]>;
  keyed?: Record<string, KeyedOp[]>;
}

/** The keyed lists of the snapshot, and the field that keys them. */
export const KEYED: Record<string, string> = {
  subscriptions: 'subscription_number',
  seededAccounts: 'account_number', // a seeded account changed in place (seededStore.ts keptRows)
  seededOrders: 'order_number',
  idempotency: 'key', // Idempotency-Keys and their answers (idempotencyKeys.ts)
};

/** Puts `records`, in order, onto the snapshot `o` (changed in place). */
export function replay(o: Record<string, unknown>, records: readonly JournalRecord[]): void {
  const maps = new Map<string, Map<string, unknown>>(); // a keyed list as a map while records are put on
  const mapOf = (k: string) => {
    let m = maps.get(k);
    if (!m) {
      const field = KEYED[k];
      const list = Array.isArray(o[k]) ? (o[k] as Record<string, unknown>[]) : [];
      m = new Map(list.map(x => [String(x[field]), x]));
      maps.set(k, m);
    }
    return m;
  };
  for (const r of records) {
    for (const [k, v] of Object.entries(r.whole ?? {})) {
      maps.delete(k);
      if (v === null) delete o[k];
      else o[k] = v;
    }
    for (const [k, [from, items]] of Object.entries(r.lists ?? {})) {
      const list = Array.isArray(o[k]) ? (o[k] as unknown[]) : [];
      list.length = Math.min(list.length, from);
      for (const x of items) list.push(x);
      o[k] = list;
    }
    for (const [k, changed] of Object.entries(r.set ?? {})) {
      const list = o[k] as unknown[];
      for (const [i, x] of changed) list[i] = x;
    }
    for (const [k, ops] of Object.entries(r.keyed ?? {})) {
      const m = mapOf(k);
      const field = KEYED[k];
      for (const op of ops) {
        if (op[0] === 'd') m.delete(op[1]);
        else {
          const key = String((op[1] as Record<string, unknown>)[field]);
          if (op[0] === 'a') m.delete(key);
          m.set(key, op[1]);
        }
      }
    }
  }
  for (const [k, m] of maps) o[k] = [...m.values()];
}
