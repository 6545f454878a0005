// Preview | Create | Validate over order and preview files; Create Account over account files; Send over
// request files. After a preview, the totals join the top line and each subscription and line item shows
// its own figures (inlineMetrics.ts); they update whenever the preview history records this document.
import * as vscode from 'vscode';
import { COMMANDS, commandFor, type CommandId } from '../commands/ids';
import { isRequestFile, isV1OrderOperation, parseRequestFile } from '../payloads';
import { kindFromFileName } from '../schemas';
import type { PreviewHistory } from '../services/previewHistory';
import { Disposable } from '../util/dispose';
import { entryLenses, totalsLens } from './inlineMetrics';

/** How long the lenses wait for a live preview in flight: past it they show what they have (and change later). */
const LIVE_WAIT_MS = 400;

export class PayloadCodeLens extends Disposable implements vscode.CodeLensProvider {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeCodeLenses = this.changed.event;
  /** Per document: lens requests now waiting for its live preview (they will answer with its figures). */
  private readonly waiting = new Map<string, number>();

  constructor(
    private readonly history: PreviewHistory,
    /** The live preview of a typing pause, which the lenses asked for after it may wait for (its figures). */
    private readonly live?: { settled(source: string, version: number, withinMs: number): Promise<void> | undefined },
  ) {
    super();
    // A request waiting for this preview answers with its figures: saying "changed" then would only make VS Code
    // put off its next request (each change re-arms its timer) and ask again 250 ms later for the same lenses.
    this._register(
      history.onDidRecord(r => {
        if (!this.waiting.get(r.source)) this.changed.fire();
      }),
    );
  }

  /**
   * VS Code asks for the lenses 250 ms after an edit at the soonest (its debounce: the mean time our answers
   * took, at least 250 ms), and again no sooner than that after we say they changed. A live preview of the same
   * text lands at about that time: the first ask waits for it (at most LIVE_WAIT_MS), so its figures are drawn
   * with the panel's, not a debounce later. Waits stay short, so the debounce stays at its 250 ms.
   */
  async provideCodeLenses(doc: vscode.TextDocument, token?: vscode.CancellationToken): Promise<vscode.CodeLens[]> {
    const source = doc.uri.toString();
    const waiting = this.live?.settled(source, doc.version, LIVE_WAIT_MS);
    if (waiting) {
      this.waiting.set(source, (this.waiting.get(source) ?? 0) + 1);
      try {
        await waiting;
      } finally {
        const n = (this.waiting.get(source) ?? 1) - 1;
        if (n > 0) this.waiting.set(source, n);
        else this.waiting.delete(source);
      }
      if (token?.isCancellationRequested) {
        this.changed.fire(); // this answer is dropped: the next request draws the figures
        return [];
      }
    }
    return this.lenses(doc);
  }

  private lenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    const top = new vscode.Range(0, 0, 0, 0);
    const lens = (title: string, id: CommandId) => new vscode.CodeLens(top, commandFor(id, title, doc.uri));
    const orderLenses = (bodyPath: string[]) => {
      const record = this.history.latest(doc.uri.toString());
      const stale = !!record && this.history.isStale(doc, record);
      return [
        // The actions first: the figures are long, and a narrow editor cuts the line's end, never an action.
        lens('$(graph-line) Preview', COMMANDS.preview),
        lens('$(add) Create', COMMANDS.create),
        lens('$(check) Validate', COMMANDS.validateFile),
        ...(record ? [totalsLens(record, top, stale)] : []),
        ...(record ? entryLenses(doc, record, bodyPath, stale) : []),
      ];
    };
    if (isRequestFile(doc.uri.path)) {
      const r = parseRequestFile(doc.getText());
      // A v1 order or order preview previews and creates like an order file; any other request is sent.
      if (isV1OrderOperation(r.operation)) return orderLenses(['body']);
      return [lens(r.operation ? `$(play) Send ${r.operation}` : '$(play) Send', COMMANDS.sendRequestFile)];
    }
    switch (kindFromFileName(doc.uri.path)) {
      case 'order':
      case 'preview':
        return orderLenses([]);
      case 'account':
        return [
          lens('$(person-add) Create Account', COMMANDS.createAccount),
          lens('$(check) Validate', COMMANDS.validateFile),
        ];
      default:
        return [];
    }
  }
}
