// How bill runs and their documents answer in v1: the bill run (GetBillRunResponseType), the billing documents
// of an account (GETBillingDocumentsResponseType), one invoice (GetInvoiceResponse). Posted when issued, nothing
// paid: the balance is the amount.
import { currencyDecimals } from '../../wire/money';
import type { BillRunRec } from '../state/billRuns';
import type { BillingDocumentRec, DocumentItemRec } from '../state/documents';

const ACTOR = 'sandbox-client';

/** A bill run in v1 (GetBillRunResponseType: the create and the retrieve answer the same), either family's. */
export function billRunAnswer(run: BillRunRec) {
  const { asked } = run;
  const v1 = run.family === 'v1' ? run.body : {};
  return {
    success: true,
    id: run.id,
    billRunNumber: run.number,
    status: 'Completed',
    targetDate: run.targetDate,
    invoiceDate: run.documentDate,
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
    updatedDate: run.ranAt,
  };
}

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

export const documentType = (d: BillingDocumentRec) => (d.type === 'invoice' ? 'Invoice' : 'CreditMemo');

/** One row of GET /v1/billing-documents. */
export const billingDocumentRow = (d: BillingDocumentRec) => ({
  id: d.id,
  documentNumber: d.number,
  documentType: documentType(d),
  documentDate: d.document_date,
  amount: d.total,
  balance: d.total,
  status: 'Posted',
  accountId: d.account_id,
  currency: d.currency,
});

/** GET /v1/invoices/{invoiceKey}. */
export function invoiceAnswer(d: BillingDocumentRec) {
  const has = (type: string) => d.items.some(i => i.charge_type === type);
  return {
    success: true,
    id: d.id,
    invoiceNumber: d.number,
    accountId: d.account_id,
    invoiceDate: d.document_date,
    dueDate: d.document_date,
    targetDate: d.target_date,
    amount: d.total,
    amountWithoutTax: d.total,
    taxAmount: 0,
    balance: d.total,
    paymentAmount: 0,
    creditMemoAmount: 0,
    refundAmount: 0,
    adjustmentAmount: 0,
    creditBalanceAdjustmentAmount: 0,
    currency: d.currency,
    status: 'Posted',
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
