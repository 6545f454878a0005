// The response panel's buttons: Show Log, and Send / Copy as cURL on an operation's details.
import type * as vscode from 'vscode';
import { findOperation } from '../catalog';
import type { Container } from './container';

export function answerPanelRequests(services: Container): vscode.Disposable {
  return services.panel.onDidRequest(request => {
    if (request.command === 'showLog') {
      services.log.show(true);
      return;
    }
    const [method, path] = request.operationId.split(' ');
    const op = findOperation(method, path ?? '');
    if (!op) return;
    if (request.command === 'sendOperation') void services.operations.send(op);
    else void services.operations.copyCurl(op);
  });
}
