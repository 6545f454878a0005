// One background cache for what is fetched per connection (and key) and read on every keystroke: fetched
// once, shared by concurrent callers, never waited on by `peek()` (a fetch starts in the background and
// `onDidChange` says when it arrived or failed). A failure is not retried on its own (no request per
// keystroke): only a refresh, or a change of the connections, fetches again. The product catalog and the
// accounts' subscriptions use it.
import * as vscode from 'vscode';
import type { BillingClient } from '../client';
import type { ClientProvider } from '../connections/clientProvider';
import type { Connection, ConnectionStore } from '../connections/connectionStore';
import { Disposable } from '../util/dispose';

interface Entry<T> {
  value?: T;
  loading?: Promise<T>;
  error?: string;
}

/** What the cache holds for a key on the active connection right now. */
export interface CachedState<T> {
  connection: Connection;
  value?: T;
  loading: boolean;
  error?: string;
}

export interface ConnectionCacheOptions<T> {
  clients: ClientProvider;
  store: ConnectionStore;
  log: vscode.LogOutputChannel;
  /** What is fetched, for the log: "product catalog", "subscriptions of A00000001". */
  what: (key: string) => string;
  fetch: (client: BillingClient, key: string) => Promise<T>;
  /** When the connections change: keep what arrived and forget failures (credentials may now work), or all. */
  onConnectionsChange: 'forgetFailures' | 'forgetAll';
  /** A line for the log when a value arrives (its size, say). */
  arrived?: (value: T) => string;
}

export class ConnectionCache<T> extends Disposable {
  private entries = new Map<string, Entry<T>>();
  /** Counts changes of the connections: a fetch that fails across one (its client closed) is not kept as failed. */
  private generation = 0;
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** A value arrived or failed, or the connections changed: what `peek()` answers may differ. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly opts: ConnectionCacheOptions<T>) {
    super();
    this._register(
      opts.store.onDidChange(() => {
        this.generation++;
        if (opts.onConnectionsChange === 'forgetAll') this.entries = new Map();
        else for (const [k, e] of this.entries) if (e.error) this.entries.delete(k);
        this.changed.fire();
      }),
    );
  }

  /** The key's value as cached on the active connection; starts fetching it when there is none. Never waits. */
  peek(key = ''): CachedState<T> {
    const connection = this.opts.store.active();
    let e = this.entries.get(this.id(connection, key));
    if (!e) {
      void this.load(connection, key).catch(() => undefined);
      e = this.entries.get(this.id(connection, key))!;
    }
    return { connection, value: e.value, loading: !!e.loading, ...(e.error ? { error: e.error } : {}) };
  }

  /** The key's value on the active connection, fetched once; callers at the same time share one fetch. */
  get(key = ''): Promise<T> {
    const connection = this.opts.store.active();
    const e = this.entries.get(this.id(connection, key));
    if (e?.value !== undefined) return Promise.resolve(e.value);
    return e?.loading ?? this.load(connection, key);
  }

  /** Fetches the key again; the old value serves until the new one arrives. */
  refresh(key = ''): Promise<T> {
    const connection = this.opts.store.active();
    return this.entries.get(this.id(connection, key))?.loading ?? this.load(connection, key);
  }

  /** Forgets everything (after an order changed subscriptions; tests start from an empty cache). */
  clear(): void {
    this.entries = new Map();
    this.changed.fire();
  }

  private id = (connection: Connection, key: string) => `${connection.id}\n${key}`;

  private load(connection: Connection, key: string): Promise<T> {
    const id = this.id(connection, key);
    const entries = this.entries;
    const entry: Entry<T> = { ...entries.get(id), error: undefined };
    const generation = this.generation;
    const loading = (async () => {
      const { client, connection: active } = await this.opts.clients.active();
      if (active.id !== connection.id) throw new Error(`The active connection changed to ${active.name}.`);
      return this.opts.fetch(client, key);
    })();
    entry.loading = loading;
    entries.set(id, entry);
    const current = () => this.entries === entries && entries.get(id) === entry; // not cleared meanwhile
    loading.then(
      value => {
        if (!current()) return;
        entry.value = value;
        entry.loading = undefined;
        const more = this.opts.arrived ? `: ${this.opts.arrived(value)}` : '';
        this.opts.log.info(`[${connection.name}] ${this.opts.what(key)}${more}`);
        this.changed.fire();
      },
      (err: unknown) => {
        if (!current()) return;
        entry.loading = undefined;
        if (generation !== this.generation) {
          // The connections changed meanwhile (its client was closed): the next use fetches again.
          if (entry.value === undefined) entries.delete(id);
          this.changed.fire();
          return;
        }
        entry.error = err instanceof Error ? err.message : String(err);
        this.opts.log.warn(`[${connection.name}] ${this.opts.what(key)} not fetched: ${entry.error}`);
        this.changed.fire();
      },
    );
    return loading;
  }
}
