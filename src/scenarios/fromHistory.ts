// A scenario from requests made by hand (the editor's History): each request a step of the most specific kind,
// oldest first, its body inline, its answer's status as the check, and every value a later request took from an
// earlier answer (an order number, an account number, an id) written as a reference to that answer, so the
// scenario runs again on a fresh Local sandbox where the numbers come out different. Core: no `vscode`; the
// History's entries are read through the structural type below. Nothing secret is written: the History keeps
// redacted records, and what is written is redacted once more.
import { redact } from '../client/redact';
import type { StoredCall } from '../wire/storedCall';
import type { ScenarioData, StepData } from './schema';

/** What was sent again from the History (its StoredCall), as much as a step needs: not the file it came from. */
export type HistoryCall = WithoutFile<StoredCall>;
/** Each member of the union without the file it was sent from (a distributive Omit). */
type WithoutFile<C> = C extends unknown ? Omit<C, 'file' | 'source'> : never;

/** One History entry, as the scenario reads it (src/services/requestHistory.ts HistoryEntry fits). */
export interface HistoryRequest {
  /** When it was sent, ms since the epoch: the steps follow this order. */
  at: number;
  title: string;
  method: string;
  /** The operation's path, or the concrete path sent (a scenario step's record). */
  path: string;
  connection: { name: string; kind: string };
  request: { query?: Record<string, string>; body?: unknown };
  call?: HistoryCall;
  status?: number;
  answer?: unknown;
  error?: { message: string };
  /** Parts were masked (***) before the History kept it. */
  masked?: boolean;
}

export interface ScenarioFromHistory {
  scenario: ScenarioData;
  /** Requests that are not steps, and why (no answer to check, nothing to send again). */
  left: { title: string; why: string }[];
  /** Steps that send something masked (***) in the History: to be filled in before the scenario runs. */
  masked: string[];
}

/** The Local sandbox's connection kind: a scenario made there gets the date it was made on as its `today`. */
const LOCAL = 'local';

/**
 * The scenario of these requests, in time order (oldest first), whatever order they come in. `name` is the
 * scenario's name.
 */
export function scenarioFromHistory(requests: readonly HistoryRequest[], name: string): ScenarioFromHistory {
  const ordered = [...requests].sort((a, b) => a.at - b.at);
  const left: ScenarioFromHistory['left'] = [];
  const masked: string[] = [];
  const names = new Set<string>();
  const found = new AnswerValues();
  const steps: StepData[] = [];
  for (const r of ordered) {
    const base = stepOf(r);
    if (typeof base === 'string') {
      left.push({ title: r.title, why: base });
      continue;
    }
    const stepName = unique(baseName(base), names);
    const sent = clean(base);
    const step = found.referenced(sent.step);
    if (sent.masked || r.masked) masked.push(stepName);
    const { kind, ...rest } = step;
    steps.push({ name: stepName, kind, description: r.title, ...rest, expect: { status: r.status! } } as StepData);
    found.sent(sent.step);
    if (!r.error) found.answered(stepName, r.answer);
  }
  const local = ordered.length > 0 && ordered.every(r => r.connection.kind === LOCAL);
  const where = [...new Set(ordered.map(r => r.connection.name))].join(', ');
  const scenario: ScenarioData = {
    name,
    description: `Saved from the History: ${steps.length} request${steps.length === 1 ? '' : 's'} made on ${where || 'no connection'}.`,
    // On the Local sandbox, the date the first request was made: every run then gives the same answers.
    ...(local && steps.length ? { today: new Date(ordered[0].at).toISOString().slice(0, 10) } : {}),
    steps,
  };
  return { scenario, left, masked };
}

/** The scenario file's text: two-space JSON, as the examples are written. */
export const scenarioText = (s: ScenarioData): string => JSON.stringify(s, null, 2) + '\n';

/** A step without name or checks, or why the request cannot be one. */
function stepOf(r: HistoryRequest): StepData | string {
  if (r.status === undefined) return `it has no answer to check (${r.error?.message ?? 'not sent'})`;
  const c = r.call ?? callOfPath(r);
  if (!c) return `${r.method} ${r.path} cannot be sent again: the History keeps no operation for it`;
  const body = 'body' in c && c.body !== undefined ? { body: c.body } : {};
  switch (c.kind) {
    case 'preview':
      return c.api === 'v1' ? operation('POST /v1/orders/preview', {}, {}, body) : { kind: 'preview', ...body };
    case 'createOrder':
      return c.api === 'v1' ? operation('POST /v1/orders', {}, {}, body) : { kind: 'createOrder', ...body };
    case 'createAccount':
      return { kind: 'createAccount', ...body };
    case 'operation':
      return specific(c.operation, c.pathParams, c.query, body);
  }
}

/** The kinds a scenario names by what they do; any other operation stays an `operation` step. */
function specific(id: string, pathParams: Record<string, string>, query: Record<string, string>, body: object) {
  const plain = !Object.keys(query).length;
  if (plain && id === 'POST /v2/orders/preview') return { kind: 'preview', ...body } as StepData;
  if (plain && id === 'POST /v2/orders') return { kind: 'createOrder', ...body } as StepData;
  if (plain && id === 'POST /v2/accounts') return { kind: 'createAccount', ...body } as StepData;
  if (plain && id === 'GET /v2/orders/{order_number}' && pathParams.order_number !== undefined) {
    return { kind: 'getOrder', orderNumber: pathParams.order_number } as StepData;
  }
  return operation(id, pathParams, query, body);
}

function operation(id: string, pathParams: Record<string, string>, query: Record<string, string>, body: object) {
  return {
    kind: 'operation',
    operation: id,
    ...(Object.keys(pathParams).length ? { pathParams } : {}),
    ...(Object.keys(query).length ? { query } : {}),
    ...body,
  } as StepData;
}

/** A scenario step's own record keeps the concrete path only: the v2 calls a step kind names are known by it. */
function callOfPath(r: HistoryRequest): HistoryCall | undefined {
  const [path] = r.path.split('?');
  const body = r.request.body;
  if (r.method === 'POST' && path === '/v2/orders/preview') return { kind: 'preview', body };
  if (r.method === 'POST' && path === '/v2/orders') return { kind: 'createOrder', body };
  if (r.method === 'POST' && path === '/v2/accounts') return { kind: 'createAccount', body };
  const order = /^\/v2\/orders\/([^/]+)$/.exec(path);
  if (r.method === 'GET' && order) {
    const pathParams = { order_number: decodeURIComponent(order[1]) };
    return { kind: 'operation', operation: 'GET /v2/orders/{order_number}', pathParams, query: {} };
  }
  return undefined;
}

/** The step redacted once more (the History already did): a secret that slipped through is masked, and said. */
function clean(step: StepData): { step: StepData; masked: boolean } {
  const cleaned = redact(step) as StepData;
  const masked = JSON.stringify(cleaned) !== JSON.stringify(step) || JSON.stringify(step).includes('***');
  return { step: cleaned, masked };
}

const KIND_NAMES: Record<string, string> = {
  preview: 'preview',
  createOrder: 'order',
  createAccount: 'account',
  getOrder: 'readOrder',
  getAccount: 'readAccount',
};

/** `order`, `preview`; an operation by its method and last fixed path part: `postCancel`, `getInvoices`. */
function baseName(s: StepData): string {
  if (s.kind !== 'operation') return KIND_NAMES[s.kind] ?? s.kind;
  const [method = 'call', path = ''] = s.operation.split(' ');
  const part =
    path
      .split('/')
      .filter(p => p && !p.startsWith('{') && !/^v\d+$/.test(p))
      .pop() ?? 'call';
  const words = part.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method.toLowerCase() + words.map(w => w[0].toUpperCase() + w.slice(1)).join('');
}

function unique(base: string, taken: Set<string>): string {
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  taken.add(name);
  return name;
}

/**
 * The identifiers earlier answers gave (by field name: `order_number`, `accountNumber`, `id`, `invoice_id`...),
 * each with where it first appeared, less anything that was sent before it came back (an input the answer
 * echoes, such as a plan id, is no answer's value).
 */
class AnswerValues {
  private readonly refs = new Map<string, string>();
  private readonly inputs = new Set<string>();

  sent(step: StepData): void {
    for (const s of strings(step)) this.inputs.add(s);
  }

  answered(stepName: string, answer: unknown): void {
    for (const [value, path] of identifiers(answer, [])) {
      if (!this.inputs.has(value) && !this.refs.has(value)) this.refs.set(value, `\${${stepName}${path}}`);
    }
  }

  /** The step with every whole string an earlier answer gave replaced by a reference to it. */
  referenced(step: StepData): StepData {
    const swap = (v: unknown): unknown => {
      if (typeof v === 'string') return this.refs.get(v) ?? v;
      if (Array.isArray(v)) return v.map(swap);
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x)]));
      return v;
    };
    const out: Record<string, unknown> = { ...step };
    for (const key of ['body', 'pathParams', 'query', 'orderNumber', 'accountNumber'] as const) {
      if (key in out) out[key] = swap(out[key]);
    }
    return out as StepData;
  }
}

/** Field names that hold an identifier the service makes. */
const ID_FIELD = /(?:^|_)(?:id|number|key)$|[a-z](?:Id|Number|Key)$/;
/** Too short or too common to be anyone's identifier: never turned into a reference. */
const NOT_AN_ID = /^(?:.{0,3}|\*\*\*|\d{4}-\d{2}-\d{2}.*|true|false|null)$/;

/** Each identifier in an answer with its path, written as a reference writes it (`.subscriptions[0].id`). */
function* identifiers(v: unknown, at: string[]): Iterable<[string, string]> {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) yield* identifiers(v[i], [...at, `[${i}]`]);
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      const seg = /^[A-Za-z_][\w-]*$/.test(k) ? `.${k}` : k.includes('}') ? undefined : `[${JSON.stringify(k)}]`;
      if (seg === undefined) continue; // a reference cannot hold a `}`
      if (typeof x === 'string' && ID_FIELD.test(k) && !NOT_AN_ID.test(x) && !x.includes('${')) {
        yield [x, [...at, seg].join('')];
      } else yield* identifiers(x, [...at, seg]);
    }
  }
}

function* strings(v: unknown): Iterable<string> {
  if (typeof v === 'string') yield v;
  else if (Array.isArray(v)) for (const x of v) yield* strings(x);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) yield* strings(x);
}
