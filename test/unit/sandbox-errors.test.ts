// The Local sandbox over real HTTP on loopback: its error answers, a clear 4xx naming what is wrong, never a 500.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import { SIMULATED_HEADER } from '../../src/wire/simulated';
import { body, sharedSandbox } from './sandboxHttp';

const { call } = sharedSandbox();

describe('sandbox: errors, never a 500', () => {
  const v2err = (r: { json: { type: string; errors: { code: string; parameter?: string }[]; retryable: boolean } }) =>
    r.json;
  test('GET unknown order: 404 with the v2 body', async () => {
    const r = await call('GET', '/v2/orders/O99999999');
    assert.equal(r.status, 404);
    const message = 'Order O99999999 could not be found.';
    assert.deepEqual(v2err(r).errors[0], { code: 'resource_not_found', parameter: 'order_id', message });
    assert.equal(v2err(r).retryable, false);
  });
  test('malformed JSON, unknown field, missing field, wrong type: 400 naming the parameter', async () => {
    const cases: [unknown, string, string | undefined][] = [
      ['{"account_number": "A00000001",', 'malformed_json', undefined],
      [{ ...body('subscription-and-fee'), colour: 'red' }, 'unknown_parameter', 'colour'],
      [
        {
          account_data: { name: 'x', bill_to: { first_name: 'a', last_name: 'b' } },
          line_items: [{ name: 'x', type: 'fee' }],
        },
        'missing_parameter',
        'account_data.currency',
      ],
      [
        { account_number: 'A00000001', line_items: [{ name: 'x', type: 'fee', quantity: 'two' }] },
        'invalid_parameter',
        'line_items[0].quantity',
      ],
      [
        {
          account_data: { name: 'x', currency: 'usd', bill_to: { first_name: 'a', last_name: 'b' } },
          line_items: [{ name: 'x', type: 'fee' }],
        },
        'invalid_parameter',
        'account_data.currency',
      ],
    ];
    for (const [payload, code, parameter] of cases) {
      const r = await call('POST', '/v2/orders', payload);
      assert.equal(r.status, 400, JSON.stringify(r.json));
      assert.equal(v2err(r).type, 'bad_request');
      assert.equal(v2err(r).errors[0].code, code);
      assert.equal(v2err(r).errors[0].parameter, parameter);
    }
  });
  test('unknown plan_id / price_id: 400 invalid_parameter naming the parameter', async () => {
    type Plan = { plan_id: string; prices?: { price_id: string }[] };
    const b = structuredClone(body('preview')) as { subscriptions: { subscription_plans: Plan[] }[] };
    b.subscriptions[0].subscription_plans[0].plan_id = 'plan-nope';
    let r = await call('POST', '/v2/orders/preview', { metrics: ['delta_metrics'], ...b });
    assert.deepEqual(
      [r.status, r.json.errors[0].code, r.json.errors[0].parameter],
      [400, 'invalid_parameter', 'subscriptions[0].subscription_plans[0].plan_id'],
    );
    b.subscriptions[0].subscription_plans[0] = {
      plan_id: 'plan-team-monthly',
      prices: [{ price_id: 'price-enterprise-annual' }],
    };
    r = await call('POST', '/v2/orders/preview', { metrics: ['delta_metrics'], ...b });
    assert.equal(r.json.errors[0].parameter, 'subscriptions[0].subscription_plans[0].prices[0].price_id');
  });
  test('over 50 subscriptions or 100 line items: 400', async () => {
    const r = await call('POST', '/v2/orders', {
      account_number: 'A00000001',
      line_items: Array.from({ length: 101 }, () => ({ name: 'x', type: 'fee' })),
    });
    assert.equal(r.status, 400);
    assert.equal(r.json.errors[0].parameter, 'line_items');
  });
  test('wrong method: 405 (v2 body) and category 45 (v1 body)', async () => {
    const r = await call('GET', '/v2/orders/preview');
    assert.equal(r.status, 405);
    assert.equal(r.json.type, 'method_not_allowed');
    const v1 = await call('DELETE', '/v1/catalog/products');
    assert.equal(v1.status, 405);
    assert.equal(v1.json.reasons[0].code, 50000045);
  });
  test('over 10 MB: 413', async () => {
    const r = await call('POST', '/v2/orders', '{"description": "' + 'x'.repeat(10 * 1024 * 1024 + 10) + '"}');
    assert.equal(r.status, 413);
    assert.equal(r.json.type, 'payload_too_large');
  });
  test('other spec operations: simulated from the contract and marked; without an answer there, a v1 501', async () => {
    assert.equal((await call('GET', '/v1/no-such-thing')).status, 404);
    const invoice = await call('GET', '/v1/invoices/INV-1/files');
    assert.equal(invoice.status, 200);
    assert.equal(invoice.headers.get(SIMULATED_HEADER), 'contract', 'marked as simulated');
    assert.equal(invoice.json.success, true);
    // A bad body gets the 400 the service gives, v1-shaped, with the field named.
    const bad = await call('POST', '/v1/payments', JSON.stringify({ amount: 'ten', currency: 'USD' }));
    assert.equal(bad.status, 400);
    assert.equal(bad.json.success, false);
    assert.deepEqual(
      bad.json.reasons.map((x: { message: string }) => x.message),
      ['"type" is required in the body.', 'amount must be a number, not the string "ten".'],
    );
    assert.equal(bad.json.reasons[0].code, 50000022);
    const r = await call('PUT', '/v1/credit-memos/CM-1/cancel-async', '{}');
    assert.equal(r.status, 501);
    assert.equal(r.json.success, false);
    assert.match(r.json.reasons[0].message, /not served by the local sandbox/);
    assert.equal(r.headers.get('local-sandbox'), 'not-served', 'marked, so the client advises a real environment');
    // v2: the same, and not retryable: asked again it is not served either (a tryout's client looped on it).
    const v2 = await call('DELETE', '/v2/orders/O00000001');
    assert.equal(v2.status, 501);
    assert.deepEqual([v2.json.type, v2.json.retryable], ['not_implemented', false]);
  });
  test('every response carries Service-Request-Id, errors included', async () => {
    for (const [m, p] of [
      ['GET', '/v2/orders/nope'],
      ['GET', '/v1/catalog/products'],
      ['POST', '/v2/orders'],
    ]) {
      const r = await call(m, p, m === 'POST' ? '{' : undefined);
      assert.match(r.headers.get('service-request-id') ?? '', /^[0-9a-f-]{36}$/);
    }
  });
});
