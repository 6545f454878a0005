// Issue 21 item 3: the seeded catalog has the models billing teams use (per unit, flat fee, tiered, volume, usage,
// percentage and fixed discounts; monthly, quarterly, yearly; USD and EUR), GET /v2/plans lists them in the
// reference's plan and price shapes, GET /v1/catalog/products in the v1 names, and a preview on each prices it
// as the README says. What the sandbox cannot price (a copied model it does not compute, a discount in a place it
// cannot work out) answers a 400 saying why, never a 500.
import { test, before, after, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import { ApiError, BillingClient, type OrderResponse, type PlanPrice, type PreviewResponse } from '../../src/client';
import { ProductCatalog, fetchPlans, priceLine } from '../../src/products';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { mismatches, referenceChecker } from './sandbox-reference';
import { v1CatalogPlans } from './v1CatalogPlans';

let sb: Sandbox;
let client: BillingClient;
let prices: Map<string, PlanPrice>;

before(async () => {
  sb = await startSandbox();
  client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  const plans = await fetchPlans(client);
  prices = new Map(plans.flatMap(p => p.prices?.data ?? []).map(p => [p.id, p]));
});
after(async () => {
  await client.close();
  await sb.close();
});

const TERM = { type: 'termed', interval: 'month', interval_count: 12 };
type V1Charge = {
  id: string;
  type: string;
  model: string;
  billingPeriod?: string;
  pricing: { currency: string; tiers?: unknown[] }[];
};
type OrderItem = {
  price_id: string;
  amount: number;
  tiers_mode?: string;
  discount_percent?: number;
  recurring: { interval_count: number; usage: boolean };
};
/** A preview of one new 12-month subscription of `plans` for the seeded USD account (or an EUR one). */
const preview = (plans: unknown[], account: Record<string, unknown> = { account_number: 'A00000001' }) =>
  client.preview({
    metrics: ['delta_metrics'],
    ...account,
    subscriptions: [{ initial_term: TERM, renewal_term: TERM, subscription_plans: plans }],
  } as never);
/** [price id, MRR, TCB] of each item the preview's first action priced. */
const figures = (r: { data: PreviewResponse }) =>
  r.data.subscriptions[0].actions[0].subscription_items.map(i => [i.price_id, i.mrr?.net_amount, i.tcb.net_amount]);

describe('the seeded catalog in GET /v2/plans', () => {
  test('answers the reference planListResponse, every model in the reference fields', async () => {
    const r = await client.listPlans({ pageSize: 99 });
    assert.deepEqual(mismatches(r.data, 'planListResponse'), []);
    const models = new Set([...prices.values()].map(p => `${p.charge_type}/${p.charge_model}`));
    for (const m of [
      'recurring/per_unit',
      'recurring/flat_fee',
      'one_time/flat_fee',
      'usage/per_unit',
      'recurring/tiered',
      'recurring/volume',
      'recurring/discount_percentage',
      'recurring/discount_fixed_amount',
    ])
      assert.ok(models.has(m), m);
    for (const plan of r.data.data) assert.deepEqual(plan.active_currencies, ['USD', 'EUR'], plan.id);
  });

  test('the existing prices keep their ids and amounts', () => {
    const amounts = (id: string) => prices.get(id)?.unit_amounts ?? prices.get(id)?.amounts;
    assert.deepEqual(amounts('price-team-seats'), { USD: 25, EUR: 23 });
    assert.deepEqual(amounts('price-team-platform'), { USD: 100, EUR: 92 });
    assert.deepEqual(amounts('price-enterprise-annual'), { USD: 12000, EUR: 11000 });
    assert.deepEqual(amounts('price-onboarding-setup'), { USD: 500, EUR: 460 });
  });

  test('periods, tiers, usage and discounts as the reference writes them', () => {
    assert.deepEqual(prices.get('price-support-quarterly')?.recurring, {
      interval: 'month',
      interval_count: 3,
      timing: 'in_advance',
      usage: false,
    });
    assert.deepEqual(prices.get('price-enterprise-annual')?.recurring?.interval, 'year');
    assert.deepEqual(prices.get('price-api-calls')?.recurring, { interval: 'month', interval_count: 1, usage: true });
    const storage = prices.get('price-storage-tiered')!;
    assert.equal(storage.tiers_mode, 'graduated');
    assert.deepEqual(storage.tiers, [
      { up_to: 100, unit_amounts: { USD: 0.5, EUR: 0.46 } },
      { up_to: 1000, unit_amounts: { USD: 0.4, EUR: 0.37 } },
      { unit_amounts: { USD: 0.25, EUR: 0.23 } },
    ]);
    assert.equal(prices.get('price-licences-volume')?.tiers_mode, 'volume');
    const launch = prices.get('price-discount-launch') as PlanPrice & Record<string, unknown>;
    assert.equal(launch.discount_percent, 20);
    assert.equal(launch.discount_level, 'subscription');
    assert.deepEqual(launch.apply_discount_to, ['recurring']);
    assert.deepEqual(prices.get('price-discount-loyalty')?.discount_amounts, { USD: 50, EUR: 46 });
  });

  test('the editor describes each model (completion and hover read these lines)', () => {
    const catalog = ProductCatalog.fromPlans(
      [...prices.values()].map(p => ({ id: p.plan_id!, prices: { data: [p] } })),
    );
    const line = (id: string) => priceLine(catalog.price(id)!);
    assert.equal(
      line('price-storage-tiered'),
      'Storage: tiered, 0.50 USD / 0.46 EUR per GB up to 100, then 0.40 USD / 0.37 EUR per GB up to 1,000, ' +
        'then 0.25 USD / 0.23 EUR per GB, a month',
    );
    assert.match(line('price-licences-volume'), /^Licences: volume, all units at the tier reached: 120\.00 USD/);
    assert.equal(
      line('price-api-calls'),
      'API calls: per unit, 0.002 USD / 0.0018 EUR per call, usage, billed a month in arrears',
    );
    assert.equal(
      line('price-support-quarterly'),
      'Premium support: flat fee, 1,500.00 USD / 1,380.00 EUR, every 3 months',
    );
    assert.equal(line('price-discount-launch'), 'Launch discount: percentage discount, 20% off, a month');
    assert.equal(line('price-discount-loyalty'), 'Loyalty credit: fixed discount, 50.00 USD / 46.00 EUR off, a month');
  });
});

test('GET /v1/catalog/products names the models, periods and tiers in v1 words, every charge in two currencies', async () => {
  const reference = referenceChecker('v1-openapi.yaml');
  const schemaOf = (path: string) =>
    path === '/v1/catalog/products' ? 'GETCatalogType' : 'GETProductRatePlansResponse';
  const plans = await v1CatalogPlans<{ productRatePlanCharges: V1Charge[] }>(async path => {
    const answer = (await client.send({ method: 'GET', path })).data;
    assert.deepEqual(reference.mismatches(answer, schemaOf(path)), [], `${path} as the reference has it`);
    return answer;
  }, sb.url);
  const charges = plans.flatMap(pl => pl.productRatePlanCharges);
  const kinds = new Set(charges.map(c => `${c.type}/${c.model}/${c.billingPeriod}`));
  for (const k of [
    'Usage/PerUnit/Month',
    'Recurring/Tiered/Month',
    'Recurring/FlatFee/Quarter',
    'Recurring/Volume/Annual',
    'Recurring/DiscountPercentage/Month',
    'Recurring/DiscountFixedAmount/Month',
  ])
    assert.ok(kinds.has(k), k);
  for (const c of charges)
    assert.deepEqual(
      c.pricing.map((p: { currency: string }) => p.currency),
      ['USD', 'EUR'],
      c.id,
    );
  const storage = charges.find(c => c.id === 'price-storage-tiered')!;
  assert.deepEqual(storage.pricing[0].tiers?.[1], {
    tier: 2,
    startingUnit: '100',
    endingUnit: '1000',
    price: '0.4',
    priceFormat: 'Per Unit',
  });
});

describe('a preview prices each model', () => {
  test('tiered: 1,500 GB bill 100 x 0.50 + 900 x 0.40 + 500 x 0.25 = 535.00 a month', async () => {
    const r = await preview([
      { plan_id: 'plan-storage-tiered', prices: [{ price_id: 'price-storage-tiered', quantity: 1500 }] },
    ]);
    assert.deepEqual(figures(r), [['price-storage-tiered', 535, 6420]]);
    assert.deepEqual(mismatches(r.data, 'orderPreviewResponse'), []);
  });

  test('quarterly: 1,500.00 a quarter is 500.00 MRR, 6,000.00 over 12 months', async () => {
    assert.deepEqual(figures(await preview([{ plan_id: 'plan-support-quarterly' }])), [
      ['price-support-quarterly', 500, 6000],
    ]);
  });

  test('volume: 25 licences all at the 11-50 tier, 100.00 a year each', async () => {
    const r = await preview([
      { plan_id: 'plan-licences-volume', prices: [{ price_id: 'price-licences-volume', quantity: 25 }] },
    ]);
    assert.deepEqual(figures(r), [['price-licences-volume', 208.33, 2500]]);
  });

  test('usage: no MRR and no TCB (billed in arrears for what is used)', async () => {
    assert.deepEqual(figures(await preview([{ plan_id: 'plan-api-usage' }])), [['price-api-calls', 0, 0]]);
  });

  test('a 20% discount takes 20% off the recurring charges of the new subscription', async () => {
    const team = { plan_id: 'plan-team-monthly', prices: [{ price_id: 'price-team-seats', quantity: 10 }] };
    const r = await preview([team, { plan_id: 'plan-discount-launch' }]);
    assert.deepEqual(figures(r), [
      ['price-team-seats', 250, 3000],
      ['price-team-platform', 100, 1200],
      ['price-discount-launch', -70, -840],
    ]);
    assert.deepEqual(mismatches(r.data, 'orderPreviewResponse'), []);
  });

  test('a fixed discount takes its amount in the account currency, never more than it discounts', async () => {
    const team = { plan_id: 'plan-team-monthly', prices: [{ price_id: 'price-team-seats', quantity: 10 }] };
    const eur = { account_data: { currency: 'EUR', bill_cycle_day: 1 } };
    const r = await preview([team, { plan_id: 'plan-discount-loyalty' }], eur);
    assert.deepEqual(figures(r).at(-1), ['price-discount-loyalty', -46, -552]);
    const alone = await preview([{ plan_id: 'plan-onboarding' }, { plan_id: 'plan-discount-loyalty' }]);
    assert.deepEqual(figures(alone).at(-1), ['price-discount-loyalty', 0, 0]);
  });

  test('a created order shows tiers, discounts and the quarterly period in the reference item shape', async () => {
    const created = await client.createOrder({
      account_number: 'A00000001',
      subscriptions: [
        {
          initial_term: TERM,
          renewal_term: TERM,
          subscription_plans: [
            { plan_id: 'plan-storage-tiered', prices: [{ price_id: 'price-storage-tiered', quantity: 150 }] },
            { plan_id: 'plan-support-quarterly' },
            { plan_id: 'plan-api-usage' },
            { plan_id: 'plan-discount-launch' },
          ],
        },
      ],
    } as never);
    assert.deepEqual(mismatches(created.data, 'order'), []);
    const items = (created.data as OrderResponse).subscriptions![0].actions![0].subscription_plans.data.flatMap(
      p => p.subscription_items.data as unknown as OrderItem[],
    );
    const item = (id: string) => items.find(i => i.price_id === id)!;
    assert.equal(item('price-storage-tiered').amount, 70); // 100 x 0.50 + 50 x 0.40
    assert.equal(item('price-storage-tiered').tiers_mode, 'graduated');
    assert.deepEqual(item('price-support-quarterly').recurring.interval_count, 3);
    assert.equal(item('price-api-calls').recurring.usage, true);
    // 20% of (70.00 + 500.00 a month): usage adds nothing until it is used
    assert.equal(item('price-discount-launch').amount, -114);
    assert.equal(item('price-discount-launch').discount_percent, 20);
  });
});

describe('what the sandbox cannot price is a 400 that says why', () => {
  const refused = (r: Promise<unknown>, pattern: RegExp) =>
    assert.rejects(r, (e: ApiError) => {
      assert.equal(e.status, 400);
      assert.match(e.message, pattern);
      return true;
    });

  test('a subscription-level discount added to an existing subscription', async () => {
    await refused(
      client.preview({
        metrics: ['delta_metrics'],
        account_number: 'A00000001',
        subscriptions: [
          {
            subscription_number: 'S00000001',
            add_subscription_plans: [{ subscription_plan: { plan_id: 'plan-discount-launch' } }],
          },
        ],
      } as never),
      /subscription-level discount: the Local sandbox prices it only in the order that creates the subscription/,
    );
  });

  test('a unit_amount given for a tiered price (its amount comes from its tiers)', async () => {
    await refused(
      preview([{ plan_id: 'plan-storage-tiered', prices: [{ price_id: 'price-storage-tiered', unit_amount: 1 }] }]),
      /price-storage-tiered is a tiered price: its amount comes from the catalog; leave unit_amount out/,
    );
  });

  test('a copied price of a model it does not compute, and an account-level discount', async () => {
    const other = await startSandbox({
      catalog: {
        data: [
          {
            id: 'plan-overage',
            prices: {
              data: [
                { id: 'price-base', charge_type: 'recurring', charge_model: 'flat_fee', amounts: { USD: 10 } },
                { id: 'price-overage', charge_type: 'usage', charge_model: 'overage', unit_amounts: { USD: 1 } },
              ],
            },
          },
          {
            id: 'plan-account-discount',
            prices: {
              data: [
                {
                  id: 'price-account-discount',
                  charge_type: 'recurring',
                  charge_model: 'discount_percentage',
                  discount_percent: 5,
                  discount_level: 'account',
                },
              ],
            },
          },
        ],
      },
    });
    const c = new BillingClient({ baseUrl: other.url, clientId: other.clientId, clientSecret: other.clientSecret });
    try {
      const order = (plan: string) =>
        c.preview({
          metrics: ['delta_metrics'],
          account_number: 'A00000001',
          subscriptions: [{ subscription_plans: [{ plan_id: plan }] }],
        } as never);
      await assert.rejects(order('plan-overage'), (e: ApiError) => {
        assert.equal(e.status, 400);
        assert.match(
          e.message,
          /Plan plan-overage has price price-overage \(overage\), which the Local sandbox cannot price/,
        );
        return true;
      });
      await assert.rejects(order('plan-account-discount'), (e: ApiError) => {
        assert.equal(e.status, 400);
        assert.match(e.message, /account-level discount/);
        return true;
      });
      const listed = await c.listPlans();
      assert.equal(listed.data.data[0].prices?.data[1].charge_model, 'overage', 'listed as the tenant has it');
      assert.deepEqual(mismatches(listed.data, 'planListResponse'), []);
    } finally {
      await c.close();
      await other.close();
    }
  });
});
