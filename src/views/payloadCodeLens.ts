// Preview | Create | Validate over order and preview files; Create Account over account files; Send over request files.
import * as vscode from 'vscode';
import { kindFromFileName } from '../schemas';
import { parseRequestFile } from './requestFile';

export class PayloadCodeLens implements vscode.CodeLensProvider {
  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    const top = new vscode.Range(0, 0, 0, 0);
    const lens = (title: string, command: string) => new vscode.CodeLens(top, { title, command, arguments: [doc.uri] });
    if (/\.request\.json$/i.test(doc.uri.path)) {
      const r = parseRequestFile(doc.getText());
      return [lens(r.operation ? `$(play) Send ${r.operation}` : '$(play) Send', 'billingWorkbench.sendRequestFile')];
    }
    switch (kindFromFileName(doc.uri.path)) {
      case 'order': case 'preview':
        return [lens('$(graph-line) Preview', 'billingWorkbench.preview'), lens('$(add) Create', 'billingWorkbench.create'), lens('$(check) Validate', 'billingWorkbench.validateFile')];
      case 'account':
        return [lens('$(person-add) Create Account', 'billingWorkbench.createAccount'), lens('$(check) Validate', 'billingWorkbench.validateFile')];
      default:
        return [];
    }
  }
}
