// POST /v2/orders' processing_options in v2's words: what the order asks billed and collected with it (read here,
// done by collection/orderCollection.ts) and the answer's ar_transactions (arTransactionsOrders: the invoice and
// credit memo numbers, each payment with its state and record). The reference's order answer holds them on each of
// its subscriptions (postSubscriptionOrderResponse), none on the order: one bill covers the order's subscriptions, so
// each shows the same; an order of line items only has no place for them (GET /v2/invoices reads them).
import { currencyDecimals } from '../../wire/money';
import { billWithOrder, type OrderBilled, type OrderProcessing } from '../collection/orderCollection';
import { badRequest } from '../http/errors';
import type { OrderRec, Store } from '../state/store';
import { statusOf } from '../invoicing/documentActions';
import { invoiceView } from './invoiceViews';
import { memoView } from './memoViews';
import { paying } from './payDocument';
import { paymentView } from './paymentViews';

const BILLS = ['create_invoice', 'run_billing', 'collect_payment'] as const;

/** What the body's processing_options ask (checked against the schema before); undefined: nothing at order time. */
export function processingOf(body: unknown, today: string): OrderProcessing | undefined {
  const po = (body as { processing_options?: Record<string, unknown> } | null)?.processing_options;
  const collection = BILLS.find(m => m === po?.collection_method);
  if (!po || !collection) return undefined; // none, or process_refund: refunds are made with POST /v2/refunds
  const targetDate = typeof po.target_date === 'string' ? po.target_date : today;
  if (targetDate > today) {
    throw badRequest(
      'invalid_parameter',
      'processing_options.target_date',
      `The Local sandbox bills up to its today, ${today}: give a target_date on or before it (or none), or move ` +
        'its clock forward (POST /_sandbox/clock) and the bill runs of the dates it passes bill the order.',
    );
  }
  return {
    collection,
    targetDate,
    documentDate: typeof po.document_date === 'string' ? po.document_date : targetDate,
    draft: po.draft_invoice === true,
    ...(typeof po.payment_method_id === 'string' ? { paymentMethodId: po.payment_method_id } : {}),
  };
}

/** Bills the order's account as asked; the collection rules' refusals and the engine's limits as v2's 400s. */
export function billedWithOrder(
  store: Store,
  order: OrderRec,
  p: OrderProcessing,
  when: { now: string; today: string },
): OrderBilled {
  const account = store.accounts.get(order.account_number)!;
  try {
    return paying(() => billWithOrder(store, account, p, order.order_number, when));
  } catch (e) {
    if (e instanceof RangeError) throw badRequest('invalid_parameter', 'processing_options.target_date', e.message);
    throw e;
  }
}

/**
 * The answer's ar_transactions: what the order billed and collected. A bill issues one invoice at most (and a
 * credit memo when it gives back more than it bills): `invoices` and `credit_memos` are that one, as GET answers it.
 */
export function arTransactionsView(store: Store, billed: OrderBilled, today: string) {
  const of = (type: string) => billed.documents.filter(d => d.type === type);
  const [invoice, memo] = [of('invoice'), of('credit_memo')];
  return {
    invoice_numbers: invoice.map(d => d.number),
    ...(invoice.length === 1 ? { invoices: invoiceView(invoice[0], today, false, statusOf(store, invoice[0])) } : {}),
    ...(memo.length ? { credit_memo_numbers: memo.map(d => d.number) } : {}),
    ...(memo.length === 1 ? { credit_memos: memoView(store, memo[0], today, false) } : {}),
    payments: billed.payments.map(p => ({
      payment_number: p.number,
      amount: [p.amount.toFixed(currencyDecimals(p.currency))],
      state:
        p.state === 'error'
          ? { failed: `${p.gateway_response_code ?? 'declined'}: ${p.gateway_response ?? 'the card declined'}` }
          : { succeeded: p.state },
      payments: paymentView(store, p),
    })),
  };
}

/** The order's answer with what it billed on each of its subscriptions, where the reference places it. */
export function withArTransactions<T extends { subscriptions: unknown[] }>(view: T, ar: object): T {
  return { ...view, subscriptions: view.subscriptions.map(s => ({ ...(s as object), ar_transactions: ar })) };
}
