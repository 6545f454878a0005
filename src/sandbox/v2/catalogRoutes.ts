// v2 catalog reads, from the sandbox's catalog (seeded, or a connection's copied in): GET /v2/products and
// /v2/products/{product_id}, /v2/plans/{plan_id} (by id or plan number; the list is in routes.ts), GET /v2/prices
// and /v2/prices/{price_id}. Creating, changing or deleting catalog objects is simulated from the contract: the
// sandbox's catalog changes only by a copy (Copy Catalog to Local Sandbox).
import { activeCatalog } from '../state/activeCatalog';
import { notFound } from '../http/errors';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Route } from '../http/router';
import { planView, priceView, pricesPage, productsPage, productWithPlans } from './planViews';

const expandOf = (q: URLSearchParams) => new Set(q.getAll('expand[]'));

export function catalogRoutes(_deps: RouteDeps): Route[] {
  return [
    { method: 'GET', path: '/v2/products', handle: call => ok(productsPage(call.query)) },
    {
      method: 'GET',
      path: '/v2/products/{product_id}',
      handle: call => {
        const catalog = activeCatalog();
        const key = call.params.product_id;
        const product = catalog.productList.find(p => p.id === key);
        if (!product) throw notFound('product_id', `Product ${key} could not be found.`);
        return ok(productWithPlans(product, catalog, expandOf(call.query)));
      },
    },
    {
      method: 'GET',
      path: '/v2/plans/{plan_id}',
      handle: call => {
        const catalog = activeCatalog();
        const key = call.params.plan_id;
        const plan = catalog.findPlan(key) ?? catalog.findPlanByNumber(key);
        const product = plan && catalog.productOf(plan.id);
        if (!plan || !product) throw notFound('plan_id', `Plan ${key} could not be found.`);
        return ok(planView(plan, product, catalog, expandOf(call.query)));
      },
    },
    { method: 'GET', path: '/v2/prices', handle: call => ok(pricesPage(call.query)) },
    {
      method: 'GET',
      path: '/v2/prices/{price_id}',
      handle: call => {
        const found = activeCatalog().findCharge(call.params.price_id);
        if (!found) throw notFound('price_id', `Price ${call.params.price_id} could not be found.`);
        return ok(priceView(found.charge, found.plan));
      },
    },
  ];
}
