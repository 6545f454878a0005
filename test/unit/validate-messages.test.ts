// What a finding says: the field by its whole path (never an index alone), the value by what it is, a long
// list of allowed values by its count (the field's hover lists them all), and null where the contract allows it.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { validate, formatPath, type Finding } from '../../src/schemas';
import { jsonSchemaFor } from '../../src/schemas/jsonSchemas';
import { TEST_CARDS } from '../../src/sandbox/payments/testCards';
import { PUBLIC_TEST_CARDS } from '../../src/schemas/card';

const NOW = new Date('2026-11-21T00:00:00Z');
const findings = (body: unknown, kind: 'order' | 'account' = 'order') =>
  validate(JSON.stringify(body, null, 2), kind, { now: NOW }).filter(f => f.severity === 'error');
const byPath = (fs: Finding[], path: string) => {
  const f = fs.find(x => formatPath(x.path) === path);
  assert.ok(f, `a finding at ${path}; got ${fs.map(x => formatPath(x.path)).join(', ')}`);
  return f.message;
};
const change = (plan: unknown, container = 'add_subscription_plans') => ({
  order_date: '2027-01-01',
  account_number: 'A1',
  subscriptions: [{ subscription_number: 'S1', [container]: [plan] }],
});

test('an unknown field names its container by its whole path', () => {
  const fs = findings(
    change(
      { subscription_plan: { subscription_plan_id: 'sp', subscription_items: [{ id: 'i', price_id: 'x' }] } },
      'update_subscription_plans',
    ),
  );
  assert.equal(
    byPath(fs, 'subscriptions[0].update_subscription_plans[0].subscription_plan.subscription_items[0].price_id'),
    'Unknown field "price_id" in subscriptions[0].update_subscription_plans[0].subscription_plan.subscription_items[0]: ' +
      'the service rejects it.',
  );
});

test('a missing field names the object that lacks it by its whole path', () => {
  const fs = findings(change({ plan_id: 'p' }));
  assert.equal(
    byPath(fs, 'subscriptions[0].add_subscription_plans[0].subscription_plan'),
    '"subscription_plan" is required in subscriptions[0].add_subscription_plans[0].',
  );
});

test('a wrong value leads with its path, and a number reads "the number 32"', () => {
  const order = {
    order_date: '2027-01-01',
    account_number: 'A1',
    subscriptions: [
      {
        initial_term: { type: 'termed', interval: 'month', interval_count: 12.5 },
        renewal_term: { type: 'termed', interval: 32, interval_count: 1 },
        start_on: { contract_effective: '2027-01-01' },
        subscription_plans: [{ plan_id: 'p' }],
      },
    ],
  };
  const fs = findings(order);
  assert.equal(
    byPath(fs, 'subscriptions[0].initial_term.interval_count'),
    'subscriptions[0].initial_term.interval_count must be a whole number, not the number 12.5.',
  );
  assert.match(
    byPath(fs, 'subscriptions[0].renewal_term.interval'),
    /^subscriptions\[0\]\.renewal_term\.interval must be one of "/,
  );
  assert.match(byPath(fs, 'subscriptions[0].renewal_term.interval'), /, not the number 32\.$/);
  assert.ok(
    fs.every(f => !/\bnot (number|boolean) /.test(f.message)),
    'never "not number 32"',
  );
});

test('a long list of allowed values is counted in the message and shown whole in the field hover', () => {
  const account = {
    name: 'N',
    currency: 'USD',
    bill_to: { first_name: 'F', last_name: 'L' },
    payment_method: { type: 'cardd' },
  };
  const message = byPath(findings(account, 'account'), 'payment_method.type');
  assert.match(
    message,
    /^payment_method\.type must be one of 21 values \("card", .*hover the field for all\), not the string "cardd"\.$/,
  );
  type Node = { properties: Record<string, Node>; markdownDescription: string };
  const schema = jsonSchemaFor('account') as unknown as Node;
  const hover = schema.properties.payment_method.properties.type.markdownDescription;
  for (const v of ['card', 'ach_debit', 'sepa_debit', 'paypal']) assert.ok(hover.includes(`\`${v}\``), v);
  assert.match(hover, /One of 21 values/);
});

test('a nullable object given null is accepted (subscriptions[].pause is nullable in the contract)', () => {
  const order = {
    order_date: '2027-01-01',
    account_number: 'A1',
    subscriptions: [{ subscription_number: 'S1', pause: null, resume: { resume_at: 'pause_date' } }],
  };
  assert.deepEqual(findings(order), []);
  // an object that is not nullable still says so, by its path
  const terms = { ...order, subscriptions: [{ subscription_number: 'S1', terms: null }] };
  assert.equal(
    byPath(findings(terms), 'subscriptions[0].terms'),
    'subscriptions[0].terms must be an object, not null.',
  );
});

test('a two-digit expiry year is what the reference allows (30 is 2030): no warning, and 25 has expired', () => {
  const card = (expiry_year: number) => ({
    name: 'N',
    currency: 'USD',
    bill_to: { first_name: 'F', last_name: 'L' },
    payment_method: {
      type: 'card',
      card: { card_number: '4111111111111111', brand: 'visa', expiry_month: 12, expiry_year },
    },
  });
  const all = (y: number) =>
    validate(JSON.stringify(card(y)), 'account', { now: NOW })
      .map(f => f.code)
      .filter(c => c !== 'card-data-in-file'); // said of any card in a file
  assert.deepEqual(all(30), []);
  assert.deepEqual(all(2030), []);
  assert.deepEqual(all(25), ['card-expired']);
  assert.deepEqual(all(303), ['out-of-range']);
});

test('a published test card (4242424242424242, 4111...) in a file is what the warning asks for: no warning', () => {
  const cardOf = (n: string) =>
    JSON.stringify({
      name: 'A',
      currency: 'USD',
      bill_to: { first_name: 'F', last_name: 'L' },
      payment_method: { type: 'card', card: { card_number: n, brand: 'visa', expiry_month: 12, expiry_year: 2030 } },
    });
  const codes = (n: string) => validate(cardOf(n), 'account', { now: NOW }).map(f => f.code);
  for (const n of ['4242424242424242', '4111111111111111', '4000000000000002', '378282246310005'])
    assert.deepEqual(codes(n), [], n);
  assert.deepEqual(codes('4539148803436467'), ['card-data-in-file'], 'any other number');
});

test("the Local sandbox's test cards are all published test cards: a file with one gets no card warning", () => {
  for (const c of TEST_CARDS) assert.ok(PUBLIC_TEST_CARDS.has(c.number), c.number);
});
