// The order, invoice and bill run events: an order processed (each order added), an invoice posted (issued
// posted, or posted later by a post action), a bill run completed (each run added, unless deleted).
import { billRunStatus, documentStatus } from '../state/actions';
import { accountFields, amountText, type EventSource, type SandboxEvent } from './source';

export const orderEvents: EventSource = {
  rank: 0,
  lengths: store => ({ orders: store.orderList.length }),
  since: (store, seen) =>
    store.orderList.slice(seen.orders).map(o => ({
      type: 'OrderProcessed',
      date: o.order_date,
      objectId: o.id,
      fields: {
        'Order.Id': o.id,
        'Order.OrderNumber': o.order_number,
        'Order.OrderDate': o.order_date,
        ...accountFields(store, o.account_number),
      },
    })),
};

export const invoiceEvents: EventSource = {
  rank: 2,
  lengths: store => ({ documents: store.documentList.length, actions: store.actions.list.length }),
  since(store, seen) {
    const postedLater = new Set(
      store.actions.list
        .slice(seen.actions)
        .filter(a => a.action === 'post')
        .map(a => a.id),
    );
    const fresh = store.documentList.slice(seen.documents);
    const earlier = store.documentList.slice(0, seen.documents).filter(d => postedLater.has(d.id));
    const out: SandboxEvent[] = [];
    for (const d of [...earlier, ...fresh]) {
      if (d.type !== 'invoice' || documentStatus(d.created_time, store.actions.of(d.id)).state !== 'posted') continue;
      out.push({
        type: 'InvoicePosted',
        date: d.document_date,
        objectId: d.id,
        fields: {
          'Invoice.Id': d.id,
          'Invoice.InvoiceNumber': d.number,
          'Invoice.InvoiceDate': d.document_date,
          'Invoice.Amount': amountText(d.total, d.currency),
          'Invoice.Currency': d.currency,
          ...(d.bill_run_number ? { 'BillRun.BillRunNumber': d.bill_run_number } : {}),
          ...accountFields(store, d.account_number),
        },
      });
    }
    return out;
  },
};

export const billRunEvents: EventSource = {
  rank: 5,
  lengths: store => ({ billRuns: store.billRunList.length }),
  since: (store, seen) =>
    store.billRunList
      .slice(seen.billRuns)
      .filter(r => !billRunStatus(store.actions.of(r.id)).deleted)
      .map(r => ({
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
      })),
};
