// A realistic large product catalog as GET /v2/plans lists it: `plans` plans over 40 products, each with
// 1–3 prices (per-seat, flat platform fee, usage tiers) in one to three currencies.
import type { Plan, PlanPrice } from '../src/client';
import { ProductCatalog } from '../src/products';

const PRODUCTS = ['Team workspace', 'Analytics', 'Storage', 'Support', 'Messaging', 'Identity', 'Backups', 'Edge'];
const CURRENCIES = [{ USD: 25 }, { USD: 25, EUR: 23 }, { USD: 25, EUR: 23, GBP: 20 }];

function price(plan: string, i: number, k: number): PlanPrice {
  const interval = i % 4 === 0 ? 'year' : 'month';
  const money = (base: number) =>
    Object.fromEntries(Object.entries(CURRENCIES[i % 3]).map(([c, a]) => [c, (a * base * (1 + (i % 7))) / 25]));
  if (k === 0)
    return {
      id: `price-${plan}-seats`,
      name: 'Seats',
      plan_id: plan,
      charge_type: 'recurring',
      charge_model: 'per_unit',
      recurring: { interval, interval_count: 1 },
      unit_of_measure: 'seat',
      unit_amounts: money(25),
    };
  if (k === 1)
    return {
      id: `price-${plan}-platform`,
      name: 'Platform fee',
      plan_id: plan,
      charge_type: 'recurring',
      charge_model: 'flat_fee',
      recurring: { interval, interval_count: 1 },
      amounts: money(99),
    };
  return {
    id: `price-${plan}-usage`,
    name: 'API calls',
    plan_id: plan,
    charge_type: 'recurring',
    charge_model: 'tiered',
    recurring: { interval: 'month', interval_count: 1, usage: true },
    unit_of_measure: 'call',
    tiers: [{ up_to: 100000, unit_amounts: money(0.002) }, { unit_amounts: money(0.001) }],
    tiers_mode: 'graduated',
  };
}

export function largeCatalogPlans(plans: number): Plan[] {
  return Array.from({ length: plans }, (_, i) => {
    const product = PRODUCTS[i % PRODUCTS.length];
    const tier = ['starter', 'team', 'business', 'enterprise'][i % 4];
    const id = `plan-${product.split(' ')[0].toLowerCase()}-${tier}-${String(i).padStart(5, '0')}`;
    return {
      id,
      plan_number: `PN-${100000 + i}`,
      name: `${product} ${tier}, ${i % 4 === 0 ? 'yearly' : 'monthly'} (${i})`,
      product_id: `prod-${i % 40}`,
      product: { id: `prod-${i % 40}`, name: `${product} ${Math.floor(i / 8) % 5}` },
      active: i % 50 !== 0,
      prices: { next_page: null, data: Array.from({ length: 1 + (i % 3) }, (_, k) => price(id, i, k)) },
    };
  });
}

export const largeCatalog = (plans: number) => ProductCatalog.fromPlans(largeCatalogPlans(plans));
