// The last preview of each document (per window): what it answered, for which content of the file (the body it
// sent), on which connection, and what changed since the preview shown before the edit began (core's
// PreviewBaselines). The panel, its stale mark and the inline metrics listen to it; "edited since preview" is
// a question of content, so a file identical to its last preview (after Send Again, an undo) is not stale.
import * as vscode from 'vscode';
import { PreviewBaselines, type BillingDocument, type PreviewChange, type PreviewSummary } from '../client';
import { Disposable } from '../util/dispose';

export interface PreviewRecord {
  /** The document's URI. */
  source: string;
  /** The document version that was previewed (undefined: not known, e.g. sent again from History). */
  version?: number;
  /** What was previewed: previewContent of the body sent. */
  content: string;
  /** The connection's name. */
  connection: string;
  summary: PreviewSummary;
  /** The answer's billing documents, when the preview asked for them (the CodeLens shows the first invoice). */
  documents?: BillingDocument[];
  /** The change since the preview shown before the current edit began, if there was one. */
  change?: PreviewChange;
  /** When it was answered (ms since the epoch). */
  at: number;
}

/**
 * The content a document would preview now (previewContent of its body); undefined when it has none; null when
 * `parse` is false and this version of the text has not been parsed yet.
 */
export type ContentOf = (doc: vscode.TextDocument, parse: boolean) => string | undefined | null;

export class PreviewHistory extends Disposable {
  private readonly last = new Map<string, PreviewRecord>();
  private _baselines: PreviewBaselines | undefined; // a lazy bundle: loaded with the first preview
  private get baselines(): PreviewBaselines {
    return (this._baselines ??= new PreviewBaselines());
  }
  private readonly recorded = this._register(new vscode.EventEmitter<PreviewRecord>());
  /** A document got a new preview. */
  readonly onDidRecord = this.recorded.event;

  constructor(private readonly contentOf: ContentOf) {
    super();
    this._register(
      vscode.workspace.onDidChangeTextDocument(e => {
        const source = e.document.uri.toString();
        if (e.contentChanges.length && this.last.has(source)) this.baselines.edited(source);
      }),
    );
  }

  /** Keeps the document's new preview; returns it with the change since the edit's baseline, if any. */
  record(r: Omit<PreviewRecord, 'change' | 'at'>): PreviewRecord {
    const change = this.baselines.shown(r.source, r.summary, r.content);
    const record: PreviewRecord = { ...r, ...(change ? { change } : {}), at: Date.now() };
    this.last.set(r.source, record);
    this.recorded.fire(record);
    return record;
  }

  /** The document's last preview, if any. */
  latest(source: string): PreviewRecord | undefined {
    return this.last.get(source);
  }

  /**
   * The document's last preview was of other content than the document holds now (or it holds none). With
   * `parse` false a text not parsed yet is judged by version (a keystroke is not worth a parse and its squiggles).
   */
  isStale(doc: vscode.TextDocument, record: PreviewRecord, { parse } = { parse: true }): boolean {
    const content = this.contentOf(doc, parse);
    return content === null ? record.version !== doc.version : content !== record.content;
  }

  /** The document's last preview, if it previewed what the document holds now on `connection`. */
  current(doc: vscode.TextDocument, connection: string): PreviewRecord | undefined {
    const r = this.last.get(doc.uri.toString());
    return r && r.connection === connection && !this.isStale(doc, r) ? r : undefined;
  }

  forget(source: string): void {
    this.last.delete(source);
    this._baselines?.forget(source);
  }
}
