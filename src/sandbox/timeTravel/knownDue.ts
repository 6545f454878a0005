// What one move knows of each account's pending lines up to its target, kept while what they were found from stays
// the same. A move asks for each account's earliest due date several times on each bill date (every handler's
// `next`, then the run); after a run, only the accounts whose subscriptions changed (renewed, resumed) are priced
// again. During a move records are replaced, never changed in place (marks.ts), so the same records, the same
// ledger with the same count of the account's documents, and the same usage lists give the same pending lines.
// An account billed through a date billed exactly its lines dated on or before it: the rest stay pending, due as
// the ledger's new last bill makes them (billRun.ts dueDateOf), so they are known without pricing them again.
import { dueDateOf, type AccountScope, type PendingLine } from '../invoicing/billRun';
import type { Ledger } from '../state/documents';
import type { AccountRec, OrderRec, Store, SubscriptionRec } from '../state/store';

export interface Known {
  until: string;
  cycleDay: number;
  currency: string;
  subscriptions: readonly SubscriptionRec[];
  orders: readonly OrderRec[];
  ledger: Ledger;
  documents: number;
  usage: number;
  /** The account's lines pending through `until` (pendingLines), in their order. */
  pending: readonly PendingLine[];
  /** The earliest date one of them is due on, on or before `until`; undefined: none is. */
  due: string | undefined;
}

const same = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The usage lists only grow during a move: their lengths say whether a record or a change came. */
const usageCount = (store: Store) => store.usage.list.length + store.usage.entries.length;

export class KnownDue {
  private readonly known = new Map<string, Known>();
  /** The date the move's handlers ask about (its target): a run's date is on or before it. */
  until: string | undefined;

  /** What is known of the account up to `until`, if it still holds. */
  get(store: Store, account: AccountRec, scope: AccountScope, until: string): Known | undefined {
    const k = this.known.get(account.account_number);
    const holds =
      k !== undefined &&
      k.until === until &&
      k.cycleDay === account.bill_cycle_day &&
      k.currency === account.currency &&
      k.ledger === store.ledger &&
      k.documents === store.ledger.documentsOf(account.account_number) &&
      k.usage === usageCount(store) &&
      same(k.subscriptions, scope.subscriptions) &&
      same(k.orders, scope.orders);
    return holds ? k : undefined;
  }

  /** Keeps the account's pending lines through `until`; answers their earliest due date up to it. */
  set(
    store: Store,
    account: AccountRec,
    scope: AccountScope,
    until: string,
    pending: readonly PendingLine[],
  ): string | undefined {
    let due: string | undefined;
    for (const p of pending) if (p.due <= until && (due === undefined || p.due < due)) due = p.due;
    this.known.set(account.account_number, {
      until,
      cycleDay: account.bill_cycle_day,
      currency: account.currency,
      subscriptions: scope.subscriptions,
      orders: scope.orders,
      ledger: store.ledger,
      documents: store.ledger.documentsOf(account.account_number),
      usage: usageCount(store),
      pending,
      due,
    });
    return due;
  }

  /** The account's lines pending through `date` (on or before what `k` is known up to): what its bill bills. */
  static through(k: Known, date: string): PendingLine[] {
    return k.pending.slice(0, datedBy(k.pending, date));
  }

  /** The account was billed through `date` the lines `through` gave: the later ones stay, due from its new last bill. */
  billed(store: Store, account: AccountRec, scope: AccountScope, k: Known, date: string): void {
    const dueOf = dueDateOf(store.ledger.billedThrough(account.account_number), account.bill_cycle_day);
    const left = k.pending.slice(datedBy(k.pending, date)).map(p => {
      const due = dueOf(p.item.target_date);
      return due === p.due ? p : { ...p, due };
    });
    this.set(store, account, scope, k.until, left);
  }
}

/** How many of the lines (in date order, as pendingLines gives them) are dated on or before `date`. */
function datedBy(lines: readonly PendingLine[], date: string): number {
  let i = 0;
  while (i < lines.length && lines[i].item.target_date <= date) i++;
  return i;
}
