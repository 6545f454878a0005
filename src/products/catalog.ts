// The product catalog of one connection, indexed: plans by id and by number, prices by id and by plan.
// Built from GET /v2/plans answers (see fetch.ts); what completion, hover and the checker read.
import type { Plan, PlanPrice } from '../client/responses';

export interface CatalogPrice {
  id: string;
  name: string;
  planId: string;
  /** `recurring`, `one_time`, `usage` as the service spells them. */
  chargeType?: string;
  /** `per_unit`, `flat_fee`, ... */
  chargeModel?: string;
  /** Billing period of a recurring price: `month`, `year`, ... with its count. */
  interval?: string;
  intervalCount?: number;
  unitOfMeasure?: string;
  /** Amount (flat), unit amount (per unit) or a fixed discount by currency; none for tiers and percentages. */
  amounts: Record<string, number>;
  perUnit: boolean;
  /** Tiered and volume prices: their tiers, with `tiersMode` (`graduated`, `volume`). */
  tiers?: CatalogTier[];
  tiersMode?: string;
  /** A percentage discount's share, in percent. */
  discountPercent?: number;
}
export interface CatalogTier {
  upTo?: number;
  /** Per unit (or flat, with `flat`) by currency. */
  amounts: Record<string, number>;
  flat: boolean;
}
export interface CatalogPlan {
  id: string;
  number?: string;
  name: string;
  productId?: string;
  productName?: string;
  active: boolean;
  prices: CatalogPrice[];
  /** False when the service listed only the first page of the plan's prices: its price list is not whole. */
  pricesComplete: boolean;
}

export class ProductCatalog {
  private readonly byId = new Map<string, CatalogPlan>();
  private readonly byNumber = new Map<string, CatalogPlan>();
  private readonly prices = new Map<string, CatalogPrice>();

  constructor(readonly plans: readonly CatalogPlan[]) {
    for (const plan of plans) {
      this.byId.set(plan.id, plan);
      if (plan.number) this.byNumber.set(plan.number, plan);
      for (const price of plan.prices) this.prices.set(price.id, price);
    }
  }

  static fromPlans(plans: readonly Plan[]): ProductCatalog {
    return new ProductCatalog(plans.map(toPlan));
  }

  plan(id: string): CatalogPlan | undefined {
    return this.byId.get(id);
  }
  planByNumber(number: string): CatalogPlan | undefined {
    return this.byNumber.get(number);
  }
  price(id: string): CatalogPrice | undefined {
    return this.prices.get(id);
  }
  planOf(price: CatalogPrice): CatalogPlan | undefined {
    return this.byId.get(price.planId);
  }
  get allPrices(): CatalogPrice[] {
    return [...this.prices.values()];
  }
  /** False when some plan's price list is only its first page. */
  get complete(): boolean {
    return this.plans.every(p => p.pricesComplete);
  }
}

function toPlan(p: Plan): CatalogPlan {
  return {
    id: p.id,
    ...(p.plan_number ? { number: p.plan_number } : {}),
    name: p.name ?? p.id,
    ...(p.product_id ? { productId: p.product_id } : {}),
    ...(p.product?.name ? { productName: p.product.name } : {}),
    active: p.active !== false,
    prices: (p.prices?.data ?? []).map(price => toPrice(price, p.id)),
    pricesComplete: !!p.prices && !p.prices.next_page,
  };
}

function toPrice(p: PlanPrice, planId: string): CatalogPrice {
  const perUnit = !!p.unit_amounts && Object.keys(p.unit_amounts).length > 0;
  const tiers = p.tiers?.length ? p.tiers.map(toTier) : undefined;
  return {
    id: p.id,
    name: p.name ?? p.id,
    planId: p.plan_id ?? planId,
    ...(p.charge_type ? { chargeType: p.recurring?.usage ? 'usage' : p.charge_type } : {}),
    ...(p.charge_model ? { chargeModel: p.charge_model } : {}),
    ...(p.recurring?.interval
      ? { interval: p.recurring.interval, intervalCount: p.recurring.interval_count ?? 1 }
      : {}),
    ...(p.unit_of_measure ? { unitOfMeasure: p.unit_of_measure } : {}),
    amounts: (perUnit ? p.unit_amounts : (p.amounts ?? p.discount_amounts)) ?? {},
    perUnit: perUnit || !!tiers?.some(t => !t.flat),
    ...(tiers ? { tiers, tiersMode: p.tiers_mode ?? (p.charge_model === 'volume' ? 'volume' : 'graduated') } : {}),
    ...(p.discount_percent !== undefined ? { discountPercent: p.discount_percent } : {}),
  };
}

function toTier(t: NonNullable<PlanPrice['tiers']>[number]): CatalogTier {
  const flat = !t.unit_amounts && !!t.amounts;
  return {
    ...(t.up_to !== undefined ? { upTo: t.up_to } : {}),
    amounts: (flat ? t.amounts : t.unit_amounts) ?? {},
    flat,
  };
}
