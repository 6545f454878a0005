// Runs one request for a command: progress with Cancel, the answer or the decoded error in the response
// panel, "Sign In" / "Show Log" offered on failure, production writes confirmed first.
import * as vscode from 'vscode';
import { ApiError, type ApiResponse, type BillingClient } from '../client';
import { SignInRequired, type ClientProvider } from '../connections/clientProvider';
import type { Connection } from '../connections/connectionStore';
import type { ResponsePanel } from '../views/responsePanel';
import type { PanelError, PanelState } from '../webview/protocol';

export interface RunSpec<T> {
  title: string;
  method: string;
  path: string;
  file?: string;
  /** A write (anything but a read): production asks first, naming the connection. */
  write: boolean;
  /** Skip the confirmation (programmatic callers that already asked). */
  confirmed?: boolean;
  /** The concrete path that will be sent (path parameters filled in): the confirmation shows it. */
  target?: string;
  call: (client: BillingClient, signal: AbortSignal) => Promise<ApiResponse<T>>;
  view?: (r: ApiResponse<T>) => Partial<PanelState>;
}

export class RequestRunner {
  constructor(private readonly clients: ClientProvider, private readonly panel: ResponsePanel, private readonly log: vscode.LogOutputChannel) {}

  async run<T>(spec: RunSpec<T>): Promise<ApiResponse<T> | undefined> {
    let active: { client: BillingClient; connection: Connection };
    try {
      active = await this.clients.active();
    } catch (e) {
      if (e instanceof SignInRequired) {
        void vscode.window.showWarningMessage(e.message, 'Sign In').then(a => a && vscode.commands.executeCommand('billingWorkbench.signIn'));
        return undefined;
      }
      return this.fail(e);
    }
    const { client, connection } = active;
    const what = spec.target ? `${spec.method} ${spec.target}` : spec.title;
    if (spec.write && !spec.confirmed && !(await confirmWrite(connection, what))) return undefined;
    const base = { kind: 'response' as const, title: spec.title, connection: { name: connection.name, kind: connection.kind }, method: spec.method, path: spec.path, file: spec.file };
    try {
      const r = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `${spec.title} on ${connection.name}…`, cancellable: true },
        (_p, token) => { const ac = new AbortController(); token.onCancellationRequested(() => ac.abort()); return spec.call(client, ac.signal); },
      );
      this.panel.show({
        ...base, status: r.status, ms: r.ms, requestId: r.requestId, at: new Date().toISOString(),
        raw: JSON.stringify(client.redactor.json(r.data), null, 2), curl: client.curl(r.request), ...spec.view?.(r),
      });
      return r;
    } catch (e) {
      if (e instanceof ApiError && e.kind === 'cancelled') { void vscode.window.setStatusBarMessage(`${spec.title}: cancelled`, 3000); return undefined; }
      if (e instanceof ApiError) {
        // The client already redacts what it puts in errors; the panel redacts again, as a last line.
        const raw = e.body === undefined ? undefined : client.redactor.json(e.body);
        this.panel.show({
          ...base, status: e.status, requestId: e.requestId, at: new Date().toISOString(),
          error: client.redactor.json(panelError(e)), raw: typeof raw === 'string' ? raw : JSON.stringify(raw, null, 2),
        });
      }
      return this.fail(e);
    }
  }

  /** Logs and tells the person, offering one action; the command itself does not wait for a click. */
  private fail(e: unknown): undefined {
    const message = e instanceof Error ? e.message : String(e);
    this.log.error(message);
    const isAuth = e instanceof ApiError && (e.status === 401 || e.category === 11);
    void vscode.window.showErrorMessage(message, isAuth ? 'Sign In' : 'Show Log').then(action => {
      if (action === 'Sign In') void vscode.commands.executeCommand('billingWorkbench.signIn');
      if (action === 'Show Log') this.log.show(true);
    });
    return undefined;
  }
}

export function panelError(e: ApiError): PanelError {
  const v1 = e.v1?.[0], v2 = e.v2?.errors[0];
  return {
    message: e.message, status: e.status, requestId: e.requestId, advice: e.advice,
    category: v1?.category, categoryName: v1?.categoryName ?? (e.v2 ? e.v2.type.replace(/_/g, ' ') : e.kind === 'http' ? undefined : `${e.kind} error`),
    code: v2?.code ?? (v1 ? String(v1.code) : undefined), parameter: v2?.parameter,
  };
}

/**
 * Production writes always ask, naming the connection; other connections ask once per action. `what` names
 * the request as it will be sent (`POST /v1/accounts/A-1/...`), not its template.
 */
export async function confirmWrite(connection: Connection, what: string): Promise<boolean> {
  const production = connection.kind === 'production';
  const answer = await vscode.window.showWarningMessage(
    production ? `${what} on PRODUCTION (${connection.name})?` : `${what} on ${connection.name}?`,
    { modal: true, detail: production ? 'This changes live data.' : `Connection: ${connection.name} (${connection.kind}).` },
    production ? 'Yes, on production' : 'Send',
  );
  return answer !== undefined;
}
