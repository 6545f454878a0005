// Adding, switching and removing connections: the quick picks and input boxes, then the store. A new
// connection becomes the active one and is signed in to at once.
import * as vscode from 'vscode';
import { checkBaseUrl } from '../client';
import type { Credentials } from './credentials';
import {
  LOCAL_CONNECTION,
  type Connection,
  type ConnectionStore,
  type Credentials as ClientCredentials,
  type EnvKind,
} from './connectionStore';

export interface NewConnection {
  name: string;
  kind: Exclude<EnvKind, 'local'>;
  baseUrl: string;
  credentials?: ClientCredentials;
}

const ENVIRONMENTS = [
  { label: 'sandbox', detail: 'A sandbox tenant of the service (safe for trying code)' },
  { label: 'test', detail: 'A test environment' },
  { label: 'production', detail: 'Live data: every write asks first' },
];

export class ConnectionSetup {
  constructor(
    private readonly store: ConnectionStore,
    private readonly credentials: Credentials,
  ) {}

  /** Adds a connection (asking for what `given` lacks), makes it active and signs in to it. */
  async add(given: Partial<NewConnection> = {}): Promise<Connection | undefined> {
    const kind = given.kind ?? (await pickEnvironment());
    if (!kind) return undefined;
    const baseUrl = given.baseUrl ?? (await askBaseUrl());
    if (!baseUrl) return undefined;
    checkBaseUrl(baseUrl, 'editor');
    const name = given.name ?? (await askName(`${kind} (${new URL(baseUrl).host})`));
    if (!name) return undefined;
    const conn = await this.store.add({ name, kind, baseUrl });
    await this.store.setActive(conn.id);
    await this.credentials.signIn(conn, given.credentials);
    return conn;
  }

  /** The quick pick of connections, with "Add Connection…" last; returns the active connection after. */
  async pickActive(): Promise<Connection | undefined> {
    const active = this.store.active().id;
    const add = { label: '$(add) Add Connection…', id: '' };
    const items = this.store.list().map(c => ({
      label: `${c.id === active ? '$(check) ' : ''}${c.name}`,
      description: c.kind,
      detail: c.kind === 'local' ? 'Embedded in VS Code: no account, no network' : c.baseUrl,
      id: c.id,
    }));
    const pick = await vscode.window.showQuickPick([...items, add], { title: 'Switch Billing Connection' });
    if (!pick) return undefined;
    if (pick === add) {
      await this.add();
      return this.store.active();
    }
    await this.store.setActive(pick.id);
    return this.store.active();
  }

  /** Removes `connectionId` at once, or the connection the person picks and confirms. */
  async remove(connectionId?: string): Promise<void> {
    const removable = this.store.list().filter(c => c.id !== LOCAL_CONNECTION.id);
    if (connectionId !== undefined) {
      const conn = removable.find(c => c.id === connectionId);
      if (conn) await this.store.remove(conn.id);
      return;
    }
    if (!removable.length) {
      void vscode.window.showInformationMessage('No connection to remove: the Local sandbox is built in.');
      return;
    }
    const items = removable.map(c => ({ label: c.name, description: c.kind, detail: c.baseUrl, c }));
    const conn = (await vscode.window.showQuickPick(items, { title: 'Remove Connection' }))?.c;
    if (!conn) return;
    const message = `Remove ${conn.name} and its saved credentials?`;
    if (!(await vscode.window.showWarningMessage(message, { modal: true }, 'Remove'))) return;
    await this.store.remove(conn.id);
  }
}

async function pickEnvironment(): Promise<NewConnection['kind'] | undefined> {
  const title = 'Add Connection (1/3): environment';
  const pick = await vscode.window.showQuickPick(ENVIRONMENTS, { title, ignoreFocusOut: true });
  return pick?.label as NewConnection['kind'] | undefined;
}

async function askBaseUrl(): Promise<string | undefined> {
  const url = await vscode.window.showInputBox({
    title: 'Add Connection (2/3): base URL',
    prompt: "The environment's base URL, https://...",
    ignoreFocusOut: true,
    validateInput: v => baseUrlProblem(v.trim()),
  });
  return url?.trim() || undefined;
}

function baseUrlProblem(url: string): string | undefined {
  try {
    checkBaseUrl(url, 'editor');
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

async function askName(suggested: string): Promise<string | undefined> {
  const title = 'Add Connection (3/3): name';
  const name = await vscode.window.showInputBox({ title, value: suggested, ignoreFocusOut: true });
  return name?.trim() || undefined;
}
