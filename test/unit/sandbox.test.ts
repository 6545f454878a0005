// The local sandbox over real HTTP on loopback: every route and every error answer.
import { test, describe, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { SIMULATED_HEADER } from '../../src/wire/simulated';
import { startSandbox, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, type Sandbox } from '../../src/sandbox';
import { TEMPLATES } from '../../src/schemas';
import { priceOf, SEATS, USD } from './expected';
import { until } from './waits';
import { v1CatalogPlans } from './v1CatalogPlans';

let sb: Sandbox;
let token: string;
const body = (id: string) => TEMPLATES.find(t => t.id === id)!.body;

async function getToken(s = sb): Promise<string> {
  const r = await fetch(`${s.url}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: DEMO_CLIENT_ID,
      client_secret: DEMO_CLIENT_SECRET,
      grant_type: 'client_credentials',
    }),
  });
  assert.equal(r.status, 200);
  return ((await r.json()) as { access_token: string }).access_token;
}
async function call(
  method: string,
  path: string,
  payload?: unknown,
  headers: Record<string, string> = {},
  s = sb,
  t = token,
) {
  const r = await fetch(`${s.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${t}`, 'Content-Type': 'application/json', ...headers },
    body: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  const text = await r.text();
  return { status: r.status, headers: r.headers, json: text ? JSON.parse(text) : undefined };
}

before(async () => {
  sb = await startSandbox({ seedAccounts: 3 });
  token = await getToken();
});
after(() => sb.close());

describe('sandbox: OAuth', () => {
  test('token answer has the spec fields', async () => {
    const r = await fetch(`${sb.url}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: DEMO_CLIENT_ID,
        client_secret: DEMO_CLIENT_SECRET,
        grant_type: 'client_credentials',
      }),
    });
    const j = (await r.json()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(j).sort(), ['access_token', 'expires_in', 'jti', 'scope', 'token_type']);
    assert.equal(j.token_type, 'bearer');
    assert.equal(j.expires_in, 3600);
    assert.ok(r.headers.get('service-request-id'));
  });
  test('a bad credential: 401 with the v1 body and code 90000011', async () => {
    const r = await fetch(`${sb.url}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: DEMO_CLIENT_ID,
        client_secret: 'wrong',
        grant_type: 'client_credentials',
      }),
    });
    assert.equal(r.status, 401);
    const j = (await r.json()) as { success: boolean; processId: string; reasons: { code: number }[] };
    assert.equal(j.success, false);
    assert.ok(j.processId);
    assert.equal(j.reasons[0].code, 90000011);
  });
  test('a token request sent as JSON is told to send the form instead', async () => {
    const r = await fetch(`${sb.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_id: DEMO_CLIENT_ID,
        client_secret: DEMO_CLIENT_SECRET,
        grant_type: 'client_credentials',
      }),
    });
    assert.equal(r.status, 400);
    const j = (await r.json()) as { success: boolean; reasons: { message: string }[] };
    assert.equal(j.success, false);
    assert.match(j.reasons[0].message, /form-encoded, not JSON.*application\/x-www-form-urlencoded/);
  });
  test('an expired token is refused (token life set to 1 s)', async () => {
    let clock = 1_000_000;
    const short = await startSandbox({ tokenTtlSeconds: 1, now: () => clock });
    try {
      const t = await getToken(short);
      clock += 999;
      assert.equal((await call('GET', '/v1/catalog/products', undefined, {}, short, t)).status, 200);
      clock += 2;
      const r = await call('GET', '/v1/catalog/products', undefined, {}, short, t);
      assert.equal(r.status, 401);
      assert.equal(r.json.reasons[0].code, 90000011);
      const v2 = await call('GET', '/v2/orders/O00000001', undefined, {}, short, t);
      assert.equal(v2.status, 401);
      assert.equal(v2.json.type, 'unauthorized');
    } finally {
      await short.close();
    }
  });
  test('no token: 401 on v2 with the v2 body', async () => {
    const r = await call('POST', '/v2/orders/preview', body('preview'), {}, sb, 'nope');
    assert.equal(r.status, 401);
    assert.deepEqual(r.json, { type: 'unauthorized', errors: [], retryable: false }, 'empty errors, as the reference');
  });
});

describe('sandbox: v2 quickstart', () => {
  test('preview (201) computes MRR and TCB for every item, including prices the request did not list', async () => {
    const r = await call('POST', '/v2/orders/preview', body('preview'));
    assert.equal(r.status, 201, JSON.stringify(r.json));
    const [team, enterprise] = r.json.subscriptions;
    assert.equal(team.subscription_number, undefined, 'a new subscription has no number yet');
    const items = team.actions[0].subscription_items;
    assert.equal(team.actions[0].action, 'create_subscription');
    assert.equal(team.actions[0].sequence, 0);
    // seats: monthly over 12 months; the platform fee (not in the request) too
    const seats = items.find((i: { price_id: string }) => i.price_id === 'price-team-seats');
    const platform = items.find((i: { price_id: string }) => i.price_id === 'price-team-platform');
    const usd = (amount: number) => ({ gross_amount: amount, net_amount: amount, currency: 'USD' });
    assert.deepEqual(seats.mrr, usd(SEATS * USD.seat));
    assert.deepEqual(seats.tcb, usd(12 * SEATS * USD.seat));
    assert.equal(platform.mrr.net_amount, USD.platformFee);
    assert.equal(platform.tcb.net_amount, 12 * USD.platformFee);
    assert.equal(seats.start_date, '2027-01-01');
    assert.equal(seats.end_date, '2028-01-01');
    const annual = enterprise.actions[0].subscription_items[0];
    assert.equal(annual.mrr.net_amount, USD.annualLicence / 12);
    assert.equal(annual.tcb.net_amount, USD.annualLicence);
  });
  test('terms left out or short (a warning, not an error) take the tenant default of 12 months, not a 500', async () => {
    const preview = structuredClone(body('preview')) as { subscriptions: Record<string, unknown>[] };
    const team = preview.subscriptions[0];
    delete team.initial_term;
    team.renewal_term = { interval: 'month' }; // no type, no count
    const r = await call('POST', '/v2/orders/preview', preview);
    assert.equal(r.status, 201, JSON.stringify(r.json));
    const seats = r.json.subscriptions[0].actions[0].subscription_items.find(
      (i: { price_id: string }) => i.price_id === 'price-team-seats',
    );
    assert.equal(seats.end_date, '2028-01-01', 'the default initial term: 12 months from 2027-01-01');
    assert.equal(seats.tcb.net_amount, 12 * SEATS * USD.seat);
  });
  test('renew: the items run on to the end of the new term, which is what the renewal bills', async () => {
    const r = await call('POST', '/v2/orders/preview', { ...body('renew'), metrics: ['delta_metrics'] });
    assert.equal(r.status, 201, JSON.stringify(r.json));
    const [renew] = r.json.subscriptions[0].actions;
    assert.equal(renew.action, 'renew');
    for (const it of renew.subscription_items) {
      assert.equal(it.end_date, '2028-01-01', `${it.price_id} ends with the renewal term, not the one it leaves`);
      assert.equal(it.mrr.net_amount, 0);
    }
  });
  test('one-time charges: no mrr, tcb = the amount; EUR accounts price in EUR', async () => {
    const r = await call('POST', '/v2/orders/preview', {
      metrics: ['delta_metrics'],
      account_data: { currency: 'EUR', bill_cycle_day: 1 },
      subscriptions: [
        {
          initial_term: { type: 'evergreen' },
          renewal_term: { type: 'evergreen' },
          start_on: { contract_effective: '2027-03-31' },
          subscription_plans: [{ plan_id: 'plan-onboarding' }, { plan_id: 'plan-team-monthly' }],
        },
      ],
    });
    assert.equal(r.status, 201);
    const items = r.json.subscriptions[0].actions[0].subscription_items;
    const setup = items.find((i: { price_id: string }) => i.price_id === 'price-onboarding-setup');
    assert.equal(setup.mrr, undefined);
    const setupFee = priceOf('price-onboarding-setup', 'EUR');
    assert.deepEqual(setup.tcb, { gross_amount: setupFee, net_amount: setupFee, currency: 'EUR' });
    const seats = items.find((i: { price_id: string }) => i.price_id === 'price-team-seats');
    assert.equal(seats.tcb.net_amount, priceOf('price-team-seats', 'EUR') * 12); // evergreen: over 12 months
    assert.equal(seats.end_date, undefined, 'evergreen: no end date, never null');
  });
  test('create (200) then GET the order with subscriptions, actions, plans and items; account exists', async () => {
    const created = await call('POST', '/v2/orders', body('new-customer'));
    assert.equal(created.status, 200, JSON.stringify(created.json));
    const n = created.json.order_number;
    assert.match(n, /^O\d{8}$/);
    const got = await call('GET', `/v2/orders/${n}`);
    assert.equal(got.status, 200);
    const sub = got.json.subscriptions[0];
    for (const k of [
      'id',
      'subscription_number',
      'state',
      'account_id',
      'invoice_owner_account_id',
      'auto_renew',
      'latest_version',
      'initial_term',
      'current_term',
      'renewal_term',
      'contract_effective',
      'version',
      'order_number',
      'actions',
    ])
      assert.ok(k in sub, k);
    assert.equal(sub.state, 'active');
    const item = sub.actions[0].subscription_plans.data[0].subscription_items.data[0];
    for (const k of [
      'id',
      'subscription_item_number',
      'subscription_plan_id',
      'price_id',
      'charge_model',
      'charge_type',
      'recurring',
      'unit_amount',
      'quantity',
      'state',
    ])
      assert.ok(k in item, k);
    const orders = await call(
      'GET',
      `/object-query/orders?filter[]=accountNumber.EQ:${sub.subscription_number ? (await call('GET', `/object-query/orders/${n}?expand[]=account`)).json.account.accountNumber : ''}`,
    );
    assert.equal(orders.json.data.length, 1);
  });
  test('change orders: add, update, remove plans; pause, resume, cancel change the state', async () => {
    const c = await call('POST', '/v2/orders', body('new-customer'));
    const sub = c.json.subscriptions[0];
    const acct = (await call('GET', `/object-query/orders/${c.json.order_number}?expand[]=account`)).json.account
      .accountNumber;
    const plan = sub.actions[0].subscription_plans.data[0];
    const seat = plan.subscription_items.data.find((i: { price_id: string }) => i.price_id === 'price-team-seats');
    const change = (entry: object, preview = false) =>
      call('POST', preview ? '/v2/orders/preview' : '/v2/orders', {
        ...(preview ? { metrics: ['delta_metrics'] } : {}),
        account_number: acct,
        subscriptions: [{ subscription_number: sub.subscription_number, ...entry }],
      });
    const upd = await change(
      {
        update_subscription_plans: [
          {
            subscription_plan: {
              subscription_plan_id: plan.id,
              subscription_items: [{ subscription_item_number: seat.subscription_item_number, unit_amount: 20 }],
            },
          },
        ],
      },
      true,
    );
    assert.equal(upd.status, 201, JSON.stringify(upd.json));
    assert.equal(upd.json.subscriptions[0].actions[0].subscription_items[0].mrr.net_amount, -50); // 10 seats x (20 - 25)
    const add = await change({ add_subscription_plans: [{ subscription_plan: { plan_id: 'plan-onboarding' } }] });
    assert.equal(add.status, 200);
    assert.equal(add.json.subscriptions[0].version, 2);
    const pause = await change({ pause: {} });
    assert.equal(pause.json.subscriptions[0].state, 'paused');
    assert.equal((await change({ pause: {} })).status, 400, 'cannot pause twice');
    assert.equal((await change({ resume: {} })).json.subscriptions[0].state, 'active');
    const rm = await change({ remove_subscription_plans: [{ subscription_plan_id: plan.id }] }, true);
    assert.equal(rm.json.subscriptions[0].actions[0].action, 'remove_subscription_plan');
    assert.ok(
      rm.json.subscriptions[0].actions[0].subscription_items.every(
        (i: { tcb: { net_amount: number } }) => i.tcb.net_amount < 0,
      ),
    );
    const renew = await change({ renew: {} });
    assert.equal(renew.json.subscriptions[0].current_term.end_date, '2029-01-01');
    const cancel = await change({ cancel: {} });
    assert.equal(cancel.json.subscriptions[0].state, 'canceled');
    assert.equal(cancel.json.subscriptions[0].version, 6); // create, add, pause, resume, renew, cancel (the second pause was refused)
  });
  test('POST /v2/accounts (201) and GET /v2/accounts/{n}', async () => {
    const r = await call('POST', '/v2/accounts', body('new-account'));
    assert.equal(r.status, 201);
    assert.match(r.json.account_number, /^A\d{8}$/);
    assert.equal((await call('GET', `/v2/accounts/${r.json.account_number}`)).json.name, 'Acme Robotics');
    assert.equal((await call('GET', '/v2/accounts/A99999999')).status, 404);
  });
  test('seeded account A00000001 takes every shipped change example', async () => {
    for (const id of ['add-plan', 'update-plan', 'renew', 'pause', 'resume', 'cancel']) {
      const r = await call('POST', '/v2/orders/preview', { metrics: ['delta_metrics'], ...body(id) });
      assert.ok([201, 400].includes(r.status));
      if (id !== 'resume' || r.status === 201) assert.equal(r.status, 201, `${id}: ${JSON.stringify(r.json)}`);
    }
  });
});

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

describe('sandbox: reads, limits, idempotency', () => {
  test('catalog: monthly per-unit, monthly flat, yearly flat and one-time charges in two currencies', async () => {
    type Charge = { type: string; model: string; billingPeriod?: string; pricing: { currency: string }[] };
    const plans = await v1CatalogPlans<{ productRatePlanCharges: Charge[] }>(
      async path => (await call('GET', path)).json,
      sb.url,
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
    const r = await fetch(`${sb.url}/v1/describe/Account`, { headers: { Authorization: `Bearer ${token}` } });
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
