// Checks an answer against a schema of one of the real service's OpenAPI documents (their schemas as committed in
// test/fixtures/reference by scripts/gen-test-reference.mjs, so the tests run with nothing beside the clone; never
// shipped, and never through the project's generated contract, so a generator or sandbox bug shows): $ref, allOf,
// oneOf/anyOf, nullable, enum, type, closed objects, bounds, lengths, item counts, `format: date`,
// `date-time` and `uuid` and, when asked, `required`. Returns every mismatch as "path: what".
// `mismatches` checks against the v2 document; `referenceChecker(file)` against another (the v1 one).
import * as fs from 'node:fs';
import * as path from 'node:path';

export type Schema = {
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
/** The committed extract of a reference document: its schemas, and what else the tests read of it. */
export type ReferenceDoc = {
  source: string;
  components: { schemas: Record<string, Schema> };
  /** v2: the request examples of POST /orders, /orders/preview and /accounts. */
  paths?: Record<string, { post: { requestBody: { content: { 'application/json': { example: unknown } } } } }>;
  /** v1: each catalog operation's success: its lowest 2xx status and that answer's JSON schema. */
  successes?: Record<string, { status: number; schema?: Schema }>;
};
/** Where each reference document's extract is committed. */
const EXTRACTS: Record<string, string> = { 'quickstart-v2-openapi.yaml': 'v2.json', 'v1-openapi.yaml': 'v1.json' };
export const REFERENCE_DIR = path.resolve(__dirname, '../../test/fixtures/reference'); // from out/unit
const loaded = new Map<string, ReferenceDoc>();

/** The committed extract of the reference document `file` (read once). */
export function referenceDoc(file: string): ReferenceDoc {
  const extract = EXTRACTS[file];
  if (!extract) throw new Error(`${file}: not a reference document (${Object.keys(EXTRACTS).join(', ')})`);
  let doc = loaded.get(file);
  if (!doc) loaded.set(file, (doc = JSON.parse(fs.readFileSync(path.join(REFERENCE_DIR, extract), 'utf8'))));
  return doc!;
}

export interface ReferenceChecker {
  /** Every mismatch of `value` against the document's schema `name`, or against a schema given inline. */
  mismatches(value: unknown, schema: string | Schema, at?: string): string[];
  /** The document's schema `name`, for a test to see what it holds. */
  schema(name: string): Schema | undefined;
  doc: ReferenceDoc;
}

/** A checker of one reference document; `required` also reports required fields left out. */
export function referenceChecker(file: string, opts: { required?: boolean } = {}): ReferenceChecker {
  const doc = referenceDoc(file);
  const schemas = doc.components.schemas;
  const resolve = (s: Schema): Schema => (s.$ref ? resolve(schemas[s.$ref.split('/').pop()!]) : s);
  const ctx: Context = { resolve, required: opts.required ?? false };
  return {
    mismatches(value, schema, at) {
      if (typeof schema === 'string' && !schemas[schema])
        return [`${schema}: no such schema in ${file}'s extract (add it to ROOTS in scripts/gen-test-reference.mjs)`];
      const out: string[] = [];
      check(value, typeof schema === 'string' ? schemas[schema] : schema, at ?? String(schema), out, ctx);
      return out;
    },
    schema: name => schemas[name],
    doc,
  };
}

interface Context {
  resolve(s: Schema): Schema;
  required: boolean;
}

let v2: ReferenceChecker | undefined;
export const mismatches = (value: unknown, name: string): string[] =>
  (v2 ??= referenceChecker('quickstart-v2-openapi.yaml')).mismatches(value, name);

// `listed`: the fields the sibling parts of an enclosing allOf name. A part's additionalProperties covers
// only the fields no part names (the reference's `allOf: [{fields}, {additionalProperties: {object}}]`).
function check(v: unknown, raw: Schema, at: string, out: string[], ctx: Context, listed = new Set<string>()): void {
  const s = ctx.resolve(raw);
  if (s.allOf) {
    const named = new Set([...listed, ...s.allOf.flatMap(p => fieldsOf(p, ctx))]);
    for (const part of s.allOf) check(v, part, at, out, ctx, named);
  }
  const alternatives = s.oneOf ?? s.anyOf;
  if (alternatives) {
    const fits = (a: Schema) => {
      const o: string[] = [];
      check(v, a, at, o, ctx);
      return !o.length;
    };
    if (!alternatives.some(fits)) out.push(`${at}: matches none of its ${alternatives.length} alternatives`);
  }
  if (v === null) {
    if (!s.nullable && (s.type || s.enum)) out.push(`${at}: null`);
    return;
  }
  if (s.enum && !s.enum.includes(v)) out.push(`${at}: ${JSON.stringify(v)} is not one of ${s.enum.join(', ')}`);
  const type = s.type ?? (s.properties ? 'object' : undefined);
  const actual = Array.isArray(v) ? 'array' : typeof v;
  const typeOk =
    type === 'integer'
      ? Number.isInteger(v)
      : type === 'number'
        ? typeof v === 'number' && Number.isFinite(v)
        : !type || type === actual;
  if (!typeOk) return void out.push(`${at}: ${actual}, expected ${type}`);
  if (typeof v === 'string') checkString(v, s, at, out);
  if (typeof v === 'number') checkNumber(v, s, at, out);
  if (Array.isArray(v)) {
    if (v.length < (s.minItems ?? 0) || v.length > (s.maxItems ?? Infinity)) out.push(`${at}: ${v.length} items`);
    if (s.items) v.forEach((x, i) => check(x, s.items!, `${at}[${i}]`, out, ctx));
  } else if (actual === 'object') checkObject(v as Record<string, unknown>, s, at, out, ctx, listed);
}

function fieldsOf(raw: Schema, ctx: Context, depth = 0): string[] {
  const s = ctx.resolve(raw);
  const own = Object.keys(s.properties ?? {});
  return depth > 8 ? own : [...own, ...(s.allOf ?? []).flatMap(p => fieldsOf(p, ctx, depth + 1))];
}

/** A uuid (its version and variant digits too), with its hyphens or without (the service's "uuid = 32 characters"). */
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[1-8][0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;

function checkString(v: string, s: Schema, at: string, out: string[]): void {
  const fits = (n: number) => n >= (s.minLength ?? 0) && n <= (s.maxLength ?? Infinity);
  // A uuid field whose lengths no uuid has (the data query's 64; its operation's page says 36): the format rules.
  const lengthYields = s.format === 'uuid' && !fits(32) && !fits(36);
  if (!fits(v.length) && !lengthYields) out.push(`${at}: length ${v.length}`);
  if (s.format === 'uuid' && !UUID.test(v)) out.push(`${at}: "${v}" is not a uuid`);
  if (s.format === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(v)) out.push(`${at}: "${v}" is not a date`);
  if (s.format === 'date-time' && Number.isNaN(Date.parse(v))) out.push(`${at}: "${v}" is not a date-time`);
}

function checkNumber(v: number, s: Schema, at: string, out: string[]): void {
  const low = s.minimum !== undefined && (s.exclusiveMinimum ? v <= s.minimum : v < s.minimum);
  const high = s.maximum !== undefined && (s.exclusiveMaximum ? v >= s.maximum : v > s.maximum);
  if (low || high) out.push(`${at}: ${v} is out of bounds`);
}

function checkObject(
  v: Record<string, unknown>,
  s: Schema,
  at: string,
  out: string[],
  ctx: Context,
  listed: ReadonlySet<string>,
): void {
  if (ctx.required) for (const k of s.required ?? []) if (!(k in v)) out.push(`${at}.${k}: required, left out`);
  for (const [k, x] of Object.entries(v)) {
    const p = s.properties?.[k];
    if (p) check(x, p, `${at}.${k}`, out, ctx);
    else if (listed.has(k)) continue;
    else if (typeof s.additionalProperties === 'object') check(x, s.additionalProperties, `${at}.${k}`, out, ctx);
    else if (s.additionalProperties === false) out.push(`${at}.${k}: not a field of the reference's schema`);
  }
}
