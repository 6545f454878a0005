// Copy Catalog to Local Sandbox, the core shared by the command and the tests: every page of one connection's
// GET /v2/plans, then the Local sandbox's catalog control path takes those plans (PUT), replacing its catalog.
// Only what the sandbox prices from is sent (ids, names, models, amounts, tiers, discounts, periods): no custom
// fields or descriptions leave the connection's answer.
import type { BillingClient, CallOptions } from '../client';
import type { Plan } from '../client/responses';
import { SANDBOX_CATALOG_PATH, type SandboxCatalogAnswer } from '../wire/sandboxCatalog';
import { fetchPlans, type FetchOptions } from './fetch';

export interface CopiedCatalog extends SandboxCatalogAnswer {
  /** Plans whose answer listed only a first page of their prices: copied with those prices. */
  partialPlans: string[];
}

const PLAN_FIELDS = ['id', 'plan_number', 'name', 'product_id', 'active'] as const;
const PRICE_FIELDS = [
  'id',
  'name',
  'plan_id',
  'charge_type',
  'charge_model',
  'recurring',
  'unit_of_measure',
  'quantity',
  'amounts',
  'unit_amounts',
  'tiers',
  'tiers_mode',
  'discount_percent',
  'discount_amounts',
  'discount_level',
  'apply_discount_to',
  'price_base_interval',
  'prepayment',
  'drawdown',
  'active',
] as const;

const pick = (o: object, fields: readonly string[]) =>
  Object.fromEntries(fields.flatMap(f => (f in o ? [[f, (o as Record<string, unknown>)[f]]] : [])));

/** What the sandbox reads of a plan of GET /v2/plans. */
export function catalogPlan(p: Plan) {
  return {
    ...pick(p, PLAN_FIELDS),
    ...(p.product ? { product: { id: p.product.id, ...(p.product.name ? { name: p.product.name } : {}) } } : {}),
    prices: { data: (p.prices?.data ?? []).map(price => pick(price, PRICE_FIELDS)) },
  };
}

/**
 * Reads every page of `from`'s plans and loads them into the Local sandbox `local` answers for. Throws the
 * ApiError of either side (a cancel is one too); a connection without plans is refused before anything changes.
 */
export async function copyCatalog(
  from: BillingClient,
  local: BillingClient,
  opts: FetchOptions = {},
): Promise<CopiedCatalog> {
  const plans = await fetchPlans(from, opts);
  if (!plans.length) throw new Error('The connection lists no plans (GET /v2/plans): there is no catalog to copy.');
  const call: CallOptions = opts.signal ? { signal: opts.signal } : {};
  const body = { plans: plans.map(catalogPlan) };
  const r = await local.send<SandboxCatalogAnswer>({ method: 'PUT', path: SANDBOX_CATALOG_PATH }, { ...call, body });
  return { ...r.data, partialPlans: plans.filter(p => p.prices?.next_page).map(p => p.id) };
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What the person is told after a copy: the counts, what cannot be priced locally, and how to go back. */
export function copiedMessage(source: string, c: CopiedCatalog): string {
  const parts = [
    `Copied ${plural(c.plans, 'plan')} and ${plural(c.prices, 'price')} of ${source} to the Local sandbox; ` +
      'previews there now use its ids and amounts.',
  ];
  if (c.unpriceable.length) {
    const ids = c.unpriceable.slice(0, 3).map(u => u.price_id);
    const more = c.unpriceable.length > ids.length ? ', …' : '';
    parts.push(
      `${plural(c.unpriceable.length, 'price')} (${ids.join(', ')}${more}) the sandbox cannot price: ` +
        'ordering their plans answers 400 with the reason.',
    );
  }
  if (c.partialPlans.length) {
    parts.push(`${plural(c.partialPlans.length, 'plan')} listed only a first page of prices, copied as listed.`);
  }
  parts.push('Reset Local Sandbox restores the seeded catalog (and accounts).');
  return parts.join(' ');
}
