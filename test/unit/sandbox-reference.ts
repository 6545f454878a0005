// Checks a sandbox answer against a response schema of one of the real service's OpenAPI documents (read from
// ../shared/reference at test time, never shipped): types, closed objects, enums, `$ref`/`allOf`/`oneOf`,
// `nullable`, `format: date` and, when asked, `required`. Returns every mismatch as "path: what".
// `mismatches` checks against the v2 document; `referenceChecker(file)` against another (the v1 one).
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
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  format?: string;
  required?: string[];
};

export interface ReferenceChecker {
  /** Every mismatch of `value` against the document's schema `name`. */
  mismatches(value: unknown, name: string): string[];
  /** The document's schema `name`, for a test to see what it holds. */
  schema(name: string): Schema | undefined;
}

/** A checker of one reference document; `required` also reports required fields left out. */
export function referenceChecker(file: string, opts: { required?: boolean } = {}): ReferenceChecker {
  const doc = yaml.load(fs.readFileSync(`../shared/reference/${file}`, 'utf8')) as {
    components: { schemas: Record<string, Schema> };
  };
  const schemas = doc.components.schemas;
  const resolve = (s: Schema): Schema => (s.$ref ? resolve(schemas[s.$ref.split('/').pop()!]) : s);
  const ctx: Context = { resolve, required: opts.required ?? false };
  return {
    mismatches(value, name) {
      if (!schemas[name]) return [`${name}: no such schema in ${file}`];
      const out: string[] = [];
      check(value, schemas[name], name, out, ctx);
      return out;
    },
    schema: name => schemas[name],
  };
}

interface Context {
  resolve(s: Schema): Schema;
  required: boolean;
}

const v2 = referenceChecker('quickstart-v2-openapi.yaml');
export const mismatches = (value: unknown, name: string): string[] => v2.mismatches(value, name);

function check(v: unknown, raw: Schema, at: string, out: string[], ctx: Context): void {
  const s = ctx.resolve(raw);
  if (s.allOf) {
    for (const part of s.allOf) check(v, part, at, out, ctx);
    if (!s.type && !s.properties) return;
  }
  const alternatives = s.oneOf ?? s.anyOf;
  if (alternatives) {
    const fits = (a: Schema) => {
      const o: string[] = [];
      check(v, a, at, o, ctx);
      return !o.length;
    };
    if (!alternatives.some(fits)) out.push(`${at}: matches no alternative`);
    return;
  }
  if (v === null) {
    if (!s.nullable) out.push(`${at}: null`);
    return;
  }
  if (s.enum && !s.enum.includes(v)) out.push(`${at}: ${JSON.stringify(v)} is not one of ${s.enum.join(', ')}`);
  const type = s.type ?? (s.properties ? 'object' : undefined);
  const actual = Array.isArray(v) ? 'array' : typeof v;
  if (
    type === 'integer'
      ? !Number.isInteger(v)
      : type === 'number'
        ? typeof v !== 'number' || !Number.isFinite(v)
        : type && type !== actual
  ) {
    out.push(`${at}: ${actual}, expected ${type}`);
    return;
  }
  if (s.format === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(String(v))) out.push(`${at}: "${String(v)}" is not a date`);
  if (Array.isArray(v) && s.items) v.forEach((x, i) => check(x, s.items!, `${at}[${i}]`, out, ctx));
  if (actual === 'object' && !Array.isArray(v)) {
    if (ctx.required) {
      for (const k of s.required ?? []) if (!(k in (v as object))) out.push(`${at}.${k}: required, left out`);
    }
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      const p = s.properties?.[k];
      if (p) check(x, p, `${at}.${k}`, out, ctx);
      else if (s.additionalProperties === false) out.push(`${at}.${k}: not a field of the reference's schema`);
    }
  }
}
