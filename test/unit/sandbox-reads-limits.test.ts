// The Local sandbox over real HTTP on loopback: reads (catalog, describe, volume summary), the concurrency limit
// and Idempotency-Key.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox } from '../../src/sandbox';
import { until } from './waits';
import { v1CatalogPlans } from './v1CatalogPlans';
import { body, getToken, sharedSandbox } from './sandboxHttp';

const { shared, call } = sharedSandbox();

describe('sandbox: reads, limits, idempotency', () => {
  test('catalog: monthly per-unit, monthly flat, yearly flat and one-time charges in two currencies', async () => {
    type Charge = { type: string; model: string; billingPeriod?: string; pricing: { currency: string }[] };
    const plans = await v1CatalogPlans<{ productRatePlanCharges: Charge[] }>(
      async path => (await call('GET', path)).json,
      shared.sb.url,
    );
    const charges = plans.flatMap(pl => pl.productRatePlanCharges);
    const unknown = await call('GET', '/v1/rateplan/no-such-product/productRatePlan');
    assert.deepEqual([unknown.status, unknown.json.success], [404, false]);
    assert.match(unknown.json.reasons[0].message, /Product no-such-product does not exist/);
    const kinds = new Set(charges.map(c => `${c.type}/${c.model}/${c.billingPeriod ?? 'no period'}`));
    for (const k of [
      'Recurring/PerUnit/Month',
      'Recurring/FlatFee/Month',
      'Recurring/FlatFee/Annual',
      'OneTime/FlatFee/no period',
    ])
      assert.ok(kinds.has(k), k);
    for (const c of charges) assert.deepEqual(c.pricing.map(p => p.currency).sort(), ['EUR', 'USD']);
  });
  test('describe: field lists for Account, Order, Subscription, as XML (text/xml, as the contract says); 40 for an unknown name', async () => {
    const r = await fetch(`${shared.sb.url}/v1/describe/Account`, {
      headers: { Authorization: `Bearer ${shared.token}` },
    });
    assert.equal(r.headers.get('content-type'), 'text/xml; charset=utf-8');
    const xml = await r.text();
    assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<object>\n {2}<name>Account<\/name>/);
    assert.match(xml, /<field>\s*<name>AccountNumber<\/name>\s*<label>Account Number<\/label>\s*<type>text<\/type>/);
    assert.match(xml, /<name>CreatedDate<\/name>\s*<label>Created Date<\/label>\s*<type>datetime<\/type>/);
    const bad = await call('GET', '/v1/describe/Acount');
    assert.equal(bad.status, 404);
    assert.equal(bad.json.reasons[0].code % 100, 40);
  });
  test('volume summary counts requests served', async () => {
    const r = await call('GET', '/system-health/api-requests/volume-summary');
    assert.ok(
      r.json.data.some(
        (d: { api: string; httpMethod: string; total: number }) =>
          d.api === '/v1/catalog/products' && d.httpMethod === 'GET' && d.total >= 1,
      ),
    );
  });
  test('concurrency limit: past N in flight, 429 with Retry-After (v2) and category 70 (v1)', async () => {
    let arrived = 0;
    const delay = (_m: string, p: string) => {
      if (p !== '/v1/catalog/products') return 0;
      arrived++;
      return 500; // long enough for the two calls below to arrive while both slots are held
    };
    const s = await startSandbox({ maxConcurrent: 2, delay });
    try {
      const t = await getToken(s);
      const slow = [
        call('GET', '/v1/catalog/products', undefined, {}, s, t),
        call('GET', '/v1/catalog/products', undefined, {}, s, t),
      ];
      await until(() => arrived === 2, 'both slow calls in flight');
      const v2 = await call('GET', '/v2/orders/O00000001', undefined, {}, s, t);
      const v1 = await call('GET', '/object-query/accounts', undefined, {}, s, t);
      assert.equal(v2.status, 429);
      assert.equal(v2.headers.get('retry-after'), '1');
      assert.equal(v2.json.retryable, true);
      assert.equal(v1.status, 429);
      assert.equal(v1.json.reasons[0].code % 100, 70);
      assert.deepEqual(
        (await Promise.all(slow)).map(r => r.status),
        [200, 200],
      );
      assert.equal((await call('GET', '/object-query/accounts', undefined, {}, s, t)).status, 200, 'free again');
    } finally {
      await s.close();
    }
  });
  test('Idempotency-Key: same body replays without creating; another body 422; while running 409', async () => {
    const s = await startSandbox({ delay: (m, p) => (m === 'POST' && p === '/v2/orders' ? 500 : 0) });
    try {
      const t = await getToken(s);
      const h = { 'Idempotency-Key': 'key-1' };
      const first = call('POST', '/v2/orders', body('new-customer'), h, s, t);
      await until(() => s.sizes().idempotencyKeys === 1, 'the first request to run under its key');
      const [a, b] = await Promise.all([first, call('POST', '/v2/orders', body('new-customer'), h, s, t)]);
      assert.equal(a.status, 200);
      assert.equal(b.status, 409);
      const replay = await call('POST', '/v2/orders', body('new-customer'), h, s, t);
      assert.equal(replay.status, 200);
      assert.equal(replay.json.order_number, a.json.order_number);
      assert.equal(replay.headers.get('idempotent-replayed'), 'true');
      assert.equal((await call('POST', '/v2/orders', body('subscription-and-fee'), h, s, t)).status, 422);
      assert.equal(s.store.orderList.filter(o => o.order_number === a.json.order_number).length, 1);
      assert.equal(
        s.store.orderList.filter(o => o.description === 'New customer on the Team plan').length,
        1,
        'one order created',
      );
    } finally {
      await s.close();
    }
  });
});
