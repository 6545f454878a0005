// Marks the preview in the response panel as stale when its file's content changed since the preview (the body
// it would send: PreviewHistory.isStale), or now has errors, so nobody reads old totals as current. Listens only for the shown preview's document; a new
// preview (a new panel state) clears the mark.
import * as vscode from 'vscode';
import { DIAGNOSTIC_SOURCE } from '../languageFeatures/payloadDiagnostics';
import { Disposable } from '../util/dispose';
import type { ResponsePanel } from '../views/responsePanel';
import type { Staleness } from '../webview/protocol';
import type { PreviewHistory } from './previewHistory';

export class PanelStaleness extends Disposable {
  constructor(
    private readonly panel: ResponsePanel,
    private readonly history: () => PreviewHistory,
  ) {
    super();
    this._register(panel.onDidShow(() => this.check()));
    this._register(
      vscode.workspace.onDidChangeTextDocument(e => {
        // Marked at once by version (no parse per keystroke); the diagnostics' run, just after, checks content.
        if (e.contentChanges.length && e.document.uri.toString() === this.source) this.check(false);
      }),
    );
    this._register(
      vscode.languages.onDidChangeDiagnostics(e => {
        if (e.uris.some(u => u.toString() === this.source)) this.check();
      }),
    );
  }

  /** The document of the preview shown, if the panel shows a preview. */
  private get source(): string | undefined {
    const s = this.panel.state;
    return s?.kind === 'response' && s.summary ? s.source : undefined;
  }

  private check(byContent = true): void {
    const source = this.source;
    const doc = source && vscode.workspace.textDocuments.find(d => d.uri.toString() === source);
    const record = source ? this.history().latest(source) : undefined;
    if (!doc || !record) return this.panel.markStale(undefined);
    const stale = byContent ? this.history().isStale(doc, record) : record.version !== doc.version;
    this.panel.markStale(staleness(stale, errorCount(doc.uri)));
  }
}

/** Stale once the content moved on from the previewed one; errors in the new text are said first. */
export function staleness(stale: boolean, errors: number): Staleness | undefined {
  if (!stale) return undefined;
  if (errors > 0) {
    const message = `Stale: the file now has ${errors} error${errors === 1 ? '' : 's'}`;
    return { message, hint: `Fix ${errors === 1 ? 'it' : 'them'} (Problems), then Preview Again.` };
  }
  return { message: 'Stale: the file changed since this preview', hint: 'Preview Again for its figures.' };
}

const errorCount = (uri: vscode.Uri) =>
  vscode.languages
    .getDiagnostics(uri)
    .filter(d => d.source === DIAGNOSTIC_SOURCE && d.severity === vscode.DiagnosticSeverity.Error).length;
