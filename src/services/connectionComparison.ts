// Compare across connections: the same payload previewed on two connections at once (progress with Cancel),
// shown side by side in the response panel. A side that fails (no credentials, refused, down) shows its own
// error and the other side still shows its preview. Nothing is recorded in the file's preview history: the
// inline figures stay those of the active connection; each side's request is in the History view.
import * as vscode from 'vscode';
import { ApiError, compareConnections, summarizePreview } from '../client';
import { SignInRequired, type ClientProvider } from '../connections/clientProvider';
import type { Connection, ConnectionStore } from '../connections/connectionStore';
import type { ResponsePanel } from '../views/responsePanel';
import type { ComparisonSide, ComparisonState } from '../webview/protocol';
import { describe, invoke } from './calls';
import { historyRecord, type Outcome } from './historyRecords';
import { previewAsV2 } from '../payloads';
import { panelError } from './panelStates';
import type { PayloadRequests, PreviewCall } from './payloadRequests';
import type { RequestHistory } from './requestHistory';

export interface ConnectionComparisonDeps {
  clients: ClientProvider;
  connections: ConnectionStore;
  payloads: () => PayloadRequests;
  panel: ResponsePanel;
  log: vscode.LogOutputChannel;
  /** Add Connection, offered when there is no second connection to compare with. */
  addConnection: () => Promise<unknown>;
  /** Where each side's request is recorded (the History view). */
  requests: () => RequestHistory;
}

export class ConnectionComparisons {
  constructor(private readonly deps: ConnectionComparisonDeps) {}

  /**
   * Previews `doc` on connections `ids` (A, B), or on the active connection and one the person picks.
   * Returns the state shown, undefined when nothing was compared (cancelled, no second connection).
   */
  async compare(doc: vscode.TextDocument | undefined, ids?: string[]): Promise<ComparisonState | undefined> {
    const pair = await this.connectionsFor(ids);
    if (!pair) return undefined;
    const call = await this.deps.payloads().previewCall(doc);
    if (!call) return undefined;
    const [a, b] = pair;
    const title = `Comparing ${call.file} on ${a.name} and ${b.name}…`;
    const options = { location: vscode.ProgressLocation.Notification, title, cancellable: true };
    const sides = await vscode.window.withProgress(options, (_progress, token) => {
      const ac = new AbortController();
      token.onCancellationRequested(() => ac.abort());
      return Promise.all([this.side(a, call, ac.signal), this.side(b, call, ac.signal)]).then(s =>
        ac.signal.aborted ? undefined : s,
      );
    });
    if (!sides) {
      void vscode.window.setStatusBarMessage(`Comparison of ${call.file}: cancelled`, 3000);
      return undefined;
    }
    const [sa, sb] = sides;
    const state: ComparisonState = {
      kind: 'comparison',
      title: `Compare ${call.file}`,
      connection: { name: a.name, kind: a.kind },
      at: new Date().toISOString(),
      file: call.file,
      source: call.source,
      a: sa,
      b: sb,
      ...(sa.summary && sb.summary ? { comparison: compareConnections(sa.summary, sb.summary) } : {}),
    };
    this.deps.panel.show(state);
    return state;
  }

  /** A and B: the given ids, or the active connection and another picked from the list. */
  private async connectionsFor(ids: string[] | undefined): Promise<[Connection, Connection] | undefined> {
    const all = this.deps.connections.list();
    if (ids?.length === 2) {
      const found = ids.map(id => all.find(c => c.id === id));
      const missing = ids.filter((_, k) => !found[k]);
      if (missing.length) {
        void vscode.window.showErrorMessage(`No connection with id ${missing.join(', ')}.`);
        return undefined;
      }
      return found as [Connection, Connection];
    }
    const a = this.deps.connections.active();
    const others = all.filter(c => c.id !== a.id);
    if (!others.length) {
      const add = 'Add Connection';
      const message = `Compare previews the file on ${a.name} and a second connection: add one first.`;
      void vscode.window.showInformationMessage(message, add).then(x => x && this.deps.addConnection());
      return undefined;
    }
    const items = others.map(c => ({ label: c.name, description: c.kind, detail: c.baseUrl, connection: c }));
    const placeHolder = `Compare the preview on ${a.name} (A) with… (B)`;
    const picked = await vscode.window.showQuickPick(items, { placeHolder, title: 'Compare Across Connections' });
    return picked && [a, picked.connection];
  }

  /** One side's preview, or its error; never throws, so the other side is shown whatever happens here. */
  private async side(connection: Connection, call: PreviewCall, signal: AbortSignal): Promise<ComparisonSide> {
    const side: ComparisonSide = { connection: { id: connection.id, name: connection.name, kind: connection.kind } };
    try {
      const client = await this.deps.clients.clientFor(connection);
      const record = (outcome: Outcome) =>
        this.deps
          .requests()
          .record(historyRecord({ info: describe(call), connection }, call, outcome), client.redactor);
      const started = Date.now();
      try {
        const r = await invoke(client, call, signal);
        record({ response: r });
        return {
          ...side,
          status: r.status,
          ms: r.ms,
          requestId: r.requestId,
          summary: summarizePreview(previewAsV2(call, r.data), call.body),
        };
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        if (e.kind !== 'cancelled') record({ error: e, ms: Date.now() - started });
        this.deps.log.warn(`[compare] ${connection.name}: ${e.message}`);
        const error = client.redactor.json(panelError(e));
        return {
          ...side,
          error,
          ...(e.status ? { status: e.status } : {}),
          ...(e.requestId ? { requestId: e.requestId } : {}),
        };
      }
    } catch (e) {
      if (e instanceof SignInRequired) {
        return { ...side, error: { message: e.message, categoryName: 'Not signed in', action: 'signIn' } };
      }
      const message = e instanceof Error ? e.message : String(e);
      this.deps.log.error(`[compare] ${connection.name}: ${message}`);
      return { ...side, error: { message } };
    }
  }
}
