// Issue 31 item 2: the Local sandbox serves v2 accounts, contacts, orders and subscriptions by state, over
// loopback HTTP: created by POST, then read by the id the POST answered (and by number), changed, and every
// answer checked against the reference's response schema (its extract in test/fixtures/reference).
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { answerDepartures } from '../../src/contract/answerCheck';
import { CLOCK_PATH } from '../../src/wire/sandboxClock';
import { NOT_SERVED_HEADER, NOT_SERVED_VALUE } from '../../src/wire/notServed';
import { referenceChecker } from './sandbox-reference';
import { v1Caller, type Answer } from './sandbox-v1-helpers';

const v2 = referenceChecker('quickstart-v2-openapi.yaml', { required: true });
let sb: Sandbox;
let call: Awaited<ReturnType<typeof v1Caller>>;

before(async () => {
  sb = await startSandbox({ today: '2027-01-01' });
  call = await v1Caller(sb);
});
after(() => sb.close());

/**
 * The answer has `status` and conforms to the reference's `schema` (the committed extract, required fields too)
 * and to the operation's generated response contract (answerDepartures: what the editor and the CLI check with).
 */
function conforms(r: Answer, status: number, schema: string, op: string): Answer['json'] {
  assert.equal(r.status, status, JSON.stringify(r.json));
  assert.deepEqual(v2.mismatches(r.json, schema), [], schema);
  assert.deepEqual(answerDepartures(op, status, r.json).departures, [], op);
  return r.json;
}
function refused(r: Answer, status: number, code: string, parameter?: string): string {
  assert.equal(r.status, status, JSON.stringify(r.json));
  assert.deepEqual(v2.mismatches(r.json, 'errorResponse'), []);
  assert.equal(r.json.errors[0].code, code, JSON.stringify(r.json));
  if (parameter) assert.equal(r.json.errors[0].parameter, parameter, JSON.stringify(r.json));
  return r.json.errors[0].message;
}

const newAccount = {
  name: 'Acme Robotics',
  currency: 'USD',
  bill_cycle_day: 1,
  description: 'Robots',
  bill_to: { first_name: 'Ada', last_name: 'Lovelace', address: { city: 'London', country: 'GB' } },
};
const teamOrder = (account: object) => ({
  order_date: '2027-01-01',
  ...account,
  subscriptions: [
    {
      initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
      renewal_term: { type: 'termed', interval: 'month', interval_count: 12 },
      start_on: { contract_effective: '2027-01-01' },
      subscription_plans: [{ plan_id: 'plan-team-monthly', prices: [{ price_id: 'price-team-seats', quantity: 10 }] }],
    },
  ],
});

describe('accounts', () => {
  test('POST then GET by the id it answered (was a 404) and by number: the same account', async () => {
    const made = conforms(await call('POST', '/v2/accounts', newAccount), 201, 'account', 'POST /v2/accounts');
    const byId = conforms(
      await call('GET', `/v2/accounts/${made.id}`),
      200,
      'account',
      'GET /v2/accounts/{account_id}',
    );
    const byNumber = conforms(
      await call('GET', `/v2/accounts/${made.account_number}`),
      200,
      'account',
      'GET /v2/accounts/{account_id}',
    );
    assert.deepEqual(byId, made);
    assert.deepEqual(byNumber, made);
    assert.equal(made.description, 'Robots');
    assert.equal(made.bill_to.id, made.bill_to_id);
    refused(await call('GET', '/v2/accounts/nope'), 404, 'resource_not_found', 'account_id');
  });

  test('PATCH changes what the account keeps; GET shows it; a field it does not know is a 400', async () => {
    const { id } = (await call('POST', '/v2/accounts', newAccount)).json;
    const patch = { name: 'Acme Ltd', bill_cycle_day: 15, crm_id: 'CRM-7', bill_to: { address: { city: 'Leeds' } } };
    const patched = conforms(
      await call('PATCH', `/v2/accounts/${id}`, patch),
      200,
      'account',
      'PATCH /v2/accounts/{account_id}',
    );
    const read = conforms(await call('GET', `/v2/accounts/${id}`), 200, 'account', 'GET /v2/accounts/{account_id}');
    assert.deepEqual(read, patched);
    assert.deepEqual(
      [read.name, read.bill_cycle_day, read.crm_id, read.description, read.bill_to.address, read.bill_to.last_name],
      ['Acme Ltd', 15, 'CRM-7', 'Robots', { city: 'Leeds', country: 'GB' }, 'Lovelace'],
    );
    refused(await call('PATCH', `/v2/accounts/${id}`, { colour: 'red' }), 400, 'unknown_parameter');
  });

  test('going back in time puts a changed account and its contacts back as they were then', async () => {
    const account = (await call('POST', '/v2/accounts', newAccount)).json;
    assert.equal((await call('POST', CLOCK_PATH, { to: '2027-02-01' })).status, 200);
    await call('PATCH', `/v2/accounts/${account.id}`, { name: 'Renamed', bill_to: { nickname: 'Ada' } });
    const body = { account_id: account.id, first_name: 'Grace', last_name: 'Hopper' };
    const contact = (await call('POST', '/v2/contacts', body)).json;
    assert.equal((await call('GET', `/v2/accounts/${account.id}`)).json.name, 'Renamed');
    assert.equal((await call('POST', CLOCK_PATH, { to: '2027-01-01' })).status, 200);
    const then = conforms(
      await call('GET', `/v2/accounts/${account.id}`),
      200,
      'account',
      'GET /v2/accounts/{account_id}',
    );
    assert.deepEqual(then, account);
    refused(await call('GET', `/v2/contacts/${contact.id}`), 404, 'resource_not_found', 'contact_id');
  });

  test('the currency of an account with subscriptions cannot change; DELETE is a 501 saying what to do', async () => {
    const order = (await call('POST', '/v2/orders', teamOrder({ account_data: newAccount }))).json;
    const message = refused(
      await call('PATCH', `/v2/accounts/${order.account_id}`, { currency: 'EUR' }),
      400,
      'invalid_state',
      'currency',
    );
    assert.match(message, /currency cannot change/);
    const gone = await call('DELETE', `/v2/accounts/${order.account_id}`);
    assert.equal(gone.status, 501);
    assert.equal(gone.headers.get(NOT_SERVED_HEADER), NOT_SERVED_VALUE);
    assert.match(gone.json.errors[0].message, /cancel/i);
  });
});

describe('contacts', () => {
  test("an account's bill-to is a contact with an id; POST adds one; PATCH and DELETE change them", async () => {
    const account = (await call('POST', '/v2/accounts', newAccount)).json;
    const billTo = conforms(
      await call('GET', `/v2/contacts/${account.bill_to_id}`),
      200,
      'contact',
      'GET /v2/contacts/{contact_id}',
    );
    assert.deepEqual([billTo.first_name, billTo.account_id], ['Ada', account.id]);

    const body = { account_id: account.id, first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' };
    const made = conforms(await call('POST', '/v2/contacts', body), 201, 'contact', 'POST /v2/contacts');
    assert.deepEqual(
      conforms(await call('GET', `/v2/contacts/${made.id}`), 200, 'contact', 'GET /v2/contacts/{contact_id}'),
      made,
    );
    const listed = (await call('GET', `/v2/contacts?filter[]=account_id.EQ:${account.id}`)).json;
    assert.deepEqual(
      listed.data.map((c: { id: string }) => c.id),
      [account.bill_to_id, made.id],
    );

    const patched = conforms(
      await call('PATCH', `/v2/contacts/${made.id}`, { work_phone: '555' }),
      200,
      'contact',
      'PATCH /v2/contacts/{contact_id}',
    );
    assert.deepEqual([patched.work_phone, patched.email], ['555', 'grace@example.com']);
    conforms(
      await call('PATCH', `/v2/contacts/${account.bill_to_id}`, { nickname: 'Countess' }),
      200,
      'contact',
      'PATCH /v2/contacts/{contact_id}',
    );
    assert.equal((await call('GET', `/v2/accounts/${account.id}`)).json.bill_to.nickname, 'Countess');

    const deleted = await fetch(`${sb.url}/v2/contacts/${made.id}`, {
      method: 'DELETE',
      headers: { Authorization: (await tokenHeader()).Authorization },
    });
    assert.equal(deleted.status, 204);
    refused(await call('GET', `/v2/contacts/${made.id}`), 404, 'resource_not_found', 'contact_id');
    refused(await call('DELETE', `/v2/contacts/${account.bill_to_id}`), 400, 'invalid_state', 'contact_id');
  });

  test('a contact names its account; scrubbing is a 501', async () => {
    refused(await call('POST', '/v2/contacts', { first_name: 'A', last_name: 'B' }), 400, 'missing_parameter');
    const { bill_to_id } = (await call('POST', '/v2/accounts', newAccount)).json;
    assert.equal((await call('POST', `/v2/contacts/${bill_to_id}/scrub`)).status, 501);
  });
});

let token: string | undefined;
async function tokenHeader() {
  if (!token) {
    const form = 'grant_type=client_credentials&client_id=sandbox-demo-client&client_secret=sandbox-demo-secret';
    const r = await fetch(`${sb.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    token = ((await r.json()) as { access_token: string }).access_token;
  }
  return { Authorization: `Bearer ${token}` };
}

describe('orders', () => {
  test('POST then GET by the id it answered (was a 404) and by number; listed by its account', async () => {
    const made = conforms(
      await call('POST', '/v2/orders', teamOrder({ account_data: newAccount })),
      200,
      'order',
      'POST /v2/orders',
    );
    const byId = conforms(await call('GET', `/v2/orders/${made.id}`), 200, 'order', 'GET /v2/orders/{order_id}');
    assert.deepEqual(
      byId,
      conforms(await call('GET', `/v2/orders/${made.order_number}`), 200, 'order', 'GET /v2/orders/{order_id}'),
    );
    assert.equal(byId.order_number, made.order_number);
    const listed = (await call('GET', `/v2/orders?filter[]=account_id.EQ:${made.account_id}`)).json;
    assert.deepEqual(
      listed.data.map((o: { id: string }) => o.id),
      [made.id],
    );
  });

  test('an order is complete when made: activate and cancel say so; DELETE is a 501', async () => {
    const { id } = (await call('POST', '/v2/orders', teamOrder({ account_data: newAccount }))).json;
    assert.match(refused(await call('POST', `/v2/orders/${id}/activate`), 400, 'invalid_state'), /complete/);
    assert.match(refused(await call('POST', `/v2/orders/${id}/cancel`, {}), 400, 'invalid_state'), /complete/);
    assert.equal((await call('DELETE', `/v2/orders/${id}`)).status, 501);
  });
});

describe('subscriptions', () => {
  async function newSubscription() {
    const order = (await call('POST', '/v2/orders', teamOrder({ account_data: newAccount }))).json;
    return { order, id: order.subscriptions[0].id as string, number: order.subscriptions[0].subscription_number };
  }

  test('GET by id and by number; plans and items when expanded; the list filters by account', async () => {
    const { order, id, number } = await newSubscription();
    const byId = conforms(
      await call('GET', `/v2/subscriptions/${id}`),
      200,
      'subscription',
      'GET /v2/subscriptions/{subscription_id}',
    );
    assert.deepEqual(
      byId,
      conforms(
        await call('GET', `/v2/subscriptions/${number}`),
        200,
        'subscription',
        'GET /v2/subscriptions/{subscription_id}',
      ),
    );
    assert.deepEqual([byId.state, byId.version, byId.account_id], ['active', 1, order.account_id]);
    const expand = 'expand[]=subscription_plans.subscription_items';
    const full = conforms(
      await call('GET', `/v2/subscriptions/${id}?${expand}`),
      200,
      'subscription',
      'GET /v2/subscriptions/{subscription_id}',
    );
    const plan = full.subscription_plans.data[0];
    assert.deepEqual(
      plan.subscription_items.data.map((i: { quantity: number }) => i.quantity),
      [10, 1],
    );
    const listed = (await call('GET', `/v2/subscriptions?filter[]=account_id.EQ:${order.account_id}`)).json;
    assert.deepEqual(
      listed.data.map((s: { id: string }) => s.id),
      [id],
    );
    const read = conforms(
      await call('GET', `/v2/subscription_plans/${plan.id}`),
      200,
      'subscriptionPlan',
      'GET /v2/subscription_plans/{subscription_plan_id}',
    );
    assert.equal(read.subscription_id, id);
    const items = (await call('GET', `/v2/subscription_items?filter[]=subscription_plan_id.EQ:${plan.id}`)).json;
    assert.equal(items.data.length, 2);
    for (const i of items.data) assert.deepEqual(v2.mismatches(i, 'subscriptionItem'), []);
    assert.deepEqual(answerDepartures('GET /v2/subscription_items', 200, items).departures, []);
  });

  test('pause then GET shows it paused; the clock reaching its resume date resumes it (the same engine)', async () => {
    const { id } = await newSubscription();
    const pause = { pause_date: '2027-02-01', resume_behavior: { resume_date: '2027-03-01' } };
    const paused = conforms(
      await call('POST', `/v2/subscriptions/${id}/pause`, pause),
      200,
      'subscription',
      'POST /v2/subscriptions/{subscription_id}/pause',
    );
    assert.deepEqual([paused.state, paused.version], ['paused', 2]);
    assert.equal((await call('GET', `/v2/subscriptions/${id}`)).json.state, 'paused');
    assert.match(refused(await call('POST', `/v2/subscriptions/${id}/pause`), 400, 'invalid_state'), /paused/);
    const moved = await call('POST', CLOCK_PATH, { to: '2027-03-01' });
    assert.equal(moved.status, 200, JSON.stringify(moved.json));
    const resumed = conforms(
      await call('GET', `/v2/subscriptions/${id}`),
      200,
      'subscription',
      'GET /v2/subscriptions/{subscription_id}',
    );
    assert.deepEqual([resumed.state, resumed.version], ['active', 3]);
    await call('POST', CLOCK_PATH, { to: '2027-01-01' }); // back, for the other tests
  });

  test('resume and cancel as orders would; activate of an active one is refused; versions list each', async () => {
    const { id, number } = await newSubscription();
    await call('POST', `/v2/subscriptions/${id}/pause`, {});
    const resumed = conforms(
      await call('POST', `/v2/subscriptions/${number}/resume`, {}),
      200,
      'subscription',
      'POST /v2/subscriptions/{subscription_id}/resume',
    );
    assert.equal(resumed.state, 'active');
    const cancel = { cancel_at: 'subscription_term_end' };
    const canceled = conforms(
      await call('POST', `/v2/subscriptions/${id}/cancel`, cancel),
      200,
      'subscription',
      'POST /v2/subscriptions/{subscription_id}/cancel',
    );
    assert.deepEqual([canceled.state, canceled.version], ['canceled', 4]);
    assert.match(refused(await call('POST', `/v2/subscriptions/${id}/activate`), 400, 'invalid_state'), /canceled/);
    const versions = (await call('GET', `/v2/subscriptions/${id}/versions`)).json;
    assert.deepEqual(
      versions.data.map((v: { version: number; latest_version: boolean }) => `${v.version}:${v.latest_version}`),
      ['1:false', '2:false', '3:false', '4:true'],
    );
    for (const v of versions.data) assert.deepEqual(v2.mismatches(v, 'subscription'), []);
    const op = 'GET /v2/subscriptions/{subscription_id}/versions';
    assert.deepEqual(answerDepartures(op, 200, versions).departures, []);
    const pause = { pause_date: '03/01/2027' }; // not lost: the engine would pause on today's date instead
    const when = refused(await call('POST', `/v2/subscriptions/${id}/pause`, pause), 400, 'invalid_parameter');
    assert.match(when, /pause_date must be a date written YYYY-MM-DD/);
    const bad = { cancel_at: 'tomorrow' };
    refused(await call('POST', `/v2/subscriptions/${id}/cancel`, bad), 400, 'invalid_parameter', 'cancel_at');
  });

  test('POST /v2/subscriptions makes one on an account through the engine (its order recorded); GET reads it', async () => {
    const account = (await call('POST', '/v2/accounts', newAccount)).json;
    const { subscriptions } = teamOrder({});
    const body = { account_number: account.account_number, description: 'Direct', ...subscriptions[0] };
    const made = conforms(await call('POST', '/v2/subscriptions', body), 201, 'subscription', 'POST /v2/subscriptions');
    assert.deepEqual(
      [made.state, made.version, made.account_id, made.description],
      ['active', 1, account.id, 'Direct'],
    );
    const read = conforms(
      await call('GET', `/v2/subscriptions/${made.id}`),
      200,
      'subscription',
      'GET /v2/subscriptions/{subscription_id}',
    );
    assert.deepEqual(read, made);
    const orders = (await call('GET', `/v2/orders?filter[]=account_id.EQ:${account.id}`)).json;
    assert.equal(orders.data[0].subscriptions[0].subscription_number, made.subscription_number);
    const { subscription_plans: _p, ...noPlans } = body;
    void _p;
    const bad = { ...noPlans, start_on: { contract_effective: '1900-01-01' } };
    refused(await call('POST', '/v2/subscriptions', bad), 400, 'invalid_parameter');
  });

  test('PATCH: description and custom fields kept, terms changed through the engine (a new version)', async () => {
    const { id } = await newSubscription();
    const patch = { description: 'Pilot', custom_fields: { region__c: 'EU' }, terms: { auto_renew: false } };
    const patched = conforms(
      await call('PATCH', `/v2/subscriptions/${id}`, patch),
      200,
      'subscription',
      'PATCH /v2/subscriptions/{subscription_id}',
    );
    const read = conforms(
      await call('GET', `/v2/subscriptions/${id}`),
      200,
      'subscription',
      'GET /v2/subscriptions/{subscription_id}',
    );
    assert.deepEqual(read, patched);
    assert.deepEqual(
      [read.description, read.custom_fields, read.auto_renew, read.version],
      ['Pilot', { region__c: 'EU' }, false, 2],
    );
    refused(await call('PATCH', `/v2/subscriptions/${id}`, { colour: 'red' }), 400, 'invalid_parameter');
    refused(await call('GET', '/v2/subscriptions/S99999999'), 404, 'resource_not_found', 'subscription_id');
  });
});
