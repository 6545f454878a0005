// Diagnostics for *.request.json: an unknown operation, and body fields (top-level or nested, such as
// charges[].amount) used outside their minor-version range for the chosen service-version, and previewType
// values of another range.
import * as vscode from 'vscode';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { findOperation } from '../catalog';
import { isRequestFile, parseRequestFile } from '../payloads';
import { checkVersionedFields } from '../schemas';
import type { Settings } from '../settings';
import { Disposable } from '../util/dispose';
import { DIAGNOSTIC_SOURCE } from './payloadDiagnostics';

export class RequestFileDiagnostics extends Disposable {
  private readonly collection = this._register(
    vscode.languages.createDiagnosticCollection('billingWorkbench.requests'),
  );

  constructor(private readonly settings: Settings) {
    super();
    const check = (d: vscode.TextDocument) => this.check(d);
    this._register(vscode.workspace.onDidOpenTextDocument(check));
    this._register(vscode.workspace.onDidChangeTextDocument(e => check(e.document)));
    this._register(vscode.workspace.onDidCloseTextDocument(d => this.collection.delete(d.uri)));
    this._register(
      settings.onDidChange(change => {
        if (change.serviceVersion) vscode.workspace.textDocuments.forEach(check);
      }),
    );
    vscode.workspace.textDocuments.forEach(check);
  }

  check(doc: vscode.TextDocument): vscode.Diagnostic[] {
    if (!isRequestFile(doc.uri.path)) return [];
    const text = doc.getText();
    const r = parseRequestFile(text);
    const out: vscode.Diagnostic[] = [];
    const [method, path] = (r.operation ?? '').split(' ');
    const tree = parseTree(text);
    const rangeOf = (p: (string | number)[]) => {
      const n = tree && findNodeAtLocation(tree, p);
      const key = n?.parent?.type === 'property' ? n.parent.children![0] : n;
      if (!key) return new vscode.Range(0, 0, 0, 1);
      return new vscode.Range(doc.positionAt(key.offset), doc.positionAt(key.offset + key.length));
    };
    if (!r.error && r.operation && !findOperation(method, path ?? '')) {
      const message = `Unknown operation "${r.operation}": use "METHOD /path" as listed in the Endpoints view.`;
      out.push(diag(rangeOf(['operation']), message, 'unknown-operation'));
    }
    for (const f of checkVersionedFields(r.body, r.operation ?? '', this.settings.values.serviceVersion)) {
      // nested fields too: charges[].comment
      out.push(diag(rangeOf(['body', ...f.path]), f.message, 'versioned-field'));
    }
    this.collection.set(doc.uri, out);
    return out;
  }
}

function diag(range: vscode.Range, message: string, code: string): vscode.Diagnostic {
  const d = new vscode.Diagnostic(range, message, vscode.DiagnosticSeverity.Error);
  d.source = DIAGNOSTIC_SOURCE;
  d.code = code;
  return d;
}
