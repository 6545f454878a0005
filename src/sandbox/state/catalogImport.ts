// A connection's own catalog, from what GET /v2/plans answered (plans with their product and prices expanded):
// the Copy Catalog command sends it, `sandbox --catalog FILE` reads it, the data file keeps it. Every price
// becomes a charge; one of a model or period the sandbox does not compute is kept (GET /v2/plans lists it) but
// marked unpriceable, so ordering its plan is a 400 that says why, never a wrong figure or a 500.
import { isObj, type Obj } from '../../schemas/objects';
import { amountMessage, MAX_AMOUNT } from '../money/limits';
import {
  Catalog,
  type BillingPeriod,
  type CatalogTier,
  type Charge,
  type ChargeType,
  type DiscountLevel,
  type Plan,
  type Product,
} from './catalog';

/** A catalog that cannot be read: the message names the field (`plans[2].prices.data[0].unit_amounts.USD`). */
export class CatalogError extends Error {
  constructor(
    readonly at: string,
    message: string,
  ) {
    super(`${at}: ${message}`);
    this.name = 'CatalogError';
  }
}

/** A number past what the sandbox computes with (bounds.ts): a copy is refused; one kept earlier is unpriceable. */
class OutOfBounds extends CatalogError {
  constructor(
    at: string,
    readonly reason: string,
  ) {
    super(at, reason);
  }
}

/** The service's bound on a percentage discount: between -100 and 100 (kept here inclusive, never stricter). */
export const DISCOUNT_PERCENT_BOUND = 100;

/**
 * The plans in what was given: GET /v2/plans answers (`{data, next_page}`, or a list of them: its pages), a list
 * of plans, or `{plans: [...]}` (the control path's body).
 */
export function plansIn(value: unknown): unknown[] {
  if (isObj(value) && Array.isArray(value.plans)) return value.plans;
  if (isObj(value) && Array.isArray(value.data)) return value.data;
  if (Array.isArray(value)) {
    return value.flatMap((x, i) => {
      if (isObj(x) && Array.isArray(x.data)) return x.data;
      if (isObj(x) && Array.isArray(x.plans)) return x.plans;
      if (isObj(x) && typeof x.id === 'string') return [x];
      throw new CatalogError(`[${i}]`, 'is neither a plan (with an "id") nor a GET /v2/plans answer (with "data")');
    });
  }
  throw new CatalogError(
    'catalog',
    'give the plans of GET /v2/plans: one answer ({"data": [...]}), a list of its pages, a list of plans, ' +
      'or {"plans": [...]}',
  );
}

/**
 * The catalog those plans make, each product holding its plans in the order given. `kept`: the catalog a data file
 * holds, copied before the bounds were checked: a price past them is kept unpriceable rather than the file refused.
 */
export function importCatalog(value: unknown, opts: { kept?: boolean } = {}): Catalog {
  const plans = plansIn(value);
  if (!plans.length) throw new CatalogError('plans', 'there are none; a catalog needs at least one plan');
  const products = new Map<string, Product>();
  const priceIds = new Map<string, string>();
  const planIds = new Set<string>();
  plans.forEach((raw, i) => {
    const at = `plans[${i}]`;
    if (!isObj(raw)) throw new CatalogError(at, 'is not an object');
    const id = text(raw.id, `${at}.id`, true)!;
    if (planIds.has(id)) throw new CatalogError(`${at}.id`, `plan ${id} is listed twice`);
    planIds.add(id);
    const product = productOf(raw, products);
    const prices = pricesOf(raw.prices, `${at}.prices`);
    const plan: Plan = {
      id,
      number: text(raw.plan_number, `${at}.plan_number`) ?? id,
      name: text(raw.name, `${at}.name`) ?? id,
      charges: prices.map(([p, where]) => {
        const charge = boundedCharge(p, where, id, opts.kept === true);
        const other = priceIds.get(charge.id);
        if (other) throw new CatalogError(`${where}.id`, `price ${charge.id} is also in plan ${other}`);
        priceIds.set(charge.id, id);
        return charge;
      }),
      ...(raw.active === false ? { active: false } : {}),
    };
    product.plans.push(plan);
  });
  return new Catalog([...products.values()], plans);
}

function productOf(plan: Obj, products: Map<string, Product>): Product {
  const expanded = isObj(plan.product) ? plan.product : {};
  const id = [plan.product_id, expanded.id].find(x => typeof x === 'string' && x) as string | undefined;
  const key = id ?? `product-of-${String(plan.id)}`;
  let product = products.get(key);
  if (!product) {
    const name = typeof expanded.name === 'string' && expanded.name ? expanded.name : key;
    product = { id: key, name, plans: [] };
    products.set(key, product);
  }
  return product;
}

/** The plan's prices (`{data: [...]}` as GET /v2/plans expands them, or a plain list), with where each sits. */
function pricesOf(v: unknown, at: string): [Obj, string][] {
  if (v === undefined || v === null) return [];
  const [list, where] = isObj(v) && Array.isArray(v.data) ? [v.data, `${at}.data`] : [v, at];
  if (!Array.isArray(list)) throw new CatalogError(at, 'is neither {"data": [...]} nor a list of prices');
  return list.map((p, j) => {
    if (!isObj(p)) throw new CatalogError(`${where}[${j}]`, 'is not an object');
    return [p, `${where}[${j}]`];
  });
}

function text(v: unknown, at: string, required = false): string | undefined {
  if (v === undefined || v === null) {
    if (required) throw new CatalogError(at, 'is missing');
    return undefined;
  }
  if (typeof v !== 'string' || (required && !v)) throw new CatalogError(at, 'is not a non-empty string');
  return v;
}

function num(v: unknown, at: string): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new CatalogError(at, `${JSON.stringify(v)} is not a number`);
  if (Math.abs(v) > MAX_AMOUNT) throw new OutOfBounds(at, amountMessage(v));
  return v;
}

/** Amounts by currency: `{"USD": 25}`. */
function amounts(v: unknown, at: string): Record<string, number> | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isObj(v)) throw new CatalogError(at, 'is not an object of amounts by currency');
  return Object.fromEntries(Object.entries(v).map(([cur, n]) => [cur, num(n, `${at}.${cur}`)!]));
}

/** A recurring price's billing period, or why the sandbox cannot bill it. */
function periodOf(recurring: unknown): BillingPeriod | { reason: string } {
  const r = isObj(recurring) ? recurring : {};
  const interval = r.interval ?? 'month';
  const count = typeof r.interval_count === 'number' ? r.interval_count : 1;
  if (interval === 'year' && count === 1) return 'year';
  if (interval === 'month') {
    const period = ({ 1: 'month', 3: 'quarter', 6: 'semi_annual', 12: 'year' } as const)[count];
    if (period) return period;
  }
  return {
    reason: `it bills every ${count} ${String(interval)}(s); the Local sandbox bills by month, quarter, half year or year`,
  };
}

const CHARGE_TYPES: readonly ChargeType[] = ['recurring', 'one_time', 'usage'];
const LEVELS: readonly DiscountLevel[] = ['plan', 'subscription', 'account'];

/** A price as a charge; past the bounds, the copy is refused naming the plan and price (kept: it is unpriceable). */
function boundedCharge(p: Obj, at: string, planId: string, kept: boolean): Charge {
  try {
    return chargeOf(p, at);
  } catch (e) {
    if (!(e instanceof OutOfBounds)) throw e;
    const priceId = typeof p.id === 'string' ? p.id : '';
    if (!kept) throw new CatalogError(e.at, `${e.reason} (plan ${planId}, price ${priceId})`);
    const name = typeof p.name === 'string' && p.name ? p.name : priceId;
    const model = typeof p.charge_model === 'string' ? p.charge_model : 'flat_fee';
    const type = typeof p.charge_type === 'string' ? p.charge_type : 'recurring';
    const unpriceable = { reason: `its ${e.at.slice(at.length + 1)} is out of bounds: ${e.reason}`, model, type };
    return { id: priceId, name, type: 'recurring', model: 'flat_fee', defaultQuantity: 1, prices: {}, unpriceable };
  }
}

/** One price as a charge; an unpriceable one keeps its names and says why. */
function chargeOf(p: Obj, at: string): Charge {
  const id = text(p.id, `${at}.id`, true)!;
  const model = text(p.charge_model, `${at}.charge_model`) ?? 'flat_fee';
  const listedType = text(p.charge_type, `${at}.charge_type`) ?? 'recurring';
  const usage = listedType === 'usage' || (isObj(p.recurring) && p.recurring.usage === true);
  const type: ChargeType = usage ? 'usage' : (listedType as ChargeType);
  const base = {
    id,
    name: text(p.name, `${at}.name`) ?? id,
    ...(typeof p.unit_of_measure === 'string' && p.unit_of_measure ? { unitOfMeasure: p.unit_of_measure } : {}),
    defaultQuantity: num(p.quantity, `${at}.quantity`) ?? (usage ? 0 : 1),
    prices: {} as Record<string, number>,
    ...(p.active === false ? { active: false } : {}),
  };
  const unpriceable = (reason: string): Charge => ({
    ...base,
    type: 'recurring',
    model: 'flat_fee',
    prices: amounts(p.unit_amounts, `${at}.unit_amounts`) ?? amounts(p.amounts, `${at}.amounts`) ?? {},
    unpriceable: { reason, model, type: listedType },
  });
  if (!CHARGE_TYPES.includes(type))
    return unpriceable(`its charge_type "${listedType}" is not one_time, recurring or usage`);
  let billingPeriod: BillingPeriod | undefined;
  if (type !== 'one_time') {
    const period = periodOf(p.recurring);
    if (typeof period !== 'string') return unpriceable(period.reason);
    billingPeriod = period;
  }
  const typed = { ...base, type, ...(billingPeriod ? { billingPeriod } : {}) };
  const quoted = p.price_base_interval;
  if (quoted !== undefined && quoted !== 'billing_period' && !(quoted === 'month' && billingPeriod === 'month')) {
    return unpriceable(`it quotes its price per ${String(quoted)}, not per billing period`);
  }
  if (p.prepayment !== undefined || p.drawdown !== undefined)
    return unpriceable('it is a prepayment or drawdown price');
  switch (model) {
    case 'per_unit':
    case 'flat_fee': {
      const [first, second] = model === 'per_unit' ? ['unit_amounts', 'amounts'] : ['amounts', 'unit_amounts'];
      const prices = amounts(p[first], `${at}.${first}`) ?? amounts(p[second], `${at}.${second}`) ?? {};
      return { ...typed, model, prices };
    }
    case 'tiered':
    case 'volume':
      return (
        tiered(p, at, model, typed) ??
        unpriceable(`its tiers_mode "${String(p.tiers_mode)}" is not graduated or volume`)
      );
    case 'discount_percentage':
    case 'discount_fixed_amount': {
      if (type !== 'recurring') return unpriceable('a discount that does not recur');
      return discount(p, at, model, typed);
    }
    default:
      return unpriceable(`the "${model}" charge model is not one it computes`);
  }
}

type Base = Omit<Charge, 'model'>;

function tiered(p: Obj, at: string, model: 'tiered' | 'volume', base: Base): Charge | undefined {
  const mode = p.tiers_mode ?? (model === 'volume' ? 'volume' : 'graduated');
  if (mode !== 'graduated' && mode !== 'volume') return undefined;
  if (!Array.isArray(p.tiers) || !p.tiers.length)
    throw new CatalogError(`${at}.tiers`, `a ${model} price needs its tiers`);
  const tiers = p.tiers.map((t: unknown, k): CatalogTier => {
    const where = `${at}.tiers[${k}]`;
    if (!isObj(t)) throw new CatalogError(where, 'is not an object');
    const upTo = num(t.up_to, `${where}.up_to`);
    const unitAmounts = amounts(t.unit_amounts, `${where}.unit_amounts`);
    const flat = amounts(t.amounts, `${where}.amounts`);
    return {
      ...(upTo !== undefined ? { upTo } : {}),
      ...(unitAmounts ? { unitAmounts } : {}),
      ...(flat ? { amounts: flat } : {}),
    };
  });
  tierBoundsInOrder(tiers, `${at}.tiers`);
  return { ...base, model: mode === 'volume' ? 'volume' : 'tiered', tiers };
}

/** Bounds rise and only the last tier is open: the pricer reads tiers in this order (the reference says so). */
function tierBoundsInOrder(tiers: CatalogTier[], at: string): void {
  tiers.forEach((t, k) => {
    if (t.upTo === undefined && k < tiers.length - 1) {
      throw new CatalogError(`${at}[${k}].up_to`, 'is missing, but only the last tier may have no upper bound');
    }
    const prev = tiers[k - 1]?.upTo;
    if (t.upTo !== undefined && prev !== undefined && t.upTo <= prev) {
      throw new CatalogError(`${at}[${k}].up_to`, `${t.upTo} does not rise above the tier before it (${prev})`);
    }
  });
}

function discount(p: Obj, at: string, model: 'discount_percentage' | 'discount_fixed_amount', base: Base): Charge {
  const level = (typeof p.discount_level === 'string' ? p.discount_level : 'plan') as DiscountLevel;
  if (!LEVELS.includes(level))
    throw new CatalogError(`${at}.discount_level`, `"${level}" is not plan, subscription or account`);
  const listed = Array.isArray(p.apply_discount_to) ? p.apply_discount_to : ['recurring'];
  const appliesTo = listed.filter((x): x is ChargeType => CHARGE_TYPES.includes(x as ChargeType));
  if (model === 'discount_percentage') {
    const percent = num(p.discount_percent, `${at}.discount_percent`);
    if (percent === undefined) throw new CatalogError(`${at}.discount_percent`, 'a percentage discount needs it');
    if (Math.abs(percent) > DISCOUNT_PERCENT_BOUND) {
      const bound = DISCOUNT_PERCENT_BOUND;
      throw new OutOfBounds(
        `${at}.discount_percent`,
        `${percent} is not a percentage: it is from -${bound} to ${bound}`,
      );
    }
    return { ...base, model, discount: { percent, level, appliesTo } };
  }
  const prices = amounts(p.discount_amounts, `${at}.discount_amounts`);
  if (!prices) throw new CatalogError(`${at}.discount_amounts`, 'a fixed-amount discount needs them');
  return { ...base, model, prices, discount: { level, appliesTo } };
}
