// How bill runs and their documents answer in v1: the bill run (GetBillRunResponseType), the billing documents
// of an account (GETBillingDocumentsResponseType), one invoice (GetInvoiceResponse). Posted when issued, nothing
// paid: the balance is the amount.
import type { BillRunRec } from '../state/billRuns';
import type { BillingDocumentRec } from '../state/documents';

const ACTOR = 'sandbox-client';

/** A bill run in v1 (GetBillRunResponseType: the create and the retrieve answer the same). */
export function billRunAnswer(run: BillRunRec) {
  const body = run.body;
  return {
    success: true,
    id: run.id,
    billRunNumber: run.number,
    status: 'Completed',
    targetDate: run.targetDate,
    invoiceDate: run.documentDate,
    autoPost: body.autoPost === true,
    autoEmail: body.autoEmail === true,
    autoRenewal: body.autoRenewal === true,
    noEmailForZeroAmountInvoice: body.noEmailForZeroAmountInvoice === true,
    ...(Array.isArray(body.batches) ? { batches: body.batches } : {}),
    billCycleDay: run.cycleDay !== undefined ? String(run.cycleDay) : 'AllBillCycleDays',
    ...(Array.isArray(body.chargeTypeToExclude) ? { chargeTypeToExclude: body.chargeTypeToExclude } : {}),
    ...(Array.isArray(body.billRunFilters) ? { billRunFilters: body.billRunFilters } : {}),
    includeSubscriptions: body.includeSubscriptions !== false,
    includeOrderLineItems: body.includeOrderLineItems !== false,
    ...(typeof body.name === 'string' ? { name: body.name } : {}),
    createdById: ACTOR,
    createdDate: run.ranAt,
    updatedById: ACTOR,
    updatedDate: run.ranAt,
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
