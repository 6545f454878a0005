// Table-driven from the real service's published v2 OpenAPI (its committed extract, test/fixtures/reference,
// never shipped): every request field it accepts validates clean, and every closed object, enum and
// required set it declares is enforced at the exact place, with the service's category.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { formatPath, validate, type Finding, type PathSegment, type PayloadKind } from '../../src/schemas';
import { referenceDoc } from './sandbox-reference';

const NOW = new Date('2026-11-21T00:00:00Z');

type Schema = {
  $ref?: string;
  allOf?: Schema[];
  type?: string;
  enum?: unknown[];
  format?: string;
  readOnly?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minimum?: number;
};
const doc = referenceDoc('quickstart-v2-openapi.yaml');
const schemas = doc.components.schemas as Record<string, Schema>;
const ROOTS: Record<PayloadKind, string> = {
  account: 'accountCreateRequest',
  order: 'orderCreateRequest',
  preview: 'orderPreviewCreateRequest',
};

/** The schema with `$ref` and single-entry `allOf` resolved. */
function resolve(s: Schema): Schema {
  if (s.$ref) return resolve(schemas[s.$ref.split('/').pop()!]);
  if (s.allOf?.length === 1) return { ...resolve(s.allOf[0]), readOnly: s.readOnly };
  return s;
}

interface Site {
  path: PathSegment[];
  schema: Schema;
}
const requestProps = (s: Schema) =>
  Object.entries(s.properties ?? {}).filter(([, p]) => !p.readOnly && !resolve(p).readOnly);

/** A value for `schema` using every request field, and the objects met on the way. */
function full(schema: Schema, at: PathSegment[], sites: Site[], name = ''): unknown {
  const s = resolve(schema);
  if (s.enum) return s.enum[0];
  if (s.type === 'object' || s.properties) {
    if (!s.properties) return { field__c: 'custom value' }; // open map: custom fields
    sites.push({ path: at, schema: s });
    const props = requestProps(s);
    const out: Record<string, unknown> = {};
    const exclusive = props.some(([k]) => k === 'account_data'); // "do not specify both" (documented)
    const replaced = props.some(([k]) => k === 'subscription_plan_id'); // "only provide one of" (documented)
    for (const [k, p] of props) {
      if (exclusive && (k === 'account_number' || k === 'account_id')) continue;
      if (replaced && k === 'previous_plan_id') continue;
      out[k] = full(p, [...at, k], sites, k);
    }
    return out;
  }
  if (s.type === 'array') return [full(s.items!, [...at, 0], sites, name)];
  if (s.type === 'string') {
    if (s.format === 'date') return '2026-01-01';
    return name === 'currency' ? 'USD' : 'text';
  }
  if (s.type === 'integer' || s.type === 'number') return name === 'expiry_year' ? 2030 : Math.max(1, s.minimum ?? 1);
  if (s.type === 'boolean') return true;
  return 'text';
}

function build(kind: PayloadKind) {
  const sites: Site[] = [];
  const body = full({ $ref: `#/${ROOTS[kind]}` }, [], sites) as Record<string, unknown>;
  return { body, sites };
}

type Edit = (holder: Record<PropertyKey, unknown>, key: PathSegment) => void;
function setAt(root: unknown, at: readonly PathSegment[], f: Edit) {
  let v = root as Record<PropertyKey, unknown>;
  for (const p of at.slice(0, -1)) v = v[p] as Record<PropertyKey, unknown>;
  f(v, at[at.length - 1]);
}

const errors = (text: string, kind: PayloadKind) =>
  validate(text, kind, { now: NOW }).filter(f => f.severity === 'error');
const show = (fs: Finding[]) => fs.map(f => `${formatPath(f.path)}: ${f.message}`).join('\n');
const samePath = (a: readonly PathSegment[], b: readonly PathSegment[]) => a.join('\u0000') === b.join('\u0000');
const KINDS: PayloadKind[] = ['account', 'order', 'preview'];

describe('reference schemas: what the real service accepts validates clean', () => {
  for (const kind of KINDS) {
    test(`${kind}: a payload using every request field of ${ROOTS[kind]} gives no error`, () => {
      const text = JSON.stringify(build(kind).body, null, 2);
      assert.equal(show(errors(text, kind)), '');
    });
  }
  const examples: [string, PayloadKind][] = [
    ['/orders', 'order'],
    ['/orders/preview', 'preview'],
    ['/accounts', 'account'],
  ];
  for (const [p, kind] of examples) {
    test(`the reference's request example of POST ${p} gives no error`, () => {
      const example = doc.paths![p].post.requestBody.content['application/json'].example;
      assert.equal(show(errors(JSON.stringify(example, null, 2), kind)), '');
    });
  }
});

describe('reference schemas: each rejection is an error at the exact place', () => {
  for (const kind of KINDS) {
    test(`${kind}: an unknown field in every closed object is category 21 at its key`, () => {
      const { body, sites } = build(kind);
      const closed = sites.filter(s => s.schema.additionalProperties === false);
      assert.ok(closed.length > 5, `${closed.length} closed objects`);
      for (const site of closed) {
        const bad = structuredClone(body);
        if (site.path.length === 0) (bad as Record<string, unknown>).zz_not_a_field = 1;
        else
          setAt(bad, site.path, (h, k) => {
            (h[k] as Record<string, unknown>).zz_not_a_field = 1;
          });
        const text = JSON.stringify(bad, null, 2);
        const f = errors(text, kind).find(x => samePath(x.path, [...site.path, 'zz_not_a_field']));
        assert.ok(f, `no finding for ${formatPath([...site.path, 'zz_not_a_field'])}`);
        assert.equal(f.category, 21);
        assert.equal(text.slice(f.offset, f.offset + f.length), '"zz_not_a_field"');
      }
    });
    test(`${kind}: a value outside every enum is category 20 at the value`, () => {
      const { body, sites } = build(kind);
      let count = 0;
      for (const site of sites) {
        for (const [k, p] of requestProps(site.schema)) {
          const r = resolve(p);
          const listOfEnum = r.type === 'array' && resolve(r.items!).enum;
          const at = r.enum ? [...site.path, k] : listOfEnum ? [...site.path, k, 0] : undefined;
          if (!at) continue;
          count++;
          const bad = structuredClone(body);
          setAt(bad, at, (h, key) => {
            h[key] = 'zz-not-a-value';
          });
          const text = JSON.stringify(bad, null, 2);
          const f = errors(text, kind).find(x => samePath(x.path, at));
          assert.ok(f, `no finding for ${formatPath(at)}`);
          assert.equal(f.category, 20, f.message);
          assert.equal(text.slice(f.offset, f.offset + f.length), '"zz-not-a-value"');
        }
      }
      assert.ok(count > 5, `${count} enums`);
    });
    test(`${kind}: leaving out any required field is category 22 naming it`, () => {
      const { body, sites } = build(kind);
      let count = 0;
      for (const site of sites) {
        for (const k of site.schema.required ?? []) {
          count++;
          const bad = structuredClone(body);
          const at = [...site.path, k];
          setAt(bad, at, (h, key) => {
            delete h[key];
          });
          const text = JSON.stringify(bad, null, 2);
          const f = errors(text, kind).find(x => samePath(x.path, at));
          assert.ok(f, `no finding for ${formatPath(at)} in ${show(errors(text, kind))}`);
          assert.equal(f.category, 22, f.message);
          const parentKey =
            site.path.length && typeof site.path[site.path.length - 1] === 'string'
              ? `"${String(site.path[site.path.length - 1])}"`
              : '{';
          assert.equal(text.slice(f.offset, f.offset + f.length), parentKey);
        }
      }
      assert.ok(count > 3, `${count} required fields`);
    });
  }
});
