// The real service's v1 OpenAPI description (../shared/reference, read at test time, never shipped) and a
// small checker for its OpenAPI 3.0 schemas: $ref, allOf, oneOf/anyOf, nullable, enum, type, required,
// closed objects, bounds, lengths, item counts, `format: date` and `date-time`. It reads the YAML itself, not
// the generated contract, so a generator or simulator bug shows as a mismatch ("path: what").
import * as fs from 'node:fs';
import * as yaml from 'js-yaml';

type Schema = {
  $ref?: string;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
};
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

const FILE = '../shared/reference/v1-openapi.yaml';
/** Why tests that need the reference are skipped, or false when it is here. */
export const NO_V1_REFERENCE: string | false = fs.existsSync(FILE) ? false : `${FILE} is absent`;

let loaded: Doc | undefined;
const doc = (): Doc => (loaded ??= yaml.load(fs.readFileSync(FILE, 'utf8')) as Doc);

/** The success the reference declares for a catalog operation: its lowest 2xx and that answer's JSON schema. */
export function referenceSuccess(operationId: string): { status: number; schema?: Schema } | undefined {
  const [method, catalogPath] = operationId.split(' ');
  const op = findPath(catalogPath)?.[method.toLowerCase()];
  const statuses = Object.keys(op?.responses ?? {}).filter(s => /^2\d\d$/.test(s));
  if (!op || !statuses.length) return undefined;
  const status = Math.min(...statuses.map(Number));
  return { status, schema: op.responses![String(status)].content?.['application/json']?.schema };
}

// The README: the catalog's `/v1/e-invoice/` is the reference's `/v1/einvoice/`, one debit-memo path is
// under `/v1/debit-memos/`, and some path parameters are named differently (compared here without names).
function findPath(catalogPath: string): Record<string, Operation> | undefined {
  const paths = doc().paths;
  if (paths[catalogPath]) return paths[catalogPath];
  const bare = (p: string) => p.replace(/\{[^}]*\}/g, '{}').replace(/(.)\/$/, '$1');
  const wanted = bare(catalogPath)
    .replace('/v1/e-invoice/', '/v1/einvoice/')
    .replace(/^\/v1\/debitmemos\/\{\}\/write-off$/, '/v1/debit-memos/{}/write-off');
  const found = Object.keys(paths).find(p => bare(p) === wanted);
  return found ? paths[found] : undefined;
}

export function mismatches(value: unknown, schema: Schema, at = 'body'): string[] {
  const out: string[] = [];
  check(value, schema, at, out);
  return out;
}

function resolve(s: Schema): Schema {
  return s.$ref ? resolve(doc().components.schemas[s.$ref.split('/').pop()!]) : s;
}

// `listed`: the fields the sibling parts of an enclosing allOf name. A part's additionalProperties covers
// only the fields no part names (the reference's `allOf: [{fields}, {additionalProperties: {object}}]`).
function check(v: unknown, raw: Schema, at: string, out: string[], listed: ReadonlySet<string> = new Set()): void {
  const s = resolve(raw);
  if (s.allOf) {
    const named = new Set([...listed, ...s.allOf.flatMap(fieldsOf)]);
    for (const part of s.allOf) check(v, part, at, out, named);
  }
  const alternatives = s.oneOf ?? s.anyOf;
  if (alternatives && !alternatives.some(a => mismatches(v, a, at).length === 0))
    out.push(`${at}: matches none of its ${alternatives.length} alternatives`);
  if (v === null) {
    if (!s.nullable && (s.type || s.enum)) out.push(`${at}: null`);
    return;
  }
  if (s.enum && !s.enum.includes(v)) out.push(`${at}: ${JSON.stringify(v)} is not one of ${s.enum.join(', ')}`);
  const actual = Array.isArray(v) ? 'array' : typeof v;
  const typeOk =
    s.type === 'integer'
      ? Number.isInteger(v)
      : s.type === 'number'
        ? typeof v === 'number' && Number.isFinite(v)
        : !s.type || s.type === actual;
  if (!typeOk) return void out.push(`${at}: ${actual}, expected ${s.type}`);
  if (typeof v === 'string') checkString(v, s, at, out);
  if (typeof v === 'number') checkNumber(v, s, at, out);
  if (Array.isArray(v)) {
    if (v.length < (s.minItems ?? 0) || v.length > (s.maxItems ?? Infinity)) out.push(`${at}: ${v.length} items`);
    if (s.items) v.forEach((x, i) => check(x, s.items!, `${at}[${i}]`, out));
  } else if (actual === 'object') checkObject(v as Record<string, unknown>, s, at, out, listed);
}

function fieldsOf(raw: Schema, depth = 0): string[] {
  const s = resolve(raw);
  const own = Object.keys(s.properties ?? {});
  return depth > 8 ? own : [...own, ...(s.allOf ?? []).flatMap(p => fieldsOf(p, depth + 1))];
}

function checkString(v: string, s: Schema, at: string, out: string[]): void {
  if (v.length < (s.minLength ?? 0) || v.length > (s.maxLength ?? Infinity)) out.push(`${at}: length ${v.length}`);
  if (s.format === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(v)) out.push(`${at}: "${v}" is not a date`);
  if (s.format === 'date-time' && Number.isNaN(Date.parse(v))) out.push(`${at}: "${v}" is not a date-time`);
}

function checkNumber(v: number, s: Schema, at: string, out: string[]): void {
  const low = s.minimum !== undefined && (s.exclusiveMinimum ? v <= s.minimum : v < s.minimum);
  const high = s.maximum !== undefined && (s.exclusiveMaximum ? v >= s.maximum : v > s.maximum);
  if (low || high) out.push(`${at}: ${v} is out of bounds`);
}

function checkObject(v: Record<string, unknown>, s: Schema, at: string, out: string[], listed: ReadonlySet<string>) {
  for (const field of s.required ?? []) if (!(field in v)) out.push(`${at}.${field}: required, missing`);
  for (const [k, x] of Object.entries(v)) {
    const p = s.properties?.[k];
    if (p) check(x, p, `${at}.${k}`, out);
    else if (listed.has(k)) continue;
    else if (typeof s.additionalProperties === 'object') check(x, s.additionalProperties, `${at}.${k}`, out);
    else if (s.additionalProperties === false) out.push(`${at}.${k}: not a field of the schema`);
  }
}
