// Issue 20, item 5: Find Operation (and `cli endpoints QUERY`) ranks what a person means near the top when they
// type a phrase as they would say it. Each expected operation was chosen by reading the catalog, not by
// running the search: the object of the phrase names the group/path, the verb the purpose or method.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import { findOperation, OPERATIONS, searchOperations } from '../../src/catalog';

/** A phrase as typed, and the operation (`METHOD path`) the person means. */
const MEANT: [query: string, meant: string][] = [
  ['refund a payment', 'POST /v1/payments/{paymentKey}/refunds'],
  ['cancel a subscription', 'PUT /v1/subscriptions/{subscription-key}/cancel'],
  ['create an account', 'POST /v1/accounts'],
  ['get an invoice pdf', 'GET /v1/invoices/{invoiceKey}/files'],
  ['list invoices for an account', 'GET /v1/billing-documents'],
  ['apply a credit memo to an invoice', 'PUT /v1/credit-memos/{creditMemoKey}/apply'],
  ['write off a debit memo', 'PUT /v1/debitmemos/{debitMemoKey}/write-off'],
  ['upload usage', 'POST /v1/usage'],
  ['preview an order', 'POST /v1/orders/preview'],
  ['add a payment method', 'POST /v1/payment-methods'],
  ['suspend subscription', 'PUT /v1/subscriptions/{subscription-key}/suspend'],
  ['run a bill run', 'POST /v1/bill-runs'],
  ['void an invoice', 'PUT /v1/invoices/{invoiceKey}/cancel'],
  ['email an invoice', 'POST /v1/invoices/{invoiceKey}/emails'],
  ['renew subscription', 'PUT /v1/subscriptions/{subscription-key}/renew'],
  ['get account summary', 'GET /v1/accounts/{account-key}/summary'],
  ['update contact', 'PUT /v1/contacts/{contactId}'],
  ['delete a product', 'DELETE /v1/object/product/{id}'],
  ['get an invoice', 'GET /v1/invoices/{invoiceKey}'],
  ['list payments', 'GET /v1/payments'],
  ['create a subscription', 'POST /v1/subscriptions'],
  ['list subscriptions of an account', 'GET /v1/subscriptions/accounts/{account-key}'],
  ['resume a subscription', 'PUT /v1/subscriptions/{subscription-key}/resume'],
  ['refund a credit memo', 'POST /v1/credit-memos/{creditMemoKey}/refund'],
  ['create a credit memo from an invoice', 'POST /v1/credit-memos/invoice/{invoiceKey}'],
  ['cancel an order', 'PUT /v1/orders/{orderNumber}/cancel'],
  ['apply a payment to an invoice', 'PUT /v1/payments/{paymentKey}/apply'],
  ['get the default payment method', 'GET /v1/accounts/{account-key}/payment-methods/default'],
  ['delete an account', 'DELETE /v1/accounts/{account-key}'],
  ['list products', 'GET /v1/catalog/products'],
  ['get an access token', 'POST /oauth/token'],
  ['collect a debit memo', 'POST /v1/debit-memos/{debitMemoKey}/collect'],
  ['post an invoice', 'PUT /v1/invoices/{invoiceKey}/post'],
  ['close an accounting period', 'PUT /v1/accounting-periods/{ap-id}/close'],
  ['update a payment method', 'PUT /v1/payment-methods/{payment-method-id}'],
  ['show invoice items', 'GET /v1/invoices/{invoiceKey}/items'],
  ['preview a subscription', 'POST /v1/subscriptions/preview'],
  ['create a contact', 'POST /v1/contacts'],
  ['run a workflow', 'POST /workflows/{workflow_id}/run'],
  ['retrieve an order', 'GET /v1/orders/{orderNumber}'],
  ['remove a contact', 'DELETE /v1/contacts/{contactId}'],
  ['new invoice', 'POST /v1/invoices'],
  ['add a usage record', 'POST /v1/object/usage'],
  ['reverse an invoice', 'PUT /v1/invoices/{invoiceKey}/reverse'],
  ['cancel a payment', 'PUT /v1/payments/{paymentKey}/cancel'],
  ['reconcile a refund', 'POST /v1/refunds/{refund-key}/reconcile'],
  ['edit an account', 'PUT /v1/accounts/{account-key}'],
  ['list payment methods of an account', 'GET /v1/accounts/{account-key}/payment-methods'],
  ['change a subscription', 'PUT /v1/subscriptions/{subscription-key}'],
  ['get my account', 'GET /v1/accounts/{account-key}'],
  ['find a payment', 'GET /v1/payments/{paymentKey}'],
  ['delete a subscription', 'PUT /v1/subscriptions/{subscription-key}/delete'],
  ['generate a credit memo pdf', 'POST /v1/credit-memos/{creditMemoKey}/pdfs'],
  // v1 has no plain list of accounts (its reads are object queries); v2 lists them as asked.
  ['list accounts', 'GET /v2/accounts'],
  ['list v2 invoices', 'GET /v2/invoices'],
  ['pause a subscription', 'POST /v2/subscriptions/{subscription_id}/pause'],
  ['get a credit memo', 'GET /v1/credit-memos/{creditMemoKey}'],
  ['cancel an invoice', 'PUT /v1/invoices/{invoiceKey}/cancel'],
  ['list refunds', 'GET /v1/refunds'],
  ['delete a payment method', 'DELETE /v1/payment-methods/{payment-method-id}'],
  ['update an invoice', 'PUT /v1/invoices/{invoiceKey}'],
  ['create a payment run', 'POST /v1/payment-runs'],
  ['list workflows', 'GET /workflows'],
  ['create a journal run', 'POST /v1/journal-runs'],
  ['activate an order', 'PUT /v1/orders/{orderNumber}/activate'],
  ['add a customer', 'POST /v1/accounts'],
  ['unapply a payment', 'PUT /v1/payments/{paymentKey}/unapply'],
  ['list usage for an account', 'GET /v1/usage/accounts/{account-key}'],
  ['create an order asynchronously', 'POST /v1/async/orders'],
  ['revert an order', 'POST /v1/orders/{orderNumber}/revert'],
  ['get payment run summary', 'GET /v1/payment-runs/{paymentRunKey}/summary'],
  ['show a bill run', 'GET /v1/bill-runs/{billRunId}'],
  ['export a workflow', 'GET /workflows/{workflow_id}/export'],
  ['list email templates', 'GET /notifications/email-templates'],
  ['create a notification definition', 'POST /notifications/notification-definitions'],
  ['get a custom object record', 'GET /objects/records/default/{object}/{id}'],
  ['transfer a contact', 'PUT /v1/contacts/{contactId}/transfer'],
  ['create an adjustment', 'POST /v1/adjustments'],
  ['post a credit memo', 'PUT /v1/credit-memos/{creditMemoKey}/post'],
  ['sign up', 'POST /v1/sign-up'],
  ['scrub a payment method', 'PUT /v1/payment-methods/{payment-method-id}/scrub'],
  ['cancel a bill run', 'PUT /v1/bill-runs/{billRunId}/cancel'],
  ['get a product', 'GET /v1/catalog/product/{product-key}'],
  ['create a taxation item', 'POST /v1/object/taxation-item'],
  ['list orders of a subscription', 'GET /v1/orders/subscription/{subscriptionNumber}'],
  ['update an order', 'PUT /v1/orders/{orderNumber}'],
  ['delete an invoice', 'DELETE /v1/invoices/{invoiceKey}'],
  ['get an order', 'GET /v1/orders/{orderNumber}'],
  ['cancel an authorization', 'POST /v1/payment-methods/{payment-method-id}/voidAuthorize'],
  ['settle a payment', 'POST /v1/gateway-settlement/payments/{payment-key}/settle'],
  ['create a payment', 'POST /v1/payments'],
  ['retry failed payments', 'POST /v1/payment-schedule-items/retry-payment'],
  ['list payment gateways', 'GET /v1/payment-gateways'],
  ['create a customer account', 'POST /v1/accounts'],
  ['get the usage of an account', 'GET /v1/usage/accounts/{account-key}'],
];

const top = (query: string, n: number) => searchOperations(query, n).map(h => h.op.id);

describe('search: what a person means is in the top 3', () => {
  test('every expected operation is in the catalog (no typo makes a case pass or fail for nothing)', () => {
    assert.deepEqual(
      MEANT.filter(([, id]) => !findOperation(...(id.split(' ') as [string, string]))),
      [],
    );
  });
  for (const [query, meant] of MEANT)
    test(`"${query}" -> ${meant}`, () => {
      const ranked = top(query, 3);
      assert.ok(ranked.includes(meant), `top 3 for "${query}": ${ranked.join(', ')}`);
    });
});

describe('search: phrasing', () => {
  test('"refund a payment" ranks the payments refund first, not "reconcile a refund"', () =>
    assert.equal(top('refund a payment', 1)[0], 'POST /v1/payments/{paymentKey}/refunds'));
  test('little words (a, an, the, my) change nothing', () => {
    assert.deepEqual(top('refund a payment', 10), top('refund payment', 10));
    assert.deepEqual(top('apply the credit memo to my invoice', 10), top('apply credit memo to invoice', 10));
  });
  test('a query of little words only (the first keystroke "a") still lists operations', () =>
    assert.ok(top('a', 5).length > 0));
  test('the word being typed matches by prefix: "refund a p" already ranks the payments refund first', () =>
    assert.equal(top('refund a p', 1)[0], 'POST /v1/payments/{paymentKey}/refunds'));
  test('"get a payment" retrieves one; "get payments" lists them', () => {
    assert.equal(top('get a payment', 1)[0], 'GET /v1/payments/{paymentKey}');
    assert.equal(top('get payments', 1)[0], 'GET /v1/payments');
  });
  test('a path typed as is lists the operations at that very path first', () =>
    assert.deepEqual(top('/v1/invoices', 2).sort(), ['POST /v1/invoices', 'PUT /v1/invoices']));
  test('the verb chooses the method: create -> POST, get -> GET, update -> PUT, delete -> DELETE', () => {
    assert.equal(top('create a contact', 1)[0], 'POST /v1/contacts');
    assert.equal(top('get a contact', 1)[0], 'GET /v1/contacts/{contactId}');
    assert.equal(top('update a contact', 1)[0], 'PUT /v1/contacts/{contactId}');
    assert.equal(top('delete a contact', 1)[0], 'DELETE /v1/contacts/{contactId}');
  });
});

describe('search: a method and path typed (`endpoints "GET /v2/accounts/{account_key}"`)', () => {
  test('the very operation first, whatever its parameters are named; then the others at that path', () => {
    assert.deepEqual(top('GET /v2/accounts/{account_key}', 3), [
      'GET /v2/accounts/{account_id}',
      'PATCH /v2/accounts/{account_id}',
      'DELETE /v2/accounts/{account_id}',
    ]);
    assert.equal(top('DELETE /v2/accounts/{x}', 1)[0], 'DELETE /v2/accounts/{account_id}');
    assert.equal(top('GET /v1/accounts/{account_key}', 1)[0], 'GET /v1/accounts/{account-key}');
    assert.equal(top('get /v1/accounts/{account-key}/summary/', 1)[0], 'GET /v1/accounts/{account-key}/summary');
  });
  test('a path with values where the operation has parameters (as a request log shows it)', () => {
    assert.equal(top('GET /v2/accounts/A00000001', 1)[0], 'GET /v2/accounts/{account_id}');
    assert.equal(top('GET /v1/accounts/A00000001/summary', 1)[0], 'GET /v1/accounts/{account-key}/summary');
  });
  test('every operation of the catalog, typed as METHOD PATH (its parameters renamed), ranks itself first', () => {
    const missed = OPERATIONS.filter(o => {
      const renamed = `${o.method} ${o.path.replace(/\{[^}]+\}/g, '{p}')}`;
      return top(o.id, 1)[0] !== o.id || top(renamed, 1)[0] !== o.id;
    }).map(o => `${o.id} -> ${top(o.id, 1)[0]}`);
    assert.deepEqual(missed, []);
  });
  test('a query naming a version prefers it: every v2 account operation before any v1 one', () => {
    const v2Accounts = OPERATIONS.filter(o => o.path.startsWith('/v2/accounts')).length;
    assert.equal(v2Accounts, 7);
    for (const q of ['GET /v2/accounts/{account_key}', 'v2 accounts', 'v2 get an account']) {
      const other: string[] = top(q, v2Accounts).filter(id => !id.includes(' /v2/accounts'));
      assert.deepEqual(other, [], `"${q}"`);
    }
    for (const q of ['GET /v1/accounts/{account_key}', 'v1 accounts'])
      assert.deepEqual(
        top(q, 3).filter(id => !id.includes(' /v1/accounts')),
        [],
        `"${q}"`,
      );
  });
});
