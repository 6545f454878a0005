// Preview, Create and Create Account from the payload in the editor. Preview validates first (errors:
// fix or send anyway), adds `metrics` to an order file, and shows the change since the last preview.
import * as vscode from 'vscode';
import { summarizePreview, comparePreviews, type PreviewSummary, type PreviewResponse, type OrderResponse, type AccountResponse, type ApiResponse } from '../client';
import {
  formatPath, kindFromFileName, previewOf,
  type OrderRequestBody, type PreviewRequestBody, type AccountData, type PayloadKind,
} from '../schemas';
import type { AccountsTree } from '../views/accountsTree';
import type { PayloadDiagnostics } from '../views/payloadDiagnostics';
import { COMMANDS } from './ids';
import type { Command } from './commandManager';
import type { RequestRunner } from './requestRunner';

export interface SendOptions { force?: boolean; confirmed?: boolean; silent?: boolean }

/** The payload a command acts on: the given or active document, of an accepted kind, checked and parsed. */
async function payload(uri: unknown, kinds: PayloadKind[], diagnostics: PayloadDiagnostics, opts: SendOptions, hint: string): Promise<{ doc: vscode.TextDocument; body: Record<string, unknown> } | undefined> {
  const doc = uri instanceof vscode.Uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
  const kind = doc && kindFromFileName(doc.uri.path);
  if (!doc || !kind || !kinds.includes(kind)) { void vscode.window.showWarningMessage(hint); return undefined; }
  const body = await checked(doc, diagnostics, opts);
  return body && { doc, body };
}

/** Findings first: errors offer to show them or send anyway. Returns the parsed body, or undefined to stop. */
async function checked(doc: vscode.TextDocument, diagnostics: PayloadDiagnostics, opts: SendOptions): Promise<Record<string, unknown> | undefined> {
  const errors = diagnostics.refresh(doc).filter(f => f.severity === 'error');
  let body: unknown;
  try { body = JSON.parse(doc.getText()); } catch {
    if (!opts.silent) void vscode.window.showErrorMessage(`${name(doc)} is not valid JSON: fix the marked problems first.`, 'Show Problems').then(a => a && vscode.commands.executeCommand('workbench.actions.view.problems'));
    return undefined;
  }
  if (errors.length && !opts.force) {
    if (opts.silent) return undefined;
    const first = errors[0];
    const a = await vscode.window.showWarningMessage(
      `${errors.length} problem(s) in ${name(doc)}, e.g. ${first.message}${first.path.length ? ` (${formatPath(first.path)})` : ''} The service would reject it.`,
      'Show Problems', 'Send Anyway');
    if (a === 'Show Problems') void vscode.commands.executeCommand('workbench.actions.view.problems');
    if (a !== 'Send Anyway') return undefined;
  }
  return body as Record<string, unknown>;
}

const name = (doc: vscode.TextDocument) => doc.uri.path.split('/').pop()!;

export class PreviewCommand implements Command {
  readonly id = COMMANDS.preview;
  private readonly previous = new Map<string, PreviewSummary>();
  constructor(private readonly runner: RequestRunner, private readonly diagnostics: PayloadDiagnostics) {}

  async execute(uri?: unknown, opts: SendOptions = {}): Promise<ApiResponse<PreviewResponse> | undefined> {
    const p = await payload(uri, ['order', 'preview'], this.diagnostics, opts, 'Open a *.order.json or *.preview.json file to preview it.');
    if (!p) return undefined;
    const { doc } = p;
    // An order file previews as is: previewOf adds the metrics and keeps what a preview's account_data takes.
    const body = kindFromFileName(doc.uri.path) === 'preview' ? p.body : previewOf(p.body);
    const key = doc.uri.toString();
    return this.runner.run({
      title: `Preview of ${name(doc)}`, method: 'POST', path: '/v2/orders/preview', file: name(doc), write: false,
      call: (client, signal) => client.preview(body as PreviewRequestBody, { signal }),
      view: r => {
        const summary = summarizePreview(r.data, body);
        const before = this.previous.get(key);
        this.previous.set(key, summary);
        return { summary, ...(before ? { change: comparePreviews(before, summary) } : {}) };
      },
    });
  }
}

export class CreateCommand implements Command {
  readonly id = COMMANDS.create;
  constructor(private readonly runner: RequestRunner, private readonly diagnostics: PayloadDiagnostics, private readonly tree: AccountsTree, private readonly reveal: (accountNumber: string, orderNumber: string) => Promise<void>) {}

  async execute(uri?: unknown, opts: SendOptions = {}): Promise<ApiResponse<OrderResponse> | undefined> {
    const p = await payload(uri, ['order', 'preview'], this.diagnostics, opts, 'Open a *.order.json file to create the order.');
    if (!p) return undefined;
    const { doc, body } = p;
    delete body.metrics; // a preview file creates the same order
    const r = await this.runner.run({
      title: `Create order from ${name(doc)}`, method: 'POST', path: '/v2/orders', file: name(doc), write: true, confirmed: opts.confirmed,
      call: (client, signal) => client.createOrder(body as OrderRequestBody, { signal }), // one Idempotency-Key for this action
      view: x => ({ title: `Order ${x.data.order_number} created`, order: { orderNumber: x.data.order_number, subscriptions: x.data.subscriptions.map(s => ({ number: s.subscription_number, state: s.state, version: s.version })) } }),
    });
    if (r) {
      this.tree.refresh();
      const accountNumber = (body.account_number as string | undefined) ?? (await this.tree.accountOfOrder(r.data.order_number));
      if (accountNumber) await this.reveal(accountNumber, r.data.order_number).catch(() => undefined);
      void vscode.window.showInformationMessage(`Created order ${r.data.order_number}.`);
    }
    return r;
  }
}

export class CreateAccountCommand implements Command {
  readonly id = COMMANDS.createAccount;
  constructor(private readonly runner: RequestRunner, private readonly diagnostics: PayloadDiagnostics, private readonly tree: AccountsTree) {}

  async execute(uri?: unknown, opts: SendOptions = {}): Promise<ApiResponse<AccountResponse> | undefined> {
    const p = await payload(uri, ['account'], this.diagnostics, opts, 'Open a *.account.json file to create the account.');
    if (!p) return undefined;
    const { doc, body } = p;
    const r = await this.runner.run({
      title: `Create account from ${name(doc)}`, method: 'POST', path: '/v2/accounts', file: name(doc), write: true, confirmed: opts.confirmed,
      call: (client, signal) => client.createAccount(body as AccountData, { signal }),
      view: x => ({ title: `Account ${x.data.account_number} created` }),
    });
    if (r) { this.tree.refresh(); void vscode.window.showInformationMessage(`Created account ${r.data.account_number}.`); }
    return r;
  }
}
