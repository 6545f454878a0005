// The active connection's product catalog, cached in memory per connection: fetched once (every page of
// GET /v2/plans), shared by concurrent callers, fetched again only by Refresh Catalog or after a failure
// once the connections change. `peek()` never waits: completion, hover and diagnostics read what the cache
// has and a fetch starts in the background; `onDidChange` says when a catalog arrived.
import * as vscode from 'vscode';
import type { ClientProvider } from '../connections/clientProvider';
import type { Connection, ConnectionStore } from '../connections/connectionStore';
import { fetchProductCatalog, type ProductCatalog } from '../products';
import { Disposable } from '../util/dispose';

interface Entry {
  catalog?: ProductCatalog;
  loading?: Promise<ProductCatalog>;
  /** Why the last fetch failed; not retried on its own (no request per keystroke), only on refresh. */
  error?: string;
}

/** What the cache holds for the active connection right now. */
export interface CatalogState {
  connection: Connection;
  catalog?: ProductCatalog;
  loading: boolean;
  error?: string;
}

export class ProductCatalogs extends Disposable {
  private readonly entries = new Map<string, Entry>();
  /** Counts changes of the connections: a fetch that fails across one (its client closed) is not kept as failed. */
  private generation = 0;
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** A catalog arrived or failed, or the active connection changed: what `peek()` answers may differ. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly clients: ClientProvider,
    private readonly store: ConnectionStore,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this._register(
      store.onDidChange(() => {
        this.generation++;
        // Credentials may have changed (Sign In): a failed fetch may now succeed.
        for (const [id, e] of this.entries) if (e.error) this.entries.delete(id);
        this.changed.fire();
      }),
    );
  }

  /** The active connection's catalog as cached; starts fetching it when there is none. Never waits. */
  peek(): CatalogState {
    const connection = this.store.active();
    let e = this.entries.get(connection.id);
    if (!e) {
      void this.load(connection).catch(() => undefined);
      e = this.entries.get(connection.id)!;
    }
    return { connection, catalog: e.catalog, loading: !!e.loading, ...(e.error ? { error: e.error } : {}) };
  }

  /** The active connection's catalog, fetched once; callers at the same time share one fetch. */
  get(): Promise<ProductCatalog> {
    const connection = this.store.active();
    const e = this.entries.get(connection.id);
    if (e?.catalog) return Promise.resolve(e.catalog);
    return e?.loading ?? this.load(connection);
  }

  /** Fetches the active connection's catalog again (Refresh Catalog); the old one serves until it arrives. */
  refresh(): Promise<ProductCatalog> {
    const connection = this.store.active();
    const e = this.entries.get(connection.id);
    return e?.loading ?? this.load(connection);
  }

  /** Forgets every cached catalog (tests start from an empty cache). */
  clear(): void {
    this.entries.clear();
    this.changed.fire();
  }

  private load(connection: Connection): Promise<ProductCatalog> {
    const entry: Entry = { ...this.entries.get(connection.id), error: undefined };
    const generation = this.generation;
    const loading = (async () => {
      const { client, connection: active } = await this.clients.active();
      if (active.id !== connection.id) throw new Error(`The active connection changed to ${active.name}.`);
      return fetchProductCatalog(client);
    })();
    entry.loading = loading;
    this.entries.set(connection.id, entry);
    loading.then(
      catalog => {
        if (this.entries.get(connection.id) !== entry) return; // cleared meanwhile
        entry.catalog = catalog;
        entry.loading = undefined;
        const prices = catalog.plans.reduce((n, p) => n + p.prices.length, 0);
        this.log.info(`[${connection.name}] product catalog: ${catalog.plans.length} plans, ${prices} prices`);
        this.changed.fire();
      },
      (err: unknown) => {
        if (this.entries.get(connection.id) !== entry) return;
        entry.loading = undefined;
        if (generation !== this.generation) {
          // The connections changed meanwhile (its client was closed): the next use fetches again.
          if (!entry.catalog) this.entries.delete(connection.id);
          this.changed.fire();
          return;
        }
        entry.error = err instanceof Error ? err.message : String(err);
        this.log.warn(`[${connection.name}] product catalog not fetched: ${entry.error}`);
        this.changed.fire();
      },
    );
    return loading;
  }
}
