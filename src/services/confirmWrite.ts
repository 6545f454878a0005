import * as vscode from 'vscode';
import type { Connection } from '../connections/connectionStore';

/**
 * Production writes always ask, naming the connection; other connections ask once per action. `what` names
 * the request as it will be sent (`POST /v1/accounts/A-1/...`), not its template. The button says what
 * happens: `Create` for an order or account, `Send` for an operation; production's names production.
 */
export async function confirmWrite(connection: Connection, what: string, action: 'Create' | 'Send'): Promise<boolean> {
  const production = connection.kind === 'production';
  const message = production ? `${what} on PRODUCTION (${connection.name})?` : `${what} on ${connection.name}?`;
  const detail = production ? 'This changes live data.' : `Connection: ${connection.name} (${connection.kind}).`;
  const answer = await vscode.window.showWarningMessage(
    message,
    { modal: true, detail },
    production ? `${action} on production` : action,
  );
  return answer !== undefined;
}
