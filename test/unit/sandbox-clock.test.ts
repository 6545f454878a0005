// The Local sandbox's clock control path over loopback (issue 21, item 4): GET and POST /_sandbox/clock,
// authenticated like every call; what falls due happens; going back answers as before the advance; input it
// cannot read is a 400 in the v2 shape; a data file keeps the moved date across a restart.
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BillingClient, CLOCK_PATH } from '../../src/client';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { mismatches, referenceChecker } from './sandbox-reference';
import { tokenOf } from './sandboxToken';

const clientOf = (s: Sandbox) =>
  new BillingClient({ baseUrl: s.url, clientId: s.clientId, clientSecret: s.clientSecret });

async function post(s: Sandbox, token: string | undefined, body: string, extra: Record<string, string> = {}) {
  const headers = {
    'Content-Type': 'application/json',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...extra,
  };
  const r = await fetch(`${s.url}${CLOCK_PATH}`, { method: 'POST', headers, body });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
}

/** A 12-month subscription from 2027-01-01 on a new account, auto-renewing unless told. */
const newSubscription = (autoRenew = true) => ({
  order_date: '2027-01-01',
  account_data: { name: 'Clock', currency: 'USD', bill_to: { first_name: 'C', last_name: 'C' } },
  subscriptions: [
    {
      auto_renew: autoRenew,
      initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
      renewal_term: { type: 'termed', interval: 'month', interval_count: 12 },
      start_on: { contract_effective: '2027-01-01' },
      subscription_plans: [{ plan_id: 'plan-team-monthly' }],
    },
  ],
});

describe('the clock control path', () => {
  let sb: Sandbox;
  let client: BillingClient;
  let token: string;
  before(async () => {
    sb = await startSandbox({ today: '2027-01-01' });
    client = clientOf(sb);
    token = await tokenOf(sb);
  });
  after(async () => {
    await client.close();
    await sb.close();
  });

  test('needs an access token, like every call: a 401 in the v2 shape without one', async () => {
    const r = await fetch(`${sb.url}${CLOCK_PATH}`);
    assert.equal(r.status, 401);
    assert.deepEqual(await r.json(), { type: 'unauthorized', errors: [], retryable: false });
    assert.equal((await post(sb, undefined, '{"by":"1 day"}')).status, 401);
    assert.equal(sb.clock.today(), '2027-01-01', 'nothing moved');
  });

  test('forward: what fell due is answered in date order; back: every answer is as it was before the advance', async () => {
    const created = await client.createOrder(newSubscription(true) as never);
    const renewing = created.data.subscriptions[0].subscription_number;
    const lapsing = (await client.createOrder(newSubscription(false) as never)).data.subscriptions[0]
      .subscription_number;
    const reads = async () => ({
      renewing: (await client.send({ method: 'GET', path: `/v1/subscriptions/${renewing}` })).data,
      lapsing: (await client.send({ method: 'GET', path: `/v1/subscriptions/${lapsing}` })).data,
      list: (await client.send({ method: 'GET', path: '/v2/subscriptions' }, { query: { page_size: 50 } })).data,
      order: (await client.getOrder(created.data.order_number)).data,
    });
    const was = await reads();

    const forward = await client.moveSandboxClock({ to: '2029-03-01' });
    assert.equal(forward.data.today, '2029-03-01');
    assert.equal(forward.data.previous, '2027-01-01');
    const mine = forward.data.events.flatMap(e =>
      e.type !== 'billed' && [renewing, lapsing].includes(e.subscription_number) ? [e] : [],
    );
    assert.deepEqual(
      mine.map(e => `${e.date} ${e.subscription_number} ${e.type}`),
      [`2028-01-01 ${renewing} renewed`, `2028-01-01 ${lapsing} expired`, `2029-01-01 ${renewing} renewed`],
    );
    const dates = forward.data.events.map(e => e.date);
    assert.deepEqual(dates, [...dates].sort(), 'in date order');
    const renewed = (
      await client.send<Record<string, unknown>>({ method: 'GET', path: `/v1/subscriptions/${renewing}` })
    ).data;
    assert.deepEqual([renewed.termStartDate, renewed.termEndDate, renewed.version], ['2029-01-01', '2030-01-01', 3]);
    const gone = (await client.send<Record<string, unknown>>({ method: 'GET', path: `/v1/subscriptions/${lapsing}` }))
      .data;
    assert.deepEqual([gone.status, gone.subscriptionEndDate], ['Expired', '2028-01-01']);
    // An expired subscription reads as the references say one does, in both families.
    const v1 = referenceChecker('v1-openapi.yaml', { required: true });
    assert.deepEqual(v1.mismatches(gone, 'GETSubscriptionByKeyWithSuccess'), []);
    assert.deepEqual(v1.mismatches(renewed, 'GETSubscriptionByKeyWithSuccess'), []);
    const list = (await client.send({ method: 'GET', path: '/v2/subscriptions' }, { query: { page_size: 50 } })).data;
    assert.deepEqual(mismatches(list, 'subscriptionListResponse'), []);
    assert.ok(JSON.stringify(list).includes('"state":"expired"'));

    const back = await client.moveSandboxClock({ to: '2027-01-01' });
    assert.deepEqual([back.data.today, back.data.restored, back.data.events], ['2027-01-01', '2027-01-01', []]);
    assert.deepEqual(await reads(), was);
    assert.deepEqual((await client.sandboxClock()).data, {
      today: '2027-01-01',
      real: false,
      history: { kept: 1, earliest: '2027-01-01', dropped: 0, limit: 100 },
    });
  });

  test('an order without order_date after an advance is dated the new today', async () => {
    await client.moveSandboxClock({ by: '3 months' });
    const body = { ...newSubscription(), order_date: undefined };
    const r = await client.createOrder(body as never);
    assert.equal(r.data.order_date, '2027-04-01');
    await client.moveSandboxClock({ to: '2027-01-01' });
  });

  test('a repeated Idempotency-Key moves the clock once and answers the same', async () => {
    const key = { 'Idempotency-Key': 'clock-once' };
    const first = await post(sb, token, '{"by":"1 month"}', key);
    const again = await post(sb, token, '{"by":"1 month"}', key);
    assert.equal(first.json.today, '2027-02-01');
    assert.deepEqual(again.json, first.json);
    assert.equal(sb.clock.today(), '2027-02-01');
    await client.moveSandboxClock({ to: '2027-01-01' });
  });

  const bad: [string, string, string, string, RegExp][] = [
    ['no field', '{}', 'missing_parameter', 'to', /Say where the clock goes: send \{ "to": "2027-06-01" \}/],
    ['an unknown field', '{"when":"2027-06-01"}', 'unknown_parameter', 'when', /Unknown field "when"/],
    ['both fields', '{"to":"2027-06-01","by":"1 day"}', 'invalid_parameter', 'by', /not both/],
    [
      'a date that is not real',
      '{"to":"2027-02-30"}',
      'invalid_parameter',
      'to',
      /real date written YYYY-MM-DD, not "2027-02-30"/,
    ],
    ['a date as a number', '{"to":20270601}', 'invalid_parameter', 'to', /not 20270601/],
    ['a step it cannot read', '{"by":"3 fortnights"}', 'invalid_parameter', 'by', /such as "3 months"/],
    ['a step back', '{"by":"-1 month"}', 'invalid_parameter', 'by', /to go back, give a date/],
    ['a step past 9999', '{"by":"10000 years"}', 'invalid_parameter', 'by', /past 9999-12-31/],
    [
      'a date before any copy',
      '{"to":"2020-01-01"}',
      'invalid_parameter',
      'to',
      /go back to 2027-01-01 at the earliest, not 2020-01-01/,
    ],
  ];
  for (const [what, body, code, parameter, message] of bad) {
    test(`${what}: a 400 in the v2 shape naming the field, and the clock stays`, async () => {
      const r = await post(sb, token, body);
      assert.equal(r.status, 400);
      assert.equal(r.json.type, 'bad_request');
      assert.equal(r.json.retryable, false);
      const [e] = r.json.errors as { code: string; parameter?: string; message: string }[];
      assert.deepEqual([e.code, e.parameter], [code, parameter]);
      assert.match(e.message, message);
      assert.equal(sb.clock.today(), '2027-01-01');
    });
  }

  test('a body that is not JSON, or not an object, is a 400 in the v2 shape', async () => {
    const notJson = await post(sb, token, '{"to":');
    assert.equal(notJson.status, 400);
    assert.equal((notJson.json.errors as { code: string }[])[0].code, 'malformed_json');
    const list = await post(sb, token, '["2027-06-01"]');
    assert.equal(list.status, 400);
    assert.match((list.json.errors as { message: string }[])[0].message, /must be a JSON object/);
  });

  test('another method is a 405 naming GET and POST; another control path a 404, both in the v2 shape', async () => {
    const put = await fetch(`${sb.url}${CLOCK_PATH}`, { method: 'PUT', headers: { Authorization: `Bearer ${token}` } });
    assert.equal(put.status, 405);
    assert.equal(put.headers.get('allow'), 'GET, POST');
    assert.equal(((await put.json()) as { type: string }).type, 'method_not_allowed');
    const other = await fetch(`${sb.url}/_sandbox/nothing`, { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(other.status, 404);
    assert.equal(((await other.json()) as { type: string }).type, 'not_found');
  });
});

test('a data file keeps the date its clock moved to: a restarted sandbox is still there', async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bw-clock-')), 'sandbox.json');
  const first = await startSandbox({ dataFile: file, today: '2027-01-01' });
  const c = clientOf(first);
  try {
    await c.moveSandboxClock({ to: '2027-06-01' });
  } finally {
    await c.close();
    await first.close();
  }
  const second = await startSandbox({ dataFile: file });
  try {
    assert.equal(second.clock.today(), '2027-06-01');
    assert.equal(
      second.store.subscriptions.get('S00000001')!.current_term_start,
      '2027-01-01',
      'renewed before the restart',
    );
  } finally {
    await second.close();
  }
});
