// Issue 21 item 3: MRR and TCB of each charge model, from the engine's own functions (src/sandbox/engine/
// metrics.ts), one row per case: per unit, flat fee, monthly / quarterly / yearly, tiered (graduated) and volume
// by quantity at and around the tier bounds, usage (nothing committed), one-time, and what a discount takes off.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { billedOver, discountPerPeriod, monthly, periodAmount, type Priced } from '../../src/sandbox/engine/metrics';
import type { ItemTier } from '../../src/sandbox/state/subscriptionParts';
import { round2 } from '../../src/wire/money';
import { exact, ratio, type Exact } from '../../src/sandbox/money/exact';
import { roundMoney } from '../../src/sandbox/money/rounding';

/** An exact figure as a number (the amounts here are whole or short decimals). */
const val = (e: Exact) => Number(e.n) / Number(e.d);
import * as pricing from '../../src/sandbox/billing/pricing';

const STORAGE: ItemTier[] = [
  { up_to: 100, unit_amount: 0.5 },
  { up_to: 1000, unit_amount: 0.4 },
  { unit_amount: 0.25 },
];
const LICENCES: ItemTier[] = [{ up_to: 10, unit_amount: 120 }, { up_to: 50, unit_amount: 100 }, { unit_amount: 80 }];
const tiered = (quantity: number): Priced => ({
  chargeType: 'recurring',
  billingPeriod: 'month',
  unitAmount: 0.5,
  quantity,
  tiers: STORAGE,
  tiersMode: 'graduated',
});
const volume = (quantity: number): Priced => ({
  chargeType: 'recurring',
  billingPeriod: 'year',
  unitAmount: 120,
  quantity,
  tiers: LICENCES,
  tiersMode: 'volume',
});

/** [what, item, MRR (undefined: none), TCB over 12 months] */
const CASES: [string, Priced, number | undefined, number][] = [
  [
    'per unit monthly: 10 seats at 25',
    { chargeType: 'recurring', billingPeriod: 'month', unitAmount: 25, quantity: 10 },
    250,
    3000,
  ],
  ['flat fee monthly', { chargeType: 'recurring', billingPeriod: 'month', unitAmount: 100, quantity: 1 }, 100, 1200],
  [
    'flat fee quarterly: amount / 3 a month',
    { chargeType: 'recurring', billingPeriod: 'quarter', unitAmount: 1500, quantity: 1 },
    500,
    6000,
  ],
  [
    'flat fee half-yearly: amount / 6',
    { chargeType: 'recurring', billingPeriod: 'semi_annual', unitAmount: 600, quantity: 1 },
    100,
    1200,
  ],
  [
    'flat fee yearly: amount / 12',
    { chargeType: 'recurring', billingPeriod: 'year', unitAmount: 12000, quantity: 1 },
    1000,
    12000,
  ],
  [
    'a recurring price without a period bills monthly',
    { chargeType: 'recurring', unitAmount: 7, quantity: 3 },
    21,
    252,
  ],
  ['one-time: no MRR, the amount once', { chargeType: 'one_time', unitAmount: 500, quantity: 2 }, undefined, 1000],
  [
    'usage: nothing committed, no MRR or TCB',
    { chargeType: 'usage', billingPeriod: 'month', unitAmount: 0.002, quantity: 1e6 },
    0,
    0,
  ],
  ['tiered, inside the first tier: 50 GB at 0.50', tiered(50), 25, 300],
  ['tiered, at the first bound: 100 GB at 0.50', tiered(100), 50, 600],
  ['tiered, one past it: 100 at 0.50 + 1 at 0.40', tiered(101), 50.4, 604.8],
  ['tiered, past the last bound: 100 x 0.50 + 900 x 0.40 + 500 x 0.25', tiered(1500), 535, 6420],
  ['tiered, nothing used yet', tiered(0), 0, 0],
  ['volume, at the first bound: 10 x 120 a year', volume(10), 100, 1200],
  ['volume, one past it: every unit at 100', volume(11), round2(1100 / 12), 1100],
  ['volume, 25 licences at 100 a year', volume(25), round2(2500 / 12), 2500],
  ['volume, past the last bound: 60 x 80', volume(60), 400, 4800],
  [
    'a discount item: its negative amount each period',
    { chargeType: 'recurring', billingPeriod: 'month', unitAmount: -70, quantity: 1 },
    -70,
    -840,
  ],
];

for (const [what, item, mrr, tcb] of CASES) {
  test(`MRR and TCB: ${what}`, () => {
    const m = monthly(item);
    assert.equal(m === undefined ? undefined : roundMoney(m), mrr);
    assert.equal(roundMoney(billedOver(item, ratio(12, 1))), tcb);
  });
}

test('a tier with a flat amount bills it once any unit falls in it (graduated), or for the whole quantity (volume)', () => {
  const tiers: ItemTier[] = [{ up_to: 10, amount: 50 }, { unit_amount: 4 }];
  const item = (quantity: number, mode: 'graduated' | 'volume'): Priced => ({
    chargeType: 'recurring',
    unitAmount: 0,
    quantity,
    tiers,
    tiersMode: mode,
  });
  assert.equal(val(periodAmount(item(0, 'graduated'))), 0);
  assert.equal(val(periodAmount(item(3, 'graduated'))), 50);
  assert.equal(val(periodAmount(item(12, 'graduated'))), 58);
  assert.equal(val(periodAmount(item(3, 'volume'))), 50);
  assert.equal(val(periodAmount(item(12, 'volume'))), 48);
});

test('a tier with both a unit and a flat amount bills both, in the metrics as on the invoices', () => {
  const tiers: ItemTier[] = [
    { up_to: 10, unit_amount: 5, amount: 20 },
    { unit_amount: 4, amount: 10 },
  ];
  const item = (mode: 'graduated' | 'volume'): Priced => ({
    chargeType: 'recurring',
    unitAmount: 0,
    quantity: 12,
    tiers,
    tiersMode: mode,
  });
  const engineTiers = [
    { upTo: 10, unitAmount: 5, flatAmount: 20 },
    { upTo: null, unitAmount: 4, flatAmount: 10 },
  ];
  assert.equal(val(periodAmount(item('graduated'))), 88); // 10 x 5 + 20, then 2 x 4 + 10
  assert.equal(val(periodAmount(item('volume'))), 58); // 12 x 4 + 10
  assert.equal(val(periodAmount(item('graduated'))), val(pricing.tiered(engineTiers, 12)));
  assert.equal(val(periodAmount(item('volume'))), val(pricing.volume(engineTiers, 12)));
});

test('the TCB of a term follows its length: a quarterly price over 6 months is two quarters', () => {
  const support: Priced = { chargeType: 'recurring', billingPeriod: 'quarter', unitAmount: 1500, quantity: 1 };
  assert.equal(val(billedOver(support, ratio(6, 1))), 3000);
  assert.equal(val(billedOver(support, ratio(36, 1))), 18000);
});

test('a discount takes its share of what it applies to, a fixed one never more than that', () => {
  // 20% of a 350.00 month, monthly and quarterly
  assert.equal(discountPerPeriod({ percent: 20 }, exact(350), 1), 70);
  assert.equal(discountPerPeriod({ percent: 20 }, exact(350), 3), 210);
  // 50.00 off a 350.00 month; off a 30.00 month it takes 30.00 (a discount bills no credit)
  assert.equal(discountPerPeriod({ amount: 50 }, exact(350), 1), 50);
  assert.equal(discountPerPeriod({ amount: 50 }, exact(30), 1), 30);
  assert.equal(discountPerPeriod({ amount: 50 }, exact(0), 1), 0);
  // cents: 15% of 33.33 is 5.00 (4.9995 rounded half away from zero)
  assert.equal(discountPerPeriod({ percent: 15 }, exact(33.33), 1), 5);
});
