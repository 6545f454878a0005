// What the Local sandbox serves, as route templates. The sandbox's route table (src/sandbox/http/routes.ts)
// answers exactly these (a unit test holds the two equal); the Endpoints view marks the catalog's
// operations among them without loading the sandbox. Parameter names may differ between the two
// (`{objectName}` here, `{object}` in the catalog): templates are compared by shape. Every other operation (v1
// or v2) with a success answer in its contract is simulated from it (localAnswer); the rest answer 501.
import UNANSWERED from '../contract/v1/unanswered.json';

export const LOCAL_SANDBOX_ROUTES: readonly string[] = [
  'POST /oauth/token',
  'POST /v2/accounts',
  'POST /v2/orders/preview',
  'POST /v2/orders',
  'GET /v2/orders/{orderKey}',
  'GET /v2/accounts/{accountKey}',
  'POST /v1/orders/preview',
  'POST /v1/orders',
  'GET /v1/orders/{orderNumber}',
  'GET /v1/subscriptions/{subscriptionKey}',
  'GET /v1/accounts/{accountKey}',
  'GET /v1/catalog/products',
  'GET /v1/rateplan/{productKey}/productRatePlan',
  'GET /v2/plans',
  'GET /v2/subscriptions',
  'GET /v2/accounts',
  'PATCH /v2/accounts/{account_id}',
  'DELETE /v2/accounts/{account_id}',
  'GET /v2/contacts',
  'POST /v2/contacts',
  'GET /v2/contacts/{contact_id}',
  'PATCH /v2/contacts/{contact_id}',
  'DELETE /v2/contacts/{contact_id}',
  'POST /v2/contacts/{contact_id}/scrub',
  'GET /v2/orders',
  'DELETE /v2/orders/{order_id}',
  'POST /v2/orders/{order_id}/activate',
  'POST /v2/orders/{order_id}/cancel',
  'POST /v2/subscriptions',
  'POST /v2/subscriptions/preview',
  'POST /v2/subscriptions/{subscription_id}/preview',
  'GET /v2/subscriptions/{subscription_id}',
  'PATCH /v2/subscriptions/{subscription_id}',
  'POST /v2/subscriptions/{subscription_id}/pause',
  'POST /v2/subscriptions/{subscription_id}/resume',
  'POST /v2/subscriptions/{subscription_id}/cancel',
  'POST /v2/subscriptions/{subscription_id}/activate',
  'POST /v2/subscriptions/{subscription_id}/keep',
  'GET /v2/subscriptions/{subscription_id}/versions',
  'GET /v2/subscription_plans',
  'GET /v2/subscription_plans/{subscription_plan_id}',
  'GET /v2/subscription_items',
  'POST /v2/bill_runs',
  'GET /v2/bill_runs',
  'GET /v2/bill_runs/{bill_run_id}',
  'POST /v2/accounts/{account_id}/bill',
  'GET /v2/invoices',
  'GET /v2/invoices/{invoice_id}',
  'GET /v2/billing_documents',
  'GET /v2/billing_documents/{billing_document_id}',
  'POST /v2/invoices/{invoice_id}/post',
  'POST /v2/invoices/{invoice_id}/unpost',
  'POST /v2/invoices/{invoice_id}/cancel',
  'POST /v2/invoices/{invoice_id}/reverse',
  'GET /v2/invoice_items',
  'GET /v2/billing_document_items',
  'POST /v2/bill_runs/{bill_run_id}/post',
  'POST /v2/bill_runs/{bill_run_id}/cancel',
  'DELETE /v2/bill_runs/{bill_run_id}',
  'GET /v2/products',
  'GET /v2/products/{product_id}',
  'GET /v2/plans/{plan_id}',
  'GET /v2/prices',
  'GET /v2/prices/{price_id}',
  'GET /v2/payment_methods',
  'POST /v2/payment_methods',
  'GET /v2/payment_methods/{payment_method_id}',
  'PATCH /v2/payment_methods/{payment_method_id}',
  'DELETE /v2/payment_methods/{payment_method_id}',
  'GET /v2/payments',
  'POST /v2/payments',
  'GET /v2/payments/{payment_id}',
  'PUT /v2/payments/{payment_id}/apply',
  'PUT /v2/payments/{payment_id}/unapply',
  'POST /v2/payments/{payment_id}/cancel',
  'GET /v2/refunds',
  'POST /v2/refunds',
  'GET /v2/refunds/{refund_id}',
  'POST /v2/invoices/{invoice_id}/pay',
  'POST /v2/invoices/{invoice_id}/write-off',
  'GET /v2/credit_memos',
  'POST /v2/credit_memos',
  'GET /v2/credit_memos/{credit_memo_id}',
  'GET /v2/credit_memo_items',
  'POST /v2/credit_memos/{credit_memo_id}/post',
  'POST /v2/credit_memos/{credit_memo_id}/unpost',
  'POST /v2/credit_memos/{credit_memo_id}/cancel',
  'POST /v2/credit_memos/{credit_memo_id}/apply',
  'POST /v2/credit_memos/{credit_memo_id}/unapply',
  'GET /v2/debit_memos',
  'POST /v2/debit_memos',
  'GET /v2/debit_memos/{debit_memo_id}',
  'GET /v2/debit_memo_items',
  'POST /v2/debit_memos/{debit_memo_id}/post',
  'POST /v2/debit_memos/{debit_memo_id}/unpost',
  'POST /v2/debit_memos/{debit_memo_id}/cancel',
  'POST /v2/debit_memos/{debit_memo_id}/pay',
  'POST /v1/bill-runs',
  'GET /v1/bill-runs/{billRunId}',
  'POST /v1/accounts/{key}/billing-documents/generate',
  'GET /v1/billing-documents',
  'GET /v1/invoices/{invoiceKey}',
  'GET /v1/invoices/{invoiceKey}/items',
  'GET /v1/payments/{paymentKey}',
  'POST /v1/credit-memos',
  'POST /v1/credit-memos/invoice/{invoiceKey}',
  'GET /v1/credit-memos',
  'GET /v1/credit-memos/{creditMemoKey}',
  'GET /v1/credit-memos/{creditMemoKey}/items',
  'PUT /v1/credit-memos/{creditMemoKey}/post',
  'PUT /v1/credit-memos/{creditMemoKey}/unpost',
  'PUT /v1/credit-memos/{creditMemoKey}/cancel',
  'PUT /v1/credit-memos/{creditMemoKey}/apply',
  'PUT /v1/credit-memos/{creditMemoKey}/unapply',
  'POST /v1/credit-memos/{creditMemoKey}/refund',
  'POST /v1/debit-memos',
  'POST /v1/debit-memos/invoice/{invoiceKey}',
  'GET /v1/debit-memos',
  'GET /v1/debit-memos/{debitMemoKey}',
  'GET /v1/debit-memos/{debitMemoKey}/items',
  'PUT /v1/debit-memos/{debitMemoKey}/post',
  'PUT /v1/debit-memos/{debitMemoKey}/unpost',
  'PUT /v1/debit-memos/{debitMemoKey}/cancel',
  'PUT /v1/invoices/{invoiceKey}/write-off',
  'GET /object-query/accounts',
  'GET /object-query/orders',
  'GET /object-query/subscriptions',
  'GET /object-query/accounts/{key}',
  'GET /object-query/orders/{key}',
  'GET /v1/describe/{objectName}',
  'POST /notifications/notification-definitions',
  'GET /notifications/notification-definitions',
  'GET /notifications/notification-definitions/{id}',
  'PUT /notifications/notification-definitions/{id}',
  'DELETE /notifications/notification-definitions/{id}',
  'GET /v1/notification-history/callout',
  'POST /notifications/callout-histories/resend',
  'GET /system-health/api-requests/volume-summary',
];

/** `GET /v1/describe/{objectName}` -> `GET /v1/describe/{}`. */
export const routeShape = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`;

const served = new Set(
  LOCAL_SANDBOX_ROUTES.map(r => {
    const [method, path] = r.split(' ');
    return routeShape(method, path);
  }),
);

/** Whether the Local sandbox answers this operation (the others answer 501 there). */
export const servedLocally = (op: { method: string; path: string }): boolean =>
  served.has(routeShape(op.method, op.path));

const unanswered = new Set<string>(UNANSWERED);

/**
 * How the Local sandbox answers an operation: from its state (`served`), simulated from the contract's
 * response schema (`simulated`: every other operation its contract answers), or not at all (501).
 */
export function localAnswer(op: { method: string; path: string }): 'served' | 'simulated' | undefined {
  if (servedLocally(op)) return 'served';
  const id = `${op.method.toUpperCase()} ${op.path}`;
  return unanswered.has(id) ? undefined : 'simulated'; // every v2 operation has a success answer in its contract
}
