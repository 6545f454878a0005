// A billing document the Local sandbox (or a tenant) billed, opened from the Accounts tree: an invoice by
// GET /v2/invoices/{invoice_id}, a credit or debit memo by GET /v2/billing_documents/{billing_document_id}, through
// the request controller (progress, History, redaction), shown in the panel as its answer with the Invoices
// section (the same rendering as a preview's billing documents).
import { GET_BILLING_DOCUMENT, GET_INVOICE } from './openedDocuments';
import type { RequestController } from './requestController';

/**
 * Opens a document of the Accounts tree. `currency` is its account's: a billing document (how a memo is read)
 * answers none, and the panel shows its amounts in it.
 */
export function openInvoice(controller: RequestController, number: string, type = 'invoice', currency?: string) {
  const op = type === 'invoice' ? GET_INVOICE : GET_BILLING_DOCUMENT;
  const path = op === GET_INVOICE ? '/v2/invoices' : '/v2/billing_documents';
  return controller.run({
    kind: 'operation',
    op,
    request: { pathParams: { [op.pathParams[0]]: number }, query: { 'expand[]': 'items' } },
    target: `${path}/${encodeURIComponent(number)}`,
    document: { type, ...(currency ? { currency } : {}) },
  });
}
