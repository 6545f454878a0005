// *.request.json: a request for any catalog operation, sent with the CodeLens above it:
//   { "operation": "POST /v1/subscriptions", "pathParams": {}, "query": {}, "body": { ... } }
// Diagnostics flag body fields (top-level or nested, such as charges[].amount) used outside their minor-version
// range for the chosen service-version, and previewType values of another range.
import * as vscode from 'vscode';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { findOperation } from '../catalog';
import { checkVersionedFields } from '../schemas';
import { settings } from '../settings';
import { Disposable } from '../util/dispose';

export interface RequestFile { operation?: string; pathParams?: Record<string, string>; query?: Record<string, string>; body?: unknown; error?: string }

export function parseRequestFile(text: string): RequestFile {
  try {
    const v = JSON.parse(text) as RequestFile;
    if (!v || typeof v !== 'object') return { error: 'A request file is a JSON object with "operation" and "body".' };
    return v;
  } catch (e) {
    return { error: `Not valid JSON: ${(e as Error).message}` };
  }
}

export function requestFileText(operationId: string, pathParams: Record<string, string>, query: Record<string, string>, body: unknown = {}): string {
  return JSON.stringify({ operation: operationId, pathParams, query, body }, null, 2) + '\n';
}

export class RequestFileDiagnostics extends Disposable {
  private readonly collection = this._register(vscode.languages.createDiagnosticCollection('billingWorkbench.requests'));
  constructor() {
    super();
    const check = (d: vscode.TextDocument) => this.check(d);
    this._register(vscode.workspace.onDidOpenTextDocument(check));
    this._register(vscode.workspace.onDidChangeTextDocument(e => check(e.document)));
    this._register(vscode.workspace.onDidCloseTextDocument(d => this.collection.delete(d.uri)));
    this._register(vscode.workspace.onDidChangeConfiguration(e => { if (e.affectsConfiguration('billingWorkbench.serviceVersion')) vscode.workspace.textDocuments.forEach(check); }));
    vscode.workspace.textDocuments.forEach(check);
  }

  check(doc: vscode.TextDocument): vscode.Diagnostic[] {
    if (!/\.request\.json$/i.test(doc.uri.path)) return [];
    const text = doc.getText();
    const r = parseRequestFile(text);
    const out: vscode.Diagnostic[] = [];
    const [method, path] = (r.operation ?? '').split(' ');
    const tree = parseTree(text);
    const rangeOf = (p: (string | number)[]) => {
      const n = tree && findNodeAtLocation(tree, p);
      const key = n?.parent?.type === 'property' ? n.parent.children![0] : n;
      return key ? new vscode.Range(doc.positionAt(key.offset), doc.positionAt(key.offset + key.length)) : new vscode.Range(0, 0, 0, 1);
    };
    if (!r.error && r.operation && !findOperation(method, path ?? '')) {
      out.push(diag(rangeOf(['operation']), `Unknown operation "${r.operation}": use "METHOD /path" as listed in the Endpoints view.`, 'unknown-operation'));
    }
    for (const f of checkVersionedFields(r.body, r.operation ?? '', settings().serviceVersion)) {
      out.push(diag(rangeOf(['body', ...f.path]), f.message, 'versioned-field')); // nested fields too: charges[].comment
    }
    this.collection.set(doc.uri, out);
    return out;
  }
}

function diag(range: vscode.Range, message: string, code: string): vscode.Diagnostic {
  const d = new vscode.Diagnostic(range, message, vscode.DiagnosticSeverity.Error);
  d.source = 'Billing Workbench';
  d.code = code;
  return d;
}
