// A billing document the Local sandbox (or a tenant) billed, opened from the Accounts tree: an invoice by
// GET /v2/invoices/{invoice_id}, a credit or debit memo by GET /v2/billing_documents/{billing_document_id}, through
// the request controller (progress, History, redaction), shown in the panel as its answer with the Invoices
// section (the same rendering as a preview's billing documents).
import type { Operation } from '../catalog/catalog';
import type { RequestController } from './requestController';

/** Not among the catalog's v2 operations (the reference lists it): described here for the one place that sends it. */
export const GET_INVOICE: Operation = {
  id: 'GET /v2/invoices/{invoice_id}',
  group: 'Invoices',
  method: 'GET',
  path: '/v2/invoices/{invoice_id}',
  pathParams: ['invoice_id'],
  summary: 'Retrieve an invoice',
};

/** A credit memo is no invoice (GET /v2/invoices/{id} answers 404): the billing documents read it. */
export const GET_BILLING_DOCUMENT: Operation = {
  id: 'GET /v2/billing_documents/{billing_document_id}',
  group: 'Billing Documents',
  method: 'GET',
  path: '/v2/billing_documents/{billing_document_id}',
  pathParams: ['billing_document_id'],
  summary: 'Retrieve a billing document',
};

/** The operation that opened a document from the tree, by its id (History keeps the id). */
export const openedDocumentOperation = (id: string) => [GET_INVOICE, GET_BILLING_DOCUMENT].find(op => op.id === id);

/** The document number an opening call asked for; undefined for any other call. */
export function openedDocumentNumber(op: Operation, pathParams: Record<string, string>): string | undefined {
  if (op.id === GET_INVOICE.id) return pathParams.invoice_id;
  return op.id === GET_BILLING_DOCUMENT.id ? pathParams.billing_document_id : undefined;
}

/** What an opening call is titled by when it does not know the document's type: "Invoice", "Billing document". */
export const openedDocumentType = (op: Operation) => (op.id === GET_INVOICE.id ? 'invoice' : 'billing_document');

/** "Invoice INV00000001", "Credit memo CM00000001": the document's type (as the service names it) in words. */
export function documentTitle(type: string, number: string): string {
  const words = type.replace(/_/g, ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} ${number}`;
}

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
