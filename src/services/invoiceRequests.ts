// An invoice the Local sandbox (or a tenant) billed, opened from the Accounts tree: GET /v2/invoices/{invoice_id}
// through the request controller (progress, History, redaction), shown in the panel as its answer with the
// Invoices section (the same rendering as a preview's billing documents).
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

export function openInvoice(controller: RequestController, invoiceId: string) {
  return controller.run({
    kind: 'operation',
    op: GET_INVOICE,
    request: { pathParams: { invoice_id: invoiceId }, query: { 'expand[]': 'items' } },
    target: `/v2/invoices/${encodeURIComponent(invoiceId)}`,
  });
}
