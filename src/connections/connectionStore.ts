// Connections live in the extension's global state (never in workspace settings: a cloned repository must
// not be able to point a user's credentials at another host); client id and secret live only in
// SecretStorage, keyed by connection; secrets.onDidChange keeps windows in sync.
import { randomId } from '../wire/random';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { checkBaseUrl } from '../client';
import { CONNECTIONS_FILE, connectionsFileText } from '../wire/connectionsFile';
import { Disposable } from '../util/dispose';

export type EnvKind = 'production' | 'sandbox' | 'test' | 'local';
export interface Connection {
  id: string;
  name: string;
  kind: EnvKind;
  baseUrl: string;
}
export interface Credentials {
  clientId: string;
  clientSecret: string;
}

export const LOCAL_CONNECTION: Connection = {
  id: 'local',
  name: 'Local sandbox',
  kind: 'local',
  baseUrl: 'in-process',
};
const LIST_KEY = 'billingWorkbench.connections';
const ACTIVE_KEY = 'billingWorkbench.activeConnection';
const SECRET_PREFIX = 'billingWorkbench.credentials.';
const secretKey = (id: string) => `${SECRET_PREFIX}${id}`;

export class ConnectionStore extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** Fires when the list, the active connection or any of our secrets change (in this or another window). */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly state: vscode.Memento,
    private readonly secrets: vscode.SecretStorage,
    /** Where the connections' names and URLs are written for the CLI (the global storage folder). */
    private readonly exportDir?: string,
  ) {
    super();
    void this.exportForCli(); // in the background: activation waits on no disk
    this._register(
      secrets.onDidChange(e => {
        if (e.key.startsWith(SECRET_PREFIX)) this.changed.fire();
      }),
    );
  }

  list(): Connection[] {
    return [LOCAL_CONNECTION, ...this.state.get<Connection[]>(LIST_KEY, [])];
  }

  active(): Connection {
    const id = this.state.get<string>(ACTIVE_KEY, LOCAL_CONNECTION.id);
    return this.list().find(c => c.id === id) ?? LOCAL_CONNECTION;
  }

  async setActive(id: string): Promise<void> {
    await this.state.update(ACTIVE_KEY, id);
    this.changed.fire();
  }

  /** Refuses a base URL the client would refuse (plain http off loopback, a user:password in it). */
  async add(c: Omit<Connection, 'id'>): Promise<Connection> {
    checkBaseUrl(c.baseUrl, 'editor');
    const conn = { ...c, id: randomId() };
    await this.state.update(LIST_KEY, [...this.state.get<Connection[]>(LIST_KEY, []), conn]);
    await this.exportForCli();
    this.changed.fire();
    return conn;
  }

  async remove(id: string): Promise<void> {
    if (id === LOCAL_CONNECTION.id) throw new Error('The built-in Local sandbox cannot be removed.');
    await this.secrets.delete(secretKey(id));
    await this.state.update(
      LIST_KEY,
      this.state.get<Connection[]>(LIST_KEY, []).filter(c => c.id !== id),
    );
    if (this.state.get(ACTIVE_KEY) === id) await this.state.update(ACTIVE_KEY, LOCAL_CONNECTION.id);
    await this.exportForCli();
    this.changed.fire();
  }

  /** The file the CLI reads to find a connection by name (undefined where global storage is not on disk). */
  get cliFile(): string | undefined {
    return this.exportDir && path.join(this.exportDir, CONNECTIONS_FILE);
  }

  /**
   * The list as the CLI reads it (src/wire/connectionsFile.ts), written only when it differs, one write after
   * another; a failure to write loses nothing.
   */
  private exportForCli(): Promise<void> {
    const dir = this.exportDir;
    if (!dir) return Promise.resolve();
    this.exported = this.exported.then(async () => {
      try {
        const file = path.join(dir, CONNECTIONS_FILE);
        const text = connectionsFileText(this.state.get<Connection[]>(LIST_KEY, []));
        if ((await fs.promises.readFile(file, 'utf8').catch(() => undefined)) === text) return;
        await fs.promises.mkdir(dir, { recursive: true });
        await fs.promises.writeFile(`${file}.tmp`, text);
        await fs.promises.rename(`${file}.tmp`, file); // whole or not at all: the CLI never reads half a file
      } catch {
        // A read-only or full disk: the editor works on; the CLI says it found no such connection.
      }
    });
    return this.exported;
  }
  private exported = Promise.resolve();

  async credentials(id: string): Promise<Credentials | undefined> {
    const raw = await this.secrets.get(secretKey(id));
    if (!raw) return undefined;
    try {
      return JSON.parse(raw) as Credentials;
    } catch {
      return undefined;
    }
  }

  storeCredentials(id: string, c: Credentials): Thenable<void> {
    return this.secrets.store(secretKey(id), JSON.stringify(c));
  }

  deleteCredentials(id: string): Thenable<void> {
    return this.secrets.delete(secretKey(id));
  }
}
