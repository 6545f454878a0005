// Quick fixes for catalog warnings: replace the id with one of the closest the catalog knows (the nearest
// preferred), or refresh the catalog when it may be out of date.
import * as vscode from 'vscode';
import { COMMANDS, commandFor } from '../commands/ids';
import { CATALOG_DIAGNOSTIC_SOURCE, type CatalogDiagnostics } from './catalogDiagnostics';

export class CatalogQuickFixes implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];
  constructor(private readonly diagnostics: CatalogDiagnostics) {}

  provideCodeActions(
    doc: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    const ours = context.diagnostics.filter(d => d.source === CATALOG_DIAGNOSTIC_SOURCE);
    if (!ours.length) return [];
    const findings = this.diagnostics.findingsFor(doc);
    const actions: vscode.CodeAction[] = [];
    for (const diag of ours) {
      const start = doc.offsetAt(diag.range.start);
      const finding = findings.find(f => f.code === diag.code && f.offset === start);
      if (!finding) continue;
      finding.suggestions.forEach((id, i) => {
        const action = new vscode.CodeAction(`Replace with "${id}"`, vscode.CodeActionKind.QuickFix);
        action.diagnostics = [diag];
        action.isPreferred = i === 0;
        action.edit = new vscode.WorkspaceEdit();
        action.edit.replace(doc.uri, diag.range, JSON.stringify(id));
        actions.push(action);
      });
      const refresh = new vscode.CodeAction('Refresh Catalog', vscode.CodeActionKind.QuickFix);
      refresh.diagnostics = [diag];
      refresh.command = commandFor(COMMANDS.refreshCatalog, 'Refresh Catalog');
      actions.push(refresh);
    }
    return actions;
  }
}
