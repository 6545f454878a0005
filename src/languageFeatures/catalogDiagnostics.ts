// Warnings for plans and prices the active connection's catalog does not know, in a collection of their
// own (source "Billing Workbench (catalog)"): checked on open and change (debounced), and again when a
// catalog arrives or the connection changes. Never an error: the catalog may be out of date. A payload
// that names no plan or price never fetches the catalog.
import * as vscode from 'vscode';
import { checkCatalog, mentionsCatalog, type CatalogFinding } from '../products';
import type { ProductCatalogs } from '../services/productCatalog';
import type { Settings } from '../settings';
import { Disposable } from '../util/dispose';
import { DocumentDebounce } from '../util/documentDebounce';
import { namesCatalog } from './catalogFields';

export const CATALOG_DIAGNOSTIC_SOURCE = 'Billing Workbench (catalog)';

export class CatalogDiagnostics extends Disposable {
  private readonly collection = this._register(vscode.languages.createDiagnosticCollection('billingWorkbench.catalog'));
  private readonly debounce = this._register(
    new DocumentDebounce(
      d => this.check(d),
      () => this.settings.values.debounceMs,
    ),
  );
  /** The findings behind the published diagnostics, per document version (the quick fixes read them). */
  private readonly runs = new Map<string, { version: number; findings: CatalogFinding[] }>();

  constructor(
    private readonly catalogs: ProductCatalogs,
    private readonly settings: Settings,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this._register(vscode.workspace.onDidOpenTextDocument(d => this.schedule(d, 0)));
    this._register(vscode.workspace.onDidChangeTextDocument(e => this.schedule(e.document)));
    this._register(vscode.workspace.onDidCloseTextDocument(d => this.clear(d.uri)));
    this._register(catalogs.onDidChange(() => vscode.workspace.textDocuments.forEach(d => this.schedule(d, 0))));
    for (const d of vscode.workspace.textDocuments) this.schedule(d, 0);
  }

  /** The catalog findings of this version of `doc` (none when it was not checked at this version). */
  findingsFor(doc: vscode.TextDocument): CatalogFinding[] {
    const run = this.runs.get(doc.uri.toString());
    return run?.version === doc.version ? run.findings : [];
  }

  private check(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    const text = doc.getText();
    if (!mentionsCatalog(text)) return this.publish(doc, []);
    const { value: catalog, connection } = this.catalogs.peek();
    if (!catalog) return this.publish(doc, []); // checked again when it arrives
    try {
      this.publish(doc, checkCatalog(text, catalog, connection.name));
    } catch (e) {
      this.log.error(`catalog check failed on ${key}: ${e instanceof Error ? e.stack : String(e)}`);
    }
  }

  private publish(doc: vscode.TextDocument, findings: CatalogFinding[]): void {
    this.runs.set(doc.uri.toString(), { version: doc.version, findings });
    this.collection.set(
      doc.uri,
      findings.map(f => {
        const range = new vscode.Range(doc.positionAt(f.offset), doc.positionAt(f.offset + f.length));
        const d = new vscode.Diagnostic(range, f.message, vscode.DiagnosticSeverity.Warning);
        d.source = CATALOG_DIAGNOSTIC_SOURCE;
        d.code = f.code;
        return d;
      }),
    );
  }

  private schedule(doc: vscode.TextDocument, delay?: number): void {
    if (namesCatalog(doc)) this.debounce.schedule(doc, delay);
  }

  private clear(uri: vscode.Uri): void {
    this.debounce.cancel(uri);
    this.runs.delete(uri.toString());
    this.collection.delete(uri);
  }
}
