// The catalog of the sandbox whose request is being answered: server.ts runs each request in its store's catalog,
// so the handlers look a plan up with findPlan/findCharge instead of having the catalog threaded through every
// call; outside a request, the seeded one.
import { AsyncLocalStorage } from 'async_hooks';
import type { Catalog } from './catalog';
import { SEED_CATALOG } from './seedCatalog';

const scope = new AsyncLocalStorage<Catalog>();

/** Runs `work` (and whatever it awaits) in `catalog`: a sandbox answering one request. */
export const inCatalog = <T>(catalog: Catalog, work: () => T): T => scope.run(catalog, work);

/** The catalog of the sandbox answering the current request; the seeded one outside a request. */
export const activeCatalog = (): Catalog => scope.getStore() ?? SEED_CATALOG;

export const findPlan = (id: string) => activeCatalog().findPlan(id);
export const findPlanByNumber = (number: string) => activeCatalog().findPlanByNumber(number);
export const findCharge = (id: string) => activeCatalog().findCharge(id);
export const productOf = (planId: string) => activeCatalog().productOf(planId);
