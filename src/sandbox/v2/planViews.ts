// GET /v2/plans as the reference answers it: plans paged ({next_page, data}), each with its product and
// prices when `expand[]` asks for them. The catalog's charges are the v2 prices: amounts by currency, tiers,
// discounts and billing periods in the reference's fields. The sandbox's own catalog: seeded, or copied into it.
import { activeCatalog, v2Interval, type Catalog, type Charge, type Plan, type Product } from '../state/catalog';
import { pageV2 } from '../http/paging';

const SINCE = '2024-01-01';
const AUDIT = {
  created_by_id: 'sandbox-client',
  updated_by_id: 'sandbox-client',
  created_time: `${SINCE}T00:00:00Z`,
  updated_time: `${SINCE}T00:00:00Z`,
};

const productView = (p: Product) => ({
  id: p.id,
  ...AUDIT,
  name: p.name,
  type: 'base',
  start_date: SINCE,
  active: true,
});

/** The amounts of a price: per unit (`unit_amounts`), flat (`amounts`), tiers, or a discount's terms. */
function amountsView(c: Charge) {
  if (c.tiers) {
    const tiers = c.tiers.map(t => ({
      ...(t.upTo !== undefined ? { up_to: t.upTo } : {}),
      ...(t.unitAmounts ? { unit_amounts: t.unitAmounts } : {}),
      ...(t.amounts ? { amounts: t.amounts } : {}),
    }));
    return { tiers_mode: c.model === 'volume' ? 'volume' : 'graduated', tiers };
  }
  if (c.discount) {
    const terms =
      c.discount.percent !== undefined ? { discount_percent: c.discount.percent } : { discount_amounts: c.prices };
    return { discount_level: c.discount.level, apply_discount_to: c.discount.appliesTo, ...terms };
  }
  const perUnit = c.model === 'per_unit' || c.type === 'usage';
  return perUnit ? { unit_amounts: c.prices } : { amounts: c.prices };
}

/** How it recurs: its billing period; usage is billed in arrears for what was used (no timing of its own). */
function recurringView(c: Charge) {
  if (!c.billingPeriod) return {};
  const timing = c.type === 'usage' ? { usage: true } : { timing: 'in_advance', usage: false };
  return { recurring: { ...v2Interval(c.billingPeriod), ...timing } };
}

function priceView(c: Charge, plan: Plan) {
  return {
    id: c.id,
    ...AUDIT,
    name: c.name,
    plan_id: plan.id,
    plan_number: plan.number,
    charge_type: c.unpriceable?.type ?? c.type,
    charge_model: c.unpriceable?.model ?? c.model,
    ...recurringView(c),
    start_event: 'contract_effective',
    ...(c.unitOfMeasure ? { unit_of_measure: c.unitOfMeasure } : {}),
    quantity: c.defaultQuantity,
    ...amountsView(c),
    tax_inclusive: false,
    taxable: false,
    active: c.active ?? true,
  };
}

function planView(plan: Plan, product: Product, catalog: Catalog, expand: ReadonlySet<string>) {
  return {
    id: plan.id,
    ...AUDIT,
    name: plan.name,
    plan_number: plan.number,
    start_date: SINCE,
    active_currencies: catalog.planCurrencies(plan),
    product_id: product.id,
    active: plan.active ?? true,
    ...(expand.has('product') ? { product: productView(product) } : {}),
    ...(expand.has('prices') ? { prices: { next_page: null, data: plan.charges.map(c => priceView(c, plan)) } } : {}),
  };
}

/** One page of the catalog's plans; `expand[]=prices` and `expand[]=product` include those. */
export function plansPage(q: URLSearchParams) {
  const expand = new Set(q.getAll('expand[]'));
  const catalog = activeCatalog();
  const plans = catalog.productList.flatMap(product => product.plans.map(plan => ({ plan, product })));
  return pageV2(plans, q, ({ plan, product }) => planView(plan, product, catalog, expand));
}
