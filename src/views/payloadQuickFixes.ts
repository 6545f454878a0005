// Quick fixes for findings that carry a fix hint, filtered by the diagnostic's code.
import * as vscode from 'vscode';
import { quickFixFor, FINDING_CODES } from '../schemas';
import { DIAGNOSTIC_SOURCE, type PayloadDiagnostics } from './payloadDiagnostics';

export class PayloadQuickFixes implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];
  constructor(private readonly diagnostics: PayloadDiagnostics) {}

  provideCodeActions(doc: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const ours = context.diagnostics.filter(d => d.source === DIAGNOSTIC_SOURCE);
    if (!ours.length) return [];
    const findings = this.diagnostics.findingsFor(doc);
    const text = doc.getText();
    const actions: vscode.CodeAction[] = [];
    for (const diag of ours) {
      const code = typeof diag.code === 'object' ? String(diag.code.value) : String(diag.code);
      if (!(code in FINDING_CODES)) continue;
      const finding = findings.find(f => f.code === code && doc.offsetAt(diag.range.start) === f.offset && doc.offsetAt(diag.range.end) === f.offset + f.length);
      const fix = finding && quickFixFor(text, finding, { insertSpaces: true, tabSize: 2 });
      if (!fix || !fix.edits.length) continue;
      const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
      action.diagnostics = [diag];
      action.isPreferred = true;
      action.edit = new vscode.WorkspaceEdit();
      for (const e of fix.edits) action.edit.replace(doc.uri, new vscode.Range(doc.positionAt(e.offset), doc.positionAt(e.offset + e.length)), e.content);
      actions.push(action);
    }
    return actions;
  }
}
