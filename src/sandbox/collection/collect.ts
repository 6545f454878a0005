// Collection, as the vendor's payment run does it for auto-pay accounts ("Payment runs pick up invoices for accounts
// that have auto-pay enabled and charges them for the amount on the invoice", docs.zuora.com, Zuora Payments,
// Create payment runs): here at the moment an invoice is posted by a bill run (a run asked to post, a run posted
// after, the clock's own runs). Each posted invoice with a balance of an auto-pay account with a default payment
// method is charged that balance on that method (payments/payments.ts takePayment): a card that pays applies the
// payment to the invoice; one that declines leaves the invoice open and the failed payment kept (state error).
import { runBillRun, type BillRunOutcome, type BillRunRequest } from '../invoicing/billRunRequest';
import { balanceOf, statusWithPayments } from '../payments/balances';
import { methodStatus, PaymentRefused } from '../payments/methods';
import { takePayment } from '../payments/payments';
import type { BillingDocumentRec } from '../state/documents';
import type { PaymentMethodRec, PaymentRec } from '../state/payments';
import type { AccountRec, Store } from '../state/store';

/** Whether the account is charged automatically: auto_pay (v2) or autoPay (v1), kept with its details. */
export const autoPays = (a: AccountRec): boolean => a.details?.auto_pay === true;

/** The account's default payment method, when it has one that is not removed. */
export function defaultMethod(store: Store, a: AccountRec): PaymentMethodRec | undefined {
  const id = store.payments.defaultOf(a.id);
  const m = id === undefined ? undefined : store.payments.method(id);
  return m && !methodStatus(store, m).removed ? m : undefined;
}

/**
 * Charges each posted invoice of `documents` whose account auto-pays its balance, in the documents' order, dated
 * `today`: the payments taken (processed or declined). A 0 invoice, a draft, a paid one, a credit memo: not charged.
 */
export function collect(
  store: Store,
  documents: readonly BillingDocumentRec[],
  at: string,
  today: string,
): PaymentRec[] {
  const taken: PaymentRec[] = [];
  for (const d of documents) {
    if (d.type !== 'invoice') continue;
    const account = store.accounts.get(d.account_number);
    if (!account || !autoPays(account)) continue;
    const method = defaultMethod(store, account);
    const p = method && chargeInvoice(store, d, account, method, { at, today, why: 'auto-pay' });
    if (p) taken.push(p);
  }
  return taken;
}

/**
 * Charges a posted invoice its balance on `method`, dated `today` (a declined card: the failed payment kept);
 * undefined when it owes nothing (a draft, paid, 0) or the rules refuse it (an invoice in another currency than
 * its account's now), left for a person to pay.
 */
export function chargeInvoice(
  store: Store,
  d: BillingDocumentRec,
  account: AccountRec,
  method: PaymentMethodRec,
  when: { at: string; today: string; why: string },
): PaymentRec | undefined {
  if (statusWithPayments(store, d).state !== 'posted') return undefined;
  const amount = balanceOf(store, d);
  if (!(amount > 0)) return undefined;
  const input = {
    account,
    amount,
    currency: d.currency,
    payment_date: when.today,
    external: false,
    method,
    payment_method_id: method.id,
    documents: [{ id: d.id, type: 'invoice', amount }],
    description: `Collected by the Local sandbox for invoice ${d.number} (${when.why})`,
  };
  try {
    return takePayment(store, input, when.at, when.today);
  } catch (e) {
    if (!(e instanceof PaymentRefused)) throw e;
    return undefined;
  }
}

/** A bill run that posts collects what it posted (the request's `post`); the outcome, with the payments taken. */
export function billAndCollect(
  store: Store,
  r: BillRunRequest,
  today: string,
): BillRunOutcome & { payments: PaymentRec[] } {
  const outcome = runBillRun(store, r);
  return { ...outcome, payments: r.post === true ? collect(store, outcome.documents, r.now, today) : [] };
}
