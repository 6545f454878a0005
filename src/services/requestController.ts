// Sends one described call: the active connection's client, the write confirmation, progress with Cancel,
// the answer or the decoded error in the response panel, "Sign In" / "Show Log" offered on failure. The
// caller gets the answer back (undefined when nothing was answered); nothing calls back into it.
import * as vscode from 'vscode';
import { ApiError, type ApiResponse } from '../client';
import { SignInRequired, type ActiveClient, type ClientProvider } from '../connections/clientProvider';
import type { Credentials } from '../connections/credentials';
import type { ResponsePanel } from '../views/responsePanel';
import { describe, invoke, type AnswerOf, type Call, type CallInfo } from './calls';
import { confirmWrite } from './confirmWrite';
import { offerFor } from './nextAction';
import { failedState, responseState } from './panelStates';
import type { PreviewHistory } from './previewHistory';
import { historyRecord, type Outcome } from './historyRecords';
import type { RequestHistory } from './requestHistory';

export interface RequestControllerDeps {
  clients: ClientProvider;
  credentials: () => Credentials;
  panel: ResponsePanel;
  history: () => PreviewHistory;
  /** The workspace's request history: every call run here is recorded (redacted) with its answer or error. */
  requests: () => RequestHistory;
  log: vscode.LogOutputChannel;
  /** Switch Connection, offered when the answer says another connection is needed (a Local sandbox 501). */
  switchConnection: () => Promise<unknown>;
}

/** How a call runs when its caller says the outcome itself (an agent tool). */
export interface RunOptions {
  /** No progress notification and no popups; a failure (Sign In needed, cancelled, an error) is thrown. */
  quiet?: boolean;
  signal?: AbortSignal;
}

export class RequestController {
  constructor(private readonly deps: RequestControllerDeps) {}

  async run<C extends Call>(call: C, options: RunOptions = {}): Promise<AnswerOf<C> | undefined> {
    const active = options.quiet ? await this.deps.clients.active() : await this.activeClient();
    if (!active) return undefined;
    const info = describe(call);
    const what = info.target ? `${info.method} ${info.target}` : info.title;
    const action = call.kind === 'operation' ? 'Send' : 'Create';
    if (info.write && !info.confirmed && !(await confirmWrite(active.connection, what, action, info.detail)))
      return undefined;
    const ctx = { info, ...active };
    const started = Date.now();
    const record = (outcome: Outcome) =>
      this.deps.requests().record(historyRecord(ctx, call, outcome), active.client.redactor);
    try {
      const r = options.quiet
        ? await invoke(active.client, call, options.signal ?? new AbortController().signal)
        : await this.withProgress(info, active, signal => invoke(active.client, call, signal));
      record({ response: r });
      this.deps.panel.show(responseState(ctx, call, r, this.deps.history));
      return r as AnswerOf<C>;
    } catch (e) {
      if (options.quiet && e instanceof ApiError && e.kind === 'cancelled') throw e;
      if (e instanceof ApiError && e.kind === 'cancelled') {
        void vscode.window.setStatusBarMessage(`${info.title}: cancelled`, 3000);
        return undefined;
      }
      record({ error: e, ms: Date.now() - started });
      if (e instanceof ApiError) this.deps.panel.show(failedState(ctx, call, e, this.deps.panel.state));
      if (options.quiet) throw e;
      return this.fail(e);
    }
  }

  private async activeClient(): Promise<ActiveClient | undefined> {
    try {
      return await this.deps.clients.active();
    } catch (e) {
      if (!(e instanceof SignInRequired)) return this.fail(e);
      void vscode.window.showWarningMessage(e.message, 'Sign In').then(action => {
        if (action) void this.deps.credentials().signInActive();
      });
      return undefined;
    }
  }

  private withProgress(
    info: CallInfo,
    { connection }: ActiveClient,
    send: (signal: AbortSignal) => Promise<ApiResponse<unknown>>,
  ): Thenable<ApiResponse<unknown>> {
    const title = `${info.title} on ${connection.name}…`;
    const options = { location: vscode.ProgressLocation.Notification, title, cancellable: true };
    return vscode.window.withProgress(options, (_progress, token) => {
      const ac = new AbortController();
      token.onCancellationRequested(() => ac.abort());
      return send(ac.signal);
    });
  }

  /** Logs and tells the person, offering one action; the caller does not wait for a click. */
  private fail(e: unknown): undefined {
    const message = e instanceof Error ? e.message : String(e);
    this.deps.log.error(message);
    const offer = offerFor(e);
    void vscode.window.showErrorMessage(message, offer).then(action => {
      if (action === 'Sign In') void this.deps.credentials().signInActive();
      if (action === 'Switch Connection') void this.deps.switchConnection();
      if (action === 'Show Log') this.deps.log.show(true);
    });
    return undefined;
  }
}
