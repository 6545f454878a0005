// What a step sends, with every reference resolved, and one try of it: an answer (a success, or an error answer
// with a status), or why there is none. Every call carries the step's `headers` as given (names in lower case).
import type { ApiError, ApiResponse, BillingClient, CallOptions, ClockRequest } from '../client';
import { previewBody } from '../payloads';
import { kindFromFileName, type PathSegment } from '../schemas';
import { SANDBOX_CATALOG_PATH } from '../wire/sandboxCatalog';
import { SIMULATED_NOTE } from '../wire/simulated';
import type { Answer } from './checks';
import { resolveReferences, UnresolvedReference, type Scope } from './references';
import type { PreparedStep } from './findingTypes';
import type { PlaceReset } from './runPlace';

export interface Call {
  body?: unknown;
  /** Not an HTTP call (a reset of the embedded sandbox): nothing to record as an exchange. */
  local?: boolean;
  send(client: BillingClient, signal?: AbortSignal): Promise<ApiResponse<unknown>>;
}

/** What was sent and answered (redacted before it reaches a result). */
export interface Exchange {
  method: string;
  url: string;
  status?: number;
  requestId?: string;
  body?: unknown;
  answer?: unknown;
}

/** What sending needs of the run. */
export interface SendContext {
  client: BillingClient;
  signal?: AbortSignal;
  now: () => number;
}

/** One try of a step: an answer (a success, or an error answer with a status), or why there is none. */
export type Sent =
  | { kind: 'answer'; answer: Answer; exchange: Exchange | undefined; note?: string; error?: ApiError }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: ApiError; exchange: Exchange | undefined };

export async function sendOnce(call: Call, ctx: SendContext): Promise<Sent> {
  const started = ctx.now();
  try {
    const r = await call.send(ctx.client, ctx.signal);
    const ms = ctx.now() - started;
    const exchange = call.local
      ? undefined
      : {
          method: r.request.method,
          url: r.request.url,
          status: r.status,
          requestId: r.requestId,
          body: call.body,
          answer: r.data,
        };
    const answer = { status: r.status, body: r.data, headers: r.headers ?? {}, ms };
    return { kind: 'answer', answer, exchange, ...(r.simulated ? { note: SIMULATED_NOTE } : {}) };
  } catch (e) {
    if (!isApiError(e)) throw e;
    if (e.kind === 'cancelled') return { kind: 'cancelled' };
    const ms = ctx.now() - started;
    const exchange = {
      method: e.method ?? '',
      url: e.url ?? '',
      status: e.status,
      requestId: e.requestId,
      body: call.body,
      answer: e.body,
    };
    if (e.kind !== 'http' || e.status === undefined) return { kind: 'failed', error: e, exchange };
    return {
      kind: 'answer',
      answer: { status: e.status, body: e.body, headers: e.headers ?? {}, ms },
      exchange,
      error: e,
    };
  }
}

/** The step's call with every reference resolved (throws UnresolvedReference); `reset` makes the sandbox afresh. */
export function resolveCall(p: PreparedStep, answers: Scope, reset: PlaceReset | undefined): Call {
  const s = p.step;
  const at: PathSegment[] = ['steps', p.index];
  const bodyAt = p.file ? [...at, 'file'] : [...at, 'body'];
  const body = p.body === undefined ? undefined : resolveReferences(p.body, answers, bodyAt);
  const obj = body as Record<string, unknown>;
  const headers = stepHeaders(s.headers, answers, [...at, 'headers']);
  const given = headers ? { headers } : {};
  const o = (signal?: AbortSignal): CallOptions => ({ signal, ...given });
  // The client sends a create's Idempotency-Key itself: one given as a header is the one it sends.
  const key = headers?.['idempotency-key'];
  const create = (signal?: AbortSignal): CallOptions => ({ ...o(signal), ...(key ? { idempotencyKey: key } : {}) });
  switch (s.kind) {
    case 'preview': {
      // Sent as the editor previews a file: an order gets `metrics`; billing documents are asked for over the
      // default periods unless the body names its own metrics or period options (the same on every machine).
      const isBody = !!obj && typeof obj === 'object' && !Array.isArray(obj);
      const sent = isBody ? previewBody(obj, p.file ? kindFromFileName(p.file) : 'preview') : obj;
      return { body: sent, send: (c, signal) => c.preview(sent as never, o(signal)) };
    }
    case 'createOrder':
      return { body, send: (c, signal) => c.createOrder(obj as never, create(signal)) };
    case 'createAccount':
      return { body, send: (c, signal) => c.createAccount(obj as never, create(signal)) };
    case 'getOrder': {
      const n = String(resolveReferences(s.orderNumber, answers, [...at, 'orderNumber']));
      return { send: (c, signal) => c.getOrder(n, o(signal)) };
    }
    case 'getAccount': {
      const n = String(resolveReferences(s.accountNumber, answers, [...at, 'accountNumber']));
      return { send: (c, signal) => c.getAccount(n, o(signal)) };
    }
    case 'operation': {
      const op = p.operation!;
      const pathParams = resolveReferences(s.pathParams ?? {}, answers, [...at, 'pathParams']);
      const raw = resolveReferences(s.query ?? {}, answers, [...at, 'query']) as Record<string, unknown>;
      const query = Object.fromEntries(
        Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.map(x => String(x)) : String(v)]),
      );
      const asText = Object.fromEntries(Object.entries(pathParams).map(([k, v]) => [k, String(v)]));
      return { body, send: (c, signal) => c.send(op, { pathParams: asText, query, body, ...create(signal) }) };
    }
    case 'advance': {
      const move = resolveReferences(s.to !== undefined ? { to: s.to } : { by: s.by ?? '' }, answers, at);
      return { body: move, send: (c, signal) => c.moveSandboxClock(move as ClockRequest, o(signal)) };
    }
    case 'clock':
      return { send: (c, signal) => c.sandboxClock(o(signal)) };
    case 'catalog': {
      const method = body !== undefined ? 'PUT' : s.seeded ? 'DELETE' : 'GET';
      const control = { method, path: SANDBOX_CATALOG_PATH };
      return { body, send: (c, signal) => c.send(control, { ...(body !== undefined ? { body } : {}), ...o(signal) }) };
    }
    case 'callout':
      throw new Error('a callout step is not sent: the runner waits for it (runCalloutStep)');
    case 'reset':
      if (!reset) throw new Error('a reset step where the run cannot reset (controlRefusal lets none through)');
      return { local: reset.local, body: reset.body, send: (c, signal) => reset.send(c, o(signal)) };
  }
}

/** The step's headers with references resolved, names in lower case (the client's own are findings). */
function stepHeaders(
  headers: Record<string, string> | undefined,
  answers: Scope,
  at: PathSegment[],
): Record<string, string> | undefined {
  if (!headers || !Object.keys(headers).length) return undefined;
  const resolved = resolveReferences(headers, answers, at) as Record<string, unknown>;
  for (const [name, v] of Object.entries(resolved)) {
    // A value read at run time (`${env.X}`) must stay one header: never a line break, nothing HTTP cannot carry.
    if (/[^\t\x20-\x7e\x80-\xff]/.test(String(v))) {
      const why = `The value of header "${name}" holds a line break or a character a header cannot carry (as written, or as its reference resolved): give it one line of plain text.`;
      throw new UnresolvedReference(why, headers[name], [...at, name]);
    }
  }
  return Object.fromEntries(Object.entries(resolved).map(([k, v]) => [k.toLowerCase(), String(v)]));
}

/**
 * The client's error, by its name and kind rather than its class: the client handed in may come from another
 * bundle (the extension's, the CLI's) than this one, with an ApiError class of its own.
 */
const isApiError = (e: unknown): e is ApiError =>
  e instanceof Error && e.name === 'ApiError' && typeof (e as ApiError).kind === 'string';
