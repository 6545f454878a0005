// The findOperation and describeOperation tools: the catalog's ranked search, and an operation's request as
// the request files complete it (v1: the contract, requestFieldsAt; v2: the payload schemas, payloadFieldsAt).
import { OPERATIONS, searchOperations, type Operation } from '../catalog';
import { requestContract } from '../contract';
import { v2Parameters } from '../contract/parametersV2';
import { requestFieldsAt, V2_BODY_KINDS } from '../payloads/requests';
import { payloadFieldsAt, type FieldInfo, type PathSegment } from '../schemas';
import { capped } from './capped';

export const DEFAULT_HITS = 5;
export const MAX_HITS = 20;
/** At most this many fields in one answer. */
export const MAX_FIELDS = 40;

export interface OperationInfo {
  id: string;
  summary: string;
  group: string;
}

const info = (op: Operation): OperationInfo => ({ id: op.id, summary: op.summary, group: op.group });

/** The operations that do what `query` says, best first. */
export function findOperations(query: string, limit = DEFAULT_HITS): { operations: OperationInfo[] } {
  const n = Math.max(1, Math.min(MAX_HITS, Math.floor(limit)));
  return { operations: searchOperations(query, n).map(h => info(h.op)) };
}

export interface OperationDescription extends OperationInfo {
  pathParams: { name: string; required: true }[];
  /** v2: the query parameters the reference names (`filter[]`, `sort[]`, `page_size`, `cursor`, ...). */
  queryParams?: { name: string; type: string; required?: true }[];
  body: { takes: false } | { takes: true; media?: string; at?: string; fields: FieldInfo[]; note?: string };
  note?: string;
}

export type DescribeAnswer = OperationDescription | { error: string; closest?: OperationInfo[] };

/** `subscriptions[].initialTerm`, `subscriptions[0].plans`, `body.x.y`: path segments (an entry is index 0). */
export function fieldPath(at: string): PathSegment[] | undefined {
  const out: PathSegment[] = [];
  const parts = at.trim().split('.').filter(Boolean);
  if (parts[0] === 'body') parts.shift();
  for (const part of parts) {
    const m = /^([^[\]]*)((?:\[\d*\])*)$/.exec(part);
    if (!m) return undefined;
    if (m[1]) out.push(/^\d+$/.test(m[1]) ? Number(m[1]) : m[1]);
    for (const _ of m[2].match(/\[\d*\]/g) ?? []) out.push(0);
  }
  return out;
}

/** An operation's path parameters and the fields of its body (or of the object at `at` inside it). */
export function describeOperation(operation: string, at?: string): DescribeAnswer {
  const id = operation.trim().replace(/\s+/, ' ');
  const [method = '', path = ''] = id.split(' ');
  const op = OPERATIONS.find(o => o.id === `${method.toUpperCase()} ${path}`);
  if (!op) {
    const closest = searchOperations(id, 3).map(h => info(h.op));
    return { error: `Unknown operation "${operation}": give "METHOD /path" as findOperation lists it.`, closest };
  }
  const bodyPath = at ? fieldPath(at) : [];
  if (!bodyPath) return { error: `"${at}" is not a field path: write it as subscriptions[].initialTerm.` };
  const pathParams = op.pathParams.map(name => ({ name, required: true as const }));
  const { queryParams, note } = queryOf(op);
  const kind = V2_BODY_KINDS[op.id];
  const contract = requestContract(op.id);
  if (!kind && !contract.bodyOf(op.id)) {
    const media = contract.mediaOf(op.id);
    const body = media ? { takes: true as const, media, fields: [] } : { takes: false as const };
    return { ...info(op), pathParams, ...queryParams, body, note };
  }
  const fields = kind ? payloadFieldsAt(kind, bodyPath) : requestFieldsAt(op.id, bodyPath);
  if (!fields)
    return { error: `${op.id}: the body has no object at "${at}"; describe without "at" to see its fields.` };
  fields.sort((a, b) => Number(b.required) - Number(a.required));
  const { shown, more } = capped(fields, MAX_FIELDS);
  const cut = more ? { note: `and ${more} more optional fields` } : {};
  return {
    ...info(op),
    pathParams,
    ...queryParams,
    body: { takes: true, ...(at ? { at } : {}), fields: shown, ...cut },
    note,
  };
}

/** v2 lists its query parameters (a nested object's `x.fields[]` selectors only counted); v1 names none. */
function queryOf(op: Operation): { queryParams?: Pick<OperationDescription, 'queryParams'>; note: string } {
  if (!op.path.startsWith('/v2/'))
    return {
      note: 'Query parameters are not listed here; the reference names them for GET lists (page, pageSize, ...).',
    };
  const query = v2Parameters(op.id).filter(p => p.in === 'query');
  const own = query.filter(p => !p.name.includes('.'));
  const nested = query.length - own.length;
  const queryParams = own.map(p => ({
    name: p.name,
    type: p.schema.type ?? 'string',
    ...(p.required ? { required: true as const } : {}),
  }));
  const note = nested
    ? `and ${nested} fields[] selectors of nested objects (subscription_plans.fields[], ...)`
    : 'no other query parameters';
  return { queryParams: { queryParams }, note };
}
