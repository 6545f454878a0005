// Live preview: an order or preview file is previewed in the background when typing pauses, so its figures
// (inline metrics, and the response panel when it shows this file) follow the text. billingWorkbench.
// preview.live "auto" = the Local sandbox only: a tenant's requests are counted (sandbox tenants: 10,000 a
// day), so another connection is live only when the person sets "on". Never in an untrusted workspace.
// Only a file free of errors is sent; the next edit cancels the request in flight. A keystroke only
// (re)arms a timer: nothing here waits on the network before the pause. Preview on save runs here too.
// One preview per content (the body it sends): a pause or a save whose content was just previewed (or just
// failed) on this connection sends nothing. Nobody asked for these previews, so nothing pops up: a failure
// shows in the panel (when it shows this file; after a save, always), the status bar and the log.
// When a file that is live on the Local sandbox opens, the sandbox, the client's token and the modules a
// preview's figures need are made ready, so the first pause costs what the next ones do (not at activation).
import * as vscode from 'vscode';
import { ApiError, PreviewBaselines, previewBillingDocuments, previewContent, summarizePreview } from '../client';
import { SignInRequired, type ActiveClient, type ClientProvider } from '../connections/clientProvider';
import type { ConnectionStore } from '../connections/connectionStore';
import type { PayloadDiagnostics } from '../languageFeatures/payloadDiagnostics';
import { mayBeOrderFile, metricsAt, orderFile, orderPreviewBody } from '../payloads';
import type { PreviewRequestBody } from '../schemas';
import type { Settings } from '../settings';
import { Disposable } from '../util/dispose';
import { fileName } from '../util/documents';
import type { ResponsePanel } from '../views/responsePanel';
import type { PanelState } from '../webview/protocol';
import { describe, invoke, type Call } from './calls';
import { errorState, responseState } from './panelStates';
import type { PreviewHistory } from './previewHistory';
import { historyRecord, type Outcome } from './historyRecords';
import type { RequestHistory } from './requestHistory';

export interface LivePreviewDeps {
  settings: Settings;
  connections: ConnectionStore;
  clients: ClientProvider;
  diagnostics: PayloadDiagnostics;
  history: () => PreviewHistory;
  panel: ResponsePanel;
  log: vscode.LogOutputChannel;
}

/**
 * What happens to an edit (or a save): `sent` (in flight), then `previewed` (recorded in the history),
 * `cancelled` (a newer edit came first) or `failed` (in the log); or it is not sent: `errors` (the file has
 * errors), `off` (not live here), `unchanged` (this content was just previewed, or just failed, here).
 */
export type LiveStep = 'sent' | 'previewed' | 'cancelled' | 'failed' | 'errors' | 'off' | 'unchanged';
/** Why a preview runs here: a typing pause, or a save (preview on save). */
type Origin = 'live' | 'save';
export interface LiveEvent {
  source: string;
  version: number;
  step: LiveStep;
}

interface Pending {
  version: number;
  timer?: NodeJS.Timeout;
  /** The request in flight, with the file it is for (the log names it). */
  request?: AbortController;
  file?: string;
  /** The file was saved at this version: its preview shows in the panel as a save's does. */
  saved?: boolean;
}

export class LivePreview extends Disposable {
  private readonly pending = new Map<string, Pending>();
  private readonly stepped = this._register(new vscode.EventEmitter<LiveEvent>());
  /** Where an edit's live preview is, or why there is none (tests read it). */
  readonly onDidStep = this.stepped.event;
  private requests: (() => RequestHistory) | undefined;
  /** The Local sandbox and its token were readied for the first live preview (once a window). */
  private warmed = false;
  /**
   * Per document: the content last sent from here, where, whether it was answered (a failure is not sent
   * again), and what the panel shows for it (a save of that content shows it again rather than sending).
   */
  private readonly sent = new Map<string, { content: string; connection: string; ok: boolean; state?: PanelState }>();
  /** The error this class put in the panel, and for which document: the next preview of it replaces it. */
  private shownError: { source: string; state: PanelState } | undefined;

  constructor(private readonly deps: LivePreviewDeps) {
    super();
    this._register(
      vscode.workspace.onDidChangeTextDocument(e => {
        if (e.contentChanges.length) this.edited(e.document);
      }),
    );
    this._register(
      vscode.workspace.onDidCloseTextDocument(d => {
        this.stop(d.uri.toString(), 'the file was closed');
        this.sent.delete(d.uri.toString());
      }),
    );
    this._register(vscode.workspace.onDidOpenTextDocument(d => this.opened(d)));
    for (const d of vscode.workspace.textDocuments) this.opened(d); // the file whose opening activated us
  }

  /**
   * A file live on the Local sandbox opened: start the sandbox and fetch the token now, and load the lazy
   * modules the figures need, rather than after the first typing pause (about 150 ms that the first live
   * preview would otherwise add). Another connection is left alone: opening a file sends nothing to a tenant.
   */
  private opened(doc: vscode.TextDocument): void {
    if (this.warmed || !this.isLive(doc) || this.deps.connections.active().kind !== 'local') return;
    this.warmed = true;
    // Touching one export of each lazy bundle loads it (esbuild.js LAZY).
    const modules = [summarizePreview, PreviewBaselines, previewBillingDocuments, metricsAt];
    void (async () => {
      try {
        const { client } = await this.deps.clients.active();
        await client.tokens.get();
        this.deps.log.info(`Live preview: the Local sandbox is ready (${modules.length} modules loaded).`);
      } catch (e) {
        this.warmed = false; // the first preview tries again and says why in the log
        this.deps.log.info(`Live preview: the Local sandbox could not be readied: ${(e as Error).message}`);
      }
    })();
  }

  /**
   * Records live previews in the request history, marked `live`: a document's newest replaces its previous
   * live entry, since every typing pause sends one and they would push everything else out of the bound.
   */
  recordInto(requests: () => RequestHistory): void {
    this.requests = requests;
  }

  /** Live for this document now? (mode, workspace trust, the active connection) */
  isLive(doc: vscode.TextDocument): boolean {
    if (!mayBeOrderFile(doc.uri.path)) return false;
    const mode = this.deps.settings.values.previewLive;
    const local = this.deps.connections.active().kind === 'local';
    return vscode.workspace.isTrusted && (mode === 'on' || (mode === 'auto' && local));
  }

  private edited(doc: vscode.TextDocument): void {
    if (!mayBeOrderFile(doc.uri.path)) return;
    const source = doc.uri.toString();
    this.stop(source, 'the text changed');
    const { version } = doc;
    if (!this.isLive(doc)) return this.step(source, version, 'off');
    const timer = setTimeout(() => void this.run(doc, version), this.deps.settings.values.debounceMs);
    this.pending.set(source, { version, timer });
  }

  /**
   * Preview on save (the caller checked billingWorkbench.preview.onSave and trust): sends nothing when this
   * version's live preview is pending or in flight, or when its content was just previewed (or failed) here.
   */
  saved(doc: vscode.TextDocument): void {
    if (!mayBeOrderFile(doc.uri.path)) return;
    const p = this.pending.get(doc.uri.toString());
    if (p?.version === doc.version) {
      p.saved = true; // the live preview of this text is on its way: it answers for the save
      return;
    }
    void this.run(doc, doc.version, 'save');
  }

  private async run(doc: vscode.TextDocument, version: number, origin: Origin = 'live'): Promise<void> {
    const source = doc.uri.toString();
    if (doc.isClosed || doc.version !== version) return; // a newer edit has its own timer
    if (origin === 'live' && !this.isLive(doc)) return this.notSent(source, version, 'off');
    const { value, findings } = this.deps.diagnostics.parsed(doc);
    const order = orderFile(doc.uri.path, value);
    if (!order) return this.notSent(source, version, 'off'); // a request file for another operation
    if (value === undefined || findings.some(f => f.severity === 'error'))
      return this.notSent(source, version, 'errors');
    const periods = this.deps.settings.values.previewPeriods;
    const body = orderPreviewBody(order, value as Record<string, unknown>, periods) as PreviewRequestBody;
    const api = order.api === 'v1' ? ({ api: 'v1' } as const) : {};
    const content = previewContent(body, api.api);
    const connection = this.deps.connections.active().name;
    if (this.pending.get(source)?.saved) origin = 'save'; // saved while the pause ran out
    if (this.unchanged(source, content, connection)) {
      if (origin === 'save') this.showAgain(source, content); // the panel follows a save, as after a preview
      return this.notSent(source, version, 'unchanged');
    }
    const file = fileName(doc);
    const request = new AbortController();
    if (origin === 'save') this.stop(source, 'the file was saved'); // takes over one of older text
    const entry: Pending = { version, request, file, ...(origin === 'save' ? { saved: true } : {}) };
    this.pending.set(source, entry);
    const call: Call = { kind: 'preview', file, source, version, body, ...api };
    this.step(source, version, 'sent');
    const started = Date.now();
    let active: ActiveClient | undefined;
    try {
      active = await this.deps.clients.active();
      const r = await invoke(active.client, call, request.signal);
      if (request.signal.aborted || doc.version !== version) return this.step(source, version, 'cancelled');
      if (entry.saved) origin = 'save'; // saved while in flight
      this.record(call, active, { response: r }, origin);
      const state = responseState({ info: describe(call), ...active }, call, r, this.deps.history); // records it
      this.sent.set(source, { content, connection, ok: true, state });
      if (origin === 'save' || this.panelShows(source)) this.deps.panel.show(state); // reveals; hidden stays so
      this.step(source, version, 'previewed');
    } catch (e) {
      if (request.signal.aborted) return this.step(source, version, 'cancelled');
      if (entry.saved) origin = 'save';
      if (active) this.record(call, active, { error: e, ms: Date.now() - started }, origin);
      const state = active && e instanceof ApiError ? errorState({ info: describe(call), ...active }, e) : undefined;
      this.sent.set(source, { content, connection, ok: false, ...(state ? { state } : {}) });
      this.failed(file, e);
      if (state && (origin === 'save' || this.panelShows(source))) this.showError(source, state);
      this.step(source, version, 'failed');
    } finally {
      if (this.pending.get(source)?.request === request) this.pending.delete(source);
    }
  }

  /**
   * This content was the last sent from here (answered or failed), or the last previewed, on this connection.
   * After a failure of other content the last preview is older than what the person saw last: sent again.
   */
  private unchanged(source: string, content: string, connection: string): boolean {
    const last = this.sent.get(source);
    if (last?.content === content && last.connection === connection) return true;
    if (last && !last.ok) return false;
    const r = this.deps.history().latest(source);
    return r?.content === content && r.connection === connection;
  }

  /** What the panel showed for this content, shown again unless it is on show. */
  private showAgain(source: string, content: string): void {
    const last = this.sent.get(source);
    const on = this.deps.panel.state;
    if (!last?.state || last.content !== content || on === last.state) return;
    // A preview of this file on show (a newer one, say) stays; an error of this content replaces an older preview.
    if (last.state.kind === 'response' && on?.kind === 'response' && on.source === source) return;
    if (last.state.kind === 'error') this.showError(source, last.state);
    else this.deps.panel.show(last.state);
  }

  private showError(source: string, state: PanelState): void {
    this.shownError = { source, state };
    this.deps.panel.show(state);
  }

  /** The visible panel shows this document's preview, or the error of its last preview from here. */
  private panelShows(source: string): boolean {
    const { panel } = this.deps;
    if (!panel.visible) return false;
    const s = panel.state;
    if (s?.kind === 'response' && s.source === source) return true;
    return !!s && this.shownError?.source === source && this.shownError.state === s;
  }

  /** Clears the document's timer and cancels its request in flight, if any. */
  private stop(source: string, why: string): void {
    const p = this.pending.get(source);
    if (!p) return;
    this.pending.delete(source);
    clearTimeout(p.timer);
    if (p.request && !p.request.signal.aborted) {
      this.deps.log.info(`Live preview of ${p.file} (version ${p.version}): cancelled, ${why}`);
      p.request.abort();
    }
  }

  /** In the request history: a typing pause's row marked live (the next replaces it), a save's as any other. */
  private record(call: Call, active: ActiveClient, outcome: Outcome, origin: Origin): void {
    const r = historyRecord({ info: describe(call), ...active }, call, outcome, origin === 'live' ? 'live' : undefined);
    this.requests?.().record(r, active.client.redactor);
  }

  /** Said in the log and the status bar (the caller may show it in the panel): never a notification. */
  private failed(file: string, e: unknown): void {
    if (e instanceof SignInRequired) {
      this.deps.log.info(`Live preview of ${file}: not sent, ${e.message}`);
      vscode.window.setStatusBarMessage(`$(warning) Preview of ${file} not sent: ${e.message}`, 8000);
      return;
    }
    const message = e instanceof Error ? e.message : String(e);
    this.deps.log.warn(`Preview of ${file} failed: ${message}`);
    // The service's own words first ("No account Ac."): the status bar has room for a few.
    const said = (e instanceof ApiError && (e.v2?.errors[0]?.message || e.v1?.[0]?.message)) || message;
    const status = e instanceof ApiError && e.status ? ` (${e.status})` : '';
    const short = said.length > 90 ? `${said.slice(0, 89)}…` : said;
    vscode.window.setStatusBarMessage(`$(warning) Preview of ${file}: ${short}${status}`, 8000); // goes away
  }

  /** Not sent: the pause's entry ends here, and the step says why. */
  private notSent(source: string, version: number, step: LiveStep): void {
    const p = this.pending.get(source);
    if (p?.version === version && !p.request) this.pending.delete(source);
    this.step(source, version, step);
  }

  private step(source: string, version: number, step: LiveStep): void {
    this.stepped.fire({ source, version, step });
  }

  override dispose(): void {
    for (const source of [...this.pending.keys()]) this.stop(source, 'the window is closing');
    super.dispose();
  }
}
