import * as vscode from 'vscode';
import { COMMANDS } from './ids';
import type { Command } from './commandManager';
import { payloadKind, type PayloadDiagnostics } from '../views/payloadDiagnostics';

/** Validates the active payload now and says the result; Problems shows the details. */
export class ValidateFileCommand implements Command {
  readonly id = COMMANDS.validateFile;
  constructor(private readonly diagnostics: PayloadDiagnostics) {}

  async execute(uri?: unknown): Promise<number | undefined> {
    const doc = uri instanceof vscode.Uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
    if (!doc || !payloadKind(doc)) {
      void vscode.window.showWarningMessage('Open a *.order.json, *.preview.json or *.account.json file to validate it.');
      return undefined;
    }
    const findings = this.diagnostics.refresh(doc);
    const errors = findings.filter(f => f.severity === 'error').length;
    const warnings = findings.length - errors;
    if (findings.length === 0) void vscode.window.showInformationMessage('No problems: the service should accept this payload.');
    else {
      void vscode.window.showWarningMessage(`${errors} error(s) and ${warnings} warning(s) in ${doc.uri.path.split('/').pop()}.`, 'Show Problems')
        .then(a => a && vscode.commands.executeCommand('workbench.actions.view.problems'));
    }
    return findings.length;
  }
}
