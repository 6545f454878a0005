// Preview | Create | Validate over order and preview files; Create Account over account files; Send over
// request files. The figures of the last preview are inlay hints (inlineMetrics.ts): a lens's new text is drawn
// only after VS Code's own pauses, half a second behind the panel.
import * as vscode from 'vscode';
import { COMMANDS, commandFor, type CommandId } from '../commands/ids';
import { isRequestFile, isV1OrderOperation, parseRequestFile } from '../payloads';
import { kindFromFileName } from '../schemas';

export class PayloadCodeLens implements vscode.CodeLensProvider {
  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    const top = new vscode.Range(0, 0, 0, 0);
    const lens = (title: string, id: CommandId) => new vscode.CodeLens(top, commandFor(id, title, doc.uri));
    const orderLenses = () => [
      lens('$(graph-line) Preview', COMMANDS.preview),
      lens('$(add) Create', COMMANDS.create),
      lens('$(check) Validate', COMMANDS.validateFile),
    ];
    if (isRequestFile(doc.uri.path)) {
      const r = parseRequestFile(doc.getText());
      // A v1 order or order preview previews and creates like an order file; any other request is sent.
      if (isV1OrderOperation(r.operation)) return orderLenses();
      return [lens(r.operation ? `$(play) Send ${r.operation}` : '$(play) Send', COMMANDS.sendRequestFile)];
    }
    switch (kindFromFileName(doc.uri.path)) {
      case 'order':
      case 'preview':
        return orderLenses();
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
