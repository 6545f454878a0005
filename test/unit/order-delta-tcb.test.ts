// A change to an existing subscription moves TCB by what it changes in estimated billing from its date to the
// term's end, as the vendor defines Order Delta TCB ("the change in estimated billing over the duration of a
// RatePlanCharge as the result of an Order"; removing a $5 discount on 4/1 of a calendar-year term is 5 x 9):
//   https://docs.zuora.com/en/zuora-billing/manage-accounts-subscriptions-and-non-subscriptions/
//     manage-subscription-transactions/orders/order-delta-metrics-and-order-metrics/order-delta-tcb
//   https://docs.zuora.com/zuora-platform/data/reporting/data-sources-and-exports/data-source-reference/order-tcb-data-source
// Before, a cancel on June 1 of a 12-month term answered TCB -4,200.00 beside TCV -2,450.00.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { v1Caller } from './sandbox-v1-helpers';

let sb: Sandbox;
let call: Awaited<ReturnType<typeof v1Caller>>;
let subscription = '';
let plan = '';
let item = '';
let account = '';

before(async () => {
  sb = await startSandbox({ today: '2027-01-01' });
  call = await v1Caller(sb);
  // 10 team seats at 25.00 a month (MRR 250.00; the plan adds its 100.00 platform fee, a second item) for 12 months from 2027-01-01, billed on the 1st.
  const r = await call('POST', '/v2/orders', {
    order_date: '2027-01-01',
    account_data: {
      name: 'Delta TCB',
      currency: 'USD',
      bill_cycle_day: 1,
      bill_to: { first_name: 'Ada', last_name: 'Lovelace', address: { country: 'US' } },
    },
    subscriptions: [
      {
        initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
        start_on: { contract_effective: '2027-01-01' },
        subscription_plans: [
          { plan_id: 'plan-team-monthly', prices: [{ price_id: 'price-team-seats', quantity: 10 }] },
        ],
      },
    ],
  });
  assert.equal(r.status, 200, `create: ${r.status}`);
  const created = r.json.subscriptions[0];
  subscription = created.subscription_number;
  account = [...sb.store.accounts.values()].find(a => a.id === created.account_id)!.account_number;
  const p = created.actions[0].subscription_plans.data[0];
  plan = p.id;
  item = p.subscription_items.data.find(
    (i: { price_id: string }) => i.price_id === 'price-team-seats',
  ).subscription_item_number;
});
after(() => sb.close());

/** The first action's first item's delta metrics of a preview of `change` to the subscription on `date`. */
async function delta(date: string, change: Record<string, unknown>) {
  const r = await call('POST', '/v2/orders/preview', {
    order_date: date,
    account_number: account,
    metrics: ['delta_metrics'],
    subscriptions: [{ subscription_number: subscription, ...change }],
  });
  assert.equal(r.status, 201, JSON.stringify(r.json).slice(0, 400));
  const it = r.json.subscriptions[0].actions[0].subscription_items[0];
  return { mrr: it.mrr?.net_amount, tcb: it.tcb.net_amount, tcv: it.tcv.net_amount };
}

test('a cancel on June 1 of a calendar-year term takes 7 months of billing off TCB, as off TCV (was 12)', async () => {
  assert.deepEqual(await delta('2027-06-01', { cancel: {} }), { mrr: -250, tcb: -1750, tcv: -1750 });
});

test('a cancel at the term end bills the whole term still: TCB and TCV unchanged', async () => {
  const d = await delta('2027-06-01', { cancel: { cancel_at: 'subscription_term_end' } });
  assert.equal(d.tcb, 0);
  assert.equal(d.tcv, 0);
});

test('removing the plan on April 1 takes 9 months off TCB (the vendor example: 5 x 9)', async () => {
  const d = await delta('2027-04-01', { remove_subscription_plans: [{ subscription_plan_id: plan }] });
  assert.deepEqual(d, { mrr: -250, tcb: -2250, tcv: -2250 });
});

test('removing it mid-period credits by day: Apr 16 to Dec 31 is 15/30 of April and 8 months', async () => {
  const d = await delta('2027-04-16', { remove_subscription_plans: [{ subscription_plan_id: plan }] });
  assert.equal(d.tcb, -2125, 'the bill run credits 125.00 of April and bills nothing after');
  // TCV counts months from the change by the calendar, not the billing periods: Apr 16 to Dec 16 is 8 months,
  // then 16 of December's 31 days (the TCV definition of sandbox-money-rules.test.ts): 250 x (8 + 16/31).
  assert.equal(d.tcv, -2129.03);
});

test('five more seats from April 1 add 9 months of 125.00 to TCB, not 12', async () => {
  const d = await delta('2027-04-01', {
    update_subscription_plans: [
      {
        subscription_plan: {
          subscription_plan_id: plan,
          subscription_items: [{ subscription_item_number: item, quantity: 15 }],
        },
      },
    ],
  });
  assert.deepEqual(d, { mrr: 125, tcb: 1125, tcv: 1125 });
});
