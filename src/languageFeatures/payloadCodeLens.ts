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

  constructor(
    private readonly history: PreviewHistory,
    /** The live preview of a typing pause, which the lenses asked for after it may wait for (its figures). */
    private readonly live?: { settled(source: string, version: number, withinMs: number): Promise<void> | undefined },
  ) {
    super();
    this._register(history.onDidRecord(() => this.changed.fire()));
  }

  /**
   * VS Code asks for the lenses about 250 ms after an edit, and again no sooner than 250 ms after we say they
   * changed. A live preview of the same text lands at about that time: the first ask waits for it (at most
   * LIVE_WAIT_MS), so its figures show at once instead of a second 250 ms later.
   */
  async provideCodeLenses(doc: vscode.TextDocument, token?: vscode.CancellationToken): Promise<vscode.CodeLens[]> {
    const waiting = this.live?.settled(doc.uri.toString(), doc.version, LIVE_WAIT_MS);
    if (waiting) {
      await waiting;
      if (token?.isCancellationRequested) return [];
    }
    return this.lenses(doc);
  }

  private lenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    const top = new vscode.Range(0, 0, 0, 0);
    const lens = (title: string, id: CommandId) => new vscode.CodeLens(top, commandFor(id, title, doc.uri));
    const orderLenses = (bodyPath: string[]) => {
      const record = this.history.latest(doc.uri.toString());
      return [
        // The actions first: the figures are long, and a narrow editor cuts the line's end, never an action.
        lens('$(graph-line) Preview', COMMANDS.preview),
        lens('$(add) Create', COMMANDS.create),
        lens('$(check) Validate', COMMANDS.validateFile),
        ...(record ? [totalsLens(doc, record, top)] : []),
        ...(record ? entryLenses(doc, record, bodyPath) : []),
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
