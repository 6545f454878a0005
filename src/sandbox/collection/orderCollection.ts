// Billing with an order, as the service does when an order asks it (processing_options.collection_method): the
// order's account billed at once through the target date, as a bill run bills it (invoicing/billRunRequest.ts: its
// ledger keeps what was billed, so a later clock move never bills those periods again), its invoices left drafts
// when asked; with collect_payment, each new posted invoice's balance charged on the method named or the account's
// default one, as auto-pay collection charges it (collect.ts), auto-pay or not: the order asked for it. A card that
// declines keeps the order, the invoice open and the failed payment (state error), as a payment run leaves them.
import { runBillRun } from '../invoicing/billRunRequest';
import { methodStatus, PaymentRefused } from '../payments/methods';
import type { BillingDocumentRec } from '../state/documents';
import type { PaymentMethodRec, PaymentRec } from '../state/payments';
import type { AccountRec, Store } from '../state/store';
import { chargeInvoice, defaultMethod } from './collect';

/** What an order asks billed with it; process_refund is not one (the sandbox leaves it to a refund). */
export interface OrderProcessing {
  collection: 'create_invoice' | 'run_billing' | 'collect_payment';
  /** What is due on or before it is billed. */
  targetDate: string;
  documentDate: string;
  /** The invoices left drafts (to post later); nothing is collected from a draft. */
  draft: boolean;
  /** collect_payment's method (else the account's default); named as the request names it. */
  paymentMethodId?: string;
}

export interface OrderBilled {
  documents: BillingDocumentRec[];
  payments: PaymentRec[];
}

/** Where the order's request names the payment method, for the refusals. */
const METHOD_FIELD = 'processing_options.payment_method_id';

/** Bills `account` as the order asks (`now`: the documents' created time; `today`: the payments' date). */
export function billWithOrder(
  store: Store,
  account: AccountRec,
  p: OrderProcessing,
  orderNumber: string,
  when: { now: string; today: string },
): OrderBilled {
  // The method first: an order that cannot be collected is refused before anything is billed.
  const method = p.collection === 'collect_payment' ? methodFor(store, account, p.paymentMethodId) : undefined;
  const { documents } = runBillRun(store, {
    targetDate: p.targetDate,
    documentDate: p.documentDate,
    accounts: [account],
    ...(p.draft ? { post: false } : {}),
    now: when.now,
  });
  const payments: PaymentRec[] = [];
  for (const d of method ? documents : []) {
    if (d.type !== 'invoice') continue;
    const paid = chargeInvoice(store, d, account, method!, {
      at: when.now,
      today: when.today,
      why: `order ${orderNumber}`,
    });
    if (paid) payments.push(paid);
  }
  return { documents, payments };
}

function methodFor(store: Store, account: AccountRec, id: string | undefined): PaymentMethodRec {
  if (id === undefined) {
    const m = defaultMethod(store, account);
    if (m) return m;
    throw new PaymentRefused(
      METHOD_FIELD,
      `Account ${account.account_number} has no default payment method to collect with: give ` +
        `${METHOD_FIELD}, add one to the account first (POST /v2/payment_methods), or use collection_method ` +
        '"create_invoice" and pay the invoice later.',
      'missing_parameter',
    );
  }
  const m = store.payments.method(id);
  if (!m || methodStatus(store, m).removed) {
    throw new PaymentRefused(METHOD_FIELD, `No payment method ${id} to charge: create one (POST /v2/payment_methods).`);
  }
  if (m.account_id !== account.id) {
    throw new PaymentRefused(
      METHOD_FIELD,
      `Payment method ${id} belongs to another account, not ${account.account_number}.`,
    );
  }
  return m;
}
