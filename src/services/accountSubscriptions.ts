// The subscriptions (with plans and items) of the accounts payloads name, cached in memory per connection
// and account: fetched once in the background on first use, never waited for by a keystroke.
import * as vscode from 'vscode';
import type { ClientProvider } from '../connections/clientProvider';
import type { Connection, ConnectionStore } from '../connections/connectionStore';
import { fetchAccountSubscriptions, type AccountSubscription } from '../products';
import { Disposable } from '../util/dispose';

interface Entry {
  subscriptions?: AccountSubscription[];
  loading?: Promise<AccountSubscription[]>;
  error?: string;
}

export interface SubscriptionsState {
  connection: Connection;
  subscriptions?: AccountSubscription[];
  loading: boolean;
  error?: string;
}

export class AccountSubscriptions extends Disposable {
  private entries = new Map<string, Entry>();
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly clients: ClientProvider,
    private readonly store: ConnectionStore,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    // Orders change subscriptions and credentials change what a fetch can read: start over.
    this._register(store.onDidChange(() => this.clear()));
  }

  /** The account's subscriptions as cached on the active connection; a fetch starts when there are none. */
  peek(accountNumber: string): SubscriptionsState {
    const connection = this.store.active();
    const key = `${connection.id}\n${accountNumber}`;
    let e = this.entries.get(key);
    if (!e) {
      e = {};
      this.entries.set(key, e);
      this.load(connection, accountNumber, e);
    }
    return { connection, subscriptions: e.subscriptions, loading: !!e.loading, ...(e.error ? { error: e.error } : {}) };
  }

  /** Forgets every account (after an order was created, or on Refresh Catalog). */
  clear(): void {
    this.entries = new Map();
    this.changed.fire();
  }

  private load(connection: Connection, accountNumber: string, e: Entry): void {
    const entries = this.entries;
    e.loading = (async () => {
      const { client, connection: active } = await this.clients.active();
      if (active.id !== connection.id) throw new Error(`The active connection changed to ${active.name}.`);
      return fetchAccountSubscriptions(client, accountNumber);
    })();
    e.loading.then(
      subs => {
        e.subscriptions = subs;
        e.loading = undefined;
        if (this.entries === entries) this.changed.fire();
      },
      (err: unknown) => {
        e.loading = undefined;
        e.error = err instanceof Error ? err.message : String(err);
        this.log.warn(`[${connection.name}] subscriptions of ${accountNumber} not fetched: ${e.error}`);
        if (this.entries === entries) this.changed.fire();
      },
    );
  }
}
