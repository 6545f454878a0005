import * as vscode from 'vscode';
import type { Container } from '../services/container';
import { isCheckedFile } from '../languageFeatures/payloadDiagnostics';
import { documentOf, fileName, showProblems } from '../util/documents';
import { findingCounts } from '../schemas';
import { uriArg } from './args';
import type { Command } from './commandManager';
import { COMMANDS } from './ids';

const HINT = 'Open a *.order.json, *.preview.json, *.account.json or *.request.json file to validate it.';

/** Validates the given or active payload now and says the result; Problems shows the details. */
export class ValidateFileCommand implements Command {
  readonly id = COMMANDS.validateFile;
  constructor(private readonly services: Container) {}

  async execute(uri?: unknown): Promise<number | undefined> {
    const doc = await documentOf(uriArg(uri));
    if (!doc || !isCheckedFile(doc)) {
      void vscode.window.showWarningMessage(HINT);
      return undefined;
    }
    const findings = this.services.diagnostics.refresh(doc);
    const { errors, warnings } = findingCounts(findings); // with those past the listed ones
    if (findings.length === 0) {
      void vscode.window.showInformationMessage('No problems: the service should accept this payload.');
    } else {
      const message = `${errors} error(s) and ${warnings} warning(s) in ${fileName(doc)}.`;
      void vscode.window.showWarningMessage(message, 'Show Problems').then(a => a && showProblems());
    }
    return errors + warnings;
  }
}
