// The response panel: one panel, revealed again rather than duplicated, revived after a window reload
// by its serializer. Strict CSP with a random nonce; data goes in as JSON messages, rendered as text.
import { randomNonce } from '../wire/random';
import * as vscode from 'vscode';
import { Disposable } from '../util/dispose';
import type {
  HostMessage,
  MeasuredBox,
  PanelRequest,
  PanelState,
  Staleness,
  WebviewMessage,
} from '../webview/protocol';

/** What the webview measured: per selector asked, every element it matches; the page's width and background. */
export interface Measured {
  boxes: MeasuredBox[][];
  page: { width: number; background: string };
}

/** What the webview reports after drawing a state. */
export interface Rendered {
  rows: number;
  ms: number;
  /** The page's width in CSS px, and its content's: wider content means a horizontal scroll bar. */
  width: number;
  scrollWidth: number;
}

export class ResponsePanel extends Disposable implements vscode.WebviewPanelSerializer<PanelState> {
  static readonly viewType = 'billingWorkbench.response';
  private panel: vscode.WebviewPanel | undefined;
  private ready = false;
  private current: PanelState | undefined;
  private stale: Staleness | undefined;
  private readonly rendered = this._register(new vscode.EventEmitter<Rendered>());
  /** The webview finished drawing a state (tests and the render figure read it). */
  readonly onDidRender = this.rendered.event;
  private readonly requested = this._register(new vscode.EventEmitter<PanelRequest>());
  /** A button in the panel asks for an action (Show Log, Send, Preview Again, Create...); services answer it. */
  readonly onDidRequest = this.requested.event;
  private readonly measuring = new Map<number, { resolve: (m: Measured) => void; reject: (e: Error) => void }>();
  private measures = 0;
  private readonly showed = this._register(new vscode.EventEmitter<PanelState | undefined>());
  /** A new state is shown (or revived after a reload); its stale mark is cleared until someone sets it again. */
  readonly onDidShow = this.showed.event;

  constructor(private readonly extensionUri: vscode.Uri) {
    super();
    this._register(vscode.window.registerWebviewPanelSerializer(ResponsePanel.viewType, this));
  }

  get state(): PanelState | undefined {
    return this.current;
  }
  get visible(): boolean {
    return !!this.panel?.visible;
  }
  /** The editor group the panel is in (undefined: not open); a new editor for a request goes elsewhere. */
  get viewColumn(): vscode.ViewColumn | undefined {
    return this.panel?.viewColumn;
  }
  /** Why the preview shown no longer matches its file, if it does not. */
  get staleness(): Staleness | undefined {
    return this.stale;
  }

  /** Marks the preview shown as stale (or current again: undefined). */
  markStale(stale: Staleness | undefined): void {
    if (stale?.message === this.stale?.message) return;
    this.stale = stale;
    if (this.ready) this.post({ type: 'stale', stale });
  }

  /** Where the elements matching each selector sit and how they are painted, as drawn now (tests read it). */
  measure(selectors: string[]): Promise<Measured> {
    if (!this.panel || !this.ready) return Promise.reject(new Error('The response panel is not drawn yet.'));
    const id = ++this.measures;
    const answer = new Promise<Measured>((resolve, reject) => this.measuring.set(id, { resolve, reject }));
    this.post({ type: 'measure', id, selectors });
    return answer;
  }

  show(state: PanelState): void {
    this.current = state;
    this.stale = undefined;
    if (!this.panel) {
      const where = { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true };
      this.attach(vscode.window.createWebviewPanel(ResponsePanel.viewType, state.title, where, this.options()));
    } else {
      this.panel.title = state.title;
      this.panel.reveal(undefined, true);
    }
    if (this.ready) this.post({ type: 'state', state });
    this.showed.fire(state);
  }

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: PanelState | undefined): Promise<void> {
    this.current = state;
    this.stale = undefined;
    panel.webview.options = this.options();
    this.attach(panel);
    this.showed.fire(state);
  }

  private options(): vscode.WebviewOptions & vscode.WebviewPanelOptions {
    const roots = [vscode.Uri.joinPath(this.extensionUri, 'media'), vscode.Uri.joinPath(this.extensionUri, 'dist')];
    return { enableScripts: true, localResourceRoots: roots };
  }

  private attach(panel: vscode.WebviewPanel): void {
    this.panel = panel;
    this.ready = false;
    panel.webview.html = this.html(panel.webview);
    const subs = [
      panel.webview.onDidReceiveMessage((m: WebviewMessage) => this.receive(m)),
      panel.onDidDispose(() => {
        this.panel = undefined;
        this.ready = false;
        this.stale = undefined;
        for (const { reject } of this.measuring.values()) reject(new Error('The response panel was closed.'));
        this.measuring.clear();
        subs.forEach(s => s.dispose());
      }),
    ];
  }

  private receive(m: WebviewMessage): void {
    switch (m.type) {
      case 'ready':
        this.ready = true;
        if (this.current) this.post({ type: 'state', state: this.current });
        if (this.stale) this.post({ type: 'stale', stale: this.stale });
        break;
      case 'rendered':
        this.rendered.fire({ rows: m.rows, ms: m.ms, width: m.width, scrollWidth: m.scrollWidth });
        break;
      case 'measured':
        this.measuring.get(m.id)?.resolve({ boxes: m.boxes, page: m.page });
        this.measuring.delete(m.id);
        break;
      case 'copy': {
        const text = this.current && copied(this.current, m.what);
        if (text) void copy(text);
        break;
      }
      case 'command': {
        const { type: _type, ...request } = m;
        this.requested.fire(request);
        break;
      }
    }
  }

  private post(m: HostMessage): void {
    void this.panel?.webview.postMessage(m);
  }

  private html(webview: vscode.Webview): string {
    const nonce = randomNonce(16);
    const uri = (...p: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, ...p));
    const source = webview.cspSource;
    const csp =
      `default-src 'none'; style-src ${source}; font-src ${source}; img-src ${source}; ` +
      `script-src 'nonce-${nonce}';`;
    return `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${uri('dist', 'codicons', 'codicon.css')}">
<link rel="stylesheet" href="${uri('media', 'panel.css')}">
<link rel="stylesheet" href="${uri('media', 'invoices.css')}">
<link rel="stylesheet" href="${uri('media', 'comparison.css')}">
<title>Billing Workbench</title></head>
<body><main id="root" aria-live="polite"><p>Loading…</p></main>
<script nonce="${nonce}" src="${uri('dist', 'webview.js')}"></script></body></html>`;
  }

  override dispose(): void {
    this.panel?.dispose();
    super.dispose();
  }
}

/** What a Copy button of the panel copies from the state shown. */
function copied(s: PanelState, what: 'raw' | 'curl' | 'path'): string | undefined {
  switch (s.kind) {
    case 'operation':
      return what === 'path' ? s.operation.path : undefined;
    case 'response':
      if (what === 'raw') return s.raw;
      return what === 'curl' ? s.curl : undefined;
    case 'error':
      return what === 'raw' ? s.raw : undefined;
    case 'comparison':
      return undefined; // two answers: nothing single to copy
  }
}

async function copy(text: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage('Copied', 2000);
}
