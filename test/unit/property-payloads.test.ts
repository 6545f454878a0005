// Property-based (issue 20): random valid v2 payloads give no error; one mistake in one gives exactly one error,
// at the place of the mistake. The payloads come from the zod schemas (zodArbitraries.ts) with the cross-field
// rules written out (payloadArbitraries.ts); the clock is fixed, so card expiry and dates are the same every run.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { validate, type PayloadKind } from '../../src/schemas';
import { mutationsOf, validPayload } from './payloadArbitraries';

const NOW = new Date('2027-03-15T12:00:00Z');
const KINDS: PayloadKind[] = ['order', 'preview', 'account'];
const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
/** The mistakes made, each by the code of the one error it must give. */
const MISTAKES = ['missing-field', 'wrong-type', 'invalid-value', 'unknown-field', 'invalid-date'];

const errorsOf = (value: unknown, kind: PayloadKind) =>
  validate(JSON.stringify(value, null, 2), kind, { now: NOW })
    .filter(f => f.severity === 'error')
    .map(f => ({ code: f.code, path: f.path }));

for (const [i, kind] of KINDS.entries()) {
  test(`property A (${kind}): ${RUNS} random valid payloads give no error`, () => {
    fc.assert(
      fc.property(validPayload[kind], value => {
        assert.deepEqual(errorsOf(value, kind), [], JSON.stringify(value));
      }),
      { numRuns: RUNS, seed: process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : 2027_0315 + i },
    );
  });

  test(`property B (${kind}): ${RUNS} payloads with one mistake give exactly that one error, at its path`, () => {
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(validPayload[kind], fc.constantFrom(...MISTAKES), fc.nat(), fc.nat(), (value, code, which, pick) => {
        // A mistake of the kind drawn where the payload has a place for one (dates are rarer than strings).
        const all = mutationsOf(kind, value, pick);
        const ofCode = all.filter(m => m.expect.code === code);
        const mutations = ofCode.length ? ofCode : all;
        const m = mutations[which % mutations.length];
        const broken = structuredClone(value);
        m.apply(broken);
        seen.set(m.expect.code, (seen.get(m.expect.code) ?? 0) + 1);
        assert.deepEqual(errorsOf(broken, kind), [m.expect], `${m.what} in ${JSON.stringify(value)}`);
      }),
      { numRuns: RUNS, seed: process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : 2027_0415 + i },
    );
    // Every kind of mistake was made (so a pass covers each).
    assert.deepEqual(
      MISTAKES.filter(code => !seen.get(code)),
      [],
      `mistakes made: ${JSON.stringify(Object.fromEntries(seen))}`,
    );
  });
}

// ---- what the properties found: one mistake gave a second error (fixed in src/schemas/rules.ts) ----

const order = (body: object) => errorsOf(body, 'order');
const plan = { subscription_plans: [{ plan_id: 'plan-team-monthly' }] };

test('regression: "line_items" that is not a list is one wrong type, not also "nothing to order"', () => {
  assert.deepEqual(order({ account_number: 'A00000001', line_items: 'text' }), [
    { code: 'wrong-type', path: ['line_items'] },
  ]);
});

test('regression: an end date that is not a real date is one invalid date, not also "end before start"', () => {
  const item = { name: 'Setup', type: 'fee', start_date: '2027-03-01', end_date: '2027-02-30' };
  assert.deepEqual(order({ account_number: 'A00000001', line_items: [item] }), [
    { code: 'invalid-date', path: ['line_items', 0, 'end_date'] },
  ]);
  const price = { price_id: 'price-team-seats', start_date: '2027-13-01', end_date: '2027-06-01' };
  assert.deepEqual(
    order({
      account_number: 'A00000001',
      subscriptions: [{ subscription_plans: [{ plan_id: 'p', prices: [price] }] }],
    }),
    [{ code: 'invalid-date', path: ['subscriptions', 0, 'subscription_plans', 0, 'prices', 0, 'start_date'] }],
  );
});

test('regression: subscriptions that cannot be read do not make a missing owner of the order', () => {
  assert.deepEqual(order({ subscriptions: 'text' }), [{ code: 'wrong-type', path: ['subscriptions'] }]);
  assert.deepEqual(order({ subscriptions: [{ account_number: 'A00000001', ...plan }, 5] }), [
    { code: 'wrong-type', path: ['subscriptions', 1] },
  ]);
  // Still said where it holds: a subscription without its own owner, line items or not.
  assert.deepEqual(order({ subscriptions: [plan], line_items: 'text' }), [
    { code: 'wrong-type', path: ['line_items'] },
    { code: 'missing-account', path: ['account_number'] },
  ]);
});
