// The subscriptions (with plans and items) of the accounts payloads name, in the one background cache
// (connectionCache.ts) per connection and account: fetched once on first use, never waited for by a keystroke;
// forgotten when the connections change (orders change subscriptions, credentials what a fetch can read).
import type * as vscode from 'vscode';
import type { ClientProvider } from '../connections/clientProvider';
import type { ConnectionStore } from '../connections/connectionStore';
import { fetchAccountSubscriptions, type AccountSubscription } from '../products';
import { ConnectionCache } from './connectionCache';

export class AccountSubscriptions extends ConnectionCache<AccountSubscription[]> {
  constructor(clients: ClientProvider, store: ConnectionStore, log: vscode.LogOutputChannel) {
    super({
      clients,
      store,
      log,
      what: account => `subscriptions of ${account}`,
      fetch: (client, account) => fetchAccountSubscriptions(client, account),
      onConnectionsChange: 'forgetAll',
    });
  }
}
