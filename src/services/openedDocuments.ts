// What a call that opened a billing document from the Accounts tree is: its operation, the number it asked for,
// the document's title. Pure, so the calls, the panel and History read it without the request controller.
import type { Operation } from '../catalog/catalog';

/** The catalog's own entry (a test holds them equal), written here so opening a document never loads the catalog. */
export const GET_INVOICE: Operation = {
  id: 'GET /v2/invoices/{invoice_id}',
  group: 'Invoices (v2)',
  method: 'GET',
  path: '/v2/invoices/{invoice_id}',
  pathParams: ['invoice_id'],
  summary: 'retrieve an invoice',
};

/** A credit memo is no invoice (GET /v2/invoices/{id} answers 404): the billing documents read it. */
export const GET_BILLING_DOCUMENT: Operation = {
  id: 'GET /v2/billing_documents/{billing_document_id}',
  group: 'Billing Documents (v2)',
  method: 'GET',
  path: '/v2/billing_documents/{billing_document_id}',
  pathParams: ['billing_document_id'],
  summary: 'retrieve a billing document',
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
