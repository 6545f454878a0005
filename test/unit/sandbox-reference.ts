// Checks a sandbox answer against a response schema of the real service's OpenAPI document (read from
// ../shared/reference at test time, never shipped): types, closed objects, enums, `$ref`/`allOf`/`oneOf`,
// `nullable`, and `format: date`. Returns every mismatch as "path: what".
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
};

const doc = yaml.load(fs.readFileSync('../shared/reference/quickstart-v2-openapi.yaml', 'utf8')) as {
  components: { schemas: Record<string, Schema> };
};
const schemas = doc.components.schemas;

export function mismatches(value: unknown, name: string): string[] {
  const out: string[] = [];
  check(value, schemas[name], name, out);
  return out;
}

function resolve(s: Schema): Schema {
  return s.$ref ? resolve(schemas[s.$ref.split('/').pop()!]) : s;
}

function check(v: unknown, raw: Schema, at: string, out: string[]): void {
  const s = resolve(raw);
  if (s.allOf) {
    for (const part of s.allOf) check(v, part, at, out);
    if (!s.type && !s.properties) return;
  }
  const alternatives = s.oneOf ?? s.anyOf;
  if (alternatives) {
    const fits = (a: Schema) => {
      const o: string[] = [];
      check(v, a, at, o);
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
  if (Array.isArray(v) && s.items) v.forEach((x, i) => check(x, s.items!, `${at}[${i}]`, out));
  if (actual === 'object' && !Array.isArray(v)) {
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      const p = s.properties?.[k];
      if (p) check(x, p, `${at}.${k}`, out);
      else if (s.additionalProperties === false) out.push(`${at}.${k}: not a field of the reference's schema`);
    }
  }
}
