// The one place that owns credentials and builds clients; views and commands never see a token.
// The built-in Local sandbox keeps its data in the extension's global storage, which every window
// shares: the first window that needs it serves it in-process (a free loopback port) and the others use
// that server (see src/sandbox/http/sharedServer.ts); if the serving window closes, the next request here takes
// over. A failed start is not kept: the next request tries again (or Reset Local Sandbox starts fresh).
import * as path from 'path';
import * as vscode from 'vscode';
import { BillingClient, type ApiError } from '../client';
import {
  connectOrServe,
  DataFileError,
  DAYS_IN_MONTH,
  parseFaults,
  PRORATION_UNITS,
  resetDataFile,
  ROUNDING_MODES,
  type BillingConventions,
  type LocalSandbox,
  type Sandbox,
} from '../sandbox';
import { Disposable } from '../util/dispose';
import { LOCAL_CONNECTION, type Connection, type ConnectionStore, type Credentials } from './connectionStore';
import { SECTION, SETTING, type Settings, type SettingValues } from '../settings';

/** The active connection has no credentials yet: the UI offers Sign In instead of an error. */
export class SignInRequired extends Error {
  constructor(readonly connection: Connection) {
    super(`Sign in to ${connection.name} first.`);
  }
}

export interface ActiveClient {
  client: BillingClient;
  connection: Connection;
}

export class ClientProvider extends Disposable {
  private clients = new Map<string, Promise<BillingClient>>();
  private sandbox: Promise<LocalSandbox> | undefined;
  /** Offered when the Local sandbox's data file cannot be used (the Reset Local Sandbox command). */
  private readonly unusable = this._register(new vscode.EventEmitter<DataFileError>());
  readonly onDidFindUnusableData = this.unusable.event;

  constructor(
    private readonly store: ConnectionStore,
    private readonly settings: Settings,
    private readonly log: vscode.LogOutputChannel,
    private readonly storageUri: vscode.Uri,
    private readonly version: string,
  ) {
    super();
    this._register(store.onDidChange(() => this.reset()));
    this._register(
      settings.onDidChange(change => {
        if (change.localSandbox) this.stopLocalSandbox(); // faults, latency, billing rules: at the next start
        if (change.client) this.reset();
      }),
    );
  }

  /**
   * Fetches a token with credentials not yet saved: Sign In saves only what the service accepted.
   * Throws the service's answer (an ApiError) when it refuses them.
   */
  async verify(connection: Connection, unsaved: Credentials): Promise<void> {
    const client = this.build(connection, unsaved);
    try {
      await client.tokens.get();
    } finally {
      await client.close();
    }
  }

  async active(): Promise<ActiveClient> {
    const connection = this.store.active();
    if (connection.kind === 'local' && this.sandbox) {
      const sb = await this.sandbox.catch(() => undefined);
      if (sb && !(await sb.alive())) {
        // the window that served it closed: serve it here
        this.log.info(`Local sandbox at ${sb.url} is gone; taking over.`);
        this.stopLocalSandbox();
      }
    }
    return { connection, client: await this.clientFor(connection) };
  }

  /** The client for a saved connection, built on first use and kept until settings or credentials change. */
  async clientFor(connection: Connection): Promise<BillingClient> {
    let c = this.clients.get(connection.id);
    if (!c) {
      c = (async () => {
        if (connection.kind === 'local') {
          const sb = await this.localSandbox();
          const creds = { clientId: sb.clientId, clientSecret: sb.clientSecret };
          return this.build({ ...connection, baseUrl: sb.url }, creds);
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

  get localDataFile(): string {
    return path.join(this.storageUri.fsPath, 'local-sandbox.json');
  }

  localSandbox(): Promise<LocalSandbox> {
    if (this.sandbox) return this.sandbox;
    const starting = (async () => {
      await vscode.workspace.fs.createDirectory(this.storageUri);
      const sb = await connectOrServe(this.localDataFile, localSandboxOptions(this.settings.values.localSandbox));
      this.log.info(
        sb.owned
          ? `Local sandbox listening on ${sb.url} (data in ${this.storageUri.fsPath})`
          : `Local sandbox: using ${sb.url}, served by another window`,
      );
      const damaged = sb.served?.store.damaged;
      if (damaged) {
        this.log.warn(damaged);
        void vscode.window.showWarningMessage(damaged);
      }
      return sb;
    })();
    this.sandbox = starting;
    starting.catch(e => {
      if (this.sandbox === starting) this.sandbox = undefined; // not cached: the next request tries again
      const unusable = e instanceof DataFileError && (e.problem === 'corrupt' || e.problem === 'not-snapshot');
      if (unusable) this.unusable.fire(e);
    });
    return starting;
  }

  /** The Local sandbox's server, when this window serves it (tests seed and inspect it). */
  async servedSandbox(): Promise<Sandbox> {
    const sb = await this.localSandbox();
    if (!sb.served) throw new Error(`The Local sandbox at ${sb.url} is served by another window.`);
    return sb.served;
  }

  /** Backs up the Local sandbox's data file and starts fresh; returns the backup's path. */
  async resetLocalSandbox(): Promise<string | undefined> {
    const sb = await this.sandbox?.catch(() => undefined);
    this.sandbox = undefined;
    this.reset();
    await sb?.close();
    const backup = resetDataFile(this.localDataFile);
    this.log.info(`Local sandbox reset${backup ? `; the old data is in ${backup}` : ''}`);
    return backup;
  }

  /** Stops serving (if we serve); the next request starts or finds the Local sandbox again. */
  private stopLocalSandbox(): void {
    const sb = this.sandbox;
    this.sandbox = undefined;
    this.clients.get(LOCAL_CONNECTION.id)?.then(
      c => c.close(),
      () => undefined,
    );
    this.clients.delete(LOCAL_CONNECTION.id);
    void sb?.then(
      s => s.close(),
      () => undefined,
    );
  }

  private build(connection: Connection, creds: Credentials): BillingClient {
    const s = this.settings.values;
    return new BillingClient({
      baseUrl: connection.baseUrl,
      clientId: creds.clientId,
      clientSecret: creds.clientSecret,
      serviceVersion: s.serviceVersion,
      totalTimeoutMs: s.requestTimeoutSeconds * 1000,
      maxResponseBytes: s.maxResponseMB * 1024 * 1024,
      proxy: s.proxy,
      proxyStrictSSL: s.proxyStrictSSL,
      userAgent: `billing-workbench/${this.version} vscode/${vscode.version}`,
      surface: 'editor',
      log: (line, level) => this.log[level](`[${connection.name}] ${line}`),
      onRetry: (ms, e: ApiError) => {
        this.log.warn(`[${connection.name}] retrying in ${Math.round(ms)} ms: ${e.message}`);
      },
    });
  }

  private reset(): void {
    const old = [...this.clients.values()];
    this.clients = new Map();
    for (const c of old)
      c.then(
        x => x.close(),
        () => undefined,
      );
  }

  override dispose(): void {
    this.reset();
    this.stopLocalSandbox();
    super.dispose();
  }
}

export { LOCAL_CONNECTION };

const FAULTS_SETTING = `${SECTION}.${SETTING.localSandboxFaults}`;

/**
 * Faults, latency and the billing rules for the Local sandbox, from user settings only (a workspace cannot slow
 * it down or change its figures). A rule's value outside its choices (settings.json edited by hand) says so.
 */
export function localSandboxOptions(values: SettingValues['localSandbox']): {
  faults?: ReturnType<typeof parseFaults>;
  latencyMs?: number;
  conventions?: Partial<BillingConventions>;
} {
  let faults: ReturnType<typeof parseFaults> = [];
  try {
    faults = values.faults ? parseFaults(values.faults) : [];
  } catch (e) {
    throw new Error(`Setting ${FAULTS_SETTING}: ${(e as Error).message}.`);
  }
  const rule = <T extends string>(name: string, choices: readonly T[], v: string | undefined): T | undefined => {
    if (v === undefined) return undefined;
    if ((choices as readonly string[]).includes(v)) return v as T;
    throw new Error(`Setting ${SECTION}.localSandbox.${name} is one of ${choices.join(', ')}, not "${v}".`);
  };
  const rounding = rule('rounding', ROUNDING_MODES, values.rounding);
  const prorationUnit = rule('proration', PRORATION_UNITS, values.proration);
  const daysInMonth = rule('daysInMonth', DAYS_IN_MONTH, values.daysInMonth);
  const conventions = {
    ...(rounding ? { rounding } : {}),
    ...(prorationUnit ? { prorationUnit } : {}),
    ...(daysInMonth ? { daysInMonth } : {}),
  };
  return {
    ...(faults.length ? { faults } : {}),
    ...(values.latencyMs !== undefined ? { latencyMs: values.latencyMs } : {}),
    ...(Object.keys(conventions).length ? { conventions } : {}),
  };
}
