// Preview, Create and Create Account for a payload document: the document's findings first (errors: show
// them or send anyway), then the body the core's rules build, then the request controller.
import * as vscode from 'vscode';
import type { PayloadDiagnostics } from '../languageFeatures/payloadDiagnostics';
import { createdOrder, orderCreateBody, orderFile, orderPreviewBody, type OrderFile } from '../payloads';
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
import { completeForOrder, completeV1ForOrder, createdFigures, figuresLine } from './orderCreate';
import type { PreviewHistory, PreviewRecord } from './previewHistory';
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

export interface PayloadRequestsDeps {
  /** Billing periods a preview asks billing documents for (billingWorkbench.preview.periods). */
  periods: () => number | undefined;
  /** Each document's last preview: a Create's confirmation restates its figures. */
  history: () => PreviewHistory;
  /** The active connection's name (the figures restated are that connection's). */
  connection: () => string;
}

const HINTS = {
  preview: 'Open a *.order.json or *.preview.json file (or a POST /v1/orders/preview request file) to preview it.',
  create: 'Open a *.order.json or *.preview.json file (or a POST /v1/orders request file) to create the order.',
  createAccount: 'Open a *.account.json file to create the account.',
};

export class PayloadRequests {
  constructor(
    private readonly diagnostics: PayloadDiagnostics,
    private readonly controller: RequestController,
    private readonly deps: PayloadRequestsDeps,
  ) {}

  async preview(doc: vscode.TextDocument | undefined, opts: SendOptions = {}) {
    const call = await this.previewCall(doc, opts);
    return call && this.controller.run(call, opts.run);
  }

  /** The preview call for the document, checked as Preview checks it (undefined: the person was told why). */
  async previewCall(doc: vscode.TextDocument | undefined, opts: SendOptions = {}): Promise<PreviewCall | undefined> {
    const p = await this.checkedOrder(doc, HINTS.preview, opts);
    if (!p) return undefined;
    const body = orderPreviewBody(p.order, p.value, this.deps.periods()) as PreviewRequestBody;
    const api = p.order.api === 'v1' ? ({ api: 'v1' } as const) : {};
    return { kind: 'preview', file: p.file, source: p.doc.uri.toString(), version: p.doc.version, body, ...api };
  }

  /**
   * Create Order: the file checked as Preview checks it; what an order needs and the file lacks, added (asked
   * for, or taken from the file, and said); its preview's figures restated in the confirmation (previewed
   * first when this text has none and a confirmation is to be asked); then the create.
   */
  async create(doc: vscode.TextDocument | undefined, opts: SendOptions = {}) {
    const p = await this.checkedOrder(doc, HINTS.create, opts);
    if (!p) return undefined;
    const created = orderCreateBody(p.order, p.value);
    const completed =
      p.order.api === 'v2'
        ? await completeForOrder(p.file, created, opts)
        : await completeV1ForOrder(p.file, p.value.body as Body, created, opts);
    if (!completed) return undefined;
    const { body, added } = completed;
    const record = opts.confirmed
      ? this.latest(p.doc)
      : (this.latest(p.doc) ?? (await this.previewFirst(p.doc, opts.run)));
    if (!opts.confirmed && !record) return undefined; // its preview failed: the panel says why
    const api = p.order.api === 'v1' ? ({ api: 'v1' } as const) : {};
    // The account the body names (v1: an existing account's number); a new account's is known once created.
    const named = (p.order.api === 'v1' ? body.existingAccountNumber : body.account_number) as string | undefined;
    const call = {
      kind: 'createOrder',
      file: p.file,
      body: body as OrderRequestBody,
      confirmed: opts.confirmed,
      source: p.doc.uri.toString(),
      detail: [figuresLine(record), ...(added ? [added] : [])],
      figures: createdFigures(record),
      ...(named ? { accountNumber: named } : {}),
      ...api,
    } as const;
    const r = await this.controller.run(call, opts.run);
    if (!r) return undefined;
    // The answer's account (v1 says it; v2 when expanded) spares the lookup of a new account's number.
    const order = createdOrder(call, r.data);
    return { response: r, accountNumber: named ?? order.accountNumber, orderNumber: order.orderNumber ?? '' };
  }

  /** The document's last preview, when it was of this very text on the connection it would be created on. */
  private latest(doc: vscode.TextDocument): PreviewRecord | undefined {
    const record = this.deps.history().latest(doc.uri.toString());
    return record?.version === doc.version && record.connection === this.deps.connection() ? record : undefined;
  }

  /** Previews the text (shown in the panel) so the confirmation can say what it creates. */
  private async previewFirst(doc: vscode.TextDocument, run?: RunOptions): Promise<PreviewRecord | undefined> {
    const call = await this.previewCall(doc, { force: true });
    if (!call || !(await this.controller.run(call, run))) return undefined;
    return this.latest(doc);
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
