// The callout history as the Callouts view shows it: GET /v1/notification-history/callout read page by page,
// its attempts grouped into deliveries (one event sent to one notification, with every attempt and resend),
// filtered, and resent (POST /notifications/callout-histories/resend). The answer's fields are read defensively:
// the reference names only attemptedNum, createTime, eventCategory, eventContext, notification, requestMethod,
// requestUrl, responseCode and responseContent, all strings; anything else (an id, the request's headers and
// body, a duration) is used when the service answers it.
import { randomId } from '../wire/random';
import type { ApiResponse, SendRequest } from './clientTypes';
import type { Redactor } from './redact';

export const CALLOUT_HISTORY_PATH = '/v1/notification-history/callout';
export const CALLOUT_RESEND_PATH = '/notifications/callout-histories/resend';
/** The reference's largest page. */
const PAGE_SIZE = 40;
/** Pages read at most per refresh (1,000 attempts): a long history is narrowed by a filter, never read whole. */
export const MAX_PAGES = 25;

/** What the history needs of the billing client. */
export interface HistoryClient {
  send<T = unknown>(op: { method: string; path: string }, r?: SendRequest): Promise<ApiResponse<T>>;
}

export interface CalloutAttemptRow {
  /** The history record's id (what resend takes); absent when the service does not answer one. */
  id?: string;
  attempt: number;
  /** createTime as answered. */
  at: string;
  /** The answer's status; 0 when no answer came. */
  status: number;
  ok: boolean;
  method: string;
  url: string;
  eventType: string;
  notification: string;
  /** The event's merge fields (eventContext), or its text when it is not a JSON object. */
  context: Record<string, string> | string;
  answer?: string;
  durationMs?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Where it came in the service's list (ties in time keep that order). */
  index: number;
}

export interface CalloutDelivery {
  key: string;
  eventType: string;
  notification: string;
  /** The object it is about, as a person reads it: an invoice, payment, order... number. */
  object: string;
  /** Oldest first; a resend's attempts follow the first ones. */
  attempts: CalloutAttemptRow[];
}

export interface CalloutFilter {
  eventType?: string;
  failedOnly?: boolean;
  /** Matches the object's number or id, or any merge field's value (an account number), case-insensitively. */
  object?: string;
}

export interface CalloutHistoryRead {
  deliveries: CalloutDelivery[];
  /** More attempts were there than MAX_PAGES pages: the oldest-first list was cut. */
  truncated: boolean;
  attempts: number;
}

/**
 * Reads the history (the event type filtered by the service, the rest here), newest delivery first. The Local
 * sandbox answers every attempt in full in one read (LOCAL_CALLOUTS_PATH); a sandbox without that path (an older
 * one) is read as any service is, page by page.
 */
export async function readCalloutHistory(
  client: HistoryClient,
  filter: CalloutFilter = {},
  o: { signal?: AbortSignal; maxPages?: number; localSandbox?: boolean } = {},
): Promise<CalloutHistoryRead> {
  const local = o.localSandbox ? await localAttempts(client, filter, o.signal) : undefined;
  const { rows, truncated } = local ? { rows: local, truncated: false } : await historyPages(client, filter, o);
  return { deliveries: filterDeliveries(groupDeliveries(rows), filter), truncated, attempts: rows.length };
}

async function historyPages(
  client: HistoryClient,
  filter: CalloutFilter,
  o: { signal?: AbortSignal; maxPages?: number },
): Promise<{ rows: CalloutAttemptRow[]; truncated: boolean }> {
  const rows: CalloutAttemptRow[] = [];
  const maxPages = o.maxPages ?? MAX_PAGES;
  for (let page = 1; ; page++) {
    const query = {
      page: String(page),
      pageSize: String(PAGE_SIZE),
      includeResponseContent: 'true',
      ...(filter.eventType ? { eventCategory: filter.eventType } : {}),
    };
    const r = await client.send<unknown>({ method: 'GET', path: CALLOUT_HISTORY_PATH }, { query, signal: o.signal });
    const data = (r.data ?? {}) as { calloutHistories?: unknown; nextPage?: unknown };
    const list = Array.isArray(data.calloutHistories) ? data.calloutHistories : [];
    for (const raw of list) {
      const a = parseAttempt(raw, rows.length);
      if (a) rows.push(a);
    }
    if (!data.nextPage || !list.length) return { rows, truncated: false };
    if (page >= maxPages) return { rows, truncated: true };
  }
}

/** Where the Local sandbox answers each attempt in full (the reference's history rows hold no request). */
export const LOCAL_CALLOUTS_PATH = '/_sandbox/callouts';

/**
 * The Local sandbox's attempts, read as history rows with what the reference's rows lack (the request's headers,
 * masked there already, and body; the duration); undefined when it has no such path.
 */
async function localAttempts(
  client: HistoryClient,
  filter: CalloutFilter,
  signal?: AbortSignal,
): Promise<CalloutAttemptRow[] | undefined> {
  type Full = {
    id?: unknown;
    attemptedNum?: unknown;
    createTime?: unknown;
    notification?: unknown;
    durationMs?: unknown;
    event?: { type?: unknown; fields?: unknown };
    request?: { method?: unknown; url?: unknown; headers?: unknown; body?: unknown };
    response?: { status?: unknown; body?: unknown };
  };
  let full: Full[];
  try {
    const query = filter.eventType ? { eventCategory: filter.eventType } : undefined;
    const r = await client.send<{ attempts?: Full[] }>({ method: 'GET', path: LOCAL_CALLOUTS_PATH }, { query, signal });
    if (!Array.isArray(r.data?.attempts)) return undefined;
    full = r.data.attempts;
  } catch (e) {
    if (signal?.aborted) throw e;
    return undefined;
  }
  const rows: CalloutAttemptRow[] = [];
  for (const f of full) {
    if (typeof f !== 'object' || f === null) continue;
    const row = parseAttempt(
      {
        id: f.id,
        attemptedNum: f.attemptedNum,
        createTime: f.createTime,
        eventCategory: f.event?.type,
        eventContext: f.event?.fields,
        notification: f.notification,
        requestMethod: f.request?.method,
        requestUrl: f.request?.url,
        requestHeaders: f.request?.headers,
        requestBody: f.request?.body,
        responseCode: f.response?.status,
        responseContent: f.response?.body,
        durationMs: f.durationMs,
      },
      rows.length,
    );
    if (row) rows.push(row);
  }
  return rows;
}

/** Sends a delivery again (its newest attempt's request); the service records it as new attempts. */
export async function resendDelivery(client: HistoryClient, d: CalloutDelivery): Promise<void> {
  const id = [...d.attempts].reverse().find(a => a.id)?.id;
  if (!id) {
    throw new Error(
      "The service's callout history gives no id for this delivery, so it cannot be resent from here: resend it from the service's notification history page.",
    );
  }
  const r = await client.send<Record<string, { message?: string }> | undefined>(
    { method: 'POST', path: CALLOUT_RESEND_PATH },
    { body: [id], idempotencyKey: randomId() },
  );
  const failed = r.data && typeof r.data === 'object' ? r.data[id] : undefined;
  if (failed) throw new Error(`The service did not resend it: ${failed.message ?? JSON.stringify(failed)}`);
}

const text = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/** One history row, or undefined when it is not an object. Unknown or missing fields never throw. */
export function parseAttempt(raw: unknown, index: number): CalloutAttemptRow | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const r = raw as Record<string, unknown>;
  const status = num(r.responseCode) ?? 0;
  const context = parseContext(r.eventContext);
  const headers = stringRecord(r.requestHeaders);
  const body = text(r.requestBody) ?? (r.requestBody !== undefined ? JSON.stringify(r.requestBody) : undefined);
  return {
    id: text(r.id),
    attempt: num(r.attemptedNum) ?? 1,
    at: text(r.createTime) ?? '',
    status,
    ok: status >= 200 && status < 300,
    method: text(r.requestMethod) ?? '',
    url: text(r.requestUrl) ?? '',
    eventType: text(r.eventCategory) ?? (typeof context === 'object' ? context['Event.Type'] : undefined) ?? '',
    notification: text(r.notification) ?? '',
    context,
    answer: text(r.responseContent),
    durationMs: num(r.duration ?? r.durationMs ?? r.responseTime),
    headers,
    body,
    index,
  };
}

function parseContext(v: unknown): Record<string, string> | string {
  if (typeof v === 'object' && v !== null) return stringRecord(v) ?? {};
  const s = text(v) ?? '';
  try {
    return stringRecord(JSON.parse(s)) ?? s;
  } catch {
    return s;
  }
}

function stringRecord(v: unknown): Record<string, string> | undefined {
  if (typeof v === 'string') {
    try {
      return stringRecord(JSON.parse(v));
    } catch {
      return undefined;
    }
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v)) {
    const t = text(x);
    if (t !== undefined) out[k] = t;
  }
  return out;
}

const time = (a: CalloutAttemptRow) => {
  const t = Date.parse(a.at);
  return Number.isNaN(t) ? 0 : t;
};
const byTime = (x: CalloutAttemptRow, y: CalloutAttemptRow) => time(x) - time(y) || x.index - y.index;

/**
 * Attempts of one event to one notification are one delivery: the same notification, event type and merge
 * fields (a retry and a resend send the same event again). Newest delivery (by its first attempt) first.
 */
export function groupDeliveries(rows: readonly CalloutAttemptRow[]): CalloutDelivery[] {
  const byKey = new Map<string, CalloutDelivery>();
  for (const a of [...rows].sort(byTime)) {
    const ctx = typeof a.context === 'string' ? a.context : JSON.stringify(Object.entries(a.context).sort());
    const key = JSON.stringify([a.notification, a.eventType, ctx]);
    let d = byKey.get(key);
    if (!d) {
      d = { key, eventType: a.eventType, notification: a.notification, object: objectOf(a), attempts: [] };
      byKey.set(key, d);
    }
    d.attempts.push(a);
  }
  return [...byKey.values()].sort((x, y) => byTime(y.attempts[0], x.attempts[0]));
}

/** The object each of the vendor's event types is about (its merge fields' prefix). */
const OBJECT_OF_EVENT: Record<string, string> = {
  InvoicePosted: 'Invoice',
  PaymentProcessed: 'Payment',
  PaymentDeclined: 'Payment',
  RefundProcessed: 'Refund',
  OrderProcessed: 'Order',
  OrderActionProcessed: 'Subscription',
  BillRunCompletion: 'BillRun',
};

/** The object's number from the merge fields: the event's own object first (Invoice for InvoicePosted). */
export function objectOf(a: Pick<CalloutAttemptRow, 'context' | 'eventType'>): string {
  const c = a.context;
  if (typeof c === 'string') return '';
  const numbers = Object.keys(c).filter(k => /^(\w+)\.\1Number$/.test(k) && c[k]);
  const prefix = (k: string) => k.split('.')[0];
  const named = OBJECT_OF_EVENT[a.eventType];
  const own =
    numbers.find(k => prefix(k) === named) ??
    numbers.find(k => a.eventType.toLowerCase().startsWith(prefix(k).toLowerCase()));
  const pick = own ?? numbers.find(k => !k.startsWith('Account.')) ?? numbers[0];
  if (pick) return c[pick];
  const id = Object.keys(c).find(k => /^\w+\.Id$/.test(k) && !k.startsWith('Account.'));
  return id ? c[id] : '';
}

/** What an order action event did (CancelSubscription...), said beside its status; undefined for other events. */
export function actionOf(d: CalloutDelivery): string | undefined {
  const c = d.attempts[0].context;
  return typeof c === 'string' ? undefined : c['OrderAction.Type'];
}

export const lastAttempt = (d: CalloutDelivery): CalloutAttemptRow => d.attempts[d.attempts.length - 1];
export const delivered = (d: CalloutDelivery): boolean => lastAttempt(d).ok;

/** "200"; one failed attempt its status ("500", "no answer": the row's icon says failed); more: "failed after 5
 *  attempts (500)". Short: it shares a narrow side bar's row with the event, object and time. */
export function deliveryStatus(d: CalloutDelivery): string {
  const last = lastAttempt(d);
  const code = last.status ? String(last.status) : 'no answer';
  const n = d.attempts.length;
  return last.ok || n === 1 ? code : `failed after ${n} attempts (${code})`;
}

/** "attempt 2 · 500 · 12 ms", a resend's first attempt saying so. */
export function attemptStatus(a: CalloutAttemptRow, resent: boolean): string {
  const code = a.status ? String(a.status) : 'no answer';
  const ms = a.durationMs === undefined ? undefined : `${Math.round(a.durationMs)} ms`;
  return [`${resent ? 'resent' : `attempt ${a.attempt}`}`, code, ms].filter(Boolean).join(' · ');
}

/** Whether the attempt starts a resend (its number starts again at 1 after the delivery's first attempts). */
export const isResend = (d: CalloutDelivery, i: number): boolean => i > 0 && d.attempts[i].attempt <= 1;

export function filterDeliveries(list: CalloutDelivery[], f: CalloutFilter): CalloutDelivery[] {
  const object = f.object?.trim().toLowerCase();
  return list.filter(
    d =>
      (!f.eventType || d.eventType === f.eventType) &&
      (!f.failedOnly || !delivered(d)) &&
      (!object || d.object.toLowerCase() === object || contextValues(d).some(v => v.toLowerCase() === object)),
  );
}

const contextValues = (d: CalloutDelivery): string[] => {
  const c = d.attempts[0].context;
  return typeof c === 'string' ? [] : Object.values(c);
};

/** The filter in words ("InvoicePosted · failed only · INV00000001"), undefined when nothing is filtered. */
export function filterText(f: CalloutFilter): string | undefined {
  const parts = [f.eventType, f.failedOnly ? 'failed only' : undefined, f.object?.trim() || undefined];
  const shown = parts.filter(Boolean);
  return shown.length ? shown.join(' · ') : undefined;
}

const parsed = (s: string | undefined): unknown => {
  if (s === undefined) return undefined;
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
};

/**
 * An attempt as a read-only document: its request (method, URL, headers masked, body) and answer (status, body),
 * pretty-printed JSON where they are JSON, and the event it delivered. Redacted with the client's redactor.
 */
export function attemptDocument(d: CalloutDelivery, a: CalloutAttemptRow, redactor: Redactor): unknown {
  const noBody = 'not in the service’s history answer; the event’s merge fields are under event.context';
  const sendsBody = !/^(GET|DELETE)$/i.test(a.method);
  return redactor.json({
    request: {
      method: a.method,
      url: a.url,
      headers: a.headers ? redactor.headers(a.headers) : 'not in the service’s history answer',
      ...(sendsBody ? { body: a.body !== undefined ? parsed(a.body) : noBody } : {}),
    },
    answer: {
      status: a.status || 'no answer',
      ...(a.durationMs !== undefined ? { durationMs: a.durationMs } : {}),
      body: parsed(a.answer) ?? '',
    },
    event: {
      type: d.eventType,
      notification: d.notification,
      object: d.object,
      attempt: a.attempt,
      at: a.at,
      ...(a.id ? { historyId: a.id } : {}),
      context: a.context,
    },
  });
}
