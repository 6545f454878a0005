// Any catalog operation: show it in the panel, send it (path parameters one by one, an optional query, a
// body written in a *.request.json editor), send a request file, copy it as cURL.
import * as vscode from 'vscode';
import { findOperation, localAnswer, type Operation } from '../catalog';
import { v2Parameters } from '../contract/parametersV2';
import { fillPath } from '../client';
import type { ConnectionStore } from '../connections/connectionStore';
import {
  operationCurl,
  parseRequestFile,
  requestFileName,
  requestFileText,
  requestTemplates,
  takesBody,
  type RequestTemplate,
  type TemplateHints,
} from '../payloads';
import type { Settings } from '../settings';
import { openUntitled } from '../util/documents';
import type { ResponsePanel } from '../views/responsePanel';
import type { OperationRequest } from './calls';
import type { ProductCatalogs } from './productCatalog';
import type { RequestController } from './requestController';

/** What a caller may already know of a request; the person is asked for the rest. */
export interface PartialRequest {
  pathParams?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Skip the write confirmation (callers that already asked). */
  confirmed?: boolean;
  /** The label of the body template a new request file starts from (default: the first). */
  template?: string;
}

const WRITE_ANYWAY = 'Write Request Anyway';

/** The Local sandbox listens on a port chosen at start: a cURL names it as a placeholder. */
const LOCAL_BASE_URL = 'http://127.0.0.1:PORT';

export class OperationRequests {
  constructor(
    private readonly controller: RequestController,
    private readonly panel: ResponsePanel,
    private readonly store: ConnectionStore,
    private readonly settings: Settings,
    private readonly catalogs: ProductCatalogs,
    /** Switch Connection (the connection picker), offered where the Local sandbox cannot answer. */
    private readonly switchConnection: () => Promise<unknown>,
  ) {}

  show(op: Operation): void {
    const c = this.store.active();
    this.panel.show({
      kind: 'operation',
      title: `${op.method} ${op.path}`,
      connection: { name: c.name, kind: c.kind },
      at: new Date().toISOString(),
      operation: {
        ...op,
        ...(op.path.startsWith('/v2/') ? { queryParams: queryParamsOf(op) } : {}),
        servedLocally: localAnswer(op) !== undefined,
        simulatedLocally: localAnswer(op) === 'simulated',
      },
    });
  }

  /**
   * Asks for what `given` lacks (with no `given`, the query of an operation without a body: a body's request
   * file holds its query), then sends; an operation that takes a body and has none opens a request file for it
   * instead (its CodeLens sends it). On the Local sandbox, an operation it does not serve says so first.
   */
  async send(op: Operation, given?: PartialRequest, intent: 'send' | 'write' = 'send'): Promise<unknown> {
    if (!given?.confirmed && !(await this.servedHere(op, intent === 'write'))) return undefined;
    const pathParams = await askPathParams(op, { ...given?.pathParams });
    if (!pathParams) return undefined;
    const query = given?.query ?? (given || takesBody(op.method) ? {} : await askQuery(op));
    if (!query) return undefined;
    if (takesBody(op.method) && given?.body === undefined) {
      const template = await this.pickTemplate(op, given);
      return template && this.openRequestFile(op, pathParams, query, template.body);
    }
    return this.sendNow(op, { pathParams, query, body: given?.body }, given?.confirmed);
  }

  /** Sends a *.request.json document; with errors marked in it, asks first (unless `confirmed`). */
  async sendFile(doc: vscode.TextDocument, confirmed?: boolean): Promise<unknown> {
    const r = parseRequestFile(doc.getText());
    const [method, path] = (r.operation ?? '').split(' ');
    const op = r.operation ? findOperation(method, path ?? '') : undefined;
    if (r.error || !op) {
      const unknown = `Unknown operation "${r.operation}": use "METHOD /path" from the Endpoints view.`;
      void vscode.window.showErrorMessage(r.error ?? unknown);
      return undefined;
    }
    if (!confirmed && !(await this.servedHere(op))) return undefined;
    const errors = vscode.languages
      .getDiagnostics(doc.uri)
      .filter(d => d.source === 'Billing Workbench' && d.severity === vscode.DiagnosticSeverity.Error);
    if (errors.length && !confirmed && !(await vscode.window.showWarningMessage(errors[0].message, 'Send Anyway'))) {
      return undefined;
    }
    return this.sendNow(op, { pathParams: r.pathParams ?? {}, query: r.query ?? {}, body: r.body }, confirmed);
  }

  /**
   * Whether the active connection answers `op`: on the Local sandbox, one it does not serve (it would answer
   * 501) is said at once, before anything is asked, with Switch Connection; true once the person has switched
   * (or, for New Request, chose to write the request anyway: its Send asks again).
   */
  private async servedHere(op: Operation, writing = false): Promise<boolean> {
    if (this.store.active().kind !== 'local' || localAnswer(op) !== undefined) return true;
    const message =
      `The Local sandbox does not serve ${op.method} ${op.path} (it would answer 501): ` +
      'switch to a real environment to call it.';
    const actions = ['Switch Connection', ...(writing ? [WRITE_ANYWAY] : [])];
    const action = await vscode.window.showWarningMessage(message, ...actions);
    if (action === WRITE_ANYWAY) return true;
    if (action !== 'Switch Connection') return false;
    await this.switchConnection();
    return this.store.active().kind !== 'local';
  }

  /** The request as cURL, on the clipboard (the token is a placeholder). */
  async copyCurl(op: Operation): Promise<string> {
    const c = this.store.active();
    const baseUrl = c.kind === 'local' ? LOCAL_BASE_URL : c.baseUrl;
    const curl = operationCurl(op, baseUrl, this.settings.values.serviceVersion);
    await vscode.env.clipboard.writeText(curl);
    vscode.window.setStatusBarMessage('Copied cURL (the token is a placeholder)', 3000);
    return curl;
  }

  private sendNow(op: Operation, request: OperationRequest, confirmed?: boolean): Promise<unknown> {
    let target: string;
    try {
      target = fillPath(op, request.pathParams); // `.`, `..` and empty values are refused before anything is sent
    } catch (e) {
      void vscode.window.showErrorMessage((e as Error).message);
      return Promise.resolve(undefined);
    }
    return this.controller.run({ kind: 'operation', op, request, target, confirmed });
  }

  /**
   * The body a new request file starts with: asked when there are several and the person is choosing
   * (no `given`); a caller that knows the request takes its named template or the first. Undefined: dismissed.
   */
  private async pickTemplate(op: Operation, given?: PartialRequest): Promise<RequestTemplate | undefined> {
    const templates = requestTemplates(op.id, this.templateHints());
    if (templates.length === 0) return { label: '', detail: '', body: {} };
    if (given || templates.length === 1) return templates.find(t => t.label === given?.template) ?? templates[0];
    const picked = await vscode.window.showQuickPick(
      templates.map(t => ({ label: t.label, detail: t.detail, t })),
      { title: `${op.method} ${op.path}: start from`, placeHolder: 'Each body validates clean; edit it, then Send' },
    );
    return picked?.t;
  }

  /** Ids from the active connection's catalog when it is loaded (never waited for): a body that previews there. */
  private templateHints(): TemplateHints {
    const plan = this.catalogs.peek().value?.plans.find(p => p.prices.length);
    return { today: new Date().toISOString().slice(0, 10), planId: plan?.id, chargeId: plan?.prices[0].id };
  }

  private async openRequestFile(
    op: Operation,
    pathParams: Record<string, string>,
    query: Record<string, string>,
    body: unknown,
  ): Promise<vscode.TextEditor> {
    const column = besideOf(this.panel.viewColumn); // never over the answers it is written for
    const text = requestFileText(op.id, pathParams, query, body);
    const editor = await openUntitled(requestFileName(op.path), text, column);
    void vscode.window.showInformationMessage(
      'Edit the request body and its query (hover a field for what it takes), then click "Send" above it.',
    );
    return editor;
  }
}

/** Where an editor goes so as not to cover the response panel: the first group, or beside it when that is the panel's. */
function besideOf(panelColumn: vscode.ViewColumn | undefined): vscode.ViewColumn | undefined {
  if (panelColumn === undefined) return undefined;
  const active = vscode.window.activeTextEditor?.viewColumn;
  if (active !== undefined && active !== panelColumn) return active;
  return panelColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Beside : vscode.ViewColumn.One;
}

async function askPathParams(
  op: Operation,
  known: Record<string, string>,
): Promise<Record<string, string> | undefined> {
  for (const [i, p] of op.pathParams.entries()) {
    if (known[p]) continue;
    const v = await vscode.window.showInputBox({
      title: `${op.method} ${op.path} (${i + 1}/${op.pathParams.length})`,
      prompt: `Path parameter {${p}}`,
      ignoreFocusOut: true,
      validateInput: s => pathParamProblem(p, s.trim()),
    });
    if (v === undefined) return undefined;
    known[p] = v.trim();
  }
  return known;
}

async function askQuery(op: Operation): Promise<Record<string, string> | undefined> {
  const q = await vscode.window.showInputBox({
    title: `${op.method} ${op.path}`,
    prompt: 'Optional query parameters, as name=value&name=value (Enter for none)',
    ignoreFocusOut: true,
  });
  return q === undefined ? undefined : Object.fromEntries(new URLSearchParams(q));
}

/** Why a path parameter value cannot be sent, or undefined when it can. */
function pathParamProblem(name: string, value: string): string | undefined {
  if (!value) return `{${name}} is required`;
  if (value === '.' || value === '..') return `{${name}} cannot be "${value}": it would call another operation`;
  return undefined;
}

/** A v2 operation's own query parameters; a nested object's `x.fields[]` selectors are left to the request file. */
const queryParamsOf = (op: Operation): string[] =>
  v2Parameters(op.id)
    .filter(p => p.in === 'query' && !p.name.includes('.'))
    .map(p => p.name);
