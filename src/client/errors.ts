// One error type for every failure: HTTP answers decoded (v1 eight-digit codes, v2 bodies) and network
// failures, each with a one-line message a person can act on.
import { decodeCode, type DecodedCode } from './categories';

export type ErrorKind = 'http' | 'network' | 'timeout' | 'cancelled' | 'config';
export interface V2Error { type: string; errors: { code: string; parameter?: string; message: string }[]; retryable?: boolean }
export interface V1Reason extends DecodedCode { message: string }

export interface ApiErrorInit {
  kind: ErrorKind; message: string; method?: string; url?: string; status?: number; requestId?: string;
  retryAfterMs?: number; retryable?: boolean; v1?: V1Reason[]; v2?: V2Error; body?: unknown; advice?: string; cause?: unknown;
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
  readonly advice?: string;
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
  get category(): number | undefined { return this.v1?.[0]?.category; }
}

type Headers = Record<string, string | string[] | undefined>;

/** Builds the ApiError for an HTTP answer that is not a success (a 4xx/5xx, or a v1 200 with `success: false`). */
export function httpError(method: string, url: string, status: number, headers: Headers, body: unknown): ApiError {
  const requestId = header(headers, 'service-request-id');
  const retryAfterMs = parseRetryAfter(header(headers, 'retry-after'));
  const where = `${method} ${safePath(url)}`;
  const b = body as Record<string, unknown> | undefined;
  let message: string, advice: string | undefined, retryable = [429, 502, 503, 504].includes(status);
  let v1: V1Reason[] | undefined, v2: V2Error | undefined;
  if (b && Array.isArray(b.reasons)) {
    const reasons = b.reasons as { code?: unknown; message?: unknown }[];
    v1 = reasons.map(r => ({ ...decodeCode(Number(r?.code)), message: String(r?.message ?? '') }));
    const first = v1[0];
    retryable ||= [50, 61, 70].includes(first?.category ?? 0);
    advice = first?.action;
    message = first
      ? `${where} failed (${status}, ${describeReason(first)}): ${first.message}${advice ? ` ${advice}` : ''}`
      : `${where} failed (${status}, success: false, no reasons given).`;
  } else if (b && typeof b.type === 'string' && Array.isArray(b.errors)) {
    v2 = b as unknown as V2Error;
    retryable ||= v2.retryable === true;
    const e = v2.errors[0];
    advice = adviceForV2(status, e?.code);
    message = `${where} failed (${status} ${v2.type}${e ? `, ${e.code}` : ''}): ${e ? `${e.parameter ? `${e.parameter}: ` : ''}${e.message}` : ''}${advice ? ` ${advice}` : ''}`.trim();
  } else if (b && b.success === false) {
    message = `${where} failed (${status}, success: false, no reasons given).`;
  } else {
    message = `${where} failed with HTTP ${status}.`;
  }
  if (requestId && !retryable && status >= 500) message += ` Quote Service-Request-Id ${requestId} to support.`;
  return new ApiError({ kind: 'http', message, method, url, status, requestId, retryAfterMs, retryable, v1, v2, body, advice });
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
  method: string, url: string, status: number, headers: Headers, firstBytes: string,
): ApiError {
  const where = `${method} ${safePath(url)}`;
  const type = header(headers, 'content-type') ?? 'no content type';
  const location = header(headers, 'location');
  const what = status >= 300 && status < 400
    ? `a redirect (${status}${location ? ` to ${safeOrigin(location, url)}` : ''}), which is not followed`
    : `HTTP ${status} with ${type}, not JSON`;
  const shown = firstBytes ? `: "${firstBytes}"` : '';
  return new ApiError({
    kind: 'http', method, url, status, requestId: header(headers, 'service-request-id'), body: firstBytes,
    message: `${where} answered ${what}${shown}. `
      + "Check the connection's base URL (or a proxy or login page in the way).",
  });
}

function adviceForV2(status: number, code: string | undefined): string | undefined {
  if (status === 401) return 'Sign in again: the credentials or the token are not valid.';
  if (status === 429) return 'Too many requests in flight: it is retried after Retry-After.';
  if (status === 413) return 'The body is too large: split the order.';
  if (code === 'unknown_parameter') return 'Remove the field.';
  if (code === 'missing_parameter') return 'Add the field.';
  return undefined;
}

/** Network failures, with advice naming the setting to check. */
export function networkError(method: string, url: string, e: unknown, timeoutMs: number): ApiError {
  const err = e as { code?: string; name?: string; message?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code ?? err.name;
  const host = safeHost(url);
  const common = { method, url, cause: e };
  switch (code) {
    case 'ECONNREFUSED': return new ApiError({ ...common, kind: 'network', retryable: false, message: `Cannot connect to ${host}: connection refused. Is the service running? Check the connection's base URL (Billing: Switch Connection).` });
    case 'ENOTFOUND': case 'EAI_AGAIN': return new ApiError({ ...common, kind: 'network', message: `Cannot resolve ${host}. Check the connection's base URL and your network or proxy (setting http.proxy).` });
    case 'ECONNRESET': case 'UND_ERR_SOCKET': return new ApiError({ ...common, kind: 'network', retryable: true, message: `The connection to ${host} was reset. Check your network or proxy (setting http.proxy).` });
    case 'UND_ERR_CONNECT_TIMEOUT': return new ApiError({ ...common, kind: 'timeout', retryable: true, message: `Connecting to ${host} timed out. Check your network or proxy (setting http.proxy).` });
    case 'UND_ERR_HEADERS_TIMEOUT': case 'UND_ERR_BODY_TIMEOUT': case 'TimeoutError':
      return new ApiError({
        ...common, kind: 'timeout', retryable: true,
        message: `${method} ${safePath(url)} did not complete within ${Math.round(timeoutMs / 1000)} s `
          + '(setting billingWorkbench.requestTimeoutSeconds).',
      });
    case 'AbortError': return new ApiError({ ...common, kind: 'cancelled', message: `${method} ${safePath(url)} was cancelled.` });
    case 'CERT_HAS_EXPIRED': case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE': case 'SELF_SIGNED_CERT_IN_CHAIN': case 'DEPTH_ZERO_SELF_SIGNED_CERT': case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return new ApiError({ ...common, kind: 'network', message: `TLS to ${host} failed (${code}). Check the certificate, or the setting http.proxyStrictSSL behind an intercepting proxy.` });
    default: return new ApiError({ ...common, kind: 'network', message: `${method} ${safePath(url)} failed: ${err.message ?? String(e)}${code ? ` (${code})` : ''}.` });
  }
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
const safeHost = (url: string) => { try { return new URL(url).host; } catch { return url; } };
const safePath = (url: string) => { try { return new URL(url).pathname; } catch { return url; } };
/** Where a redirect points, without its query (which may carry anything). */
const safeOrigin = (location: string, base: string) => {
  try {
    const u = new URL(location, base);
    return `${u.origin}${u.pathname}`;
  } catch { return 'elsewhere'; }
};
