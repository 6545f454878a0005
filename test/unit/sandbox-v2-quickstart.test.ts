// The Local sandbox over real HTTP on loopback: the v2 quickstart operations (previews, orders, accounts) and the
// shipped change examples.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import { priceOf, SEATS, USD } from './expected';
import { body, sharedSandbox } from './sandboxHttp';

const { call } = sharedSandbox();

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
