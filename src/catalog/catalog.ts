// Every operation of spec 02 and 03 (and the v2 ones of 01) as data, with a fast ranked search.
import data from './operations.json';
import { pathParamNames } from '../client/pathTemplate';

export interface Operation {
  /** `GET /v1/accounts/{account-key}`: unique. */
  id: string;
  group: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParams: string[];
  summary: string;
}

export const OPERATIONS: readonly Operation[] = (
  data as { group: string; method: Operation['method']; path: string; summary: string }[]
).map(o => ({
  ...o,
  id: `${o.method} ${o.path}`,
  pathParams: pathParamNames(o.path),
}));

export const GROUPS: readonly string[] = [...new Set(OPERATIONS.map(o => o.group))];

export function findOperation(method: string, path: string): Operation | undefined {
  return byId.get(`${method.toUpperCase()} ${path}`);
}
const byId = new Map(OPERATIONS.map(o => [o.id, o]));

/**
 * The catalog operation a concrete request path belongs to
 * (`/v1/invoices/INV-1` -> `GET /v1/invoices/{invoiceKey}`).
 */
export function matchOperation(method: string, path: string): Operation | undefined {
  const m = method.toUpperCase();
  // Only the templates of as many segments can match (a parameter is one whole segment or part of one).
  const candidates = matchersBySegments().get(segmentCount(path));
  return candidates?.find(x => x.op.method === m && x.re.test(path))?.op;
}
/** Segments, one trailing slash aside: a template matches its path with a slash more (`/v1/batch-query//`). */
const segmentCount = (path: string) => (path.endsWith('/') ? path.slice(0, -1) : path).split('/').length;
// Literal paths first, so `/v1/credit-memos/bulk` beats `/v1/credit-memos/{creditMemoKey}`; built when first asked.
let bySegments: Map<number, { op: Operation; re: RegExp }[]> | undefined;
const matchersBySegments = () => (bySegments ??= groupBySegments());
function groupBySegments(): Map<number, { op: Operation; re: RegExp }[]> {
  const sorted = OPERATIONS.map(op => ({
    op,
    re: new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}/?$`),
    params: op.pathParams.length,
  })).sort((a, b) => a.params - b.params);
  const out = new Map<number, { op: Operation; re: RegExp }[]>();
  for (const x of sorted) {
    const n = segmentCount(x.op.path);
    for (const k of x.op.path.endsWith('/') ? [n, n + 1] : [n]) {
      const same = out.get(k);
      if (same) same.push(x);
      else out.set(k, [x]);
    }
  }
  return out;
}

/**
 * A path as a narrow tree row shows it: each path parameter written `{…}`, so what tells operations apart (the
 * action after the id: pause, resume, cancel) stays in view; the full path is in the row's tooltip.
 */
export const rowPath = (path: string): string => path.replace(/\{[^}]+\}/g, '{…}');
