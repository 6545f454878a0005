// What the response panel shows for an answer or an error. The client already redacts what it puts in
// errors; the panel redacts again, as a last line.
import {
  ApiError,
  asksForBillingDocuments,
  billingDocumentOfInvoice,
  previewBillingDocuments,
  previewContent,
  summarizePreview,
  type ApiResponse,
  type BillingClient,
} from '../client';
import type { Connection } from '../connections/connectionStore';
import { createdOrder, previewAsV2, v1InitialTerms } from '../payloads';
import { SIMULATED_NOTE } from '../wire/simulated';
import type {
  ErrorState,
  PanelError,
  PanelState,
  PreviewBilling,
  ResponseState,
  TimelineHints,
} from '../webview/protocol';
import type { Call, CallInfo } from './calls';
import { documentTitle, openedDocumentNumber, openedDocumentOperation } from './openedDocuments';
import { contractNotes } from './answerContract';
import { offerFor } from './nextAction';
import type { PreviewHistory } from './previewHistory';

interface Context {
  info: CallInfo;
  connection: Connection;
  client: BillingClient;
}

function exchange({ info, connection }: Context) {
  return {
    title: info.title,
    connection: { name: connection.name, kind: connection.kind },
    method: info.method,
    path: info.path,
    file: info.file,
    at: new Date().toISOString(),
  };
}

const contract = (info: CallInfo, r: ApiResponse<unknown>) => {
  const notes = contractNotes(info, r);
  return notes ? { contract: notes } : {};
};

export function responseState(
  ctx: Context,
  call: Call,
  r: ApiResponse<unknown>,
  history: () => PreviewHistory,
): ResponseState {
  const state: ResponseState = {
    ...exchange(ctx),
    kind: 'response',
    status: r.status,
    ms: r.ms,
    requestId: r.requestId,
    // An XML answer (describe) is shown as its text.
    raw:
      typeof r.data === 'string'
        ? ctx.client.redactor.text(r.data)
        : JSON.stringify(ctx.client.redactor.json(r.data), null, 2),
    curl: ctx.client.curl(r.request),
    ...(r.simulated ? { note: SIMULATED_NOTE } : {}),
    ...contract(ctx.info, r),
  };
  switch (call.kind) {
    case 'preview': {
      const summary = summarizePreview(previewAsV2(call, r.data), call.body);
      const billing = previewBilling(
        call,
        r.data,
        summary.totals.map(t => t.currency),
      );
      const { change } = history().record({
        source: call.source,
        version: call.version,
        content: previewContent(call.body, call.api),
        connection: ctx.connection.name,
        summary,
        ...(billing ? { documents: billing.documents } : {}),
      });
      const creatable = call.api === 'v1' || /\.(order|preview)\.json$/i.test(call.file);
      const timeline = timelineHints(call.body, call.api === 'v1');
      const billed = billing ? { billing } : {};
      return { ...state, source: call.source, summary, timeline, creatable, ...billed, ...(change ? { change } : {}) };
    }
    case 'createOrder': {
      const { accountNumber, figures } = call;
      const order = { ...createdOrder(call, r.data), ...(accountNumber ? { accountNumber } : {}), figures };
      return { ...state, title: `Order ${order.orderNumber} created`, order };
    }
    case 'createAccount':
      return { ...state, title: `Account ${(r.data as { account_number: string }).account_number} created` };
    case 'operation':
      // An invoice or memo opened from the Accounts tree shows as a billing document, items and all.
      if (!openedDocumentOperation(call.op.id)) return state;
      return { ...state, ...openedDocument(call, r.data) };
  }
}

/**
 * A document opened from the Accounts tree, as the panel shows it: titled by the type its answer names ("Credit memo
 * CM00000001"), its amounts in its account's currency when the answer names none (a billing document never does).
 */
export function openedDocument(call: Extract<Call, { kind: 'operation' }>, data: unknown) {
  const document = billingDocumentOfInvoice(data, call.document?.currency);
  const number = openedDocumentNumber(call.op, call.request.pathParams);
  const title = number ? { title: documentTitle(document.type, number) } : {};
  return { ...title, billing: { asked: true, documents: [document] } };
}

/** What the preview will bill, as its answer says; undefined when it neither asked nor lists any documents. */
export function previewBilling(
  call: { api?: 'v1'; body: unknown },
  data: unknown,
  figureCurrencies: readonly string[],
): PreviewBilling | undefined {
  const asked = asksForBillingDocuments(call.body, call.api);
  const documents = previewBillingDocuments(data, call.body, figureCurrencies, call.api);
  return asked || documents.length ? { asked, documents } : undefined;
}

interface Term {
  type?: unknown;
  interval?: unknown;
  interval_count?: unknown;
}

/** What the preview request says that its answer does not: each subscription's initial term, each line item's date. */
export function timelineHints(body: unknown, v1 = false): TimelineHints {
  const b = (body ?? {}) as { subscriptions?: { initial_term?: Term }[]; line_items?: { start_date?: unknown }[] };
  const list = <T>(x: T[] | undefined) => (Array.isArray(x) ? x : []);
  return {
    terms: v1 ? v1InitialTerms(body).map(termLabel) : list(b.subscriptions).map(s => termLabel(s?.initial_term)),
    lineItemDates: list(b.line_items).map(li => (typeof li?.start_date === 'string' ? li.start_date : undefined)),
  };
}

/** "12 months", "1 year", "evergreen"; undefined when the request names no term. */
export function termLabel(t: Term | undefined): string | undefined {
  if (!t || typeof t !== 'object') return undefined;
  if (t.type === 'evergreen') return 'evergreen';
  if (typeof t.interval !== 'string' || typeof t.interval_count !== 'number') return undefined;
  return `${t.interval_count} ${t.interval}${t.interval_count === 1 ? '' : 's'}`;
}

/**
 * What a failure shows: a create from the preview on show keeps that preview, the error above its figures
 * (the person reads what was refused beside what it would have created); anything else, the error alone.
 */
export function failedState(ctx: Context, call: Call, e: ApiError, shown: PanelState | undefined): PanelState {
  const preview = shown?.kind === 'response' && shown.summary ? shown : undefined;
  if (call.kind !== 'createOrder' || !call.source || preview?.source !== call.source) return errorState(ctx, e);
  const error = ctx.client.redactor.json(panelError(e));
  return { ...preview, failure: { title: `${ctx.info.title} failed`, status: e.status, error } };
}

export function errorState(ctx: Context, e: ApiError): ErrorState {
  const raw = e.body === undefined ? undefined : ctx.client.redactor.json(e.body);
  return {
    ...exchange(ctx),
    kind: 'error',
    status: e.status,
    requestId: e.requestId,
    error: ctx.client.redactor.json(panelError(e)),
    raw: raw === undefined || typeof raw === 'string' ? raw : JSON.stringify(raw, null, 2),
  };
}

export function panelError(e: ApiError): PanelError {
  const v1 = e.v1?.[0];
  const v2 = e.v2?.errors[0];
  return {
    message: e.message,
    status: e.status,
    requestId: e.requestId,
    advice: e.advice,
    category: v1?.category,
    categoryName: v1?.categoryName ?? (e.v2 ? e.v2.type.replace(/_/g, ' ') : kindName(e)),
    code: v2?.code ?? (v1 ? String(v1.code) : undefined),
    parameter: v2?.parameter,
    ...more(e),
    ...action(e),
  };
}

/** The answer's other refusals, after the first (which `message` says): `"bill_to" is required ...`. */
function more(e: ApiError): Pick<PanelError, 'more'> {
  const rest = [...(e.v2?.errors ?? []).slice(1), ...(e.v1 ?? []).slice(1)]
    .map(x => x.message)
    .filter((m): m is string => typeof m === 'string' && m !== '');
  return rest.length ? { more: rest } : {};
}

function action(e: ApiError): Pick<PanelError, 'action'> {
  const offer = offerFor(e);
  return offer === 'Sign In'
    ? { action: 'signIn' }
    : offer === 'Switch Connection'
      ? { action: 'switchConnection' }
      : {};
}

/** "network error", "timeout error"...; a plain HTTP error is named by its status alone. */
const kindName = (e: ApiError) => (e.kind === 'http' ? undefined : `${e.kind} error`);
