// The catalog control path (wire/sandboxCatalog.ts): a connection's plans replace the sandbox's catalog, or the
// seeded one comes back. Only the local client reaches it: the request must name the loopback address it was sent
// to (a page that rebinds a name of its own to 127.0.0.1 names that one), carry no Origin (browsers always send
// one on a PUT or DELETE) and carry the sandbox's access token.
import type * as http from 'http';
import { SANDBOX_CATALOG_PATH, type SandboxCatalogAnswer } from '../../wire/sandboxCatalog';
import { SEED_CATALOG } from '../state/seedCatalog';
import type { Catalog } from '../state/catalog';
import { CatalogError, importCatalog } from '../state/catalogImport';
import type { Store } from '../state/store';
import { MAX_JSON_DEPTH, nestingExceeds, parseJson, readBody } from './body';
import { badRequest, ServiceError } from './errors';
import { hostRefused, isLoopbackHost } from './hostCheck';
import type { Reply } from './router';

export { SANDBOX_CATALOG_PATH };

export interface CatalogControl {
  store: Store;
  port: number;
  /** Throws the 401 when the request has no live access token of this sandbox. */
  auth(req: http.IncomingMessage): void;
  /** Runs a change to the data and saves it (a failed save answers 500, nothing kept). */
  commit<T>(change: () => T): T;
}

export function catalogSummary(catalog: Catalog): SandboxCatalogAnswer {
  const unpriceable = catalog.productList.flatMap(product =>
    product.plans.flatMap(plan =>
      plan.charges.flatMap(c =>
        c.unpriceable ? [{ price_id: c.id, plan_id: plan.id, reason: c.unpriceable.reason }] : [],
      ),
    ),
  );
  return { copied: catalog.copied, plans: catalog.planCount, prices: catalog.priceCount, unpriceable };
}

export async function catalogControl(req: http.IncomingMessage, c: CatalogControl): Promise<Reply> {
  if (!isLoopbackHost(req.headers.host ?? '', c.port) || req.headers.origin) {
    req.resume();
    return hostRefused(req.headers.host, SANDBOX_CATALOG_PATH); // an Origin too: browsers send one, our client none
  }
  c.auth(req);
  switch (req.method) {
    case 'GET':
      return { status: 200, body: catalogSummary(c.store.catalog) };
    case 'DELETE':
      c.commit(() => (c.store.catalog = SEED_CATALOG));
      return { status: 200, body: catalogSummary(SEED_CATALOG) };
    case 'PUT': {
      const text = await readBody(req);
      if (nestingExceeds(text, MAX_JSON_DEPTH)) {
        throw badRequest('malformed_json', undefined, `The body nests deeper than ${MAX_JSON_DEPTH} levels.`, 90);
      }
      let catalog: Catalog;
      try {
        catalog = importCatalog(parseJson(text));
      } catch (e) {
        if (e instanceof CatalogError) throw badRequest('invalid_parameter', e.at, e.message);
        throw e;
      }
      c.commit(() => (c.store.catalog = catalog));
      return { status: 200, body: catalogSummary(catalog) };
    }
    default:
      req.resume();
      throw ServiceError.bare('method_not_allowed', 45, `${req.method} is not supported on ${SANDBOX_CATALOG_PATH}.`, {
        Allow: 'GET, PUT, DELETE',
      });
  }
}
