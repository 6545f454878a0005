// Signing in: client id and secret are asked for in input boxes (the secret in a password box), verified
// by fetching a token, and only then kept in SecretStorage. Nothing outside this file handles a secret
// that was typed in; commands and views never see a token.
import * as vscode from 'vscode';
import type { ClientProvider } from './clientProvider';
import type { Connection, ConnectionStore, Credentials as ClientCredentials } from './connectionStore';

export class Credentials {
  constructor(
    private readonly store: ConnectionStore,
    private readonly clients: ClientProvider,
  ) {}

  /**
   * Asks for what `given` lacks, verifies and saves. Returns true when credentials were verified and
   * saved (or none are needed: the Local sandbox).
   */
  async signIn(connection: Connection, given?: ClientCredentials): Promise<boolean> {
    if (connection.kind === 'local') {
      void vscode.window.showInformationMessage('The Local sandbox needs no credentials.');
      return true;
    }
    const creds = given ?? (await ask(connection));
    if (!creds) return false;
    try {
      await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Verifying credentials for ${connection.name}…` },
        () => this.clients.verify(connection, creds),
      );
    } catch (e) {
      const message = `Sign in to ${connection.name} failed: ${(e as Error).message} Nothing was saved.`;
      void vscode.window.showErrorMessage(message);
      return false;
    }
    await this.store.storeCredentials(connection.id, creds);
    void vscode.window.showInformationMessage(`Signed in to ${connection.name}.`);
    return true;
  }

  /** Signs in to the active connection (the "Sign In" action of a failed request). */
  signInActive(): Promise<boolean> {
    return this.signIn(this.store.active());
  }

  async signOut(connection: Connection): Promise<void> {
    if (connection.kind === 'local') return;
    await this.store.deleteCredentials(connection.id);
    const message = `Signed out of ${connection.name}: its credentials were removed from secret storage.`;
    void vscode.window.showInformationMessage(message);
  }
}

async function ask(connection: Connection): Promise<ClientCredentials | undefined> {
  const clientId = (
    await vscode.window.showInputBox({
      title: `Sign In to ${connection.name} (1/2)`,
      prompt: 'Client ID',
      ignoreFocusOut: true,
    })
  )?.trim();
  if (!clientId) return undefined;
  const clientSecret = await vscode.window.showInputBox({
    title: `Sign In to ${connection.name} (2/2)`,
    prompt: "Client secret (kept in VS Code's secret storage)",
    password: true,
    ignoreFocusOut: true,
  });
  return clientSecret ? { clientId, clientSecret } : undefined;
}
