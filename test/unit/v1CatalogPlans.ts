// GET /v1/catalog/products links each product's rate plans, as the reference says (a string, format URL): the
// plans are read from GET /v1/rateplan/{product-key}/productRatePlan, by the path of that link.
import * as assert from 'node:assert/strict';

type Get = (path: string) => Promise<unknown>;

/** Every rate plan of the v1 catalog, product by product, each product's link followed; `origin`: the sandbox's. */
export async function v1CatalogPlans<Plan>(get: Get, origin: string): Promise<Plan[]> {
  const catalog = (await get('/v1/catalog/products')) as { products: { productRatePlans: unknown }[] };
  const plans: Plan[] = [];
  for (const product of catalog.products) {
    assert.equal(typeof product.productRatePlans, 'string', 'a product links its plans');
    const link = new URL(product.productRatePlans as string);
    assert.equal(link.origin, new URL(origin).origin, 'the link leads back to the same sandbox');
    assert.match(link.pathname, /^\/v1\/rateplan\/[^/]+\/productRatePlan$/);
    plans.push(...((await get(link.pathname)) as { productRatePlans: Plan[] }).productRatePlans);
  }
  return plans;
}
