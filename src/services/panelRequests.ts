// The response panel's buttons: Show Log; Send / Copy as cURL on an operation's details; Preview Again and
// Create on a preview (the same services, and so the same checks and confirmation, as the commands).
import * as vscode from 'vscode';
import { findOperation } from '../catalog';
import type { PanelRequest } from '../webview/protocol';
import type { Container } from './container';
import { revealCreated } from './orderCreate';

export function answerPanelRequests(services: Container): vscode.Disposable {
  return services.panel.onDidRequest(request => void answer(services, request));
}

async function answer(services: Container, request: PanelRequest): Promise<void> {
  switch (request.command) {
    case 'showLog':
      services.log.show(true);
      return;
    case 'signIn':
      await services.credentials.signInActive();
      return;
    case 'switchConnection':
      await services.setup.pickActive();
      return;
    case 'previewAgain':
    case 'create': {
      if (!isShown(services, request.source)) return; // only the preview on show, whatever the webview says
      const doc = await sourceDocument(request.source);
      if (request.command === 'previewAgain') await services.payloads.preview(doc);
      else await createFrom(services, doc);
      return;
    }
    case 'signInTo':
    case 'compareAgain':
      return compareRequest(services, request);
    case 'sendOperation':
    case 'copyOperationCurl': {
      const [method, path] = request.operationId.split(' ');
      const op = findOperation(method, path ?? '');
      if (!op) return;
      if (request.command === 'sendOperation') void services.operations.send(op);
      else void services.operations.copyCurl(op);
    }
  }
}

/** A comparison's buttons: Sign In to one side (then compare again), Compare Again; only for the one on show. */
async function compareRequest(
  services: Container,
  request: Extract<PanelRequest, { command: 'signInTo' | 'compareAgain' }>,
): Promise<void> {
  const s = services.panel.state;
  if (s?.kind !== 'comparison') return;
  const ids: [string, string] = [s.a.connection.id, s.b.connection.id];
  if (request.command === 'signInTo') {
    const connection = services.connections.list().find(c => c.id === request.connectionId);
    if (!connection || !ids.includes(connection.id) || !(await services.credentials.signIn(connection))) return;
  } else if (request.source !== s.source) return;
  await services.comparisons.compare(await sourceDocument(s.source), ids);
}

function isShown(services: Container, source: string): boolean {
  const s = services.panel.state;
  return s?.kind === 'response' && s.source === source;
}

/** The previewed document, open or reopened (undefined, and the service says so, when it is gone). */
async function sourceDocument(source: string): Promise<vscode.TextDocument | undefined> {
  const uri = vscode.Uri.parse(source);
  const open = vscode.workspace.textDocuments.find(d => d.uri.toString() === source);
  return open ?? (await Promise.resolve(vscode.workspace.openTextDocument(uri)).catch(() => undefined));
}

/** As the Create Order command: create (after its confirmation), then show the new order in the tree. */
async function createFrom(services: Container, doc: vscode.TextDocument | undefined): Promise<void> {
  const created = await services.payloads.create(doc);
  if (created) await revealCreated(services, created);
}
