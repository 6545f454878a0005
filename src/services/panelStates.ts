// What the response panel shows for an answer or an error. The client already redacts what it puts in
// errors; the panel redacts again, as a last line.
import {
  ApiError,
  summarizePreview,
  v1PreviewAsV2,
  type ApiResponse,
  type BillingClient,
  type OrderResponse,
  type PreviewResponse,
  type V1OrderResponse,
  type V1PreviewRequest,
  type V1PreviewResponse,
} from '../client';
import type { Connection } from '../connections/connectionStore';
import { SIMULATED_NOTE } from '../wire/simulated';
import type { ErrorState, PanelError, PreviewInvoice, ResponseState, TimelineHints } from '../webview/protocol';
import type { Call, CallInfo } from './calls';
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
    raw: JSON.stringify(ctx.client.redactor.json(r.data), null, 2),
    curl: ctx.client.curl(r.request),
    ...(r.simulated ? { note: SIMULATED_NOTE } : {}),
  };
  switch (call.kind) {
    case 'preview': {
      const summary = summarizePreview(previewAnswer(call, r.data), call.body);
      const { change } = history().record({
        source: call.source,
        version: call.version,
        connection: ctx.connection.name,
        summary,
      });
      const creatable = call.api === 'v1' || /\.(order|preview)\.json$/i.test(call.file);
      const timeline = timelineHints(call.body);
      const invoices = call.api === 'v1' ? v1Invoices(r.data as V1PreviewResponse) : undefined;
      const billed = invoices?.length ? { invoices } : {};
      return { ...state, source: call.source, summary, timeline, creatable, ...billed, ...(change ? { change } : {}) };
    }
    case 'createOrder': {
      if (call.api === 'v1') return { ...state, ...v1Created(r.data as V1OrderResponse) };
      const order = r.data as OrderResponse;
      const subscriptions = order.subscriptions.map(s => ({
        number: s.subscription_number,
        state: s.state,
        version: s.version,
      }));
      const title = `Order ${order.order_number} created`;
      return { ...state, title, order: { orderNumber: order.order_number, subscriptions } };
    }
    case 'createAccount':
      return { ...state, title: `Account ${(r.data as { account_number: string }).account_number} created` };
    case 'operation':
      return state;
  }
}

/** A preview's answer in the v2 shape the summary reads (a v1 answer's delta metrics converted). */
export function previewAnswer(call: { api?: 'v1'; body: unknown }, data: unknown): PreviewResponse {
  if (call.api !== 'v1') return data as PreviewResponse;
  return v1PreviewAsV2((data as V1PreviewResponse).previewResult, call.body as V1PreviewRequest);
}

/** The invoices a v1 preview lists (BillingDocs), in date order. */
function v1Invoices(data: V1PreviewResponse): PreviewInvoice[] {
  const invoices = data.previewResult?.invoices ?? [];
  return invoices
    .map(i => ({ date: i.targetDate ?? '', amount: i.amount ?? 0, items: i.invoiceItems?.length ?? 0 }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

function v1Created(order: V1OrderResponse) {
  const subscriptions = (order.subscriptions ?? []).map(s => ({
    number: s.subscriptionNumber ?? '',
    state: s.status ?? '',
    version: 1,
  }));
  const orderNumber = order.orderNumber ?? '';
  return { title: `Order ${orderNumber} created`, order: { orderNumber, subscriptions } };
}

interface Term {
  type?: unknown;
  interval?: unknown;
  interval_count?: unknown;
}

/** What the preview request says that its answer does not: each subscription's initial term, each line item's date. */
export function timelineHints(body: unknown): TimelineHints {
  const b = (body ?? {}) as { subscriptions?: SubscriptionTerms[]; line_items?: { start_date?: unknown }[] };
  const list = <T>(x: T[] | undefined) => (Array.isArray(x) ? x : []);
  return {
    terms: list(b.subscriptions).map(s => termLabel(s?.initial_term) ?? v1TermLabel(s)),
    lineItemDates: list(b.line_items).map(li => (typeof li?.start_date === 'string' ? li.start_date : undefined)),
  };
}

interface SubscriptionTerms {
  initial_term?: Term;
  /** v1: a CreateSubscription action's terms. */
  orderActions?: { createSubscription?: { terms?: { initialTerm?: V1Term } } }[];
}
interface V1Term {
  termType?: unknown;
  period?: unknown;
  periodType?: unknown;
}

/** A v1 subscription's initial term, read as the v2 one. */
function v1TermLabel(s: SubscriptionTerms | undefined): string | undefined {
  const actions = Array.isArray(s?.orderActions) ? s.orderActions : [];
  const t = actions.find(a => a?.createSubscription?.terms?.initialTerm)?.createSubscription?.terms?.initialTerm;
  if (!t) return undefined;
  if (t.termType === 'EVERGREEN') return 'evergreen';
  const interval = typeof t.periodType === 'string' ? t.periodType.toLowerCase() : undefined;
  return termLabel({ type: 'termed', interval, interval_count: t.period });
}

/** "12 months", "1 year", "evergreen"; undefined when the request names no term. */
export function termLabel(t: Term | undefined): string | undefined {
  if (!t || typeof t !== 'object') return undefined;
  if (t.type === 'evergreen') return 'evergreen';
  if (typeof t.interval !== 'string' || typeof t.interval_count !== 'number') return undefined;
  return `${t.interval_count} ${t.interval}${t.interval_count === 1 ? '' : 's'}`;
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
    ...action(e),
  };
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
