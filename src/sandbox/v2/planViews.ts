// GET /v2/plans as the reference answers it: plans paged ({next_page, data}), each with its product and
// prices when `expand[]` asks for them. The products' charges are the v2 prices; amounts by currency.
import { CATALOG, type Charge, type Plan, type Product } from '../state/catalog';
import { pageV2 } from '../http/paging';

const SINCE = '2024-01-01';
const AUDIT = {
  created_by_id: 'sandbox-client',
  updated_by_id: 'sandbox-client',
  created_time: `${SINCE}T00:00:00Z`,
  updated_time: `${SINCE}T00:00:00Z`,
};

const currencies = (plan: Plan) => [...new Set(plan.charges.flatMap(c => Object.keys(c.prices)))];

const productView = (p: Product) => ({
  id: p.id,
  ...AUDIT,
  name: p.name,
  type: 'base',
  start_date: SINCE,
  active: true,
});

function priceView(c: Charge, plan: Plan) {
  // A per-unit price quotes a unit amount, a flat fee an amount (the reference's `unit_amounts` / `amounts`).
  const amounts = c.model === 'per_unit' ? { unit_amounts: c.prices } : { amounts: c.prices };
  return {
    id: c.id,
    ...AUDIT,
    name: c.name,
    plan_id: plan.id,
    plan_number: plan.number,
    charge_type: c.type,
    charge_model: c.model,
    ...(c.billingPeriod
      ? { recurring: { interval: c.billingPeriod, interval_count: 1, timing: 'in_advance', usage: false } }
      : {}),
    start_event: 'contract_effective',
    ...(c.unitOfMeasure ? { unit_of_measure: c.unitOfMeasure } : {}),
    quantity: c.defaultQuantity,
    ...amounts,
    tax_inclusive: false,
    taxable: false,
    active: true,
  };
}

function planView(plan: Plan, product: Product, expand: ReadonlySet<string>) {
  return {
    id: plan.id,
    ...AUDIT,
    name: plan.name,
    plan_number: plan.number,
    start_date: SINCE,
    active_currencies: currencies(plan),
    product_id: product.id,
    active: true,
    ...(expand.has('product') ? { product: productView(product) } : {}),
    ...(expand.has('prices') ? { prices: { next_page: null, data: plan.charges.map(c => priceView(c, plan)) } } : {}),
  };
}

const PLANS = CATALOG.flatMap(product => product.plans.map(plan => ({ plan, product })));

/** One page of the catalog's plans; `expand[]=prices` and `expand[]=product` include those. */
export function plansPage(q: URLSearchParams) {
  const expand = new Set(q.getAll('expand[]'));
  return pageV2(PLANS, q, ({ plan, product }) => planView(plan, product, expand));
}
