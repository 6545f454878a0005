import * as vscode from 'vscode';
import type { Connection } from '../connections/connectionStore';

/**
 * Production writes always ask, naming the connection; other connections ask once per action. `what` names
 * the request as it will be sent (`POST /v1/accounts/A-1/...`), not its template. The button says what
 * happens: `Create` for an order or account, `Send` for an operation; production's names production. `lines`
 * come first in the detail: what the write creates (a Create's figures) and what is added to the file's body.
 */
export async function confirmWrite(
  connection: Connection,
  what: string,
  action: 'Create' | 'Send',
  lines: readonly string[] = [],
): Promise<boolean> {
  const production = connection.kind === 'production';
  const message = production ? `${what} on PRODUCTION (${connection.name})?` : `${what} on ${connection.name}?`;
  const where = production ? 'This changes live data.' : `Connection: ${connection.name} (${connection.kind}).`;
  const detail = [...lines, where].join('\n\n');
  const answer = await vscode.window.showWarningMessage(
    message,
    { modal: true, detail },
    production ? `${action} on production` : action,
  );
  return answer !== undefined;
}
