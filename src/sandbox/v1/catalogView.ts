// GET /v1/catalog/products and GET /v1/rateplan/{product-key}/productRatePlan: the sandbox's catalog (the
// seeded one, or the one copied into it) in the v1 names (PerUnit, Tiered, DiscountPercentage; Month, Quarter,
// Annual), prices per currency with their tiers.
import { activeCatalog } from '../state/activeCatalog';
import { currenciesOf, type BillingPeriod, type Charge, type ChargeModel } from '../state/catalog';

const V1_PERIOD: Record<BillingPeriod, string> = {
  month: 'Month',
  quarter: 'Quarter',
  semi_annual: 'Semi-Annual',
  year: 'Annual',
};
const V1_TYPE = { recurring: 'Recurring', one_time: 'OneTime', usage: 'Usage' } as const;
const V1_MODEL: Record<ChargeModel, string> = {
  per_unit: 'PerUnit',
  flat_fee: 'FlatFee',
  tiered: 'Tiered',
  volume: 'Volume',
  discount_percentage: 'DiscountPercentage',
  discount_fixed_amount: 'DiscountFixedAmount',
};

/** The reference writes the catalog's amounts and quantities as decimal strings (`format: decimal`). */
const decimal = (n: number | undefined) => (n === undefined ? undefined : String(n));

/** One pricing entry per currency: the price, or the tiers (numbered from 1, each from the previous bound). */
function pricing(c: Charge, planCurrencies: string[]) {
  const percent = decimal(c.discount?.percent);
  if (percent !== undefined) return planCurrencies.map(currency => ({ currency, discountPercentage: percent }));
  return currenciesOf(c).map(currency => {
    if (c.discount) return { currency, discountAmount: decimal(c.prices[currency]) };
    if (!c.tiers) return { currency, price: decimal(c.prices[currency]) };
    let from = 0;
    const tiers = c.tiers.map((t, i) => {
      const flat = t.amounts?.[currency] !== undefined;
      const tier = {
        tier: i + 1,
        startingUnit: decimal(from),
        ...(t.upTo !== undefined ? { endingUnit: decimal(t.upTo) } : {}),
        price: decimal(flat ? t.amounts![currency] : t.unitAmounts?.[currency]),
        priceFormat: flat ? 'Flat Fee' : 'Per Unit',
      };
      from = t.upTo ?? from;
      return tier;
    });
    return { currency, tiers };
  });
}

function v1Charge(c: Charge, planCurrencies: string[]) {
  return {
    id: c.id,
    name: c.name,
    type: c.unpriceable ? c.unpriceable.type : V1_TYPE[c.type],
    model: c.unpriceable ? c.unpriceable.model : V1_MODEL[c.model],
    ...(c.billingPeriod ? { billingPeriod: V1_PERIOD[c.billingPeriod] } : {}), // the reference's is never null
    uom: c.unitOfMeasure ?? null,
    defaultQuantity: decimal(c.defaultQuantity) ?? null,
    ...(c.discount
      ? { discountLevel: c.discount.level, applyDiscountTo: c.discount.appliesTo.join(',').toUpperCase() }
      : {}),
    pricing: pricing(c, planCurrencies),
  };
}

/**
 * The v1 shape of GET /v1/catalog/products. As in the reference, a product's `productRatePlans` is a link (to
 * GET /v1/rateplan/{product-key}/productRatePlan, whose answer is the reference's GETProductRatePlansResponse),
 * not the plans themselves. `origin`: this sandbox's.
 */
export function catalogResponse(origin: string) {
  return {
    success: true,
    products: activeCatalog().productList.map(p => ({
      id: p.id,
      name: p.name,
      productRatePlans: `${origin}/v1/rateplan/${encodeURIComponent(p.id)}/productRatePlan`,
    })),
  };
}

/** The v1 shape of GET /v1/rateplan/{product-key}/productRatePlan; undefined for a product the catalog lacks. */
export function productRatePlansResponse(productKey: string) {
  const catalog = activeCatalog();
  const product = catalog.productList.find(p => p.id === productKey);
  if (!product) return undefined;
  return {
    success: true,
    productRatePlans: product.plans.map(pl => ({
      id: pl.id,
      name: pl.name,
      productRatePlanNumber: pl.number,
      productRatePlanCharges: pl.charges.map(c => v1Charge(c, catalog.planCurrencies(pl))),
    })),
  };
}
