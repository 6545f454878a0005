// The seeded product catalog: products -> product rate plans (v2 `plan_id`) -> charges (v2 `price_id`),
// each charge priced in two currencies. Served by GET /v1/catalog/products.

export type ChargeType = 'recurring' | 'one_time';
export type ChargeModel = 'per_unit' | 'flat_fee';
export type BillingPeriod = 'month' | 'year';

export interface Charge {
  id: string;
  name: string;
  type: ChargeType;
  model: ChargeModel;
  billingPeriod?: BillingPeriod;
  unitOfMeasure?: string;
  defaultQuantity: number;
  /** Unit price (per_unit) or flat amount, by currency. */
  prices: Record<string, number>;
}
export interface Plan {
  id: string;
  /** The human-readable `plan_number` an order may give instead of `plan_id`. */
  number: string;
  name: string;
  charges: Charge[];
}
export interface Product {
  id: string;
  name: string;
  plans: Plan[];
}

export const CATALOG: Product[] = [
  {
    id: 'prod-team',
    name: 'Team workspace',
    plans: [
      {
        id: 'plan-team-monthly',
        number: 'PL-TEAM-MONTHLY',
        name: 'Team, monthly',
        charges: [
          {
            id: 'price-team-seats',
            name: 'Seats',
            type: 'recurring',
            model: 'per_unit',
            billingPeriod: 'month',
            unitOfMeasure: 'seat',
            defaultQuantity: 1,
            prices: { USD: 25, EUR: 23 },
          },
          {
            id: 'price-team-platform',
            name: 'Platform fee',
            type: 'recurring',
            model: 'flat_fee',
            billingPeriod: 'month',
            defaultQuantity: 1,
            prices: { USD: 100, EUR: 92 },
          },
        ],
      },
    ],
  },
  {
    id: 'prod-enterprise',
    name: 'Enterprise',
    plans: [
      {
        id: 'plan-enterprise-yearly',
        number: 'PL-ENTERPRISE-YEARLY',
        name: 'Enterprise, yearly',
        charges: [
          {
            id: 'price-enterprise-annual',
            name: 'Annual licence',
            type: 'recurring',
            model: 'flat_fee',
            billingPeriod: 'year',
            defaultQuantity: 1,
            prices: { USD: 12000, EUR: 11000 },
          },
        ],
      },
    ],
  },
  {
    id: 'prod-services',
    name: 'Services',
    plans: [
      {
        id: 'plan-onboarding',
        number: 'PL-ONBOARDING',
        name: 'Onboarding',
        charges: [
          {
            id: 'price-onboarding-setup',
            name: 'Setup fee',
            type: 'one_time',
            model: 'flat_fee',
            defaultQuantity: 1,
            prices: { USD: 500, EUR: 460 },
          },
        ],
      },
    ],
  },
];

const plans = new Map(CATALOG.flatMap(p => p.plans).map(p => [p.id, p]));
const charges = new Map(
  CATALOG.flatMap(p => p.plans).flatMap(plan => plan.charges.map(charge => [charge.id, { charge, plan }] as const)),
);

const plansByNumber = new Map(CATALOG.flatMap(p => p.plans).map(p => [p.number, p]));

export const findPlan = (id: string) => plans.get(id);
export const findPlanByNumber = (number: string) => plansByNumber.get(number);
export const findCharge = (id: string) => charges.get(id);

const V1_PERIOD: Record<BillingPeriod, string> = { month: 'Month', year: 'Annual' };

function v1Charge(c: Charge) {
  return {
    id: c.id,
    name: c.name,
    type: c.type === 'one_time' ? 'OneTime' : 'Recurring',
    model: c.model === 'per_unit' ? 'PerUnit' : 'FlatFee',
    billingPeriod: c.billingPeriod ? V1_PERIOD[c.billingPeriod] : null,
    uom: c.unitOfMeasure ?? null,
    defaultQuantity: c.defaultQuantity,
    pricing: Object.entries(c.prices).map(([currency, price]) => ({ currency, price })),
  };
}

/** The v1 shape of GET /v1/catalog/products. */
export function catalogResponse() {
  return {
    success: true,
    products: CATALOG.map(p => ({
      id: p.id,
      name: p.name,
      productRatePlans: p.plans.map(pl => ({
        id: pl.id,
        name: pl.name,
        productRatePlanCharges: pl.charges.map(v1Charge),
      })),
    })),
  };
}
