// What completion offers for plan_id, plan_number and price_id (catalogChoices): a large catalog in part,
// matching what is typed, best first and marked incomplete so the editor asks again; every plan reachable.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Plan } from '../../src/client';
import { catalogChoices, CHOICES_SHOWN, ProductCatalog } from '../../src/products';

const KINDS = ['basic', 'team', 'business'];
function catalogOf(n: number): ProductCatalog {
  const plans: Plan[] = Array.from({ length: n }, (_, i) => ({
    id: `plan-${KINDS[i % 3]}-${i}`,
    plan_number: `PN-${1000 + i}`,
    name: `${KINDS[i % 3]} ${i}`,
    prices: {
      data: [{ id: `price-${i}-seats`, name: 'Seats', charge_model: 'per_unit', unit_amounts: { USD: 10 } }],
    },
  }));
  return ProductCatalog.fromPlans(plans);
}
const values = (r: ReturnType<typeof catalogChoices>) => r.choices.map(c => c.value);

test('a 1,000-plan catalog with nothing typed: the first plans in catalog order, marked incomplete', () => {
  const r = catalogChoices({ field: 'plan_id' }, catalogOf(1000), '"');
  assert.equal(r.choices.length, CHOICES_SHOWN);
  assert.equal(r.incomplete, true);
  assert.deepEqual(values(r).slice(0, 3), ['plan-basic-0', 'plan-team-1', 'plan-business-2']);
});

test('typing reaches any plan, even one past those first shown: the whole id gives it first, list complete', () => {
  const r = catalogChoices({ field: 'plan_id' }, catalogOf(1000), '"plan-business-998');
  assert.deepEqual(values(r), ['plan-business-998']);
  assert.equal(r.incomplete, false);
  const c = r.choices[0];
  assert.equal(c.detail, 'business 998');
  assert.match(c.description, /^business 998 — 10\.00 USD per unit/);
  assert.ok(
    c.lines.some(l => l.startsWith('price-998-seats')),
    c.lines.join('\n'),
  );
});

test('ids starting with the typed text come first, then those containing it, then its letters in order', () => {
  const r = catalogChoices({ field: 'plan_id' }, catalogOf(30), '"TEAM-1');
  // case is ignored; "team-1x" contains it, "plan-team-..." holds t,e,a,m,-,1 in order
  assert.deepEqual(values(r).slice(0, 4), ['plan-team-1', 'plan-team-10', 'plan-team-13', 'plan-team-16']);
  assert.equal(r.incomplete, false);
  const inOrder = catalogChoices({ field: 'plan_id' }, catalogOf(30), '"pb29');
  assert.deepEqual(values(inOrder), ['plan-business-29']);
});

test('a small catalog is offered whole, complete; nothing matching gives an empty complete list', () => {
  const r = catalogChoices({ field: 'plan_id' }, catalogOf(5), '""');
  assert.equal(r.choices.length, 5);
  assert.equal(r.incomplete, false);
  assert.deepEqual(catalogChoices({ field: 'plan_id' }, catalogOf(5), '"zzz'), { choices: [], incomplete: false });
});

test('plan_number offers numbers; price_id the prices of the plan in the same entry', () => {
  const catalog = catalogOf(300);
  assert.deepEqual(values(catalogChoices({ field: 'plan_number' }, catalog, '"PN-1299')), ['PN-1299']);
  const ref = { field: 'price_id' as const, plan: { field: 'plan_id' as const, value: 'plan-team-7' } };
  const r = catalogChoices(ref, catalog, '"');
  assert.deepEqual(values(r), ['price-7-seats']);
  assert.match(r.choices[0].detail, /\(team 7\)$/);
});
