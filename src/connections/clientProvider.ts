// The one place that owns credentials and builds clients; views and commands never see a token.
// The built-in Local sandbox starts in-process on first use (a free loopback port, data in the
// extension's global storage) and stops on deactivate.
import * as path from 'path';
import * as vscode from 'vscode';
import { BillingClient, type ApiError } from '../client';
import { startSandbox, type Sandbox } from '../sandbox';
import { Disposable } from '../util/dispose';
import { LOCAL_CONNECTION, type Connection, type ConnectionStore, type Credentials } from './connectionStore';
import { settings } from '../settings';

/** The active connection has no credentials yet: the UI offers Sign In instead of an error. */
export class SignInRequired extends Error {
  constructor(readonly connection: Connection) { super(`Sign in to ${connection.name} first.`); }
}

export interface ActiveClient { client: BillingClient; connection: Connection }

export class ClientProvider extends Disposable {
  private clients = new Map<string, Promise<BillingClient>>();
  private sandbox: Promise<Sandbox> | undefined;

  constructor(
    private readonly store: ConnectionStore,
    private readonly log: vscode.LogOutputChannel,
    private readonly storageUri: vscode.Uri,
    private readonly version: string,
  ) {
    super();
    this._register(store.onDidChange(() => this.reset()));
    this._register(vscode.workspace.onDidChangeConfiguration(e => {
      if (e.affectsConfiguration('http.proxy') || e.affectsConfiguration('http.proxyStrictSSL') || e.affectsConfiguration('billingWorkbench')) this.reset();
    }));
  }

  async active(): Promise<ActiveClient> {
    const connection = this.store.active();
    return { connection, client: await this.clientFor(connection) };
  }

  /** A client for `connection`, optionally with credentials not yet saved (Sign In verifies them first). */
  async clientFor(connection: Connection, unsaved?: Credentials): Promise<BillingClient> {
    if (unsaved) return this.build(connection, unsaved);
    let c = this.clients.get(connection.id);
    if (!c) {
      c = (async () => {
        if (connection.kind === 'local') {
          const sb = await this.localSandbox();
          return this.build({ ...connection, baseUrl: sb.url }, { clientId: sb.clientId, clientSecret: sb.clientSecret });
        }
        const creds = await this.store.credentials(connection.id);
        if (!creds) throw new SignInRequired(connection);
        return this.build(connection, creds);
      })();
      this.clients.set(connection.id, c);
      c.catch(() => this.clients.delete(connection.id)); // a failed build is retried next time
    }
    return c;
  }

  localSandbox(): Promise<Sandbox> {
    this.sandbox ??= (async () => {
      await vscode.workspace.fs.createDirectory(this.storageUri);
      const sb = await startSandbox({ dataFile: path.join(this.storageUri.fsPath, 'local-sandbox.json') });
      this.log.info(`Local sandbox listening on ${sb.url} (data in ${this.storageUri.fsPath})`);
      return sb;
    })();
    return this.sandbox;
  }

  private build(connection: Connection, creds: Credentials): BillingClient {
    const s = settings();
    return new BillingClient({
      baseUrl: connection.baseUrl, clientId: creds.clientId, clientSecret: creds.clientSecret,
      serviceVersion: s.serviceVersion, totalTimeoutMs: s.requestTimeoutSeconds * 1000,
      proxy: s.proxy, proxyStrictSSL: s.proxyStrictSSL, userAgent: `billing-workbench/${this.version} vscode/${vscode.version}`,
      log: (line, level) => this.log[level](`[${connection.name}] ${line}`),
      onRetry: (ms, e: ApiError) => this.log.warn(`[${connection.name}] retrying in ${Math.round(ms)} ms: ${e.message}`),
    });
  }

  private reset(): void {
    const old = [...this.clients.values()];
    this.clients = new Map();
    for (const c of old) c.then(x => x.close(), () => undefined);
  }

  override dispose(): void {
    this.reset();
    const sb = this.sandbox;
    this.sandbox = undefined;
    void sb?.then(s => s.close(), () => undefined);
    super.dispose();
  }
}

export { LOCAL_CONNECTION };
