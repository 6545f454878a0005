// Fetches a connection's whole product catalog: every page of GET /v2/plans, each plan with its product
// and prices expanded (one request per page of plans, not one per plan).
import type { BillingClient, CallOptions } from '../client';
import type { Plan } from '../client/responses';
import { ProductCatalog } from './catalog';

/** The largest page the service allows. */
export const CATALOG_PAGE_SIZE = 99;
/** A catalog larger than this many pages stops there (a cursor that never ends must not loop forever). */
const MAX_PAGES = 1000;

export interface FetchOptions {
  pageSize?: number;
  signal?: AbortSignal;
  /** Told after each page: how many pages and plans so far (progress). */
  onPage?: (pages: number, plans: number) => void;
}

/** Every plan of the catalog as GET /v2/plans answers it, product and prices expanded. */
export async function fetchPlans(client: BillingClient, opts: FetchOptions = {}): Promise<Plan[]> {
  const plans: Plan[] = [];
  const call: CallOptions = opts.signal ? { signal: opts.signal } : {};
  let cursor: string | undefined;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const r = await client.listPlans({ pageSize: opts.pageSize ?? CATALOG_PAGE_SIZE, cursor }, call);
    plans.push(...(r.data.data ?? []));
    opts.onPage?.(pages + 1, plans.length);
    if (!r.data.next_page || r.data.next_page === cursor) break;
    cursor = r.data.next_page;
  }
  return plans;
}

export async function fetchProductCatalog(client: BillingClient, opts: FetchOptions = {}): Promise<ProductCatalog> {
  return ProductCatalog.fromPlans(await fetchPlans(client, opts));
}
