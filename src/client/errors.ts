// One error type for every failure: HTTP answers decoded (v1 eight-digit codes, v2 bodies) and network
// failures, each with a one-line message a person can act on.
import { NOT_SERVED_HEADER, NOT_SERVED_VALUE } from '../wire/notServed';
import { advise, baseUrlPlace, type NextStep, type Surface } from './advice';
import { decodeCode, type DecodedCode } from './categories';

export type ErrorKind = 'http' | 'network' | 'timeout' | 'cancelled' | 'config';
export interface V2Detail {
  code: string;
  parameter?: string;
  message: string;
}
export interface V2Error {
  type: string;
  errors: V2Detail[];
  retryable?: boolean;
}
export interface V1Reason extends DecodedCode {
  message: string;
}

export interface ApiErrorInit {
  kind: ErrorKind;
  message: string;
  method?: string;
  url?: string;
  status?: number;
  requestId?: string;
  retryAfterMs?: number;
  retryable?: boolean;
  v1?: V1Reason[];
  v2?: V2Error;
  body?: unknown;
  /** The answer's headers (names in lower case), when there was an answer. */
  headers?: Record<string, string>;
  advice?: string;
  /** The next step when its words depend on the surface (the editor offers it as an action). */
  next?: NextStep;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly status?: number;
  readonly requestId?: string;
  readonly retryAfterMs?: number;
  readonly retryable: boolean;
  readonly v1?: V1Reason[];
  readonly v2?: V2Error;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  readonly advice?: string;
  readonly next?: NextStep;
  readonly method?: string;
  /** Redacted by the client before it is thrown. */
  url?: string;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause ? { cause: init.cause } : undefined);
    this.name = 'ApiError';
    Object.assign(this, { ...init, retryable: init.retryable ?? false });
    this.kind = init.kind;
    this.retryable = init.retryable ?? false;
  }

  /** The category of the first v1 reason, if the body was a v1 error. */
  get category(): number | undefined {
    return this.v1?.[0]?.category;
  }
}

type Headers = Record<string, string | string[] | undefined>;

/** What a failure body says: its message, what to do, whether to retry, and the decoded reasons. */
interface Reading {
  message: string;
  advice?: string;
  next?: NextStep;
  retryable: boolean;
  v1?: V1Reason[];
  v2?: V2Error;
}

/** Builds the ApiError for an HTTP answer that is not a success (a 4xx/5xx, or a v1 200 with `success: false`). */
export function httpError(
  method: string,
  url: string,
  status: number,
  headers: Headers,
  body: unknown,
  surface?: Surface,
): ApiError {
  const requestId = header(headers, 'service-request-id');
  const retryAfterMs = parseRetryAfter(header(headers, 'retry-after'));
  const where = `${method} ${safePath(url)}`;
  const next = nextStep(status, headers, body);
  const words = { next, advice: next && advise(next, surface) };
  const reading = readFailure(where, status, body as Record<string, unknown> | undefined, words);
  let message = reading.message;
  // Support can act on a 5xx of the service, not on the Local sandbox saying what it does not serve.
  const forSupport = requestId && !reading.retryable && status >= 500 && next !== 'realEnvironment';
  if (forSupport) message += ` Quote Service-Request-Id ${requestId} to support.`;
  return new ApiError({
    kind: 'http',
    ...reading,
    message,
    method,
    url,
    status,
    requestId,
    retryAfterMs,
    body,
    headers: answerHeaders(headers),
  });
}

/** An answer's headers as one text each (a repeated header joined with ", "), names in lower case. */
export function answerHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

/** What to do when the surface decides the words: a 501 of the Local sandbox, refused credentials. */
function nextStep(status: number, headers: Headers, body: unknown): NextStep | undefined {
  if (status === 501 && header(headers, NOT_SERVED_HEADER) === NOT_SERVED_VALUE) return 'realEnvironment';
  const reasons = (body as { reasons?: { code?: unknown }[] } | undefined)?.reasons;
  const v1Category = Array.isArray(reasons) ? decodeCode(Number(reasons[0]?.code)).category : undefined;
  if (status === 401 || v1Category === 11) return 'credentials';
  return undefined;
}

type Words = { next?: NextStep; advice?: string };

function readFailure(where: string, status: number, b: Record<string, unknown> | undefined, words: Words): Reading {
  const retryable = [429, 502, 503, 504].includes(status);
  if (b && Array.isArray(b.reasons)) return readV1(where, status, b.reasons, retryable, words);
  if (b && typeof b.type === 'string' && Array.isArray(b.errors)) {
    return readV2(where, status, b as unknown as V2Error, retryable, words);
  }
  const then = words.advice ? ` ${words.advice}` : '';
  if (b && b.success === false) return { message: `${noReasons(where, status)}${then}`, ...words, retryable };
  return { message: `${where} failed with HTTP ${status}.${then}`, ...words, retryable };
}

const noReasons = (where: string, status: number) => `${where} failed (${status}, success: false, no reasons given).`;

/** A v1 body: `reasons` with eight-digit codes; the first reason's category says what to do. */
function readV1(where: string, status: number, reasons: unknown[], retryable: boolean, words: Words): Reading {
  const v1 = (reasons as { code?: unknown; message?: unknown }[]).map(r => ({
    ...decodeCode(Number(r?.code)),
    message: String(r?.message ?? ''),
  }));
  const first = v1[0];
  if (!first) return { message: noReasons(where, status), retryable, v1 };
  const advice = words.advice ?? first.action;
  const then = advice ? ` ${advice}` : '';
  const message = `${where} failed (${status}, ${describeReason(first)}): ${first.message}${then}`;
  const retry = retryable || [50, 61, 70].includes(first.category ?? 0);
  return { message, advice, next: words.next, retryable: retry, v1 };
}

/** A v2 body: a `type` and `errors`; the first error names the code and the parameter. */
function readV2(where: string, status: number, v2: V2Error, retryable: boolean, words: Words): Reading {
  const e: V2Detail | undefined = v2.errors[0];
  const advice = words.advice ?? adviceForV2(status, e?.code, e?.parameter);
  const kind = e ? `${v2.type}, ${e.code}` : v2.type;
  const detail = e ? `${e.parameter ? `${e.parameter}: ` : ''}${e.message}` : '';
  const message = `${where} failed (${status} ${kind}): ${detail}${advice ? ` ${advice}` : ''}`.trim();
  return { message, advice, next: words.next, retryable: retryable || v2.retryable === true, v2 };
}

/** "53100320 Invalid format or value"; a code of another shape or an unknown category is shown raw. */
function describeReason(r: V1Reason): string {
  if (!r.valid) return `code ${r.code}, not a v1 eight-digit code`;
  if (!r.action) return `${r.code}, unknown category ${r.category}`;
  return `${r.code} ${r.categoryName}`;
}

/**
 * A 3xx, or a 2xx whose body is not JSON: not the service answering (a login page, a proxy, a wrong base URL).
 * Says what came back; `firstBytes` must already be redacted.
 */
export function unexpectedAnswer(
  method: string,
  url: string,
  status: number,
  headers: Headers,
  firstBytes: string,
  surface?: Surface,
): ApiError {
  const where = `${method} ${safePath(url)}`;
  const type = header(headers, 'content-type') ?? 'no content type';
  const location = header(headers, 'location');
  const what =
    status >= 300 && status < 400
      ? `a redirect (${status}${location ? ` to ${safeOrigin(location, url)}` : ''}), which is not followed`
      : `HTTP ${status} with ${type}, not JSON`;
  const shown = firstBytes ? `: "${firstBytes}"` : '';
  return new ApiError({
    kind: 'http',
    method,
    url,
    status,
    requestId: header(headers, 'service-request-id'),
    body: firstBytes,
    next: 'baseUrl',
    message: `${where} answered ${what}${shown}. Check ${baseUrlPlace(surface)} (or a proxy or login page in the way).`,
  });
}

/** What to do after a v2 failure, from its status and code (the reference leaves the codes open: the common ones). */
function adviceForV2(status: number, code: string | undefined, parameter: string | undefined): string | undefined {
  const field = parameter ? ` "${parameter}"` : ' the field';
  if (status === 429) return 'Too many requests in flight: it is retried after Retry-After.';
  if (status === 413) return 'The body is too large: split the order.';
  if (code === 'unknown_parameter') return `Remove${field}.`;
  if (code === 'missing_parameter') return `Add${field}.`;
  if (code === 'invalid_state' || status === 409)
    return 'Read the object first (GET) to see its status: this action is not allowed in it.';
  if (status === 404 || code === 'not_found')
    return 'Check the id: it may be mistyped, deleted, or from another environment.';
  if (status === 400 || status === 422) return `Correct${field} as the message says, then send again.`;
  if (status === 403) return 'The credentials lack the permission for this operation: ask your tenant administrator.';
  if (status >= 500) return 'The service failed: try again later.';
  return undefined;
}

const TLS_CODES = [
  'CERT_HAS_EXPIRED',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
];

/** Network failures, with advice naming what to check where the person can change it (setting or flag). */
export function networkError(
  method: string,
  url: string,
  e: unknown,
  timeoutMs: number,
  surface?: Surface,
  maxBytes = 0,
): ApiError {
  const err = e as { code?: string; name?: string; message?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code ?? err.name;
  const host = safeHost(url);
  const where = `${method} ${safePath(url)}`;
  const fail = (kind: ErrorKind, message: string, next?: NextStep, retryable?: boolean) => {
    const advice = next && advise(next, surface);
    return new ApiError({
      method,
      url,
      cause: e,
      kind,
      message: advice ? `${message} ${advice}` : message,
      ...(next ? { next, advice } : {}),
      ...(retryable === undefined ? {} : { retryable }),
    });
  };
  switch (code) {
    case 'ECONNREFUSED':
      return fail(
        'network',
        `Cannot connect to ${host}: connection refused. Is the service running?`,
        'baseUrl',
        false,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return fail('network', `Cannot resolve ${host}: check ${baseUrlPlace(surface)}.`, 'proxy');
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return fail('network', `The connection to ${host} was reset.`, 'proxy', true);
    case 'UND_ERR_CONNECT_TIMEOUT':
      return fail('timeout', `Connecting to ${host} timed out.`, 'proxy', true);
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
    case 'TimeoutError':
      return fail('timeout', `${where} did not complete within ${Math.round(timeoutMs / 1000)} s.`, 'timeout', true);
    case 'AbortError':
      return fail('cancelled', `${where} was cancelled.`);
    case 'ResponseTooLarge': {
      const mb = maxBytes / 1048576;
      const limit = mb >= 0.01 ? `${Math.round(mb * 100) / 100} MB` : `${maxBytes.toLocaleString('en')} bytes`;
      return fail('network', `The answer to ${where} is over ${limit}, the limit on one answer: not read.`, 'size');
    }
  }
  if (code && TLS_CODES.includes(code)) return fail('network', `TLS to ${host} failed (${code}).`, 'tls');
  return fail('network', `${where} failed: ${err.message ?? String(e)}${code ? ` (${code})` : ''}.`);
}

export function parseRetryAfter(v: string | undefined): number | undefined {
  if (!v) return undefined;
  const s = Number(v);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const t = Date.parse(v);
  return Number.isFinite(t) ? Math.max(0, t - Date.now()) : undefined;
}

function header(h: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
}
function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** Where a redirect points, without its query (which may carry anything). */
const safeOrigin = (location: string, base: string) => {
  try {
    const u = new URL(location, base);
    return `${u.origin}${u.pathname}`;
  } catch {
    return 'elsewhere';
  }
};
