// Issue 10 item 6: the sandbox answers in the real service's shapes, checked against the reference's
// response schemas; "Preview Again" reads a real order; preview totals include line items.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { BillingClient, summarizePreview, type OrderResponse, type PreviewResponse } from '../../src/client';
import { orderToPreview } from '../../src/payloads';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { previewOf, TEMPLATES } from '../../src/schemas';
import { mismatches } from './sandbox-reference';

let sb: Sandbox;
let client: BillingClient;
const body = (id: string) => structuredClone(TEMPLATES.find(t => t.id === id)!.body) as Record<string, unknown>;
const fee = { name: 'Setup', type: 'fee', unit_amount: 400, quantity: 2 };
const withFee = (b: Record<string, unknown>) => ({ ...b, line_items: [fee] });

before(async () => {
  sb = await startSandbox();
  client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
});
after(async () => {
  await client.close();
  await sb.close();
});

test('a preview answers the reference orderPreviewResponse: real action names, line_items metrics', async () => {
  const r = await client.preview(withFee(body('preview')) as never);
  assert.deepEqual(mismatches(r.data, 'orderPreviewResponse'), []);
  assert.equal(r.data.subscriptions[0].actions[0].action, 'create_subscription');
  assert.deepEqual(r.data.line_items, [
    {
      tcb: { gross_amount: 800, net_amount: 800, currency: 'USD' },
      tcv: { gross_amount: 800, net_amount: 800, currency: 'USD' },
    },
  ]);
});

test('change previews use the reference action names (add_subscription_plan, renew, pause, cancel ...)', async () => {
  const seen: string[] = [];
  for (const id of ['add-plan', 'update-plan', 'renew', 'pause', 'cancel']) {
    const r = await client.preview({ metrics: ['delta_metrics'], ...body(id) } as never);
    assert.deepEqual(mismatches(r.data, 'orderPreviewResponse'), [], id);
    seen.push(...r.data.subscriptions.flatMap(s => s.actions.map(a => a.action)));
  }
  assert.deepEqual(seen, ['add_subscription_plan', 'update_subscription_plan', 'renew', 'pause', 'cancel']);
});

test('an order answers the reference order schema: state, account_id, {next_page, data} lists, no null', async () => {
  const created = await client.createOrder(withFee(body('new-customer')) as never);
  const got = (await client.getOrder(created.data.order_number)).data;
  for (const o of [created.data, got]) {
    assert.deepEqual(mismatches(o, 'order'), []);
    assert.equal(o.state, 'complete');
    assert.match(o.account_id!, /^[0-9a-f]{32}$/);
    assert.equal(o.line_items!.data[0].total, 800);
  }
});

test('a canceled subscription reads "canceled", as the reference spells it', async () => {
  const created = await client.createOrder(body('new-customer') as never);
  const sub = created.data.subscriptions[0];
  const account = (
    await client.send<{ account: { accountNumber: string } }>(
      { method: 'GET', path: '/object-query/orders/{key}' },
      { pathParams: { key: created.data.order_number }, query: { 'expand[]': 'account' } },
    )
  ).data.account.accountNumber;
  const cancel = await client.createOrder({
    account_number: account,
    subscriptions: [{ subscription_number: sub.subscription_number, cancel: {} }],
  } as never);
  assert.equal(cancel.data.subscriptions[0].state, 'canceled');
  assert.equal(cancel.data.subscriptions[0].actions[0].type, 'cancel');
  assert.deepEqual(mismatches(cancel.data, 'order'), []);
});

test('errors answer the reference errorResponse: resource_not_found on 404, an empty errors on 401', async () => {
  const form = new URLSearchParams({
    client_id: sb.clientId,
    client_secret: sb.clientSecret,
    grant_type: 'client_credentials',
  });
  const token = (await (await fetch(`${sb.url}/oauth/token`, { method: 'POST', body: form })).json()).access_token;
  const get = (path: string, t = token) => fetch(`${sb.url}${path}`, { headers: { Authorization: `Bearer ${t}` } });
  const missing = await get('/v2/orders/O99999999');
  const m = await missing.json();
  assert.deepEqual(mismatches(m, 'errorResponse'), []);
  assert.equal(m.type, 'not_found');
  assert.equal(m.errors[0].code, 'resource_not_found');
  const denied = await (await get('/v2/orders/O00000001', 'nope')).json();
  assert.deepEqual(denied, { type: 'unauthorized', errors: [], retryable: false });
});

test('POST /v2/accounts creates the account and records no order', async () => {
  const before = sb.store.orderList.length;
  const r = await client.createAccount(body('new-account') as never);
  assert.equal(r.status, 201);
  assert.equal(sb.store.orderList.length, before, 'no empty order');
  assert.ok(sb.store.accounts.has((r.data as { account_number: string }).account_number));
});

test('Preview Again: a real order becomes a preview payload that costs what the order created', async () => {
  const payload = withFee(body('new-customer'));
  const first = await client.preview(previewOf(payload) as never);
  const created = await client.createOrder(payload as never);
  const order = (await client.getOrder(created.data.order_number)).data as OrderResponse;
  const account = (
    await client.send<{ account: { accountNumber: string } }>(
      { method: 'GET', path: '/object-query/orders/{key}' },
      { pathParams: { key: created.data.order_number }, query: { 'expand[]': 'account' } },
    )
  ).data.account.accountNumber;
  const again = orderToPreview(order, account);
  assert.ok(again, 'an order that created a subscription previews again');
  const second = await client.preview(again as never);
  assert.deepEqual(summarizePreview(second.data as PreviewResponse).totals, summarizePreview(first.data).totals);
});
