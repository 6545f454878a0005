// Preview, Create and Create Account for a payload document: the document's findings first (errors: show
// them or send anyway), then the body the core's rules build, then the request controller.
import * as vscode from 'vscode';
import type { PayloadDiagnostics } from '../languageFeatures/payloadDiagnostics';
import { orderCreateBody, orderFile, orderPreviewBody, type OrderFile } from '../payloads';
import {
  formatPath,
  kindFromFileName,
  type AccountData,
  type OrderRequestBody,
  type PayloadKind,
  type PreviewRequestBody,
} from '../schemas';
import { fileName, showProblems } from '../util/documents';
import type { Call } from './calls';
import type { RequestController, RunOptions } from './requestController';

export type PreviewCall = Extract<Call, { kind: 'preview' }>;

export interface SendOptions {
  /** Send even with errors in the file. */
  force?: boolean;
  /** Skip the write confirmation (callers that already asked). */
  confirmed?: boolean;
  /** No messages (an agent tool): a file with problems is simply not sent. */
  silent?: boolean;
  /** How the controller runs it (an agent tool: quietly, failures thrown, with its cancellation). */
  run?: RunOptions;
}

type Body = Record<string, unknown>;

const HINTS = {
  preview: 'Open a *.order.json or *.preview.json file (or a POST /v1/orders/preview request file) to preview it.',
  create: 'Open a *.order.json file (or a POST /v1/orders request file) to create the order.',
  createAccount: 'Open a *.account.json file to create the account.',
};

export class PayloadRequests {
  constructor(
    private readonly diagnostics: PayloadDiagnostics,
    private readonly controller: RequestController,
    /** Billing periods a preview asks billing documents for (billingWorkbench.preview.periods). */
    private readonly periods: () => number | undefined = () => undefined,
  ) {}

  async preview(doc: vscode.TextDocument | undefined, opts: SendOptions = {}) {
    const call = await this.previewCall(doc, opts);
    return call && this.controller.run(call, opts.run);
  }

  /** The preview call for the document, checked as Preview checks it (undefined: the person was told why). */
  async previewCall(doc: vscode.TextDocument | undefined, opts: SendOptions = {}): Promise<PreviewCall | undefined> {
    const p = await this.checkedOrder(doc, HINTS.preview, opts);
    if (!p) return undefined;
    const body = orderPreviewBody(p.order, p.value, this.periods()) as PreviewRequestBody;
    const api = p.order.api === 'v1' ? ({ api: 'v1' } as const) : {};
    return { kind: 'preview', file: p.file, source: p.doc.uri.toString(), version: p.doc.version, body, ...api };
  }

  async create(doc: vscode.TextDocument | undefined, opts: SendOptions = {}) {
    const p = await this.checkedOrder(doc, HINTS.create, opts);
    if (!p) return undefined;
    const body = orderCreateBody(p.order, p.value) as OrderRequestBody;
    const api = p.order.api === 'v1' ? ({ api: 'v1' } as const) : {};
    const call = { kind: 'createOrder', file: p.file, body, confirmed: opts.confirmed, ...api } as const;
    const r = await this.controller.run(call, opts.run);
    const sent = body as Record<string, unknown>;
    const accountNumber = (p.order.api === 'v1' ? sent.existingAccountNumber : sent.account_number) as
      string | undefined;
    const data = r?.data as { order_number?: string; orderNumber?: string } | undefined;
    return r && { response: r, accountNumber, orderNumber: data?.order_number ?? data?.orderNumber ?? '' };
  }

  /** An order file (v2 order or preview payload, v1 order request file), parsed and checked. */
  private async checkedOrder(doc: vscode.TextDocument | undefined, hint: string, opts: SendOptions) {
    const value = doc && this.diagnostics.parsed(doc).value;
    const order: OrderFile | undefined = doc && orderFile(doc.uri.path, value);
    if (!doc || !order) {
      void vscode.window.showWarningMessage(hint);
      return undefined;
    }
    const p = await this.checked(doc, undefined, hint, opts);
    return p && { ...p, order };
  }

  async createAccount(doc: vscode.TextDocument | undefined, opts: SendOptions = {}) {
    const p = await this.checked(doc, ['account'], HINTS.createAccount, opts);
    if (!p) return undefined;
    const body = p.value as AccountData;
    const call = { kind: 'createAccount', file: p.file, body, confirmed: opts.confirmed } as const;
    return this.controller.run(call);
  }

  /** The document, of an accepted kind, parsed and checked; undefined to stop (the person was told). */
  private async checked(
    doc: vscode.TextDocument | undefined,
    kinds: PayloadKind[] | undefined,
    hint: string,
    opts: SendOptions,
  ) {
    const kind = doc && kindFromFileName(doc.uri.path);
    if (!doc || (kinds && (!kind || !kinds.includes(kind)))) {
      void vscode.window.showWarningMessage(hint);
      return undefined;
    }
    const file = fileName(doc);
    const { value, findings } = this.diagnostics.parsed(doc);
    if (value === undefined) {
      if (!opts.silent) notJson(file);
      return undefined;
    }
    const errors = findings.filter(f => f.severity === 'error');
    if (errors.length && !opts.force && !(await sendAnyway(file, errors, opts))) return undefined;
    return { doc, kind, file, value: value as Body };
  }
}

function notJson(file: string): void {
  const message = `${file} is not valid JSON: fix the marked problems first.`;
  void vscode.window.showErrorMessage(message, 'Show Problems').then(a => a && showProblems());
}

async function sendAnyway(
  file: string,
  errors: { message: string; path: (string | number)[] }[],
  opts: SendOptions,
): Promise<boolean> {
  if (opts.silent) return false;
  const first = errors[0];
  const where = first.path.length ? ` (${formatPath(first.path)})` : '';
  const message = `${errors.length} problem(s) in ${file}, e.g. ${first.message}${where} The service would reject it.`;
  const a = await vscode.window.showWarningMessage(message, 'Show Problems', 'Send Anyway');
  if (a === 'Show Problems') void showProblems();
  return a === 'Send Anyway';
}
