// Seeded customers derived on demand: customer i (account, subscriptions, orders) is a pure function of i and the
// seed time, filled from a template the engine made by running the real orders (engine/seededTemplates.ts). The
// store keeps how many were seeded and when; its maps and lists answer the rows (seededCollections.ts).
import type { RowSource } from './seededCollections';
import { fill, numberText, seededId, seededIdParts, type CustomerTemplate, type SeedTemplates } from './seededTemplate';
import type { AccountRec, OrderRec, SubscriptionRec } from './records';

/** What the data file keeps of a seeding. */
export interface SeededInfo {
  count: number;
  time: string;
  /** Seeded subscriptions deleted since (kept deleted). */
  gone?: string[];
}

type Builder = (time: string) => SeedTemplates;
let builder: Builder | undefined;
/** The engine gives the way to make templates (the state room cannot run orders itself). */
export const useSeedTemplates = (b: Builder) => {
  builder = b;
};

export class Seeding {
  private made: SeedTemplates | undefined;
  readonly accounts: RowSource<AccountRec>;
  readonly subscriptions: RowSource<SubscriptionRec>;
  readonly orders: RowSource<OrderRec>;

  constructor(
    readonly count: number,
    readonly time: string,
    templates?: SeedTemplates,
  ) {
    this.made = templates;
    this.accounts = this.source(
      'A',
      t => [t.account],
      t => t.idSlots.account,
    );
    this.subscriptions = this.source(
      'S',
      t => t.subscriptions,
      (t, r) => t.idSlots.subscriptions[r],
    );
    this.orders = this.source(
      'O',
      t => t.orders,
      (t, r) => t.idSlots.orders[r],
    );
  }

  get templates(): SeedTemplates {
    if (!this.made) {
      if (!builder) throw new Error('Seeded rows need the engine (engine/seededTemplates.ts) loaded to be derived.');
      this.made = builder(this.time);
    }
    return this.made;
  }

  /** The counters once every customer is seeded. */
  counters(): Record<string, number> {
    const t = this.templates;
    const out: Record<string, number> = {};
    const per = this.count > 1 ? t.per_customer : {}; // one customer needs no second one made
    for (const [p, n] of Object.entries(t.first_counters)) out[p] = n + (this.count - 1) * (per[p] ?? 0);
    return out;
  }

  templateOf(i: number): CustomerTemplate {
    const t = this.templates;
    return i === 0 ? t.first : t.variant(i);
  }

  /** Where customer i's numbers with a prefix start (the counter before it). */
  private base(i: number, prefix: string): number {
    if (i === 0) return 0;
    const t = this.templates;
    return (t.first_counters[prefix] ?? 0) + (i - 1) * (t.per_customer[prefix] ?? 0);
  }

  /** Rows with prefix P: customer 0's first (its count), then `per` for each later customer. */
  private source<V>(
    prefix: string,
    rows: (t: CustomerTemplate) => CustomerTemplate['orders'],
    idSlot: (t: CustomerTemplate, r: number) => number,
  ): RowSource<V> & { customerOf(j: number): [number, number]; idOf(j: number): string } {
    const first = () => this.templates.first_counters[prefix];
    const per = () => this.templates.per_customer[prefix];
    const count = () => (this.count > 1 ? first() + (this.count - 1) * per() : this.count > 0 ? first() : 0);
    const customerOf = (j: number): [number, number] =>
      j < first() ? [0, j] : [1 + Math.floor((j - first()) / per()), (j - first()) % per()];
    return {
      get count() {
        return count();
      },
      keyAt: j => numberText(prefix, j + 1),
      indexOf(key) {
        if (key.length !== prefix.length + 8 || !key.startsWith(prefix)) return -1;
        const j = Number(key.slice(prefix.length)) - 1;
        return Number.isInteger(j) && j >= 0 && j < count() ? j : -1;
      },
      derive: j => {
        const [i, r] = customerOf(j);
        return fill<V>(rows(this.templateOf(i))[r], i, p => this.base(i, p));
      },
      customerOf,
      idOf: j => {
        const [i, r] = customerOf(j);
        return seededId(i, idSlot(this.templateOf(i), r));
      },
    };
  }

  /** The seeded row index (with `source`'s prefix) whose id this is; -1 when none is. */
  indexOfId(kind: 'accounts' | 'subscriptions' | 'orders', id: string): number {
    const parts = seededIdParts(id);
    if (!parts || parts.i >= this.count) return -1;
    const src = this[kind] as ReturnType<Seeding['source']>;
    const t = this.templateOf(parts.i);
    const rows = kind === 'accounts' ? 1 : t[kind].length;
    const firstRow = parts.i === 0 ? 0 : this.templates.first_counters[PREFIX[kind]] + (parts.i - 1) * rows;
    for (let r = 0; r < rows; r++) if (src.idOf(firstRow + r) === id) return firstRow + r;
    return -1;
  }

  /** The customer a seeded subscription or order row was made for. */
  customerOfRow(kind: 'subscriptions' | 'orders', j: number): number {
    return (this[kind] as ReturnType<Seeding['source']>).customerOf(j)[0];
  }

  /** The seeded rows (list indices) of customer i's subscriptions or orders. */
  rowsOf(kind: 'subscriptions' | 'orders', i: number): number[] {
    const t = this.templateOf(i);
    const n = t[kind].length;
    const firstRow = i === 0 ? 0 : this.templates.first_counters[PREFIX[kind]] + (i - 1) * n;
    return Array.from({ length: n }, (_, r) => firstRow + r);
  }
}

const PREFIX = { accounts: 'A', subscriptions: 'S', orders: 'O' } as const;
