// Endpoints: Find Operation (quick pick), operation details, Send (path parameters one by one, optional
// query, a body in a *.request.json editor), Copy path / cURL, Describe Object.
import * as vscode from 'vscode';
import { findOperation, OPERATIONS, searchOperations, V1_OBJECT_NAMES, type Operation } from '../catalog';
import { fillPath, Redactor, toCurl } from '../client';
import type { ConnectionStore } from '../connections/connectionStore';
import type { EndpointNode } from '../views/endpointsTree';
import { parseRequestFile, requestFileText } from '../views/requestFile';
import type { ResponsePanel } from '../views/responsePanel';
import { settings } from '../settings';
import { COMMANDS } from './ids';
import type { Command } from './commandManager';
import type { RequestRunner } from './requestRunner';

const opOf = (x: unknown): Operation | undefined => {
  if (typeof x === 'string') { const [m, p] = x.split(' '); return findOperation(m, p ?? ''); }
  const n = x as EndpointNode | undefined;
  return n?.kind === 'operation' ? n.op : undefined;
};

export class FindOperationCommand implements Command {
  readonly id = COMMANDS.findOperation;
  /** With a query (programmatic use): the ranked matches, no UI. Without: a quick pick over all operations. */
  async execute(query?: unknown): Promise<Operation[] | Operation | undefined> {
    if (typeof query === 'string') return searchOperations(query, 20).map(h => h.op);
    const pick = await vscode.window.showQuickPick(OPERATIONS.map(op => ({ label: `${op.method} ${op.path}`, description: op.summary, detail: op.group, op })), {
      title: 'Find Operation', placeHolder: 'Type a path, a purpose or a group ("write off debit memo")', matchOnDescription: true, matchOnDetail: true,
    });
    if (pick) await vscode.commands.executeCommand(COMMANDS.showOperation, pick.op.id);
    return pick?.op;
  }
}

export class ShowOperationCommand implements Command {
  readonly id = COMMANDS.showOperation;
  constructor(private readonly panel: ResponsePanel, private readonly store: ConnectionStore) {}
  execute(x: unknown): void {
    const op = opOf(x);
    if (!op) return;
    const c = this.store.active();
    this.panel.show({ kind: 'operation', title: `${op.method} ${op.path}`, connection: { name: c.name, kind: c.kind }, at: new Date().toISOString(), operation: { ...op } });
  }
}

export interface SendArgs { operation: string; pathParams?: Record<string, string>; query?: Record<string, string>; body?: unknown; confirmed?: boolean }

export class SendOperationCommand implements Command {
  readonly id = COMMANDS.sendOperation;
  constructor(private readonly runner: RequestRunner) {}

  async execute(x: unknown): Promise<unknown> {
    const args = typeof x === 'object' && x && 'operation' in x ? (x as SendArgs) : undefined;
    const op = opOf(args?.operation ?? x);
    if (!op) return undefined;
    const pathParams: Record<string, string> = { ...args?.pathParams };
    for (const [i, p] of op.pathParams.entries()) {
      if (pathParams[p]) continue;
      const v = await vscode.window.showInputBox({
        title: `${op.method} ${op.path} (${i + 1}/${op.pathParams.length})`, prompt: `Path parameter {${p}}`,
        ignoreFocusOut: true, validateInput: s => pathParamProblem(p, s.trim()),
      });
      if (v === undefined) return undefined;
      pathParams[p] = v.trim();
    }
    let query = args?.query;
    if (!query) {
      const q = args ? '' : await vscode.window.showInputBox({ title: `${op.method} ${op.path}`, prompt: 'Optional query parameters, as name=value&name=value (Enter for none)', ignoreFocusOut: true });
      if (q === undefined) return undefined;
      query = Object.fromEntries(new URLSearchParams(q));
    }
    const hasBody = ['POST', 'PUT', 'PATCH'].includes(op.method);
    if (hasBody && args?.body === undefined) {
      // The body is written in an editor; the CodeLens over the file sends it.
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file('/');
      const file = `${op.path.split('/').filter(s => s && !s.startsWith('{')).slice(-2).join('-') || 'request'}.request.json`;
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, file).with({ scheme: 'untitled' }));
      const editor = await vscode.window.showTextDocument(doc);
      await editor.edit(b => b.replace(new vscode.Range(0, 0, doc.lineCount, 0), requestFileText(op.id, pathParams, query!, {})));
      void vscode.window.showInformationMessage('Write the request body, then click "Send" above it.');
      return editor;
    }
    return this.send(op, pathParams, query, args?.body, args?.confirmed);
  }

  send(op: Operation, pathParams: Record<string, string>, query: Record<string, string>, body: unknown, confirmed?: boolean) {
    let target: string;
    try {
      target = fillPath(op, pathParams); // `.`, `..` and empty values are refused before anything is sent
    } catch (e) {
      void vscode.window.showErrorMessage((e as Error).message);
      return Promise.resolve(undefined);
    }
    return this.runner.run({
      title: `${op.method} ${op.path}`, method: op.method, path: op.path, target, write: op.method !== 'GET', confirmed,
      call: (client, signal) => client.send({ method: op.method, path: op.path }, { pathParams, query, body, signal }),
    });
  }
}

/** Why a path parameter value cannot be sent, or undefined when it can. */
function pathParamProblem(name: string, value: string): string | undefined {
  if (!value) return `{${name}} is required`;
  if (value === '.' || value === '..') return `{${name}} cannot be "${value}": it would call another operation`;
  return undefined;
}

export class SendRequestFileCommand implements Command {
  readonly id = COMMANDS.sendRequestFile;
  constructor(private readonly sender: SendOperationCommand) {}
  async execute(uri?: unknown, opts: { confirmed?: boolean } = {}): Promise<unknown> {
    const doc = uri instanceof vscode.Uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
    if (!doc) return undefined;
    const r = parseRequestFile(doc.getText());
    const op = opOf(r.operation);
    if (r.error || !op) { void vscode.window.showErrorMessage(r.error ?? `Unknown operation "${r.operation}": use "METHOD /path" from the Endpoints view.`); return undefined; }
    const errors = vscode.languages.getDiagnostics(doc.uri).filter(d => d.source === 'Billing Workbench' && d.severity === vscode.DiagnosticSeverity.Error);
    if (errors.length && !opts.confirmed) {
      const a = await vscode.window.showWarningMessage(`${errors[0].message}`, 'Send Anyway');
      if (!a) return undefined;
    }
    return this.sender.send(op, r.pathParams ?? {}, r.query ?? {}, r.body, opts.confirmed);
  }
}

export class CopyOperationPathCommand implements Command {
  readonly id = COMMANDS.copyOperationPath;
  async execute(x: unknown): Promise<string | undefined> {
    const op = opOf(x);
    if (op) await vscode.env.clipboard.writeText(op.path);
    return op?.path;
  }
}

export class CopyOperationCurlCommand implements Command {
  readonly id = COMMANDS.copyOperationCurl;
  constructor(private readonly store: ConnectionStore) {}
  async execute(x: unknown): Promise<string | undefined> {
    const op = opOf(x);
    if (!op) return undefined;
    const base = this.store.active().kind === 'local' ? 'http://127.0.0.1:PORT' : this.store.active().baseUrl.replace(/\/$/, '');
    const headers: Record<string, string> = { Authorization: 'Bearer $ACCESS_TOKEN', Accept: 'application/json' };
    if (settings().serviceVersion) headers['service-version'] = settings().serviceVersion!;
    if (op.method !== 'GET' && op.method !== 'DELETE') headers['Content-Type'] = 'application/json';
    const curl = toCurl({ method: op.method, url: `${base}${op.path}`, headers, body: ['POST', 'PUT', 'PATCH'].includes(op.method) ? '{}' : undefined }, new Redactor());
    await vscode.env.clipboard.writeText(curl);
    vscode.window.setStatusBarMessage('Copied cURL (the token is a placeholder)', 3000);
    return curl;
  }
}

export class DescribeObjectCommand implements Command {
  readonly id = COMMANDS.describeObject;
  constructor(private readonly sender: SendOperationCommand) {}
  async execute(name?: unknown): Promise<unknown> {
    const object = typeof name === 'string' ? name : await vscode.window.showQuickPick([...V1_OBJECT_NAMES], { title: 'Describe Object', placeHolder: 'An object API name (spec 01)' });
    if (!object) return undefined;
    return this.sender.send(findOperation('GET', '/v1/describe/{object}')!, { object }, {}, undefined);
  }
}
