// Live diagnostics for *.order.json, *.preview.json, *.account.json and *.request.json: validated on open and
// change (debounced, only the latest run published), cleared on close; request files again when the
// service-version setting changes (their versioned fields depend on it). Validator faults are logged, never thrown.
// Each run keeps the parsed payload with its findings, so an action on the same version reads nothing again.
import * as vscode from 'vscode';
import { isRequestFile, parsePayload, parseRequest, type ParsedPayload } from '../payloads';
import { CATEGORY_NAMES, kindFromFileName, type Finding, type PayloadKind } from '../schemas';
import type { Settings } from '../settings';
import { Disposable } from '../util/dispose';
import { DocumentDebounce } from '../util/documentDebounce';
import { findingDiagnostic } from './findingDiagnostic';

export { DIAGNOSTIC_SOURCE } from './findingDiagnostic';

export function payloadKind(doc: vscode.TextDocument): PayloadKind | undefined {
  return kindFromFileName(doc.uri.path);
}

/** Whether this document is checked here: a payload file or a request file. */
export function isCheckedFile(doc: vscode.TextDocument): boolean {
  return payloadKind(doc) !== undefined || isRequestFile(doc.uri.path);
}

const NOTHING: ParsedPayload = { value: undefined, findings: [] };

export class PayloadDiagnostics extends Disposable {
  private readonly collection = this._register(vscode.languages.createDiagnosticCollection('billingWorkbench'));
  private readonly debounce = this._register(
    new DocumentDebounce(
      d => this.validate(d),
      () => this.settings.values.debounceMs,
    ),
  );
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
    this._register(
      settings.onDidChange(change => {
        if (change.serviceVersion)
          vscode.workspace.textDocuments.filter(d => isRequestFile(d.uri.path)).forEach(d => this.schedule(d, 0));
      }),
    );
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

  /** This version of `doc` parsed if a run reached it, else undefined: never validates (nor publishes) early. */
  parsedIfDone(doc: vscode.TextDocument): ParsedPayload | undefined {
    const run = this.runs.get(doc.uri.toString());
    return run && run.version === doc.version ? run.parsed : undefined;
  }

  /** Validate now and publish; returns the findings. */
  refresh(doc: vscode.TextDocument): Finding[] {
    return this.validate(doc).findings;
  }

  private validate(doc: vscode.TextDocument): ParsedPayload {
    const kind = payloadKind(doc);
    const request = !kind && isRequestFile(doc.uri.path);
    if (!kind && !request) return NOTHING;
    let parsed: ParsedPayload;
    try {
      const text = doc.getText();
      parsed = kind
        ? parsePayload(text, kind)
        : parseRequest(text, { serviceVersion: this.settings.values.serviceVersion });
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
    if (isCheckedFile(doc)) this.debounce.schedule(doc, delay);
  }

  private clear(uri: vscode.Uri): void {
    this.debounce.cancel(uri);
    this.runs.delete(uri.toString());
    this.collection.delete(uri);
  }

  private toDiagnostic(doc: vscode.TextDocument, f: Finding): vscode.Diagnostic {
    // A request file's warnings are what the service reads anyway (a v1 unknown field): no category to cite;
    // nor has the count of findings not listed (more-findings) one of its own.
    if ((f.severity === 'warning' && isRequestFile(doc.uri.path)) || f.omitted)
      return findingDiagnostic(doc, f, this.docsUri);
    return findingDiagnostic(doc, f, this.docsUri, ` — service category ${f.category}: ${CATEGORY_NAMES[f.category]}`);
  }
}
