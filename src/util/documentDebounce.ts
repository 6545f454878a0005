// One timer per document, shared by the live checks (payload, catalog and scenario diagnostics): a change
// re-arms the document's timer, and a run is for the version it was armed for (a newer change has its own).
import type * as vscode from 'vscode';

export class DocumentDebounce implements vscode.Disposable {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly run: (doc: vscode.TextDocument) => void,
    private readonly delayMs: () => number,
  ) {}

  /** Runs `doc` after the delay (`delay` overrides it: 0 on open) unless it changes or closes first. */
  schedule(doc: vscode.TextDocument, delay?: number): void {
    const key = doc.uri.toString();
    clearTimeout(this.timers.get(key));
    const version = doc.version;
    const timer = setTimeout(() => {
      this.timers.delete(key);
      if (!doc.isClosed && doc.version === version) this.run(doc);
    }, delay ?? this.delayMs());
    this.timers.set(key, timer);
  }

  cancel(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
