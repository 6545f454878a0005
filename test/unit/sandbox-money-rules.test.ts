// Issue 30 items 15, 16 and 18: the Local sandbox's money over loopback HTTP, by the vendor's rules.
//  - Amounts and metrics are exact, rounded once (item 15): 15 x 689.78 / 12 = 862.225 is an MRR of 862.23.
//  - One rounding mode everywhere, Half Up by default (item 16), "By default, Zuora uses Half Up rounding on all
//    currencies": https://docs.zuora.com/zuora-billing/set-up-zuora-billing/billing-settings-configuration/
//    system-settings/customization-of-currencies; MRR and TCV round by the currency's rules:
//    https://docs.zuora.com/en/basics/about-zuora/rounding-and-precision/data-type-rounding-rules
//  - TCV by its definition, apart from billing rules (item 18): "When calculating TCV, Zuora always prorates
//    partial months based on the actual number of days in each partial month" (Aug 18 to Dec 31: 14/31 x MRR +
//    4 x MRR): https://docs.zuora.com/en/zuora-billing/manage-accounts-subscriptions-and-non-subscriptions/
//    manage-subscription-transactions/orders/order-delta-metrics-and-order-metrics/order-metrics/part-3---example
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { ROUNDING_MODES, type Rounding } from '../../src/sandbox/money/conventions';
import { exact } from '../../src/sandbox/money/exact';
import { toMinor } from '../../src/sandbox/money/rounding';
import { contractMonths } from '../../src/sandbox/engine/tcv';
import { conventionsLine, conventionsOption } from '../../src/cli/sandbox';
import { UsageError } from '../../src/cli/io';
import { v1Caller } from './sandbox-v1-helpers';
import { summarizePreview } from '../../src/client/summary';
import { previewView } from '../../src/webview/previewModel';
import { addAmounts } from '../../src/wire/money';

/** A tenant's catalog with the prices of the examples (GET /v2/plans answers, as a copied catalog). */
const price = (id: string, model: string, amount: number, interval = 'month', currency = 'USD') => ({
  id,
  charge_type: 'recurring',
  charge_model: model,
  ...(model === 'flat_fee' ? { amounts: { [currency]: amount } } : { unit_amounts: { [currency]: amount } }),
  recurring: { interval },
});
const CATALOG = {
  data: [
    { id: 'plan-yearly-seat', prices: { data: [price('price-yearly-seat', 'per_unit', 689.78, 'year')] } },
    { id: 'plan-nickel', prices: { data: [price('price-nickel', 'flat_fee', 0.05)] } },
    { id: 'plan-1005', prices: { data: [price('price-1005', 'flat_fee', 1.005)] } },
    { id: 'plan-2675', prices: { data: [price('price-2675', 'per_unit', 2.675)] } },
    { id: 'plan-unit5', prices: { data: [price('price-unit5', 'per_unit', 5)] } },
    { id: 'plan-annual', prices: { data: [price('price-annual', 'flat_fee', 12000, 'year')] } },
    { id: 'plan-yen', prices: { data: [price('price-yen', 'per_unit', 1005, 'year', 'JPY')] } },
  ],
};

let sb: Sandbox;
let call: Awaited<ReturnType<typeof v1Caller>>;
before(async () => {
  sb = await startSandbox({ today: '2027-01-01', catalog: CATALOG });
  call = await v1Caller(sb);
});
after(() => sb.close());

interface Figures {
  mrr?: number;
  tcb: number;
  tcv: number;
  items: number[];
}

/** A new subscription's preview: its first item's delta metrics and its invoice items, through the term. */
async function preview(
  plan: string,
  quantity: number | undefined,
  start: string,
  opts: { months?: number; currency?: string; periods?: number; bcd?: number; on?: Sandbox } = {},
): Promise<Figures> {
  const c = opts.on ? await v1Caller(opts.on) : call;
  const r = await c('POST', '/v2/orders/preview', {
    order_date: start,
    account_data: { currency: opts.currency ?? 'USD', bill_cycle_day: opts.bcd ?? 1 },
    metrics: ['delta_metrics', 'billing_documents'],
    ...(opts.periods ? { number_of_periods: opts.periods } : { term_end: true }),
    subscriptions: [
      {
        start_on: { contract_effective: start },
        initial_term: { type: 'termed', interval: 'month', interval_count: opts.months ?? 12 },
        subscription_plans: [
          {
            plan_id: plan,
            ...(quantity !== undefined ? { prices: [{ price_id: plan.replace('plan-', 'price-'), quantity }] } : {}),
          },
        ],
      },
    ],
  });
  assert.equal(r.status, 201, JSON.stringify(r.json));
  const item = r.json.subscriptions[0].actions[0].subscription_items[0];
  const docs = r.json.billing_documents as { billing_document_items: { total: number }[] }[];
  return {
    ...(item.mrr ? { mrr: item.mrr.net_amount } : {}),
    tcb: item.tcb.net_amount,
    tcv: item.tcv.net_amount,
    items: docs.flatMap(d => d.billing_document_items.map(i => i.total)),
  };
}

test('item 15: a yearly 689.78 per unit at 15 has MRR 862.23 (15 x 689.78 / 12 = 862.225 exactly; was 862.22)', async () => {
  const f = await preview('plan-yearly-seat', 15, '2027-01-01');
  assert.equal(f.mrr, 862.23);
  assert.equal(f.tcb, 10346.7);
  assert.deepEqual(f.items, [10346.7]);
  assert.equal(f.tcv, 10346.7, '862.225 x 12 months, rounded once');
});

test('item 16, Half Up by default: 0.05 x 15/30 = 0.025 bills 0.03 (was 0.02, half-even)', async () => {
  const f = await preview('plan-nickel', undefined, '2027-04-16', { periods: 1 });
  assert.deepEqual(f.items, [0.03]);
});

test('item 16: a 1.005 item has MRR 1.01, invoice items of 1.01 and TCB 12.12 (were 1.00 and 12.00)', async () => {
  const f = await preview('plan-1005', undefined, '2027-01-01');
  assert.equal(f.mrr, 1.01);
  assert.deepEqual(f.items, Array<number>(12).fill(1.01));
  assert.equal(f.tcb, 12.12, 'the sum of the invoice items, each rounded once');
  assert.equal(f.tcv, 12.06, 'TCV is MRR x 12 rounded once: 1.005 x 12 = 12.06');
});

test('item 16: 2.675 x 3 has MRR 8.03 and bills 8.03 (the float product 8.024999... gave 8.02)', async () => {
  const f = await preview('plan-2675', 3, '2027-01-01', { periods: 1 });
  assert.equal(f.mrr, 8.03);
  assert.deepEqual(f.items, [8.03]);
});

test('item 16: the currency decimals: a JPY yearly 1005 has MRR 84 yen (83.75 rounded Half Up to whole yen)', async () => {
  const f = await preview('plan-yen', 1, '2027-01-01', { currency: 'JPY' });
  assert.equal(f.mrr, 84);
  assert.deepEqual(f.items, [1005]);
});

// The modes are Java's RoundingMode, which the vendor's templates name (HALF_UP, HALF_DOWN, HALF_EVEN, UP, DOWN):
// https://docs.zuora.com/en/zuora-billing/bill-your-customer/billing-document-templates-configuration/
//   configure-html-templates-for-billing-documents/merge-field-syntax-for-html-templates/functions-used-in-merge-fields/round-function
const MODES: Record<Rounding, [number, bigint][]> = {
  'half-up': [
    [0.025, 3n],
    [0.035, 4n],
    [0.021, 2n],
    [-0.025, -3n],
    [1.005, 101n],
  ],
  'half-down': [
    [0.025, 2n],
    [0.035, 3n],
    [0.026, 3n],
    [-0.025, -2n],
    [1.005, 100n],
  ],
  'half-even': [
    [0.025, 2n],
    [0.035, 4n],
    [0.026, 3n],
    [-0.025, -2n],
    [1.005, 100n],
  ],
  up: [
    [0.025, 3n],
    [0.021, 3n],
    [0.02, 2n],
    [-0.021, -3n],
    [1.001, 101n],
  ],
  down: [
    [0.025, 2n],
    [0.029, 2n],
    [0.02, 2n],
    [-0.029, -2n],
    [1.009, 100n],
  ],
};
for (const mode of ROUNDING_MODES) {
  test(`rounding mode ${mode}: cents of ${MODES[mode].map(([a]) => a).join(', ')}`, () => {
    for (const [amount, cents] of MODES[mode]) assert.equal(toMinor(exact(amount), 2, mode), cents, `${amount}`);
    assert.equal(toMinor(exact(83.75), 0, mode), mode === 'down' ? 83n : 84n, 'whole yen');
  });
}

test('every rounding mode over HTTP: 0.025 (0.05 x 15/30) and 0.035 (0.07 x 15/30) bill by the sandbox option', async () => {
  const expected: Record<Rounding, number[]> = {
    'half-up': [0.03],
    'half-down': [0.02],
    'half-even': [0.02],
    up: [0.03],
    down: [0.02],
  };
  for (const rounding of ROUNDING_MODES) {
    const other = await startSandbox({ today: '2027-01-01', catalog: CATALOG, conventions: { rounding } });
    try {
      const f = await preview('plan-nickel', undefined, '2027-04-16', { periods: 1, on: other });
      assert.deepEqual(f.items, expected[rounding], rounding);
      const g = await preview('plan-2675', 3, '2027-01-01', { periods: 1, on: other });
      const mrr = rounding === 'half-up' || rounding === 'up' ? 8.03 : 8.02;
      assert.equal(g.mrr, mrr, `${rounding}: MRR of 8.025`);
    } finally {
      await other.close();
    }
  }
});

test('item 18: TCV months by the calendar: Aug 18 to Dec 31 is 4 + 14/31; month ends step to month ends', () => {
  const months = (a: string, b: string) => {
    const m = contractMonths(a, b);
    return Number(m.n) / Number(m.d);
  };
  assert.equal(months('2027-08-18', '2028-01-01'), 4 + 14 / 31);
  // https://community.zuora.com/t5/Subscriptions/TCV-calculation/m-p/8818: Feb 27 2017 to Feb 1 2018 is 11 + 5/31.
  assert.equal(months('2017-02-27', '2018-02-01'), 11 + 5 / 31);
  assert.equal(months('2019-02-28', '2020-02-28'), 11 + 28 / 29, 'a month-end start (the leap February)');
  assert.equal(months('2027-01-15', '2028-01-15'), 12);
});

test('item 18: an update on Aug 18 adding 7 units at 5 has Order MRR 35 and Order TCV 155.81 (was 420, = TCB)', async () => {
  const created = await call('POST', '/v2/orders', {
    order_date: '2027-01-01',
    account_data: {
      name: 'TCV Example',
      currency: 'USD',
      bill_cycle_day: 1,
      bill_to: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    },
    subscriptions: [
      {
        start_on: { contract_effective: '2027-01-01' },
        initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
        subscription_plans: [{ plan_id: 'plan-unit5', prices: [{ price_id: 'price-unit5', quantity: 13 }] }],
      },
    ],
  });
  assert.ok(created.status === 200 || created.status === 201, JSON.stringify(created.json));
  const sub = created.json.subscriptions[0];
  const plan = sub.actions[0].subscription_plans.data[0];
  const item = plan.subscription_items.data[0];
  const account = (await call('GET', `/object-query/orders/${created.json.order_number}?expand[]=account`)).json.account
    .accountNumber;
  const r = await call('POST', '/v2/orders/preview', {
    order_date: '2027-08-18',
    account_number: account,
    metrics: ['delta_metrics'],
    subscriptions: [
      {
        subscription_number: sub.subscription_number,
        update_subscription_plans: [
          {
            start_on: { contract_effective: '2027-08-18' },
            subscription_plan: {
              subscription_plan_id: plan.id,
              subscription_items: [{ subscription_item_number: item.subscription_item_number, quantity: 20 }],
            },
          },
        ],
      },
    ],
  });
  assert.equal(r.status, 201, JSON.stringify(r.json));
  const delta = r.json.subscriptions[0].actions[0].subscription_items[0];
  assert.equal(delta.mrr.net_amount, 35);
  assert.equal(delta.tcv.net_amount, 155.81, 'Aug: 14/31 x 35 = 15.81; Sep-Dec: 4 x 35 = 140');
  // The panel's totals say the same TCV under MRR and TCB.
  const panel = previewView(summarizePreview(r.json)).totals[0];
  assert.equal(panel.tcv, '+155.81 USD');
  assert.equal(panel.mrr, '+35.00 USD');

  // v1 reads the same subscription's TCV by its definition: 13 x 5 x 12 months.
  const v1 = await call('GET', `/v1/subscriptions/${sub.subscription_number}`);
  assert.equal(v1.json.totalContractedValue, 780);
});

test('item 18, v1: a 45-day term from Jan 1 is 1 + 14/28 months of TCV (75.00 at MRR 50; by 12/365 a day it was 73.97)', async () => {
  const created = await call('POST', '/v2/orders', {
    order_date: '2027-01-01',
    account_data: {
      name: 'Days Term',
      currency: 'USD',
      bill_cycle_day: 1,
      bill_to: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    },
    subscriptions: [
      {
        start_on: { contract_effective: '2027-01-01' },
        initial_term: { type: 'termed', interval: 'day', interval_count: 45 },
        subscription_plans: [{ plan_id: 'plan-unit5', prices: [{ price_id: 'price-unit5', quantity: 10 }] }],
      },
    ],
  });
  assert.ok(created.status === 200 || created.status === 201, JSON.stringify(created.json));
  const number = created.json.subscriptions[0].subscription_number;
  const v1 = await call('GET', `/v1/subscriptions/${number}`);
  assert.equal(v1.json.termEndDate, '2027-02-15');
  assert.equal(v1.json.totalContractedValue, 75, 'Jan: 50; Feb 1-14: 14/28 x 50 = 25');
  assert.equal(v1.json.ratePlans[0].ratePlanCharges[0].tcv, 75);
});

test('item 18: a yearly 12,000 on a 6-month term from Jan 15 (bill cycle day 1): TCV 6,000.00, TCB as billed', async () => {
  const f = await preview('plan-annual', undefined, '2027-01-15', { months: 6 });
  assert.equal(f.tcv, 6000, '6 months x 1,000 MRR, whatever the billing periods');
  assert.deepEqual(f.items, [558.9, 5391.78], '17/365 to Feb 1, then 164/365 of the year from Feb 1');
  assert.equal(f.tcb, 5950.68, 'TCB is what the invoices bill');
});

test('the client adds answered amounts as whole cents: 0.1 + 0.2 is 0.3, 862.23 - 862.22 is 0.01', () => {
  assert.equal(addAmounts(0.1, 0.2), 0.3);
  assert.equal(addAmounts(862.23, -862.22), 0.01);
  assert.equal(addAmounts(999999999999.99, 0.01), 1e12);
  assert.equal(addAmounts(), 0);
});

test('CLI: --rounding, --proration and --days-in-month read the rules; a wrong value is a UsageError with the choices', () => {
  assert.deepEqual(conventionsOption({ rounding: 'half-even', proration: 'month-first', 'days-in-month': '30-360' }), {
    rounding: 'half-even',
    prorationUnit: 'month-first',
    daysInMonth: '30-360',
  });
  assert.deepEqual(conventionsOption({}), {});
  assert.throws(
    () => conventionsOption({ rounding: 'nearest' }),
    (e: Error) =>
      e instanceof UsageError &&
      /--rounding takes one of half-up, half-down, half-even, up, down, not "nearest"/.test(e.message),
  );
  assert.throws(() => conventionsOption({ proration: 'week' }), UsageError);
  assert.throws(() => conventionsOption({ 'days-in-month': '31' }), UsageError);
  assert.equal(conventionsLine({ rounding: 'half-up', prorationUnit: 'day', daysInMonth: 'actual' }), undefined);
  assert.equal(
    conventionsLine({ rounding: 'down', prorationUnit: 'day', daysInMonth: 'actual' }),
    'billing rules: rounding down, proration day, days in month actual',
  );
});
