// The active connection's product catalog (every page of GET /v2/plans), in the one background cache
// (connectionCache.ts): fetched once per connection, fetched again by Refresh Catalog, or after a failure once
// the connections change. Completion, hover and diagnostics `peek()` and never wait.
import type * as vscode from 'vscode';
import type { ClientProvider } from '../connections/clientProvider';
import type { ConnectionStore } from '../connections/connectionStore';
import { fetchProductCatalog, type ProductCatalog } from '../products';
import { ConnectionCache, type CachedState } from './connectionCache';

/** What the cache holds for the active connection right now. */
export type CatalogState = CachedState<ProductCatalog>;

export class ProductCatalogs extends ConnectionCache<ProductCatalog> {
  constructor(clients: ClientProvider, store: ConnectionStore, log: vscode.LogOutputChannel) {
    super({
      clients,
      store,
      log,
      what: () => 'product catalog',
      fetch: client => fetchProductCatalog(client),
      onConnectionsChange: 'forgetFailures',
      arrived: c => `${c.plans.length} plans, ${c.plans.reduce((n, p) => n + p.prices.length, 0)} prices`,
    });
  }
}
