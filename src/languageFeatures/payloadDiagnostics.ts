// Live diagnostics for *.order.json, *.preview.json and *.account.json: validated on open and change
// (debounced, only the latest run published), cleared on close. Validator faults are logged, never thrown.
// Each run keeps the parsed payload with its findings, so an action on the same version reads nothing again.
import * as vscode from 'vscode';
import { parsePayload, type ParsedPayload } from '../payloads';
import { CATEGORY_NAMES, formatPath, kindFromFileName, type Finding, type PayloadKind } from '../schemas';
import type { Settings } from '../settings';
import { Disposable } from '../util/dispose';

export const DIAGNOSTIC_SOURCE = 'Billing Workbench';

export function payloadKind(doc: vscode.TextDocument): PayloadKind | undefined {
  return kindFromFileName(doc.uri.path);
}

const NOTHING: ParsedPayload = { value: undefined, findings: [] };

export class PayloadDiagnostics extends Disposable {
  private readonly collection = this._register(vscode.languages.createDiagnosticCollection('billingWorkbench'));
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** The parsed payloads behind the published diagnostics, per document, with their version. */
  private readonly runs = new Map<string, { version: number; parsed: ParsedPayload }>();

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly docsUri: vscode.Uri,
    private readonly settings: Settings,
  ) {
    super();
    this._register(vscode.workspace.onDidOpenTextDocument(d => this.schedule(d, 0)));
    this._register(vscode.workspace.onDidChangeTextDocument(e => this.schedule(e.document)));
    this._register(vscode.workspace.onDidCloseTextDocument(d => this.clear(d.uri)));
    for (const d of vscode.workspace.textDocuments) this.schedule(d, 0);
  }

  /** The findings of this version of `doc`; validated now when the debounced run has not reached it yet. */
  findingsFor(doc: vscode.TextDocument): Finding[] {
    return this.parsed(doc).findings;
  }

  /** This version of `doc`, parsed and checked (at most once per version). */
  parsed(doc: vscode.TextDocument): ParsedPayload {
    const run = this.runs.get(doc.uri.toString());
    return run && run.version === doc.version ? run.parsed : this.validate(doc);
  }

  /** Validate now and publish; returns the findings. */
  refresh(doc: vscode.TextDocument): Finding[] {
    return this.validate(doc).findings;
  }

  private validate(doc: vscode.TextDocument): ParsedPayload {
    const kind = payloadKind(doc);
    if (!kind) return NOTHING;
    let parsed: ParsedPayload;
    try {
      parsed = parsePayload(doc.getText(), kind);
    } catch (e) {
      this.log.error(`validator failed on ${doc.uri.toString(true)}: ${e instanceof Error ? e.stack : String(e)}`);
      return NOTHING;
    }
    this.runs.set(doc.uri.toString(), { version: doc.version, parsed });
    this.collection.set(
      doc.uri,
      parsed.findings.map(f => this.toDiagnostic(doc, f)),
    );
    return parsed;
  }

  private schedule(doc: vscode.TextDocument, delay?: number): void {
    if (!payloadKind(doc)) return;
    const key = doc.uri.toString();
    clearTimeout(this.timers.get(key));
    const version = doc.version;
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        if (!doc.isClosed && doc.version === version) this.validate(doc); // a newer change has its own timer
      }, delay ?? this.settings.values.debounceMs),
    );
  }

  private clear(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.runs.delete(key);
    this.collection.delete(uri);
  }

  private toDiagnostic(doc: vscode.TextDocument, f: Finding): vscode.Diagnostic {
    const range = new vscode.Range(doc.positionAt(f.offset), doc.positionAt(f.offset + f.length));
    const severity = f.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning;
    const where = f.path.length ? ` (${formatPath(f.path)})` : '';
    const message = `${f.message}${where} — service category ${f.category}: ${CATEGORY_NAMES[f.category]}`;
    const d = new vscode.Diagnostic(range, message, severity);
    d.source = DIAGNOSTIC_SOURCE;
    d.code = { value: f.code, target: this.docsUri.with({ fragment: f.code }) };
    return d;
  }

  override dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    super.dispose();
  }
}
