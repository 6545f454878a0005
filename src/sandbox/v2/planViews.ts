// The catalog as the reference answers it: products, plans and prices, each list paged ({next_page, data}); a
// plan with its product and prices when `expand[]` asks for them, a product with its plans. The catalog's
// charges are the v2 prices: amounts by currency, tiers, discounts and billing periods in the reference's fields.
// The sandbox's own catalog: seeded, or copied into it.
import { activeCatalog } from '../state/activeCatalog';
import { v2Interval, type Catalog, type Charge, type Plan, type Product } from '../state/catalog';
import { listPage } from './listQuery';

const SINCE = '2024-01-01';
const AUDIT = {
  created_by_id: 'sandbox-client',
  updated_by_id: 'sandbox-client',
  created_time: `${SINCE}T00:00:00Z`,
  updated_time: `${SINCE}T00:00:00Z`,
};

export const productView = (p: Product) => ({
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

export function priceView(c: Charge, plan: Plan) {
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

export function planView(plan: Plan, product: Product, catalog: Catalog, expand: ReadonlySet<string>) {
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

/** One page of the catalog's plans, filtered and sorted; `expand[]=prices` and `expand[]=product` include those. */
export function plansPage(q: URLSearchParams) {
  const expand = new Set(q.getAll('expand[]'));
  const catalog = activeCatalog();
  const plans = catalog.productList.flatMap(product => product.plans.map(plan => ({ plan, product })));
  const view = ({ plan, product }: (typeof plans)[number]) => planView(plan, product, catalog, expand);
  const sample = planView(SAMPLE_PLAN, SAMPLE_PRODUCT, catalog, new Set());
  return listPage(plans, q, view, { what: 'Plans', sample });
}

/** A product with its plans (`expand[]=plans`, each with its prices when `expand[]=plans.prices` asks). */
export function productWithPlans(product: Product, catalog: Catalog, expand: ReadonlySet<string>) {
  const nested = new Set(expand.has('plans.prices') ? ['prices'] : []);
  const plans = product.plans.map(plan => planView(plan, product, catalog, nested));
  return { ...productView(product), ...(expand.has('plans') ? { plans: { next_page: null, data: plans } } : {}) };
}

/** One page of the catalog's products, filtered and sorted. */
export function productsPage(q: URLSearchParams) {
  const expand = new Set(q.getAll('expand[]'));
  const catalog = activeCatalog();
  const view = (p: Product) => productWithPlans(p, catalog, expand);
  return listPage(catalog.productList, q, view, { what: 'Products', sample: productView(SAMPLE_PRODUCT) });
}

/** One page of the catalog's prices (every plan's), filtered and sorted: `filter[]=plan_id.EQ:<id>` for a plan's. */
export function pricesPage(q: URLSearchParams) {
  const catalog = activeCatalog();
  const prices = catalog.productList.flatMap(p => p.plans.flatMap(plan => plan.charges.map(c => ({ c, plan }))));
  const view = ({ c, plan }: (typeof prices)[number]) => priceView(c, plan);
  const sample = { ...priceView(SAMPLE_CHARGE, SAMPLE_PLAN), unit_of_measure: '' };
  return listPage(prices, q, view, { what: 'Prices', sample });
}

const SAMPLE_CHARGE: Charge = {
  id: '',
  name: '',
  type: 'recurring',
  model: 'per_unit',
  defaultQuantity: 0,
  prices: {},
  billingPeriod: 'month',
};
const SAMPLE_PLAN: Plan = { id: '', number: '', name: '', charges: [] };
const SAMPLE_PRODUCT: Product = { id: '', name: '', plans: [] };
