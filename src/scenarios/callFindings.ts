// Findings on what a step calls: the operation (known to the catalog, else the nearest ids it may mean), its
// path parameters, its headers (sent as given, never the client's own), and the Local sandbox's control steps
// (`advance` to or by, `catalog` one source). Each points at its place and says what to write instead.
import { findOperation, type Operation } from '../catalog';
import { didYouMeanOperation } from '../catalog/nearest';
import { formatPath, type PathSegment } from '../schemas';
import { isClockDate, parseBy } from '../wire/sandboxClock';
import { bodyFindings } from '../payloads/requests';
import { findReferences } from './references';
import { heldByReference } from './stepBody';
import type { StepData } from './schema';
import type { AddFinding as Add } from './findingTypes';

export function checkOperation(step: StepData & { kind: 'operation' }, at: PathSegment[], add: Add) {
  const [method = '', ...rest] = step.operation.trim().split(/\s+/);
  const op = findOperation(method, rest.join(' '));
  if (!op) {
    const mean = didYouMeanOperation(method, rest.join(' '));
    const message = `Unknown operation "${step.operation}".${mean} An operation id is its method and path as the catalog writes them (Find Operation, \`endpoints\`), such as "GET /v1/accounts/{account-key}".`;
    add('unknown-operation', message, [...at, 'operation']);
    return undefined;
  }
  const given = step.pathParams && typeof step.pathParams === 'object' ? step.pathParams : {};
  for (const p of op.pathParams) {
    if (!(p in given))
      add('missing-path-param', `${op.id} needs the path parameter "${p}" in pathParams.`, [...at, 'operation']);
  }
  return op;
}

/** Headers the client sets itself: a step may not replace them (credentials, the host, the body's framing). */
export const CLIENT_HEADERS = ['authorization', 'host', 'content-length', 'transfer-encoding', 'connection'];
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** `headers`: names HTTP takes, values on one line, none of the client's own. */
export function checkHeaders(step: StepData, at: PathSegment[], add: Add): void {
  const headers = (step as { headers?: unknown }).headers;
  if (!headers || typeof headers !== 'object' || Array.isArray(headers)) return;
  const seen = new Map<string, string>();
  for (const [name, value] of Object.entries(headers)) {
    const where = [...at, 'headers', name];
    const lower = name.toLowerCase();
    if (CLIENT_HEADERS.includes(lower)) {
      const why =
        lower === 'authorization'
          ? "the client signs every request with the connection's token (its credentials: BILLING_CLIENT_ID and BILLING_CLIENT_SECRET, or the connection's)"
          : lower === 'host'
            ? "the host is the connection's (--base-url, the active connection)"
            : 'the client frames the body itself';
      add('reserved-header', `A step cannot set "${name}": ${why}. Remove it.`, where, true);
    } else if (!TOKEN.test(name)) {
      add(
        'bad-header',
        `"${name}" is not a header name: use letters, digits and - (such as "x-trace-id").`,
        where,
        true,
      );
    } else if (seen.has(lower)) {
      add('bad-header', `"${name}" is "${seen.get(lower)}" again (header names ignore case): keep one.`, where, true);
    } else if (typeof value === 'string' && /[^\t\x20-\x7e\x80-\xff]/.test(value)) {
      const message = `The value of "${name}" breaks a line or holds a character a header cannot carry: give it one line of plain text.`;
      add('bad-header', message, where);
    }
    seen.set(lower, name);
  }
}

/** An advance step moves the clock `to` a real date or `by` a step it reads (a `${...}` value is read at run time). */
export function checkAdvance(step: StepData & { kind: 'advance' }, at: PathSegment[], add: Add) {
  const { to, by } = step as { to?: unknown; by?: unknown };
  if (to !== undefined && by !== undefined) {
    add('wrong-shape', 'An advance step takes "to" or "by", not both.', [...at, 'by'], true);
    return;
  }
  if (to === undefined && by === undefined) {
    add('wrong-shape', 'An advance step needs "to" (a date, such as "2027-06-01") or "by" (such as "3 months").', [
      ...at,
      'kind',
    ]);
    return;
  }
  const referenced = (v: string) => findReferences(v).length > 0;
  if (typeof to === 'string' && !referenced(to) && !isClockDate(to)) {
    add('wrong-shape', `"to" must be a real date written YYYY-MM-DD, not "${to}".`, [...at, 'to']);
  }
  if (typeof by === 'string' && !referenced(by)) {
    const read = parseBy(by);
    if ('error' in read) add('wrong-shape', read.error, [...at, 'by']);
  }
}

/** A catalog step sets plans (`body` or `file`) or puts the seeded catalog back (`seeded`), not both. */
export function checkCatalog(step: StepData & { kind: 'catalog' }, at: PathSegment[], add: Add) {
  if (step.seeded && (step.body !== undefined || step.file !== undefined)) {
    const message =
      'A catalog step sets plans ("body" or "file") or puts the seeded catalog back ("seeded": true), not both.';
    add('wrong-shape', message, [...at, 'seeded'], true);
  }
}

/**
 * An operation step's body against the operation's contract, as a request file's is, said as warnings: the run
 * still goes (the service decides), and a step that expects a refusal (a 4xx) is not checked at all, as it sends
 * a wrong body on purpose. A field left out is not said (a scenario may send the least a call needs to show
 * something), nor anything on a `${...}` value, known at run time. A body read from a file is said at `file`.
 */
export function checkOperationBody(op: Operation, step: StepData, body: unknown, at: PathSegment[], add: Add) {
  if (body === undefined || expectsRefusal(step)) return;
  const said = bodyFindings(op.id, body).filter(
    f => (f.severity ?? 'error') === 'error' && !UNSAID.has(f.code) && !heldByReference(body, f.path.slice(1)),
  );
  const file = (step as { file?: unknown }).file;
  if (typeof file === 'string') {
    if (!said.length) return;
    const more = said.length > 1 ? ` (and ${said.length - 1} more)` : '';
    const where = formatPath(said[0].path.slice(1)) || 'the body';
    const message = `${file} is not a body ${op.id} takes: ${where}: ${said[0].message}${more}`;
    add('payload-invalid', message, [...at, 'file'], false, 'warning');
    return;
  }
  for (const f of said) add('payload-invalid', f.message, [...at, ...f.path], f.target === 'key', 'warning');
}

const UNSAID = new Set(['missing-field', 'placeholder']);

/** Whether the step expects the service to refuse it (a 4xx status), so its body is wrong on purpose. */
function expectsRefusal(step: StepData): boolean {
  const status = (step as { expect?: { status?: unknown } }).expect?.status;
  const all = Array.isArray(status) ? status : [status];
  return all.some(s => typeof s === 'number' && s >= 400 && s < 500);
}
