// Live diagnostics for *.order.json, *.preview.json and *.account.json: validated on open and change
// (debounced, only the latest run published), cleared on close. Validator faults are logged, never thrown.
import * as vscode from 'vscode';
import { CATEGORY_NAMES, formatPath, kindFromFileName, validate, type Finding, type PayloadKind } from '../schemas';
import { Disposable } from '../util/dispose';

export const DIAGNOSTIC_SOURCE = 'Billing Workbench';

export function payloadKind(doc: vscode.TextDocument): PayloadKind | undefined {
  return kindFromFileName(doc.uri.path);
}

export class PayloadDiagnostics extends Disposable {
  private readonly collection = this._register(vscode.languages.createDiagnosticCollection('billingWorkbench'));
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** The findings behind the published diagnostics, for quick fixes. */
  private readonly findings = new Map<string, { version: number; findings: Finding[] }>();

  constructor(private readonly log: vscode.LogOutputChannel, private readonly docsUri: vscode.Uri) {
    super();
    this._register(vscode.workspace.onDidOpenTextDocument(d => this.schedule(d, 0)));
    this._register(vscode.workspace.onDidChangeTextDocument(e => this.schedule(e.document)));
    this._register(vscode.workspace.onDidCloseTextDocument(d => this.clear(d.uri)));
    for (const d of vscode.workspace.textDocuments) this.schedule(d, 0);
  }

  /** Findings for the document as last validated, if still current. */
  /** The findings of this version of `doc`; validated now when the debounced run has not reached it yet. */
  findingsFor(doc: vscode.TextDocument): Finding[] {
    const entry = this.findings.get(doc.uri.toString());
    return entry && entry.version === doc.version ? entry.findings : this.refresh(doc);
  }

  /** Validate now and publish; returns the findings. */
  refresh(doc: vscode.TextDocument): Finding[] {
    const kind = payloadKind(doc);
    if (!kind) return [];
    const text = doc.getText();
    let findings: Finding[];
    try {
      findings = text.trim() === '' ? [] : validate(text, kind); // a blank new file is not a mistake yet
    } catch (e) {
      this.log.error(`validator failed on ${doc.uri.toString(true)}: ${e instanceof Error ? e.stack : String(e)}`);
      return [];
    }
    this.findings.set(doc.uri.toString(), { version: doc.version, findings });
    this.collection.set(doc.uri, findings.map(f => this.toDiagnostic(doc, f)));
    return findings;
  }

  private schedule(doc: vscode.TextDocument, delay?: number): void {
    if (!payloadKind(doc)) return;
    const key = doc.uri.toString();
    clearTimeout(this.timers.get(key));
    const ms = delay ?? vscode.workspace.getConfiguration('billingWorkbench').get<number>('validation.debounceMs', 250);
    const version = doc.version;
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      if (!doc.isClosed && doc.version === version) this.refresh(doc); // a newer change has its own timer
    }, ms));
  }

  private clear(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.findings.delete(key);
    this.collection.delete(uri);
  }

  private toDiagnostic(doc: vscode.TextDocument, f: Finding): vscode.Diagnostic {
    const range = new vscode.Range(doc.positionAt(f.offset), doc.positionAt(f.offset + f.length));
    const severity = f.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning;
    const where = f.path.length ? ` (${formatPath(f.path)})` : '';
    const d = new vscode.Diagnostic(range, `${f.message}${where} — service category ${f.category}: ${CATEGORY_NAMES[f.category]}`, severity);
    d.source = DIAGNOSTIC_SOURCE;
    d.code = { value: f.code, target: this.docsUri.with({ fragment: f.code }) };
    return d;
  }

  override dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    super.dispose();
  }
}
