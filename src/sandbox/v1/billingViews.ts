// How bill runs and their documents answer in v1: the bill run (GetBillRunResponseType), the billing documents
// of an account (GETBillingDocumentsResponseType), one invoice (GetInvoiceResponse). Posted when issued, nothing
// paid: the balance is the amount.
import type { BillRunRec } from '../state/billRuns';
import type { BillingDocumentRec } from '../state/documents';

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
