// Create from the README's first file (examples/new-customer.preview.json), over HTTP to the Local sandbox:
// what an order needs that the preview file lacks is named and filled, the filled body is created, and a
// failed create names every field the service refused and stays beside the preview it came from.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { ApiError, BillingClient } from '../../src/client';
import {
  createBody,
  createdOrder,
  orderNeeds,
  v1CreateBody,
  v1Fillable,
  v1NeedsMessage,
  v1OrderNeeds,
  withAccount,
  withV1Account,
} from '../../src/payloads';
import { startSandbox } from '../../src/sandbox';
import { validate, type OrderRequestBody } from '../../src/schemas';
import { failedState, panelError } from '../../src/services/panelStates';
import type { ResponseState } from '../../src/webview/protocol';

const preview = () => JSON.parse(fs.readFileSync('examples/new-customer.preview.json', 'utf8'));

test('the preview file lacks account_data.name and bill_to; filled (bill_to from sold_to) it validates and creates', async () => {
  const body = createBody(preview());
  const needs = orderNeeds(body);
  assert.deepEqual(needs.missing, ['account_data.name', 'account_data.bill_to']);
  assert.deepEqual(needs.errors, [], 'nothing else is missing');
  assert.equal(needs.suggested.name, 'Ada Lovelace', "the sold-to contact's name is offered");
  const filled = withAccount(body, { name: 'Analytical Engines', billTo: needs.suggested.billTo! });
  assert.deepEqual(
    validate(JSON.stringify(filled), 'order').filter(f => f.severity === 'error'),
    [],
  );
  const sb = await startSandbox();
  const c = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  try {
    const r = await c.createOrder(filled as OrderRequestBody);
    assert.equal(r.status, 200);
    const order = sb.store.orders.get(r.data.order_number)!;
    const account = sb.store.accounts.get(order.account_number)!;
    assert.equal(account.name, 'Analytical Engines');
    assert.equal(account.bill_to.last_name, 'Lovelace');
  } finally {
    await c.close();
    await sb.close();
  }
});

test('nothing to take: no sold_to offers no name or contact; an existing account needs nothing', () => {
  const noSoldTo = createBody({ ...preview(), account_data: { currency: 'USD', bill_cycle_day: 1 } });
  const needs = orderNeeds(noSoldTo);
  assert.deepEqual(needs.missing, ['account_data.name', 'account_data.bill_to']);
  assert.deepEqual(needs.suggested, { name: undefined, billTo: undefined });
  const { account_data: _a, ...rest } = preview();
  assert.deepEqual(orderNeeds(createBody({ ...rest, account_number: 'A00000001' })).missing, []);
});

test('a refused create names every field refused, and stays beside the preview it was created from', async () => {
  const sb = await startSandbox();
  const c = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  try {
    // What the editor sent before: the preview file's create body as is.
    const e = await c.createOrder(createBody(preview()) as OrderRequestBody).then(
      () => assert.fail('the service refuses it'),
      (x: unknown) => x as ApiError,
    );
    assert.equal(e.status, 400);
    const shown = panelError(e);
    const said = [shown.message, ...(shown.more ?? [])].join('\n');
    assert.match(said, /"name" is required/);
    assert.match(said, /"bill_to" is required/, 'the second refusal is said, not only in the raw JSON');

    const source = 'file:///w/new-customer.preview.json';
    const previewState = {
      kind: 'response',
      source,
      summary: { rows: [], totals: [{ currency: 'USD', mrr: 1, tcb: 12 }] },
    } as unknown as ResponseState;
    const info = {
      title: 'Create order from new-customer.preview.json',
      method: 'POST',
      path: '/v2/orders',
      write: true,
    };
    const ctx = { info, connection: { name: 'Local sandbox', kind: 'local' }, client: c } as never;
    const call = { kind: 'createOrder', file: 'new-customer.preview.json', body: {}, source } as const;
    const kept = failedState(ctx, call as never, e, previewState);
    assert.equal(kept.kind, 'response');
    assert.deepEqual((kept as ResponseState).summary, previewState.summary, 'the preview stays');
    assert.equal((kept as ResponseState).failure?.status, 400);
    assert.match((kept as ResponseState).failure!.title, /Create order from new-customer\.preview\.json failed/);
    const elsewhere = failedState(ctx, { ...call, source: 'file:///w/other.order.json' } as never, e, previewState);
    assert.equal(elsewhere.kind, 'error', 'a create of another file shows its error alone');
  } finally {
    await c.close();
    await sb.close();
  }
});

/** examples/v1/new-and-add.request.json made a new customer's preview: previewAccountInfo, its first subscription. */
function v1NewCustomer(): Record<string, unknown> {
  const file = JSON.parse(fs.readFileSync('examples/v1/new-and-add.request.json', 'utf8'));
  const { existingAccountNumber: _n, ...body } = file.body;
  const previewAccountInfo = { currency: 'USD', billCycleDay: 1, soldToContact: { city: 'London', country: 'GBR' } };
  return { ...body, previewAccountInfo, subscriptions: [body.subscriptions[0]] };
}

test('a v1 preview file with previewAccountInfo: Create names newAccount, fills it and creates; the answer says the account', async () => {
  const previewBody = v1NewCustomer();
  const body = v1CreateBody(previewBody);
  const needs = v1OrderNeeds(previewBody, body);
  assert.deepEqual(needs.missing, ['newAccount.name', 'newAccount.billToContact']);
  assert.deepEqual(needs.errors, [], 'nothing else the create contract refuses');
  assert.ok(v1Fillable(needs), "currency and bill cycle day come from the preview's account info");
  assert.match(v1NeedsMessage('new.request.json', needs.missing), /newAccount\.name and newAccount\.billToContact/);
  const filled = withV1Account(body, needs, { name: 'Analytical Engines', firstName: 'Ada', lastName: 'Lovelace' });
  assert.deepEqual(filled.newAccount, {
    name: 'Analytical Engines',
    currency: 'USD',
    billCycleDay: 1,
    billToContact: { firstName: 'Ada', lastName: 'Lovelace', city: 'London', country: 'GBR' },
  });
  assert.deepEqual(v1OrderNeeds(previewBody, filled), { missing: [], suggested: {}, errors: [] });

  const sb = await startSandbox();
  const c = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  try {
    // What Create sent before: the preview's create body as is, refused for want of an account.
    const e = await c.createOrderV1(body).then(
      () => assert.fail('the service refuses an order without an account'),
      (x: unknown) => x as ApiError,
    );
    assert.equal(e.status, 400);
    const r = await c.createOrderV1(filled);
    const order = createdOrder({ api: 'v1' }, r.data);
    assert.match(order.accountNumber!, /^A\d{8}$/, 'the v1 answer names the account: no lookup');
    const account = sb.store.accounts.get(order.accountNumber!)!;
    assert.equal(account.name, 'Analytical Engines');
    assert.equal(account.bill_to.last_name, 'Lovelace');
    assert.equal(sb.store.orders.get(order.orderNumber)!.account_number, order.accountNumber);
  } finally {
    await c.close();
    await sb.close();
  }
});

test('a v1 preview file of an existing account needs nothing; one with no account info names all four fields', () => {
  const file = JSON.parse(fs.readFileSync('examples/v1/new-and-add.request.json', 'utf8'));
  const needs = v1OrderNeeds(file.body, v1CreateBody(file.body));
  assert.deepEqual(needs, { missing: [], suggested: {}, errors: [] });
  const { previewAccountInfo: _p, ...bare } = v1NewCustomer();
  const none = v1OrderNeeds(bare, v1CreateBody(bare));
  assert.deepEqual(none.missing, [
    'newAccount.name',
    'newAccount.currency',
    'newAccount.billCycleDay',
    'newAccount.billToContact',
  ]);
  assert.equal(v1Fillable(none), false, 'nothing to take the currency and bill cycle day from');
  // The create contract still speaks: a wrong type in the order is an error Create names before sending.
  const wrong = v1OrderNeeds(file.body, { ...v1CreateBody(file.body), orderDate: '2027-02-30' });
  assert.deepEqual(
    wrong.errors.map(f => f.path.join('.')),
    ['orderDate'],
  );
});

test("the created panel's account: from a v2 answer that carries it, else from the body, else looked up", () => {
  const v2 = { order_number: 'O00000009', subscriptions: [], account: { account_number: 'A00000042' } };
  assert.equal(createdOrder({}, v2).accountNumber, 'A00000042');
  assert.equal(createdOrder({}, { ...v2, account: undefined }).accountNumber, undefined, 'not expanded: looked up');
  const v1 = { orderNumber: 'O00000010', accountNumber: 'A00000043', subscriptions: [] };
  assert.equal(createdOrder({ api: 'v1' }, v1).accountNumber, 'A00000043');
});
