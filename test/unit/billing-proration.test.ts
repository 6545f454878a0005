// Issue 30, item 19: the proration rules a tenant chooses (Billing > Define Billing Rules), as Local sandbox start
// options, checked on the vendor's own examples over loopback HTTP (a v2 preview's billing documents). By day over
// the actual days stays the default. The pages (docs.zuora.com, Zuora Billing > Proration):
//   A: .../proration/prorating---30-days-or-actual-days (its table of service periods and the three ratios)
//   B: .../proration/calculate-total-amount-with-partial-period-proration/calculating-total-amount-with-partial-
//      month-proration (Price_per_month x [full months + prorated days / 30 or / the month's actual days])
//   C: .../calculate-total-amount-with-partial-period-proration/calculating-total-amount-with-partial-period-
//      quarter-semi-annual-or-annual-billing-periods ("prorate by month first, or by day?")
// The pages' scenarios are used with the seeded catalog's prices; the figures are their formulas worked out.
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import type { BillingConventions } from '../../src/sandbox/money/conventions';
import { days30360 } from '../../src/sandbox/billing/proration';
import { v1Caller } from './sandbox-v1-helpers';

type Rules = Pick<BillingConventions, 'prorationUnit' | 'daysInMonth'>;
const RULES: Record<string, Rules> = {
  byDay: { prorationUnit: 'day', daysInMonth: 'actual' },
  byDay360: { prorationUnit: 'day', daysInMonth: 'actual-360' },
  byDayStrict: { prorationUnit: 'day', daysInMonth: '30-360' },
  monthFirst: { prorationUnit: 'month-first', daysInMonth: 'actual' },
  monthFirst360: { prorationUnit: 'month-first', daysInMonth: 'actual-360' },
  monthFirstStrict: { prorationUnit: 'month-first', daysInMonth: '30-360' },
};

interface Item {
  price_id?: string;
  service_start_date: string;
  service_end_date: string;
  subtotal: number;
}

const sandboxes = new Map<string, { sb: Sandbox; call: Awaited<ReturnType<typeof v1Caller>> }>();
before(async () => {
  for (const [name, rules] of Object.entries(RULES)) {
    const sb = await startSandbox({ today: '2017-12-01', conventions: rules });
    sandboxes.set(name, { sb, call: await v1Caller(sb) });
  }
  // Without the option: the default rules.
  const sb = await startSandbox({ today: '2017-12-01' });
  sandboxes.set('default', { sb, call: await v1Caller(sb) });
});
after(async () => {
  for (const { sb } of sandboxes.values()) await sb.close();
});

interface Scenario {
  plan: object;
  priceId: string;
  cycleDay: number;
  start: string;
  term: { interval: 'day' | 'month'; interval_count: number };
  through: { term_end: true } | { end_date: string };
}

/** What the preview bills for the scenario's charge, under a sandbox's rules: its items, and their sum. */
async function billed(rules: string, s: Scenario): Promise<{ items: string[]; total: number }> {
  const { call } = sandboxes.get(rules)!;
  const term = { type: 'termed', ...s.term };
  const body = {
    order_date: s.start,
    account_data: { currency: 'USD', bill_cycle_day: s.cycleDay },
    metrics: ['billing_documents'],
    ...s.through,
    subscriptions: [
      {
        initial_term: term,
        renewal_term: term,
        auto_renew: false,
        start_on: { contract_effective: s.start },
        subscription_plans: [s.plan],
      },
    ],
  };
  const answer = await call('POST', '/v2/orders/preview', body);
  assert.equal(answer.status, 201, JSON.stringify(answer.json));
  const docs = answer.json.billing_documents as { billing_document_items: Item[] }[];
  const mine = docs.flatMap(d => d.billing_document_items).filter(i => i.price_id === s.priceId);
  const total = Math.round(mine.reduce((n, i) => n + i.subtotal * 100, 0)) / 100;
  return { items: mine.map(i => `${i.service_start_date}..${i.service_end_date} ${i.subtotal}`), total };
}

const PLATFORM = { plan_id: 'plan-team-monthly', prices: [{ price_id: 'price-team-seats', quantity: 1 }] };
/** The Team plan's platform fee: a flat 100 a month. */
const platform = (start: string, days: number, cycleDay = 1): Scenario => ({
  plan: PLATFORM,
  priceId: 'price-team-platform',
  cycleDay,
  start,
  term: { interval: 'day', interval_count: days },
  through: { term_end: true },
});

describe('page A: the days of a month (actual, actual/360, strict 30/360), a flat 100 a month', () => {
  test('strict 30/360 counts each row of the table as the page does: 4, 4, 30 and 9 days', () => {
    // 2021-01-27..31, 2021-02-27..28, 2020-02-01..29, 2021-04-21..29 (inclusive ends; ours are exclusive).
    const rows: [string, string][] = [
      ['2021-01-27', '2021-02-01'],
      ['2021-02-27', '2021-03-01'],
      ['2020-02-01', '2020-03-01'],
      ['2021-04-21', '2021-04-30'],
    ];
    assert.deepEqual(
      rows.map(([a, b]) => days30360(a, b)),
      [4, 4, 30, 9],
    );
  });

  test('2021-01-27 to 01-31 bills 5/31, 5/30 and 4/30 of the month', async () => {
    const s = platform('2021-01-27', 5);
    assert.equal((await billed('default', s)).total, 16.13);
    assert.equal((await billed('byDay', s)).total, 16.13);
    assert.equal((await billed('byDay360', s)).total, 16.67);
    assert.equal((await billed('byDayStrict', s)).total, 13.33);
  });

  test('2021-02-27 to 02-28 bills 2/28, 2/30 and 4/30 of the month', async () => {
    const s = platform('2021-02-27', 2);
    assert.equal((await billed('byDay', s)).total, 7.14);
    assert.equal((await billed('byDay360', s)).total, 6.67);
    assert.equal((await billed('byDayStrict', s)).total, 13.33);
  });

  test('2021-04-21 to 04-29 bills 9/30 of the month under all three', async () => {
    const s = platform('2021-04-21', 9);
    for (const rules of ['byDay', 'byDay360', 'byDayStrict']) {
      assert.deepEqual(await billed(rules, s), { items: ['2021-04-21..2021-04-29 30'], total: 30 }, rules);
    }
  });
});

describe('page B: a monthly charge from 01/01/2018 on bill cycle day 15, billed through 02/14/2018', () => {
  // Total = Price_per_month x [full months + prorated days / (30, or the prorated month's actual days)]
  const s: Scenario = {
    ...platform('2018-01-01', 0, 15),
    term: { interval: 'month', interval_count: 12 },
    through: { end_date: '2018-02-14' },
  };

  test('actual days: 100 x (1 + 14/31) = 145.16; assuming 30 days: 100 x (1 + 14/30) = 146.67', async () => {
    const actual = await billed('byDay', s);
    assert.deepEqual(actual.items, ['2018-01-01..2018-01-14 45.16', '2018-01-15..2018-02-14 100']);
    assert.equal(actual.total, 145.16);
    assert.equal((await billed('byDay360', s)).total, 146.67);
    assert.equal((await billed('byDayStrict', s)).total, 146.67);
    // A monthly period has no whole month to take first: month first bills the same.
    assert.equal((await billed('monthFirst', s)).total, 145.16);
  });
});

describe('page C: a quarterly charge (1,500 a quarter: 500 a month) for 75 days of its quarter', () => {
  // The page's charge starts 16 days into its quarter's first month; the sandbox's quarters start on the first
  // bill cycle date of a charge, so here the part is at the other end: from 01/01/2018 through 03/16/2018.
  const s: Scenario = {
    plan: { plan_id: 'plan-support-quarterly' },
    priceId: 'price-support-quarterly',
    cycleDay: 1,
    start: '2018-01-01',
    term: { interval: 'day', interval_count: 75 },
    through: { term_end: true },
  };

  test("by day: 75 of the quarter's 90 days = 1,250.00 (the default)", async () => {
    assert.deepEqual(await billed('default', s), { items: ['2018-01-01..2018-03-16 1250'], total: 1250 });
    assert.equal((await billed('byDay', s)).total, 1250);
  });

  test('month first, actual days: 500 x (2 + 16/31) = 1,258.06', async () => {
    assert.equal((await billed('monthFirst', s)).total, 1258.06);
  });

  test('month first, assuming 30 days: 500 x (2 + 16/30) = 1,266.67; strict 30/360 the same', async () => {
    assert.equal((await billed('monthFirst360', s)).total, 1266.67);
    assert.equal((await billed('monthFirstStrict', s)).total, 1266.67);
    // By day, a quarter of 30-day months: 75 of 90 days either way.
    assert.equal((await billed('byDay360', s)).total, 1250);
  });

  test('a part that starts with the period counts its months from the start: 6 months of a year is half of it', async () => {
    const half: Scenario = {
      plan: { plan_id: 'plan-enterprise-yearly' },
      priceId: 'price-enterprise-annual',
      cycleDay: 31,
      start: '2027-03-31',
      term: { interval: 'month', interval_count: 6 },
      through: { term_end: true },
    };
    assert.equal((await billed('monthFirst', half)).total, 6000);
    const shorter = {
      ...half,
      start: '2027-04-15',
      cycleDay: 15,
      term: { interval: 'month' as const, interval_count: 5 },
    };
    // Apr 15 to Sep 15 within [Apr 15, next Apr 15): 5 whole months of 1,000.
    assert.equal((await billed('monthFirst', shorter)).total, 5000);
    // By day: 153 of 366 days.
    assert.equal((await billed('byDay', shorter)).total, 5016.39);
  });
});
