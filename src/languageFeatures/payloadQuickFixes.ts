// Quick fixes for findings that carry a fix hint, filtered by the diagnostic's code. A misspelt field
// offers "Rename to `x`" (preferred) and "Remove".
import * as vscode from 'vscode';
import { quickFixesFor, FINDING_CODES, type QuickFix } from '../schemas';
import { DIAGNOSTIC_SOURCE, type PayloadDiagnostics } from './payloadDiagnostics';

export class PayloadQuickFixes implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];
  constructor(private readonly diagnostics: PayloadDiagnostics) {}

  provideCodeActions(
    doc: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    const ours = context.diagnostics.filter(d => d.source === DIAGNOSTIC_SOURCE);
    if (!ours.length) return [];
    const findings = this.diagnostics.findingsFor(doc);
    const text = doc.getText();
    const actions: vscode.CodeAction[] = [];
    for (const diag of ours) {
      const code = typeof diag.code === 'object' ? String(diag.code.value) : String(diag.code);
      if (!(code in FINDING_CODES)) continue;
      const start = doc.offsetAt(diag.range.start),
        end = doc.offsetAt(diag.range.end);
      const finding = findings.find(f => f.code === code && start === f.offset && end === f.offset + f.length);
      if (!finding) continue;
      const fixes = quickFixesFor(text, finding, { insertSpaces: true, tabSize: 2 }).filter(f => f.edits.length);
      fixes.forEach((fix, i) => actions.push(toAction(doc, diag, fix, i === 0)));
    }
    return actions;
  }
}

function toAction(doc: vscode.TextDocument, diag: vscode.Diagnostic, fix: QuickFix, preferred: boolean) {
  const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
  action.diagnostics = [diag];
  action.isPreferred = preferred;
  action.edit = new vscode.WorkspaceEdit();
  for (const e of fix.edits) {
    const range = new vscode.Range(doc.positionAt(e.offset), doc.positionAt(e.offset + e.length));
    action.edit.replace(doc.uri, range, e.content);
  }
  return action;
}
