// Issue 31 item 2: the Local sandbox serves v2 subscriptions by state, over loopback HTTP: made by an order or
// POST /v2/subscriptions, read by id and by number, changed (PATCH, pause, resume, cancel) through the order engine,
// so time travel sees the change; their plans, items and versions; every answer conforms (sandboxV2.ts).
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { answerDepartures } from '../../src/contract/answerCheck';
import { CLOCK_PATH } from '../../src/wire/sandboxClock';
import { conforms, newAccount, refused, teamOrder, v2, v2Sandbox } from './sandboxV2';

const { call } = v2Sandbox();

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

  test('a pause dated later stays active until the clock reaches its date, then paused; its resume date resumes it', async () => {
    const { id } = await newSubscription();
    const pause = { pause_date: '2027-02-01', resume_behavior: { resume_date: '2027-03-01' } };
    const paused = conforms(
      await call('POST', `/v2/subscriptions/${id}/pause`, pause),
      200,
      'subscription',
      'POST /v2/subscriptions/{subscription_id}/pause',
    );
    assert.deepEqual([paused.state, paused.version], ['active', 2], 'today is 2027-01-01: not paused yet');
    assert.equal((await call('GET', `/v2/subscriptions/${id}`)).json.state, 'active');
    assert.match(refused(await call('POST', `/v2/subscriptions/${id}/pause`), 400, 'invalid_state'), /paused/);
    assert.equal((await call('POST', CLOCK_PATH, { to: '2027-02-01' })).status, 200);
    assert.equal((await call('GET', `/v2/subscriptions/${id}`)).json.state, 'paused', 'the clock reached its date');
    // A pause that would begin after the term ends is refused, naming the date (not kept, as the service keeps none).
    const { id: other } = await newSubscription();
    const late = await call('POST', `/v2/subscriptions/${other}/pause`, { pause_date: '2030-02-01' });
    assert.match(refused(late, 400, 'invalid_state'), /term ends .*: a pause from 2030-02-01 comes after it/);
    assert.equal((await call('GET', `/v2/subscriptions/${other}`)).json.state, 'active');
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
    const keep = await call('POST', `/v2/subscriptions/${id}/keep`, {});
    assert.equal(keep.status, 501); // canceled at once: nothing pending to undo, and it says what to do
    assert.match(keep.json.errors[0].message, /time travel/);
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
    refused(await call('POST', '/v2/subscriptions', noPlans), 400, 'missing_parameter', 'subscription_plans');
    const early = { ...body, start_on: { contract_effective: '1900-01-01' } };
    const message = refused(
      await call('POST', '/v2/subscriptions', early),
      400,
      'invalid_parameter',
      'start_on.contract_effective',
    );
    assert.match(message, /outside the dates the Local sandbox takes/);
  });

  test('previews: a new subscription and a change to one, by the engine, answered as the reference says; nothing kept', async () => {
    const account = (await call('POST', '/v2/accounts', newAccount)).json;
    const orders = async () => (await call('GET', '/v2/orders?page_size=99')).json.data.length;
    const before = await orders();
    const [entry] = teamOrder({}).subscriptions;
    const body = { account_id: account.id, metrics: ['billing_documents'], number_of_periods: 1, ...entry };
    const fresh = conforms(
      await call('POST', '/v2/subscriptions/preview', body),
      200,
      undefined,
      'POST /v2/subscriptions/preview',
    );
    assert.deepEqual(
      fresh.actions.map((a: { action: string }) => a.action),
      ['create_subscription'],
    );
    // 10 seats at 25 and the platform fee of 100: the first month.
    assert.deepEqual(
      fresh.billing_documents.map((d: { total: number }) => d.total),
      [350],
    );
    const { id } = await newSubscription();
    const plan = (await call('GET', `/v2/subscription_plans?filter[]=subscription_id.EQ:${id}`)).json.data[0];
    const item = (await call('GET', `/v2/subscription_items?filter[]=subscription_plan_id.EQ:${plan.id}`)).json.data[0];
    const more = { subscription_item_number: item.subscription_item_number, quantity: 20 };
    const change = {
      update_subscription_plans: [{ subscription_plan: { subscription_plan_id: plan.id, subscription_items: [more] } }],
    };
    const changed = conforms(
      await call('POST', `/v2/subscriptions/${id}/preview`, change),
      200,
      undefined,
      'POST /v2/subscriptions/{subscription_id}/preview',
    );
    assert.deepEqual(
      changed.actions.map((a: { action: string }) => a.action),
      ['update_subscription_plan'],
    );
    assert.equal(changed.actions[0].subscription_items[0].mrr.gross_amount, 250); // 10 more seats at 25
    assert.equal(await orders(), before + 1); // the order that made the subscription; the previews kept nothing
    assert.equal((await call('GET', `/v2/subscriptions/${id}`)).json.version, 1);
    refused(await call('POST', `/v2/subscriptions/${id}/preview`, { colour: 1 }), 400, 'unknown_parameter', 'colour');
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
    refused(await call('PATCH', `/v2/subscriptions/${id}`, { colour: 'red' }), 400, 'unknown_parameter', 'colour');
    refused(await call('GET', '/v2/subscriptions/S99999999'), 404, 'resource_not_found', 'subscription_id');
  });
});
