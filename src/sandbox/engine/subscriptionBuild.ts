// The subscriptions an order creates: a catalog plan becomes a plan of items, priced in the account's currency,
// over the terms of the request.
import type { SubscriptionRequestBody } from '../../schemas';
import { addDays, addMonths } from '../../schemas/dates';
import { currenciesOf, type CatalogTier, type Charge, type Plan } from '../state/catalog';
import { findCharge, findPlan, findPlanByNumber } from '../state/activeCatalog';
import { refused } from './refused';
import { newId } from '../state/ids';
import { priceDiscounts, refuseSubscriptionDiscounts } from './discounts';
import { price } from './metrics';
import type { ItemTier, Term } from '../state/subscriptionParts';
import type { PlanRec, SubscriptionRec } from '../state/store';

/** Numbers an object when the order is kept (create); null in a preview. */
export type Alloc = (prefix: string) => string | null;
/** What one order's parts share. */
export interface OrderContext {
  accountNumber: string;
  currency: string;
  /** The account's: the TCB of a new item is what its prorated invoices add up to. */
  billCycleDay: number;
  orderDate: string;
  now: string;
  alloc: Alloc;
  /** The tenant's own amounts for some prices (by price id, then currency), over the catalog's. */
  prices?: PriceList;
}
/** Amounts by price id, then currency: a tenant priced differently from the seeded catalog. */
export type PriceList = Record<string, Record<string, number>>;

/** A catalog charge's amount in the account's currency (a tenant's own amount over the catalog's). */
function priceOf(charge: Charge, currency: string, parameter: string, list?: PriceList): number {
  const amount = list?.[charge.id]?.[currency] ?? charge.prices[currency];
  if (amount === undefined) {
    const priced = currenciesOf(charge).join(', ');
    const message = `Price ${charge.id} has no ${currency} amount; the catalog prices it in ${priced}.`;
    throw refused('invalid_parameter', parameter, message);
  }
  return amount;
}

export { price };

export function termEnd(start: string, term: Term): string | null {
  if (term.type !== 'termed' || !term.interval) return null;
  const n = term.interval_count ?? 1;
  if (term.interval === 'day') return addDays(start, n);
  if (term.interval === 'week') return addDays(start, 7 * n);
  return addMonths(start, term.interval === 'year' ? 12 * n : n);
}

interface PriceInput {
  price_id: string;
  quantity?: number;
  unit_amount?: number;
  start_date?: string;
  end_date?: string;
}
type PlanInput = { plan_id?: string; plan_number?: string; prices?: PriceInput[] };

/** A plan of the catalog on a subscription: every charge becomes an item, the ones the request did not list too. */
export function buildPlan(input: PlanInput, at: string, start: string, term: Term, ctx: OrderContext): PlanRec {
  const plan = planOf(input, at, start, term, ctx);
  priceDiscounts([plan], 'plan', at, ctx.currency);
  refuseSubscriptionDiscounts(plan, at);
  return plan;
}

/** The plan's items, its discounts not priced yet (they depend on what they apply to). */
function planOf(input: PlanInput, at: string, start: string, term: Term, ctx: OrderContext): PlanRec {
  const [field, value] = input.plan_id === undefined ? ['plan_number', input.plan_number] : ['plan_id', input.plan_id];
  const plan = input.plan_id === undefined ? findPlanByNumber(input.plan_number ?? '') : findPlan(input.plan_id);
  if (!plan) throw refused('invalid_parameter', `${at}.${field}`, `No plan "${value}" in the catalog.`);
  refuseUnpriceable(plan, `${at}.${field}`);
  const entries = new Map<string, PriceInput>();
  (input.prices ?? []).forEach((p, k) => {
    const found = findCharge(p.price_id);
    if (!found || found.plan.id !== plan.id) {
      const message = `No price "${p.price_id}" in plan ${plan.id}.`;
      throw refused('invalid_parameter', `${at}.prices[${k}].price_id`, message);
    }
    if (p.unit_amount !== undefined && amountFromCatalogOnly(found.charge)) {
      const model = found.charge.model.replace(/_/g, ' ');
      const message = `${p.price_id} is a ${model} price: its amount comes from the catalog; leave unit_amount out.`;
      throw refused('invalid_parameter', `${at}.prices[${k}].unit_amount`, message);
    }
    entries.set(p.price_id, p);
  });
  const planId = ctx.alloc('SP') ?? newId();
  return {
    id: planId,
    plan_id: plan.id,
    items: plan.charges.map(c => {
      const e = entries.get(c.id);
      const itemStart = e?.start_date ?? start;
      return {
        id: newId(),
        subscription_item_number: ctx.alloc('SI') ?? '',
        subscription_plan_id: planId,
        price_id: c.id,
        name: c.name,
        charge_model: c.model,
        charge_type: c.type,
        ...(c.billingPeriod ? { billing_period: c.billingPeriod } : {}),
        ...(c.unitOfMeasure ? { unit_of_measure: c.unitOfMeasure } : {}),
        quantity: e?.quantity ?? c.defaultQuantity,
        ...amountsOf(c, e?.unit_amount, ctx, `${at}.prices`),
        start_date: itemStart,
        end_date: e?.end_date ?? (c.type === 'one_time' ? itemStart : termEnd(itemStart, term)),
        state: 'active' as const,
      };
    }),
  };
}

/**
 * A plan added to a subscription starts where the add takes effect, not at the term's start: its items' dates
 * are the dates it bills from (a one-time charge on that day), as its billing documents show them.
 */
export function startingOn(plan: PlanRec, on: string): PlanRec {
  for (const it of plan.items) {
    if (it.start_date >= on) continue;
    it.start_date = on;
    if (it.charge_type === 'one_time') it.end_date = on;
  }
  return plan;
}

/** Tiers and discounts are priced from the catalog: a unit_amount in the request would not say what to bill. */
const amountFromCatalogOnly = (c: Charge) => !!c.tiers || !!c.discount;

/** A plan with a price the sandbox cannot compute is refused whole: its figures would be wrong. */
function refuseUnpriceable(plan: Plan, parameter: string): void {
  const c = plan.charges.find(x => x.unpriceable);
  if (!c?.unpriceable) return;
  const message =
    `Plan ${plan.id} has price ${c.id} (${c.unpriceable.model}), which the Local sandbox cannot price: ` +
    `${c.unpriceable.reason}. Preview this plan on the connection its catalog was copied from.`;
  throw refused('invalid_parameter', parameter, message);
}

/** The item's amount fields in the account's currency: unit amount, tiers, or a discount's terms. */
function amountsOf(c: Charge, override: number | undefined, ctx: OrderContext, parameter: string) {
  if (c.tiers) {
    // The amount comes from the tiers; unit_amount holds the first tier's unit price (what views show as its price).
    const tiers = c.tiers.map(t => tierIn(c, t, ctx.currency, parameter));
    return {
      unit_amount: tiers[0]?.unit_amount ?? 0,
      tiers,
      tiers_mode: c.model === 'volume' ? 'volume' : 'graduated',
    } as const;
  }
  if (c.discount) {
    // priced with its plan (priceDiscounts): what it takes off depends on what it applies to
    const terms =
      c.discount.percent !== undefined
        ? { discount_percent: c.discount.percent }
        : { discount_amount: priceOf(c, ctx.currency, parameter, ctx.prices) };
    return { unit_amount: 0, ...terms };
  }
  return { unit_amount: override ?? priceOf(c, ctx.currency, parameter, ctx.prices) };
}

function tierIn(c: Charge, t: CatalogTier, currency: string, parameter: string): ItemTier {
  const amount = t.amounts?.[currency];
  const unit = t.unitAmounts?.[currency];
  if (amount === undefined && unit === undefined) {
    const priced = currenciesOf(c).join(', ');
    const message = `Price ${c.id} has no ${currency} tiers; the catalog prices it in ${priced}.`;
    throw refused('invalid_parameter', parameter, message);
  }
  return {
    ...(t.upTo !== undefined ? { up_to: t.upTo } : {}),
    ...(amount !== undefined ? { amount } : { unit_amount: unit }),
  };
}

/** The Local sandbox tenant's default term: what the service fills in for a term left out or left short. */
export const TENANT_DEFAULT_TERM: Term = { type: 'termed', interval: 'month', interval_count: 12 };

/** A term as written, completed with the tenant's defaults (the validator warns of each gap, it is no error). */
export function withDefaults(term: Partial<Term> | undefined): Term {
  const type = term?.type ?? TENANT_DEFAULT_TERM.type;
  if (type !== 'termed') return { ...term, type } as Term;
  const interval = term?.interval ?? TENANT_DEFAULT_TERM.interval;
  const count = term?.interval_count ?? (term?.interval ? 1 : TENANT_DEFAULT_TERM.interval_count);
  return { ...term, type, interval, interval_count: count } as Term;
}

export function newSubscription(entry: SubscriptionRequestBody, at: string, ctx: OrderContext): SubscriptionRec {
  const start = entry.start_on?.contract_effective ?? ctx.orderDate;
  const initial = withDefaults(entry.initial_term as Partial<Term> | undefined);
  const renewal = withDefaults(entry.renewal_term as Partial<Term> | undefined);
  const end = termEnd(start, initial);
  const subscriptionNumber = ctx.alloc('S') ?? '';
  const plans = (entry.subscription_plans ?? []).map((p, j) =>
    planOf(p, `${at}.subscription_plans[${j}]`, start, initial, ctx),
  );
  priceDiscounts(plans, 'plan', `${at}.subscription_plans`, ctx.currency);
  priceDiscounts(plans, 'subscription', `${at}.subscription_plans`, ctx.currency);
  return {
    id: newId(),
    subscription_number: subscriptionNumber,
    account_number: ctx.accountNumber,
    state: 'active',
    version: 1,
    initial_term: initial,
    renewal_term: renewal,
    current_term_start: start,
    current_term_end: end,
    contract_effective: start,
    start_date: start,
    end_date: end,
    auto_renew: entry.auto_renew ?? (renewal.type === 'termed' || renewal.type === 'evergreen'),
    plans,
    ...(entry.custom_fields ? { custom_fields: entry.custom_fields } : {}),
    created_time: ctx.now,
    updated_time: ctx.now,
    order_number: '',
  };
}
