// The product catalog (src/products): every page of GET /v2/plans fetched over real HTTP from the Local
// sandbox, indexed, described; the closest ids; the checker's findings, and none on what the service takes.
import { test, before, after, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { ApiError, BillingClient } from '../../src/client';
import {
  catalogRefAt,
  checkCatalog,
  closestIds,
  fetchAccountSubscriptions,
  fetchProductCatalog,
  subscriptionRefAt,
  planLines,
  priceLine,
  ProductCatalog,
} from '../../src/products';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { TEMPLATES, templateText } from '../../src/schemas';
import { mismatches } from './sandbox-reference';

let sb: Sandbox;
let client: BillingClient;
let catalog: ProductCatalog;
const requests: string[] = [];

before(async () => {
  sb = await startSandbox();
  const log = (line: string) => requests.push(line);
  client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret, log });
  catalog = await fetchProductCatalog(client, { pageSize: 1 });
});
after(async () => {
  await client.close();
  await sb.close();
});

const order = (plans: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ account_number: 'A00000001', subscriptions: [{ subscription_plans: plans }], ...extra }, null, 2);

describe('fetching the catalog', () => {
  test('follows next_page over every page of GET /v2/plans (page_size 1: ten pages, ten plans)', () => {
    const pages = requests.filter(l => l.startsWith('GET /v2/plans 200'));
    assert.equal(pages.length, 10);
    assert.deepEqual(
      catalog.plans.map(p => p.id),
      [
        'plan-team-monthly',
        'plan-enterprise-yearly',
        'plan-onboarding',
        'plan-api-usage',
        'plan-api-tiered',
        'plan-storage-tiered',
        'plan-support-quarterly',
        'plan-licences-volume',
        'plan-discount-launch',
        'plan-discount-loyalty',
      ],
    );
  });

  test('GET /v2/plans answers the reference planListResponse, product and prices expanded', async () => {
    const r = await client.listPlans({ pageSize: 99 });
    assert.deepEqual(mismatches(r.data, 'planListResponse'), []);
    assert.equal(r.data.next_page, null);
    assert.equal(r.data.data[0].product?.name, 'Team workspace');
    assert.deepEqual(
      r.data.data[0].prices?.data.map(p => [p.id, p.charge_model, p.unit_amounts ?? p.amounts]),
      [
        ['price-team-seats', 'per_unit', { USD: 25, EUR: 23 }],
        ['price-team-platform', 'flat_fee', { USD: 100, EUR: 92 }],
      ],
    );
  });

  test('a page_size out of 1-99 is the reference 400, not a crash', async () => {
    await assert.rejects(client.listPlans({ pageSize: 100 }), (e: ApiError) => e.status === 400);
  });
});

describe('the index', () => {
  test('plans by id and by number, prices by id with their plan', () => {
    assert.equal(catalog.plan('plan-enterprise-yearly')?.name, 'Enterprise, yearly');
    assert.equal(catalog.planByNumber('PL-TEAM-MONTHLY')?.id, 'plan-team-monthly');
    const seats = catalog.price('price-team-seats')!;
    assert.equal(catalog.planOf(seats)?.id, 'plan-team-monthly');
    assert.deepEqual(
      catalog.plan('plan-team-monthly')?.prices.map(p => p.id),
      ['price-team-seats', 'price-team-platform'],
    );
    assert.equal(catalog.complete, true);
  });

  test('describes charges with model, amounts per currency, billing period', () => {
    assert.equal(
      priceLine(catalog.price('price-team-seats')!),
      'Seats: per unit, 25.00 USD / 23.00 EUR per seat, a month',
    );
    assert.equal(
      priceLine(catalog.price('price-enterprise-annual')!),
      'Annual licence: flat fee, 12,000.00 USD / 11,000.00 EUR, a year',
    );
    assert.equal(
      priceLine(catalog.price('price-onboarding-setup')!),
      'Setup fee: flat fee, 500.00 USD / 460.00 EUR, one-time',
    );
    assert.equal(planLines(catalog.plan('plan-onboarding')!)[0], 'Onboarding · Services (number PL-ONBOARDING)');
  });
});

test('closest ids: a typo finds its id first; an unrelated id finds none', () => {
  const ids = catalog.plans.map(p => p.id);
  assert.deepEqual(closestIds('plan-team-monthy', ids), ['plan-team-monthly']);
  assert.equal(closestIds('plan-enterprise-year', ids)[0], 'plan-enterprise-yearly');
  assert.deepEqual(closestIds('8ad08ccf8437067601843a7af4e64rq3', ids), []);
});

describe('the checker', () => {
  test('an unknown plan id is a warning naming the connection, with the closest id', () => {
    const text = order([{ plan_id: 'plan-team-monthy' }]);
    const [f, ...rest] = checkCatalog(text, catalog, 'Local sandbox');
    assert.deepEqual(rest, []);
    assert.equal(f.code, 'unknown-plan');
    assert.equal(f.severity, 'warning');
    assert.equal(
      f.message,
      'Plan "plan-team-monthy" is not in the product catalog of Local sandbox. Did you mean "plan-team-monthly"?',
    );
    assert.equal(text.slice(f.offset, f.offset + f.length), '"plan-team-monthy"');
    assert.deepEqual(f.path, ['subscriptions', 0, 'subscription_plans', 0, 'plan_id']);
    assert.deepEqual(f.suggestions, ['plan-team-monthly']);
  });

  test("a price is checked against the plan of the same entry; another plan's price says whose it is", () => {
    const text = order([
      {
        plan_id: 'plan-team-monthly',
        prices: [{ price_id: 'price-team-seat' }, { price_id: 'price-onboarding-setup' }],
      },
    ]);
    const findings = checkCatalog(text, catalog, 'Staging');
    assert.deepEqual(
      findings.map(f => [f.code, f.suggestions[0]]),
      [
        ['unknown-price', 'price-team-seats'],
        ['price-not-in-plan', 'price-team-seats'],
      ],
    );
    assert.match(findings[0].message, /not a price of plan "plan-team-monthly" in the catalog of Staging/);
    assert.match(findings[1].message, /belongs to plan "plan-onboarding", not to "plan-team-monthly"/);
  });

  test('plan numbers, added and replaced plans, previous_plan_id and line items are checked too', () => {
    const text = JSON.stringify({
      account_number: 'A00000001',
      subscriptions: [
        {
          subscription_number: 'S00000001',
          add_subscription_plans: [{ subscription_plan: { plan_number: 'PL-TEAM-MONTHY' } }],
          replace_subscription_plans: [
            { previous_plan_id: 'plan-x', subscription_plan: { plan_id: 'plan-onboarding' } },
          ],
        },
      ],
      line_items: [{ name: 'Setup', type: 'fee', price_id: 'price-nope' }],
    });
    const findings = checkCatalog(text, catalog, 'Local sandbox');
    assert.deepEqual(
      findings.map(f => [f.path.join('.'), f.code, f.suggestions]),
      [
        ['subscriptions.0.add_subscription_plans.0.subscription_plan.plan_number', 'unknown-plan', ['PL-TEAM-MONTHLY']],
        ['subscriptions.0.replace_subscription_plans.0.previous_plan_id', 'unknown-plan', []],
        ['line_items.0.price_id', 'unknown-price', []],
      ],
    );
  });

  test('never cries wolf: every shipped example and template has no catalog finding on the sandbox', () => {
    for (const file of fs.readdirSync('examples').filter(f => f.endsWith('.json'))) {
      assert.deepEqual(checkCatalog(fs.readFileSync(`examples/${file}`, 'utf8'), catalog, 'Local sandbox'), [], file);
    }
    for (const t of TEMPLATES) assert.deepEqual(checkCatalog(templateText(t), catalog, 'Local sandbox'), [], t.id);
  });

  test('a payload with known ids (by number too) has no finding, and the sandbox previews it', async () => {
    const text = order([{ plan_number: 'PL-TEAM-MONTHLY', prices: [{ price_id: 'price-team-seats', quantity: 3 }] }], {
      account_number: 'A00000001',
      order_date: '2027-01-01',
    });
    assert.deepEqual(checkCatalog(text, catalog, 'Local sandbox'), []);
    const body = JSON.parse(text);
    Object.assign(body.subscriptions[0], {
      initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
      renewal_term: { type: 'termed', interval: 'month', interval_count: 12 },
      start_on: { contract_effective: '2027-01-01' },
    });
    const r = await client.preview({ ...body, metrics: ['delta_metrics'] });
    assert.equal(r.status, 201);
  });

  test('a value not written yet (an empty string) is no finding', () => {
    assert.deepEqual(checkCatalog(order([{ plan_id: '', prices: [{ price_id: '' }] }]), catalog, 'Local sandbox'), []);
  });

  test('a price of a plan whose price list is not whole is not judged', () => {
    const partial = { ...catalog.plan('plan-team-monthly')!, pricesComplete: false };
    const text = order([{ plan_id: 'plan-team-monthly', prices: [{ price_id: 'price-new-this-morning' }] }]);
    const sub = new ProductCatalog([partial]);
    assert.deepEqual(checkCatalog(text, sub, 'Local sandbox'), []);
  });
});

describe('the field at the cursor', () => {
  const text = order([{ plan_id: 'plan-t', prices: [{ price_id: '' }] }]);
  test('inside a plan_id string: the field and the string node', () => {
    const ref = catalogRefAt(text, text.indexOf('plan-t') + 3)!;
    assert.equal(ref.field, 'plan_id');
    assert.equal(text.slice(ref.offset!, ref.offset! + ref.length!), '"plan-t"');
  });
  test("inside a price_id string: the field with its entry's plan", () => {
    const ref = catalogRefAt(text, text.indexOf('"price_id": "') + 13)!;
    assert.equal(ref.field, 'price_id');
    assert.deepEqual(ref.plan, { field: 'plan_id', value: 'plan-t' });
  });
  test('on a key, or a field that names no catalog object: nothing', () => {
    assert.equal(catalogRefAt(text, text.indexOf('plan_id') + 2), undefined);
    assert.equal(catalogRefAt(text, text.indexOf('A00000001') + 2), undefined);
  });
  test('after the colon, before any value: the field, no range', () => {
    const t = '{"subscriptions": [{"subscription_plans": [{"plan_id": }]}]}';
    const ref = catalogRefAt(t, t.indexOf('": }') + 3)!;
    assert.equal(ref.field, 'plan_id');
    assert.equal(ref.offset, undefined);
  });
});

describe("an account's subscriptions", () => {
  test('GET /v2/subscriptions by account id, plans and items expanded, in the reference shape', async () => {
    const account = await client.getAccount('A00000001');
    const r = await client.listSubscriptions({ accountId: account.data.id });
    assert.deepEqual(mismatches(r.data, 'subscriptionListResponse'), []);
    const subs = await fetchAccountSubscriptions(client, 'A00000001', { pageSize: 1 });
    assert.deepEqual(
      subs.map(s => [s.number, s.state, s.plans.map(p => [p.id, p.planId, p.items.map(i => i.number)])]),
      [
        ['S00000001', 'active', [['SP00000001', 'plan-team-monthly', ['SI00000001', 'SI00000002']]]],
        ['S00000002', 'paused', [['SP00000002', 'plan-enterprise-yearly', ['SI00000003']]]],
      ],
    );
  });

  test('an account the service does not know is its 404, not an empty list', async () => {
    await assert.rejects(fetchAccountSubscriptions(client, 'A99999999'), (e: ApiError) => e.status === 404);
  });

  test('the field at the cursor knows its account, its subscription and its plan', () => {
    const text = fs.readFileSync('examples/update-plan.order.json', 'utf8');
    const at = (s: string) => subscriptionRefAt(text, text.indexOf(s) + 2);
    assert.deepEqual(at('"S00000001"'), {
      field: 'subscription_number',
      accountNumber: 'A00000001',
      offset: text.indexOf('"S00000001"'),
      length: 11,
    });
    assert.equal(at('"SP00000001"')?.subscriptionNumber, 'S00000001');
    const item = at('"SI00000001"')!;
    assert.deepEqual(
      [item.field, item.subscriptionNumber, item.subscriptionPlanId],
      ['subscription_item_number', 'S00000001', 'SP00000001'],
    );
    assert.equal(subscriptionRefAt(text, text.indexOf('"unit_amount"') + 2), undefined);
  });
});
