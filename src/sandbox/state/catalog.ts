// The product catalog a Local sandbox prices orders from: products -> plans (v2 `plan_id`) -> charges (v2
// `price_id`), amounts by currency. Every sandbox starts with the seeded one (seedCatalog.ts); a connection's own
// catalog can replace it (Copy Catalog to Local Sandbox, `sandbox --catalog FILE`: catalogImport.ts).
// The handlers look a plan up in the catalog of the sandbox answering the request (activeCatalog.ts).

/** `usage`: billed in arrears for what was used. */
export type ChargeType = 'recurring' | 'one_time' | 'usage';
export type ChargeModel =
  'per_unit' | 'flat_fee' | 'tiered' | 'volume' | 'discount_percentage' | 'discount_fixed_amount';
export type BillingPeriod = 'month' | 'quarter' | 'semi_annual' | 'year';
export type DiscountLevel = 'plan' | 'subscription' | 'account';

/** Months in one billing period. */
export const MONTHS_IN: Record<BillingPeriod, number> = { month: 1, quarter: 3, semi_annual: 6, year: 12 };

/** A tier of a tiered or volume price: up to `upTo` units (the last has none), per unit or flat, by currency. */
export interface CatalogTier {
  upTo?: number;
  unitAmounts?: Record<string, number>;
  amounts?: Record<string, number>;
}
export interface Discount {
  /** discount_percentage: the share taken off, in percent (discount_fixed_amount: `prices` holds the amounts). */
  percent?: number;
  level: DiscountLevel;
  /** The charge types whose amounts it reduces. */
  appliesTo: ChargeType[];
}
export interface Charge {
  id: string;
  name: string;
  type: ChargeType;
  model: ChargeModel;
  billingPeriod?: BillingPeriod;
  unitOfMeasure?: string;
  defaultQuantity: number;
  /** Unit price (per_unit, usage), flat amount (flat_fee) or the fixed discount, by currency. */
  prices: Record<string, number>;
  /** tiered (graduated) and volume prices. */
  tiers?: CatalogTier[];
  discount?: Discount;
  active?: boolean;
  /**
   * Why the Local sandbox cannot price it (a copied price of a model it does not compute): listed by GET
   * /v2/plans as the tenant has it, refused with a 400 saying this when ordered.
   */
  unpriceable?: { reason: string; model: string; type: string };
}
export interface Plan {
  id: string;
  /** The human-readable `plan_number` an order may give instead of `plan_id`. */
  number: string;
  name: string;
  charges: Charge[];
  active?: boolean;
}
export interface Product {
  id: string;
  name: string;
  plans: Plan[];
}

/** One catalog, indexed: plans by id and by number, charges by id with their plan. */
export class Catalog {
  private readonly plans = new Map<string, Plan>();
  private readonly plansByNumber = new Map<string, Plan>();
  private readonly charges = new Map<string, { charge: Charge; plan: Plan }>();
  private readonly products = new Map<string, Product>();

  /** `source`: the GET /v2/plans plans it was copied from (kept in the data file); none for the seed. */
  constructor(
    readonly productList: readonly Product[],
    readonly source?: readonly unknown[],
  ) {
    for (const product of productList) {
      for (const plan of product.plans) {
        this.plans.set(plan.id, plan);
        this.plansByNumber.set(plan.number, plan);
        this.products.set(plan.id, product);
        for (const charge of plan.charges) this.charges.set(charge.id, { charge, plan });
      }
    }
  }

  findPlan = (id: string) => this.plans.get(id);
  findPlanByNumber = (number: string) => this.plansByNumber.get(number);
  findCharge = (id: string) => this.charges.get(id);
  productOf = (planId: string) => this.products.get(planId);

  get planCount(): number {
    return this.plans.size;
  }
  get priceCount(): number {
    return this.charges.size;
  }
  /** The prices ordering would refuse (models the sandbox does not compute). */
  get unpriceable(): Charge[] {
    return [...this.charges.values()].map(c => c.charge).filter(c => c.unpriceable);
  }
  /** Every currency some price is in. */
  get currencies(): string[] {
    return [...new Set([...this.charges.values()].flatMap(c => currenciesOf(c.charge)))];
  }
  /** A plan's currencies: its prices'; a plan of percentage discounts alone is sold in every currency. */
  planCurrencies(plan: Plan): string[] {
    const own = [...new Set(plan.charges.flatMap(currenciesOf))];
    return own.length ? own : this.currencies;
  }
  /** Whether it is a connection's catalog rather than the seeded one. */
  get copied(): boolean {
    return this.source !== undefined;
  }
}

/** The currencies a charge is priced in (its amounts, or its tiers'). */
export function currenciesOf(c: Charge): string[] {
  const tiers = (c.tiers ?? []).flatMap(t => [...Object.keys(t.unitAmounts ?? {}), ...Object.keys(t.amounts ?? {})]);
  return [...new Set([...Object.keys(c.prices), ...tiers])];
}

/** A billing period as the v2 `recurring` block writes it. */
export function v2Interval(period: BillingPeriod): { interval: 'month' | 'year'; interval_count: number } {
  return period === 'year'
    ? { interval: 'year', interval_count: 1 }
    : { interval: 'month', interval_count: MONTHS_IN[period] };
}
