// Add Connection, Sign In, Sign Out, Switch Connection, Remove Connection. Secrets are entered in a
// password box and verified by fetching a token before anything is saved.
import * as vscode from 'vscode';
import { checkBaseUrl } from '../client';
import type { ClientProvider } from '../connections/clientProvider';
import { LOCAL_CONNECTION, type Connection, type ConnectionStore, type Credentials, type EnvKind } from '../connections/connectionStore';
import { COMMANDS } from './ids';
import type { Command } from './commandManager';

interface AddArgs { name: string; kind: Exclude<EnvKind, 'local'>; baseUrl: string; credentials?: Credentials }

export class AddConnectionCommand implements Command {
  readonly id = COMMANDS.addConnection;
  constructor(private readonly store: ConnectionStore) {}

  async execute(args?: AddArgs): Promise<Connection | undefined> {
    const kind = args?.kind ?? (await vscode.window.showQuickPick(
      [{ label: 'sandbox', detail: 'A sandbox tenant of the service (safe for trying code)' }, { label: 'test', detail: 'A test environment' }, { label: 'production', detail: 'Live data: every write asks first' }],
      { title: 'Add Connection (1/3): environment', ignoreFocusOut: true }))?.label as AddArgs['kind'] | undefined;
    if (!kind) return undefined;
    const baseUrl = args?.baseUrl ?? (await vscode.window.showInputBox({
      title: 'Add Connection (2/3): base URL', prompt: 'The environment\'s base URL, https://...', ignoreFocusOut: true,
      validateInput: v => { try { checkBaseUrl(v.trim()); return undefined; } catch (e) { return (e as Error).message; } },
    }))?.trim();
    if (!baseUrl) return undefined;
    checkBaseUrl(baseUrl);
    const name = args?.name ?? (await vscode.window.showInputBox({ title: 'Add Connection (3/3): name', value: `${kind} (${new URL(baseUrl).host})`, ignoreFocusOut: true }))?.trim();
    if (!name) return undefined;
    const conn = await this.store.add({ name, kind, baseUrl });
    await this.store.setActive(conn.id);
    await vscode.commands.executeCommand(COMMANDS.signIn, { connectionId: conn.id, credentials: args?.credentials });
    return conn;
  }
}

export class SignInCommand implements Command {
  readonly id = COMMANDS.signIn;
  constructor(private readonly store: ConnectionStore, private readonly clients: ClientProvider) {}

  /** Returns true when credentials were verified and saved. */
  async execute(args?: { connectionId?: string; credentials?: Credentials }): Promise<boolean> {
    const conn = this.store.list().find(c => c.id === (args?.connectionId ?? this.store.active().id))!;
    if (conn.kind === 'local') { void vscode.window.showInformationMessage('The Local sandbox needs no credentials.'); return true; }
    const clientId = args?.credentials?.clientId ?? (await vscode.window.showInputBox({ title: `Sign In to ${conn.name} (1/2)`, prompt: 'Client ID', ignoreFocusOut: true }))?.trim();
    if (!clientId) return false;
    const clientSecret = args?.credentials?.clientSecret ?? (await vscode.window.showInputBox({ title: `Sign In to ${conn.name} (2/2)`, prompt: 'Client secret (kept in VS Code\'s secret storage)', password: true, ignoreFocusOut: true }));
    if (!clientSecret) return false;
    const creds = { clientId, clientSecret };
    const client = await this.clients.clientFor(conn, creds);
    try {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Verifying credentials for ${conn.name}…` }, () => client.tokens.get());
    } catch (e) {
      void vscode.window.showErrorMessage(`Sign in to ${conn.name} failed: ${(e as Error).message} Nothing was saved.`);
      return false;
    } finally {
      await client.close();
    }
    await this.store.storeCredentials(conn.id, creds);
    void vscode.window.showInformationMessage(`Signed in to ${conn.name}.`);
    return true;
  }
}

export class SignOutCommand implements Command {
  readonly id = COMMANDS.signOut;
  constructor(private readonly store: ConnectionStore) {}
  async execute(connectionId?: string): Promise<void> {
    const conn = this.store.list().find(c => c.id === (typeof connectionId === 'string' ? connectionId : this.store.active().id))!;
    if (conn.kind === 'local') return;
    await this.store.deleteCredentials(conn.id);
    void vscode.window.showInformationMessage(`Signed out of ${conn.name}: its credentials were removed from secret storage.`);
  }
}

export class SwitchConnectionCommand implements Command {
  readonly id = COMMANDS.switchConnection;
  constructor(private readonly store: ConnectionStore) {}
  async execute(connectionId?: string): Promise<Connection | undefined> {
    let id = typeof connectionId === 'string' ? connectionId : undefined;
    if (!id) {
      const active = this.store.active().id;
      const add = { label: '$(add) Add Connection…', id: '' };
      const pick = await vscode.window.showQuickPick([
        ...this.store.list().map(c => ({ label: `${c.id === active ? '$(check) ' : ''}${c.name}`, description: c.kind, detail: c.kind === 'local' ? 'Embedded in VS Code: no account, no network' : c.baseUrl, id: c.id })),
        add,
      ], { title: 'Switch Billing Connection' });
      if (!pick) return undefined;
      if (pick === add) { await vscode.commands.executeCommand(COMMANDS.addConnection); return this.store.active(); }
      id = pick.id;
    }
    await this.store.setActive(id);
    return this.store.active();
  }
}

export class RemoveConnectionCommand implements Command {
  readonly id = COMMANDS.removeConnection;
  constructor(private readonly store: ConnectionStore) {}
  async execute(connectionId?: string): Promise<void> {
    const removable = this.store.list().filter(c => c.id !== LOCAL_CONNECTION.id);
    const conn = typeof connectionId === 'string' ? removable.find(c => c.id === connectionId)
      : (await vscode.window.showQuickPick(removable.map(c => ({ label: c.name, description: c.kind, detail: c.baseUrl, c })), { title: 'Remove Connection' }))?.c;
    if (!conn) { if (!removable.length) void vscode.window.showInformationMessage('No connection to remove: the Local sandbox is built in.'); return; }
    if (typeof connectionId !== 'string' && !(await vscode.window.showWarningMessage(`Remove ${conn.name} and its saved credentials?`, { modal: true }, 'Remove'))) return;
    await this.store.remove(conn.id);
  }
}
