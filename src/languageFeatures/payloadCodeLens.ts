// Preview | Create | Validate over order and preview files; Create Account over account files; Send over
// request files.
import * as vscode from 'vscode';
import { COMMANDS, commandFor, type CommandId } from '../commands/ids';
import { isRequestFile, parseRequestFile } from '../payloads';
import { kindFromFileName } from '../schemas';

export class PayloadCodeLens implements vscode.CodeLensProvider {
  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    const top = new vscode.Range(0, 0, 0, 0);
    const lens = (title: string, id: CommandId) => new vscode.CodeLens(top, commandFor(id, title, doc.uri));
    if (isRequestFile(doc.uri.path)) {
      const r = parseRequestFile(doc.getText());
      return [lens(r.operation ? `$(play) Send ${r.operation}` : '$(play) Send', COMMANDS.sendRequestFile)];
    }
    switch (kindFromFileName(doc.uri.path)) {
      case 'order':
      case 'preview':
        return [
          lens('$(graph-line) Preview', COMMANDS.preview),
          lens('$(add) Create', COMMANDS.create),
          lens('$(check) Validate', COMMANDS.validateFile),
        ];
      case 'account':
        return [
          lens('$(person-add) Create Account', COMMANDS.createAccount),
          lens('$(check) Validate', COMMANDS.validateFile),
        ];
      default:
        return [];
    }
  }
}
