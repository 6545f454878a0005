// The preview tool: an order file's call checked as Preview checks it (errors: not sent, the findings said),
// its answer as the panel's summary (totals and rows: client/summary) and invoices (client/billingDocuments),
// and a create's new order. Plain data, redacted with the client's secrets, lists cut to a few.
import {
  asksForBillingDocuments,
  previewBillingDocuments,
  summarizePreview,
  type ApiResponse,
  type BillingClient,
  type BillingDocument,
} from '../client';
import { createdOrder, orderCreateBody, orderFile, orderPreviewBody, previewAsV2 } from '../payloads/requests';
import { capped } from './capped';
import { fileKind, validateText, type ValidateResult } from './validate';

/** At most this many summary rows, invoices, and lines per invoice in one answer. */
export const MAX_ROWS = 20;
export const MAX_DOCUMENTS = 12;
export const MAX_DOCUMENT_ITEMS = 10;

type Body = Record<string, unknown>;

/** What is sent for an order file (the editor's Call without its document fields). */
export interface OrderCall {
  file: string;
  body: Body;
  api?: 'v1';
}

export interface ToolConnection {
  name: string;
  kind: string;
}

/** Why nothing was sent: the file is no order file, not JSON, or has errors (then its findings). */
export interface NotSent {
  sent: false;
  reason: string;
  validation?: ValidateResult;
}

export interface PreviewResult {
  sent: true;
  connection: ToolConnection;
  file: string;
  status: number;
  requestId?: string;
  /** The Local sandbox simulated the answer from the contract. */
  simulated?: true;
  totals: { currency: string; mrr: number; tcb: number }[];
  items: {
    subscription: string;
    action: string;
    price: string;
    start: string;
    end: string | null;
    currency: string;
    mrr?: number;
    tcb: number;
  }[];
  /** Whether the preview asked for billing documents (an order file does, unless it names its own options). */
  invoicesAsked: boolean;
  invoices: BillingDocument[];
  note?: string;
}

export interface CreateResult {
  sent: true;
  connection: ToolConnection;
  file: string;
  status: number;
  requestId?: string;
  orderNumber: string;
  subscriptions: { number: string; state: string }[];
}

const ORDER_FILES =
  'only order files preview: *.order.json, *.preview.json, or a POST /v1/orders(/preview) request file';

/** The call an order file's text makes, checked first as the editor checks it. */
export function orderFileCall(
  file: string,
  text: string,
  mode: 'preview' | 'create',
  periods?: number,
): { call: OrderCall } | NotSent {
  const kind = fileKind(file);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const order = orderFile(file, value);
  if (!kind || !order) return { sent: false, reason: `${file}: ${ORDER_FILES}.` };
  const validation = validateText(text, kind, { file });
  if (value === undefined || validation.errors) {
    const reason = `${file} has ${validation.errors} error(s) the service would reject: fix them, then preview again.`;
    return { sent: false, reason, validation };
  }
  const body =
    mode === 'preview' ? orderPreviewBody(order, value as Body, periods) : orderCreateBody(order, value as Body);
  return { call: { file, body, ...(order.api === 'v1' ? { api: 'v1' as const } : {}) } };
}

/** Sends the call (a create with the client's Idempotency-Key). */
export function sendOrderCall(
  client: BillingClient,
  call: OrderCall,
  mode: 'preview' | 'create',
  signal?: AbortSignal,
): Promise<ApiResponse<unknown>> {
  const o = { signal };
  if (mode === 'create')
    return call.api === 'v1' ? client.createOrderV1(call.body, o) : client.createOrder(call.body as never, o);
  return call.api === 'v1' ? client.previewV1(call.body, o) : client.preview(call.body as never, o);
}

/** A preview's answer as the panel summarises it: totals, rows and the invoices it would bill. */
export function previewResult(call: OrderCall, r: ApiResponse<unknown>, connection: ToolConnection): PreviewResult {
  const summary = summarizePreview(previewAsV2(call, r.data), call.body);
  const documents = previewBillingDocuments(
    r.data,
    call.body,
    summary.totals.map(t => t.currency),
    call.api,
  );
  const rows = capped(summary.rows, MAX_ROWS);
  const docs = capped(documents, MAX_DOCUMENTS);
  const cut = rows.more || docs.more ? ` (left out: ${rows.more ?? 0} items, ${docs.more ?? 0} invoices)` : '';
  return {
    ...sent(call, r, connection),
    ...(r.simulated ? { simulated: true as const } : {}),
    totals: summary.totals,
    items: rows.shown.map(x => ({
      subscription: x.subscription,
      action: x.action,
      price: x.price,
      start: x.start,
      end: x.end,
      currency: x.tcb.currency,
      ...(x.mrr ? { mrr: x.mrr.net_amount } : {}),
      tcb: x.tcb.net_amount,
    })),
    invoicesAsked: asksForBillingDocuments(call.body, call.api),
    invoices: docs.shown.map(d => {
      const items = capped(d.items, MAX_DOCUMENT_ITEMS);
      return { ...d, items: items.shown, ...(items.more ? { moreItems: items.more } : {}) };
    }),
    ...(cut ? { note: `The answer was cut to stay small${cut}; the response panel shows it all.` } : {}),
  };
}

/** A create's answer: the new order and its subscriptions. */
export function createResult(call: OrderCall, r: ApiResponse<unknown>, connection: ToolConnection): CreateResult {
  const order = createdOrder(call, r.data);
  return {
    ...sent(call, r, connection),
    orderNumber: order.orderNumber,
    subscriptions: order.subscriptions.map(s => ({ number: s.number, state: s.state })),
  };
}

/** What every answer that was sent starts with: where it went, the file, the status and the request's id. */
const sent = (call: OrderCall, r: ApiResponse<unknown>, connection: ToolConnection) => ({
  sent: true as const,
  connection: { name: connection.name, kind: connection.kind },
  file: call.file,
  status: r.status,
  ...(r.requestId ? { requestId: r.requestId } : {}),
});

/** Checks, sends and summarises an order file on `client` (the MCP server's path; the editor's is its controller). */
export async function previewOrderFile(
  client: BillingClient,
  connection: ToolConnection,
  file: string,
  text: string,
  options: { create?: boolean; periods?: number; signal?: AbortSignal } = {},
): Promise<PreviewResult | CreateResult | NotSent> {
  const mode = options.create ? 'create' : 'preview';
  const checked = orderFileCall(file, text, mode, options.periods);
  if (!('call' in checked)) return checked;
  const r = await sendOrderCall(client, checked.call, mode, options.signal);
  const result =
    mode === 'create' ? createResult(checked.call, r, connection) : previewResult(checked.call, r, connection);
  return client.redactor.json(result);
}
