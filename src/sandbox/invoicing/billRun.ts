// A bill run for one account through a target date: what the billing engine says the account's items bill up to
// that date (expected.ts), less what their documents already billed (the store's ledger), becomes one document:
// an invoice, or a credit memo when it gives back more than it bills. A line billed before that an item's history
// no longer holds (a change dated before that bill) is reversed, so that, after any run, what an item was billed
// through a date is exactly what the engine prices for it: nothing twice, nothing left out.
import { addDays } from '../../schemas/dates';
import { periods } from '../billing';
import { splitByDocument } from '../billing/creditSplit';
import { boundedAmount, SUM_DECIMALS } from '../money/limits';
import { exact, neg } from '../money/exact';
import { sumOf, toMinor } from '../money/rounding';
import type { Billed, BillingDocumentRec, ChargeKind, DocumentItemRec } from '../state/documents';
import { newId } from '../state/ids';
import type { AccountRec, OrderRec, Store, SubscriptionRec } from '../state/store';
import { byItemOf, orderLines, subscriptionLines, subscriptionLinesByItem, type ExpectedLine } from './expected';
import { usageRater } from './usageRating';

/** An account's records that bill: its subscriptions and its orders (their line items). */
export interface AccountScope {
  subscriptions: SubscriptionRec[];
  orders: OrderRec[];
}

/** Every account's records, in one pass over the store. */
export function accountScopes(store: Store): Map<string, AccountScope> {
  const scopes = new Map<string, AccountScope>();
  const scope = (n: string) => {
    let s = scopes.get(n);
    if (!s) scopes.set(n, (s = { subscriptions: [], orders: [] }));
    return s;
  };
  for (const a of store.accountList) scope(a.account_number);
  for (const s of store.subscriptions.values()) scope(s.account_number).subscriptions.push(s);
  for (const o of store.orderList) if (o.line_items.length) scope(o.account_number).orders.push(o);
  return scopes;
}

export function accountScope(store: Store, accountNumber: string): AccountScope {
  return accountScopes(store).get(accountNumber) ?? { subscriptions: [], orders: [] };
}

/** Which of an account's charges a bill run takes. */
export interface BillFilter {
  /** Only these subscriptions (ids or numbers); order line items only when absent. */
  subscriptions?: ReadonlySet<string>;
  /** Charge types left for a later run. */
  exclude?: ReadonlySet<ChargeKind>;
  /** Leave the subscriptions, or the orders' line items, for a later run. */
  skipSubscriptions?: boolean;
  skipLineItems?: boolean;
}

/** A line to bill: new, or the reversal of one billed before; `due` is the date an automatic bill run takes it. */
export interface PendingLine {
  item: Omit<DocumentItemRec, 'id'>;
  reversal: boolean;
  due: string;
}

/**
 * The account's lines through `through` that its documents do not hold yet, and the billed ones they should not
 * hold. A line is due on its own date; one dated at or before the account's last bill run (a change dated back)
 * is due on the next bill cycle date after that run.
 */
export function pendingLines(
  store: Store,
  account: AccountRec,
  scope: AccountScope,
  through: string,
  filter: BillFilter = {},
): PendingLine[] {
  const cycleDay = account.bill_cycle_day;
  const named = filter.subscriptions;
  const subs = filter.skipSubscriptions
    ? []
    : named
      ? scope.subscriptions.filter(s => named.has(s.id) || named.has(s.subscription_number))
      : scope.subscriptions;
  const usage = usageRater(store.usage.ofAccount(account.account_number), subs, account.currency);
  // What each item should have billed, by line: a subscription's lines grouped once per record (they may run past
  // `through`: left out below), its usage rated and orders' line items grouped here.
  const wanted = new Map<string, ReadonlyMap<string, Billed>>();
  let later = false; // whether some of them are dated after `through`
  const here: ExpectedLine[] = [];
  for (const s of subs) {
    if (usage.rates(s)) here.push(...usage.rate(subscriptionLines(s, cycleDay, through, account.currency)));
    else {
      const grouped = subscriptionLinesByItem(s, cycleDay, through, account.currency);
      later ||= grouped.through > through;
      for (const [id, lines] of grouped.byItem) wanted.set(id, lines);
    }
  }
  const ids = subs.flatMap(s => s.plans.flatMap(p => p.items.map(i => i.id)));
  if (!named && !filter.skipLineItems) {
    for (const o of scope.orders) {
      here.push(...orderLines(o, cycleDay, through, account.currency));
      ids.push(...(o.line_items as { id: string }[]).map(li => li.id));
    }
  }
  for (const [id, lines] of byItemOf(here)) wanted.set(id, lines);
  const dueOf = dueDateOf(store.ledger.billedThrough(account.account_number), cycleDay);
  const out: PendingLine[] = [];
  for (const id of ids) {
    const want = wanted.get(id) ?? NOTHING;
    const billed = store.ledger.lines(id);
    for (const [key, w] of want) {
      if (later && w.item.target_date > through) continue;
      for (let n = w.count - (billed.get(key)?.count ?? 0); n > 0; n--) {
        out.push({ item: w.item, reversal: false, due: dueOf(w.item.target_date) });
      }
    }
    const billedLater = (store.ledger.latestOf(id) ?? '') > through;
    for (const [key, b] of billed) {
      if (billedLater && b.item.target_date > through) continue;
      for (let n = b.count - (want.get(key)?.count ?? 0); n > 0; n--) {
        const { id: _id, reversal: _r, ...item } = b.item;
        out.push({ item: { ...item, amount: -item.amount }, reversal: true, due: dueOf(item.target_date) });
      }
    }
  }
  const excluded = filter.exclude;
  const kept = excluded ? out.filter(p => !excluded.has(p.item.charge_type)) : out;
  // In date order; on one date, what is given back before what is billed again (the sort is stable).
  const byDate = (a: PendingLine, b: PendingLine) =>
    a.item.target_date < b.item.target_date ? -1 : a.item.target_date > b.item.target_date ? 1 : 0;
  return kept.sort((a, b) => byDate(a, b) || Number(b.reversal) - Number(a.reversal));
}

const NOTHING: ReadonlyMap<string, Billed> = new Map();

/**
 * When a line dated `target` is due, the account billed through `reached`: on its date, or when it is dated on or
 * before that bill (a change dated back), on the next bill cycle date after it.
 */
export function dueDateOf(reached: string | undefined, cycleDay: number): (target: string) => string {
  if (reached === undefined) return target => target;
  let catchUp: string | undefined; // found when first needed: most lines are dated after the last bill
  return target => (target > reached ? target : (catchUp ??= nextCycleDate(reached, cycleDay)));
}

/** The first bill cycle date after `date`. */
export function nextCycleDate(date: string, cycleDay: number): string {
  const first = periods(addDays(date, 1), 1, cycleDay).next().value!;
  return first.start === first.fullStart ? first.start : first.end;
}

export interface BillOptions extends BillFilter {
  /** What is due on or before it is billed. */
  targetDate: string;
  /** The document's date (default: the target date). */
  documentDate?: string;
  billRunNumber?: string;
  /** Its created time. */
  now: string;
}

/**
 * Bills the account through the target date: the documents it issues (kept in the store), none when nothing is
 * due; one invoice, or when the bill comes to less than zero a credit memo and an invoice (billing/creditSplit.ts).
 */
export function billAccount(
  store: Store,
  account: AccountRec,
  scope: AccountScope,
  opts: BillOptions,
  pending = pendingLines(store, account, scope, opts.targetDate, opts), // the caller's when it knows them
): BillingDocumentRec[] {
  const items: DocumentItemRec[] = pending.map(p => ({
    id: newId(),
    ...p.item,
    ...(p.reversal ? { reversal: true } : {}),
  }));
  // The items' amounts are rounded already: in minor units at a scale that holds any currency's, their exact sums.
  const owed = (i: DocumentItemRec) => toMinor(exact(i.amount), SUM_DECIMALS, 'half-even');
  return splitByDocument(items, owed).map(({ type, lines }) => {
    const sum = sumOf(lines.map(i => i.amount));
    const total = boundedAmount(
      type === 'credit_memo' ? neg(sum) : sum,
      `The bill of ${account.account_number} through ${opts.targetDate}`,
    );
    const document: BillingDocumentRec = {
      id: newId(),
      number: store.numbers.next(type === 'invoice' ? 'INV' : 'CM'),
      type,
      account_number: account.account_number,
      account_id: account.id,
      currency: account.currency,
      document_date: opts.documentDate ?? opts.targetDate,
      target_date: opts.targetDate,
      ...(opts.billRunNumber ? { bill_run_number: opts.billRunNumber } : {}),
      items: lines,
      total,
      created_time: opts.now,
    };
    store.addDocument(document);
    return document;
  });
}
