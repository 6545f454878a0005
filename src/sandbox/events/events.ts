// What happened, read from the store after a commit: the orders, posted invoices and bill runs added since the
// last look. Reading after the commit (never inside it) means a rolled-back change is never announced; a clock
// move's bill runs are announced when its one commit is made. Each event carries its merge fields
// (`Invoice.InvoiceNumber`...), the values a callout's parameters name.
import { currencyDecimals } from '../../wire/money';
import { billRunStatus, documentStatus } from '../state/actions';
import type { EventTypeName } from '../state/notifications';
import type { Store } from '../state/store';

export interface SandboxEvent {
  type: EventTypeName;
  /** The business date it happened on (an order's date, an invoice's date, a bill run's document date). */
  date: string;
  /** The id of the object it is about (the history's objectId filter). */
  objectId: string;
  /** Merge field -> value. */
  fields: Record<string, string>;
}

/** How far the store's lists had been looked at. */
export interface Seen {
  orders: number;
  documents: number;
  billRuns: number;
  actions: number;
}

export const seenNow = (store: Store): Seen => ({
  orders: store.orderList.length,
  documents: store.documentList.length,
  billRuns: store.billRunList.length,
  actions: store.actions.list.length,
});

/** The events of what was added since `seen`, by date (at one date: orders, then invoices, then bill runs). */
export function eventsSince(store: Store, seen: Seen): SandboxEvent[] {
  const ranked: { e: SandboxEvent; rank: number; i: number }[] = [];
  const add = (e: SandboxEvent, rank: number) => ranked.push({ e, rank, i: ranked.length });
  for (const o of store.orderList.slice(seen.orders)) {
    const account = store.accounts.get(o.account_number);
    add(
      {
        type: 'OrderProcessed',
        date: o.order_date,
        objectId: o.id,
        fields: {
          'Order.Id': o.id,
          'Order.OrderNumber': o.order_number,
          'Order.OrderDate': o.order_date,
          ...accountFields(account, o.account_number),
        },
      },
      0,
    );
  }
  // An invoice posts when it is issued posted, or later by a post action.
  const postedLater = new Set(
    store.actions.list
      .slice(seen.actions)
      .filter(a => a.action === 'post')
      .map(a => a.id),
  );
  const fresh = store.documentList.slice(seen.documents);
  const earlier = store.documentList.slice(0, seen.documents).filter(d => postedLater.has(d.id));
  for (const d of [...earlier, ...fresh]) {
    if (d.type !== 'invoice' || documentStatus(d.created_time, store.actions.of(d.id)).state !== 'posted') continue;
    add(
      {
        type: 'InvoicePosted',
        date: d.document_date,
        objectId: d.id,
        fields: {
          'Invoice.Id': d.id,
          'Invoice.InvoiceNumber': d.number,
          'Invoice.InvoiceDate': d.document_date,
          'Invoice.Amount': d.total.toFixed(currencyDecimals(d.currency)), // already rounded once: only written
          'Invoice.Currency': d.currency,
          ...(d.bill_run_number ? { 'BillRun.BillRunNumber': d.bill_run_number } : {}),
          ...accountFields(store.accounts.get(d.account_number), d.account_number),
        },
      },
      1,
    );
  }
  for (const r of store.billRunList.slice(seen.billRuns)) {
    if (billRunStatus(store.actions.of(r.id)).deleted) continue;
    add(
      {
        type: 'BillRunCompletion',
        date: r.documentDate,
        objectId: r.id,
        fields: {
          'BillRun.Id': r.id,
          'BillRun.BillRunNumber': r.number,
          'BillRun.TargetDate': r.targetDate,
          'BillRun.InvoiceDate': r.documentDate,
          'BillRun.NumberOfAccounts': String(r.accountsProcessed),
          'BillRun.NumberOfInvoices': String(r.invoices),
          'BillRun.NumberOfCreditMemos': String(r.creditMemos),
          'BillRun.Status': 'Completed',
        },
      },
      2,
    );
  }
  ranked.sort((a, b) => (a.e.date < b.e.date ? -1 : a.e.date > b.e.date ? 1 : a.rank - b.rank || a.i - b.i));
  return ranked.map(r => ({ ...r.e, fields: { 'Event.Type': r.e.type, 'Event.Date': r.e.date, ...r.e.fields } }));
}

function accountFields(a: { id: string; name: string } | undefined, accountNumber: string): Record<string, string> {
  return {
    'Account.AccountNumber': accountNumber,
    ...(a ? { 'Account.Id': a.id, 'Account.Name': a.name } : {}),
  };
}
