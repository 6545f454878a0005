// The figures of the document's last preview, in the payload itself: the totals at the end of the first line, and
// each subscription's and line item's delta MRR and TCB at the end of the line of its opening brace. Inlay hints
// rather than CodeLens: VS Code draws a CodeLens's new text only after its own resolve pause (250 ms and more,
// after the 250 ms before it asks), so a lens showed the figures of a live preview about half a second after the
// panel; an inlay hint is asked for 25 ms after we say it changed. VS Code cuts inlay hints at 43 characters
// (editor.inlayHints.maximumLength): package.json lifts that for the payload language. When the content has
// changed since the preview (the body it would send, not the editor's version: an undo back to it is no
// change), the figures say so ("was …", "edited since preview") until the next preview replaces them.
import * as vscode from 'vscode';
import { isRequestFile, isV1OrderOperation, metricsAt, metricsLabel, parseRequestFile, totalsLabel } from '../payloads';
import { kindFromFileName } from '../schemas';
import type { PreviewHistory, PreviewRecord } from '../services/previewHistory';
import { Disposable } from '../util/dispose';

export class InlineMetrics extends Disposable implements vscode.InlayHintsProvider {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeInlayHints = this.changed.event;

  constructor(
    private readonly history: PreviewHistory,
    /** A typing pause whose content was just previewed sends nothing: its figures are current again. */
    live?: { onDidStep: vscode.Event<{ step: string }> },
  ) {
    super();
    this._register(history.onDidRecord(() => this.changed.fire()));
    if (live) this._register(live.onDidStep(e => e.step === 'unchanged' && this.changed.fire()));
  }

  provideInlayHints(doc: vscode.TextDocument): vscode.InlayHint[] {
    const record = this.history.latest(doc.uri.toString());
    const bodyPath = record && figuresPath(doc);
    if (!record || !bodyPath) return [];
    // While the text is new (no parse of it yet), a changed version is stale: nothing is parsed per keystroke.
    const stale = this.history.isStale(doc, record, { parse: false });
    const tip = tooltip(record, stale);
    const hint = (line: number, label: string) => {
      const h = new vscode.InlayHint(doc.lineAt(line).range.end, label);
      h.paddingLeft = true;
      h.tooltip = tip;
      return h;
    };
    const totals = totalsLabel(record.summary.totals, record.documents);
    return [
      hint(0, stale ? `${totals} (edited since preview)` : totals),
      ...metricsAt(doc.getText(), record.summary, bodyPath).map(m =>
        hint(doc.positionAt(m.offset).line, `${m.list}[${m.index}]: ${stale ? 'was ' : ''}${metricsLabel(m.sums)}`),
      ),
    ];
  }
}

/** Where the order's body sits in the file (a v1 order request file: under "body"); undefined: no figures here. */
function figuresPath(doc: vscode.TextDocument): string[] | undefined {
  if (isRequestFile(doc.uri.path))
    return isV1OrderOperation(parseRequestFile(doc.getText()).operation) ? ['body'] : undefined;
  const kind = kindFromFileName(doc.uri.path);
  return kind === 'order' || kind === 'preview' ? [] : undefined;
}

function tooltip(record: PreviewRecord, stale: boolean): string {
  const billed = record.documents?.length
    ? ` and its first invoice (of ${record.documents.length} billing documents)`
    : '';
  const what = `Delta MRR and TCB (net)${billed} from the preview on ${record.connection} at ${new Date(record.at).toLocaleTimeString()}.`;
  return stale ? `${what} The text has changed since: preview again to update.` : what;
}
