// Issue 32 item 3: a usage charge's line priced on its billing period's records by the charge's model, the pure
// rule under bill runs (invoicing/usageRating.ts). The vendor rates a period's usage in aggregate by default
// (https://docs.zuora.com/zuora-billing/bill-your-customer/usage-billing/rate-aggregated-or-individual-usage):
// the tiers apply to the period's total, not to each record.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { usageRater } from '../../src/sandbox/invoicing/usageRating';
import type { ExpectedLine } from '../../src/sandbox/invoicing/expected';
import type { ItemRec, SubscriptionRec } from '../../src/sandbox/state/store';
import type { UsageRec } from '../../src/sandbox/state/usage';

const TIERS = [{ up_to: 10, unit_amount: 5 }, { unit_amount: 4 }]; // 1-10 at 5, 11+ at 4

function subWith(model: ItemRec['charge_model']): SubscriptionRec {
  const item = {
    id: 'item-1',
    subscription_item_number: 'SI-1',
    charge_type: 'usage',
    charge_model: model,
    unit_amount: 5,
    unit_of_measure: 'GB',
    tiers: model === 'per_unit' ? undefined : TIERS,
  } as unknown as ItemRec;
  return { id: 'sub-1', subscription_number: 'S1', plans: [{ items: [item] }] } as unknown as SubscriptionRec;
}

const record = (quantity: number, start_date: string, more: Partial<UsageRec> = {}) =>
  ({
    id: `${quantity}-${start_date}`,
    account_number: 'A1',
    unit_of_measure: 'GB',
    quantity,
    start_date,
    ...more,
  }) as UsageRec;

const JANUARY: ExpectedLine = {
  key: '',
  item: {
    billed_id: 'item-1',
    name: 'Storage used',
    charge_type: 'usage',
    kind: 'charge',
    target_date: '2027-02-01',
    service_start: '2027-01-01',
    service_end: '2027-01-31',
    quantity: 0,
    unit_amount: 5,
    amount: 0,
  },
};

/** January's line rated from `records` under `model`: its quantity and amount. */
const rated = (model: ItemRec['charge_model'], records: UsageRec[]) => {
  const [line] = usageRater(records, [subWith(model)], 'USD').rate([JANUARY]);
  return [line.item.quantity, line.item.amount];
};

// 7 + 5 = 12 GB in January (by UOM, and by the charge's number); 100 on 1 February are February's.
const USED = [
  record(7, '2027-01-03'),
  record(5, '2027-01-31', { subscription_item_number: 'SI-1' }),
  record(100, '2027-02-01'),
];

test('per unit: the period total times the unit amount (12 x 5 = 60)', () => {
  assert.deepEqual(rated('per_unit', USED), [12, 60]);
});

test('tiered (graduated): each tier prices the units in it (10 x 5 + 2 x 4 = 58), not each record on its own', () => {
  assert.deepEqual(rated('tiered', USED), [12, 58]); // per record: 7 x 5 + 5 x 5 = 60
});

test('volume: every unit at the tier the total reaches (12 x 4 = 48)', () => {
  assert.deepEqual(rated('volume', USED), [12, 48]);
});

test('a record of another unit of measure or another subscription is not this charge’s', () => {
  const others = [
    record(3, '2027-01-05', { unit_of_measure: 'calls' }),
    record(4, '2027-01-05', { subscription_number: 'S2', subscription_id: 'sub-2' }),
  ];
  assert.deepEqual(rated('per_unit', others), [0, 0]);
});

test('quantities sum exactly and the line rounds once: 0.1 + 0.2 GB at 5 is 1.50', () => {
  assert.deepEqual(rated('per_unit', [record(0.1, '2027-01-02'), record(0.2, '2027-01-02')]), [0.3, 1.5]);
});
