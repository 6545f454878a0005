// GET /v1/catalog/products: the sandbox's catalog (the seeded one, or the one copied into it) in the v1 names
// (PerUnit, Tiered, DiscountPercentage; Month, Quarter, Annual), prices per currency with their tiers.
import { activeCatalog, currenciesOf, type BillingPeriod, type Charge, type ChargeModel } from '../state/catalog';

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

/** One pricing entry per currency: the price, or the tiers (numbered from 1, each from the previous bound). */
function pricing(c: Charge, planCurrencies: string[]) {
  const percent = c.discount?.percent;
  if (percent !== undefined) return planCurrencies.map(currency => ({ currency, discountPercentage: percent }));
  return currenciesOf(c).map(currency => {
    if (c.discount) return { currency, discountAmount: c.prices[currency] };
    if (!c.tiers) return { currency, price: c.prices[currency] };
    let from = 0;
    const tiers = c.tiers.map((t, i) => {
      const flat = t.amounts?.[currency] !== undefined;
      const tier = {
        tier: i + 1,
        startingUnit: from,
        ...(t.upTo !== undefined ? { endingUnit: t.upTo } : {}),
        price: flat ? t.amounts![currency] : t.unitAmounts?.[currency],
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
    billingPeriod: c.billingPeriod ? V1_PERIOD[c.billingPeriod] : null,
    uom: c.unitOfMeasure ?? null,
    defaultQuantity: c.defaultQuantity,
    ...(c.discount
      ? { discountLevel: c.discount.level, applyDiscountTo: c.discount.appliesTo.join(',').toUpperCase() }
      : {}),
    pricing: pricing(c, planCurrencies),
  };
}

/** The v1 shape of GET /v1/catalog/products. */
export function catalogResponse() {
  const catalog = activeCatalog();
  return {
    success: true,
    products: catalog.productList.map(p => ({
      id: p.id,
      name: p.name,
      productRatePlans: p.plans.map(pl => ({
        id: pl.id,
        name: pl.name,
        productRatePlanNumber: pl.number,
        productRatePlanCharges: pl.charges.map(c => v1Charge(c, catalog.planCurrencies(pl))),
      })),
    })),
  };
}
