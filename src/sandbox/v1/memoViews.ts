// How credit and debit memos, their items and a credit memo's refunds answer in v1 (GETCreditMemoType,
// GETDebitMemoType, their item types, GETRefundCreditMemoType), from the same records and rules as v2: a credit
// memo's applied, unapplied and refunded amounts (payments/balances.ts creditStatus), a debit memo's balance.
import { accountFigures, creditStatus, statusWithPayments } from '../payments/balances';
import { documentBalance } from '../state/actions';
import type { BillingDocumentRec, DocumentItemRec } from '../state/documents';
import type { AccountRec, Store } from '../state/store';
import { v1Status } from './billingViews';

const ACTOR = 'sandbox-client';

/** What both memos answer: who, when, the account, the state and dates. */
function memoFields(store: Store, d: BillingDocumentRec) {
  const s = statusWithPayments(store, d);
  const date = s.document_date ?? d.document_date;
  return {
    success: true,
    id: d.id,
    number: d.number,
    accountId: d.account_id,
    accountNumber: d.account_number,
    amount: d.total,
    taxAmount: 0,
    currency: d.currency,
    status: v1Status(s),
    targetDate: d.target_date,
    ...(d.reason_code !== undefined ? { reasonCode: d.reason_code } : {}),
    ...(d.description !== undefined ? { comment: d.description } : {}),
    ...(d.invoice_id || d.reverses ? { referredInvoiceId: d.invoice_id ?? d.reverses } : {}),
    sourceType: d.invoice_id || d.reverses ? 'Invoice' : d.origin ? 'Standalone' : 'Subscription',
    ...(s.posted_time ? { postedById: ACTOR, postedOn: s.posted_time } : {}),
    ...(s.canceled_time ? { cancelledById: ACTOR, cancelledOn: s.canceled_time } : {}),
    transferredToAccounting: 'No',
    createdById: ACTOR,
    createdDate: d.created_time,
    updatedById: ACTOR,
    updatedDate: s.updated_time,
    date,
  };
}

export function creditMemoAnswer(store: Store, d: BillingDocumentRec) {
  const { date, ...fields } = memoFields(store, d);
  const c = creditStatus(store, d);
  return {
    ...fields,
    creditMemoDate: date,
    appliedAmount: c.applied,
    unappliedAmount: c.unapplied,
    refundAmount: c.refunded,
    reversed: false,
    revenueImpacting: 'Yes',
    ...(d.bill_run_number ? { source: 'BillRun', sourceId: d.bill_run_number } : { source: 'API' }),
  };
}

export function debitMemoAnswer(store: Store, d: BillingDocumentRec) {
  const { date, ...fields } = memoFields(store, d);
  const s = statusWithPayments(store, d);
  return {
    ...fields,
    debitMemoDate: date,
    dueDate: d.due_date ?? date,
    balance: documentBalance(s, d.total, d.currency),
    beAppliedAmount: s.paid ?? 0,
    autoPay: false,
    paymentTerm: 'Due Upon Receipt',
  };
}

export const memoAnswer = (store: Store, d: BillingDocumentRec) =>
  d.type === 'credit_memo' ? creditMemoAnswer(store, d) : debitMemoAnswer(store, d);

/** One item of a memo, as GET /v1/credit-memos/{key}/items and /v1/debit-memos/{key}/items list them. */
export function memoItemAnswer(d: BillingDocumentRec, i: DocumentItemRec) {
  const amount = Math.abs(i.amount);
  return {
    success: true,
    id: i.id,
    amount,
    amountWithoutTax: amount,
    quantity: i.quantity,
    ...(i.unit_amount !== undefined ? { unitPrice: i.unit_amount } : {}),
    ...(i.unit_of_measure ? { unitOfMeasure: i.unit_of_measure } : {}),
    serviceStartDate: i.service_start,
    serviceEndDate: i.service_end,
    skuName: i.name,
    processingType: i.discount ? 'Discount' : 'Charge',
    ...(i.subscription_id ? { subscriptionId: i.subscription_id } : {}),
    sourceItemType: d.invoice_id
      ? 'InvoiceDetail'
      : i.subscription_id
        ? 'SubscriptionComponent'
        : 'ProductRatePlanCharge',
    taxMode: 'TaxExclusive',
    createdById: ACTOR,
    createdDate: d.created_time,
    updatedById: ACTOR,
    updatedDate: d.created_time,
  };
}

/**
 * The v1 account answer's money (GETAccountType `metrics`, decimal strings), from the same figures as v2's
 * remaining_* fields: for v1/accountView.ts to answer instead of its zeros.
 */
export function accountMetricsV1(store: Store, a: AccountRec) {
  const f = accountFigures(store, a.account_number, a.currency);
  return {
    balance: String(f.balance),
    totalInvoiceBalance: String(f.invoiceBalance),
    creditBalance: String(f.creditBalance),
    totalDebitMemoBalance: String(f.debitMemoBalance),
    unappliedCreditMemoAmount: String(f.unappliedCredit),
    unappliedPaymentAmount: String(f.unappliedPayments),
  };
}
