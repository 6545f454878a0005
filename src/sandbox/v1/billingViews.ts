// How bill runs and their documents answer in v1: the bill run (GetBillRunResponseType), the billing documents
// of an account (GETBillingDocumentsResponseType), one invoice (GetInvoiceResponse). Posted when issued, then as
// their actions left them (state/actions.ts: unposted, canceled, reversed); nothing paid: the balance is the
// amount, nothing once reversed or canceled.
import { currencyDecimals } from '../../wire/money';
import { exact, sub } from '../money/exact';
import { roundMoney } from '../money/rounding';
import {
  billRunStatus,
  documentBalance,
  documentStatus,
  type BillRunStatus,
  type DocumentStatus,
} from '../state/actions';
import type { BillRunRec } from '../state/billRuns';
import type { BillingDocumentRec, DocumentItemRec } from '../state/documents';

const ACTOR = 'sandbox-client';

/** A bill run in v1 (GetBillRunResponseType: the create and the retrieve answer the same), either family's. */
export function billRunAnswer(run: BillRunRec, s: BillRunStatus = billRunStatus([])) {
  const { asked } = run;
  const v1 = run.family === 'v1' ? run.body : {};
  return {
    success: true,
    id: run.id,
    billRunNumber: run.number,
    status: s.state === 'completed' ? 'Completed' : s.state === 'posted' ? 'Posted' : 'Canceled',
    targetDate: run.targetDate,
    invoiceDate: s.document_date ?? run.documentDate,
    autoPost: asked.post,
    autoEmail: asked.email,
    autoRenewal: asked.renew,
    noEmailForZeroAmountInvoice: !asked.emailZeroAmount,
    ...(asked.batches ? { batches: asked.batches } : {}),
    billCycleDay: run.cycleDay !== undefined ? String(run.cycleDay) : 'AllBillCycleDays',
    ...(asked.chargesExcluded ? { chargeTypeToExclude: asked.chargesExcluded } : {}),
    ...(Array.isArray(v1.billRunFilters) ? { billRunFilters: v1.billRunFilters } : {}),
    includeSubscriptions: v1.includeSubscriptions !== false,
    includeOrderLineItems: v1.includeOrderLineItems !== false,
    ...(asked.name !== undefined ? { name: asked.name } : {}),
    createdById: ACTOR,
    createdDate: run.ranAt,
    updatedById: ACTOR,
    updatedDate: s.updated_time ?? run.ranAt,
  };
}

/** A document's v1 status. */
export const v1Status = (s: DocumentStatus) => ({ draft: 'Draft', posted: 'Posted', canceled: 'Canceled' })[s.state];
const issued = (d: BillingDocumentRec) => documentStatus(d.created_time, []);

const V1_CHARGE_TYPE = { recurring: 'Recurring', one_time: 'OneTime', usage: 'Usage' } as const;

/** One item of an invoice as GET /v1/invoices/{invoiceKey}/items lists it (InvoiceItem): amounts as decimals. */
export function invoiceItemView(i: DocumentItemRec, d: BillingDocumentRec) {
  const decimal = (n: number) => n.toFixed(currencyDecimals(d.currency)); // JPY: whole yen
  return {
    id: i.id,
    chargeName: i.name,
    chargeDescription: '',
    chargeType: V1_CHARGE_TYPE[i.charge_type],
    processingType: i.discount ? 'Discount' : 'Charge',
    chargeAmount: decimal(i.amount),
    taxAmount: decimal(0),
    balance: decimal(i.amount),
    chargeDate: d.created_time,
    serviceStartDate: i.service_start,
    serviceEndDate: i.service_end,
    quantity: String(i.quantity),
    ...(i.unit_amount !== undefined ? { unitPrice: i.unit_amount } : {}),
    ...(i.unit_of_measure ? { unitOfMeasure: i.unit_of_measure } : {}),
    ...(i.product_name ? { productName: i.product_name } : {}),
    ...(i.subscription_id ? { subscriptionId: i.subscription_id, subscriptionName: i.subscription_number } : {}),
    ...(i.line_item_number ? { orderLineItemId: i.billed_id } : {}),
    sourceItemType: i.subscription_id ? 'SubscriptionComponent' : 'OrderLineItem',
  };
}

export const documentType = (d: BillingDocumentRec) =>
  d.type === 'invoice' ? 'Invoice' : d.type === 'debit_memo' ? 'DebitMemo' : 'CreditMemo';

/** One row of GET /v1/billing-documents. */
export const billingDocumentRow = (d: BillingDocumentRec, s = issued(d)) => ({
  id: d.id,
  documentNumber: d.number,
  documentType: documentType(d),
  documentDate: s.document_date ?? d.document_date,
  amount: d.total,
  balance: documentBalance(s, d.total, d.currency),
  status: v1Status(s),
  accountId: d.account_id,
  currency: d.currency,
});

/** GET /v1/invoices/{invoiceKey}. */
export function invoiceAnswer(d: BillingDocumentRec, s = issued(d)) {
  const has = (type: string) => d.items.some(i => i.charge_type === type);
  const date = s.document_date ?? d.document_date;
  return {
    success: true,
    id: d.id,
    invoiceNumber: d.number,
    accountId: d.account_id,
    invoiceDate: date,
    dueDate: date,
    targetDate: d.target_date,
    amount: d.total,
    amountWithoutTax: d.total,
    taxAmount: 0,
    balance: documentBalance(s, d.total, d.currency),
    paymentAmount: roundMoney(sub(exact(s.paid ?? 0), exact(s.credited ?? 0)), d.currency),
    creditMemoAmount: s.reversed_by ? d.total : (s.credited ?? 0),
    refundAmount: 0,
    adjustmentAmount: 0,
    creditBalanceAdjustmentAmount: 0,
    currency: d.currency,
    status: v1Status(s),
    postedBy: ACTOR,
    postedDate: d.created_time.slice(0, 10),
    source: 'BillRun',
    sourceType: 'Subscription',
    includesOneTime: has('one_time'),
    includesRecurring: has('recurring'),
    includesUsage: has('usage'),
    createdById: ACTOR,
    createdDate: d.created_time,
    updatedById: ACTOR,
    updatedDate: d.created_time,
  };
}
