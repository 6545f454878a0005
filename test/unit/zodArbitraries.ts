// fast-check arbitraries read off the validator's zod schemas (src/schemas), and the places in a value where one
// mistake can be made (a required field dropped, a wrong type, a wrong enum value, an unknown field, a bad date).
// Generic over the schema's own definition, so a field added to a schema is generated and mutated with no change here.
import fc from 'fast-check';
import type * as z from 'zod';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };
export type Path = (string | number)[];

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  entries?: Record<string, string>;
}
interface Internals {
  _zod: { def: Def; optin?: string };
  minValue?: number | null;
  maxValue?: number | null;
  isInt?: boolean;
  maxLength?: number | null;
  safeParse(v: unknown): { success: boolean };
}
const internals = (s: z.ZodType) => s as unknown as Internals;

export interface Field {
  schema: z.ZodType;
  /** zod reports the field missing when it is absent. */
  required: boolean;
}
/** What a schema accepts, its wrappers (optional, nullable, required) read off. */
export type Node =
  | { kind: 'object'; fields: Record<string, Field>; closed: boolean }
  | { kind: 'array'; element: z.ZodType }
  | { kind: 'enum'; values: string[] }
  | { kind: 'date' }
  | { kind: 'string'; maxLength: number }
  | { kind: 'number'; int: boolean; min: number; max: number }
  | { kind: 'boolean' }
  | { kind: 'record' }
  | { kind: 'unknown' };

const nodes = new WeakMap<z.ZodType, { node: Node; nullable: boolean }>();

/** The node of a schema, and whether it takes null. */
export function nodeOf(schema: z.ZodType): { node: Node; nullable: boolean } {
  let known = nodes.get(schema);
  if (!known) nodes.set(schema, (known = read(schema)));
  return known;
}

function read(schema: z.ZodType): { node: Node; nullable: boolean } {
  const s = internals(schema),
    def = s._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nonoptional':
      return nodeOf(def.innerType!);
    case 'nullable':
      return { node: nodeOf(def.innerType!).node, nullable: true };
    case 'lazy': // a deferred part of a shape (schemas/common.ts): its inner schema
      return nodeOf((s._zod as unknown as { innerType: z.ZodType }).innerType);
    case 'object': {
      const fields: Record<string, Field> = {};
      for (const [k, f] of Object.entries(def.shape ?? {})) {
        fields[k] = { schema: f, required: internals(f)._zod.optin !== 'optional' };
      }
      return { node: { kind: 'object', fields, closed: def.catchall !== undefined }, nullable: false };
    }
    case 'array':
      return { node: { kind: 'array', element: def.element! }, nullable: false };
    case 'enum':
      return { node: { kind: 'enum', values: Object.values(def.entries ?? {}) }, nullable: false };
    case 'string': {
      // A date is a string schema that takes a real date and refuses other text (common.ts `date`).
      const isDate = s.safeParse('2024-02-29').success && !s.safeParse('2023-02-29').success;
      const node: Node = isDate ? { kind: 'date' } : { kind: 'string', maxLength: s.maxLength ?? Infinity };
      return { node, nullable: false };
    }
    case 'number': {
      const node: Node = {
        kind: 'number',
        int: s.isInt === true,
        min: s.minValue ?? -Infinity,
        max: s.maxValue ?? Infinity,
      };
      return { node, nullable: false };
    }
    case 'boolean':
      return { node: { kind: 'boolean' }, nullable: false };
    case 'record':
      return { node: { kind: 'record' }, nullable: false };
    case 'unknown':
      return { node: { kind: 'unknown' }, nullable: false };
    default:
      throw new Error(`zodArbitraries: no arbitrary for a zod "${def.type}" schema; add one to read().`);
  }
}

/** The object node of a schema (a test's own mistake when it is not an object). */
export function objectNode(schema: z.ZodType): Extract<Node, { kind: 'object' }> {
  const { node } = nodeOf(schema);
  if (node.kind !== 'object') throw new Error(`expected an object schema, got ${node.kind}`);
  return node;
}

/** The schema of a field, unwrapped of optional (`SubscriptionRequest`'s `add_subscription_plans` element...). */
export function fieldSchema(schema: z.ZodType, key: string): z.ZodType {
  const f = objectNode(schema).fields[key];
  if (!f) throw new Error(`no field "${key}" in the schema`);
  return f.schema;
}
export function elementSchema(schema: z.ZodType): z.ZodType {
  const { node } = nodeOf(schema);
  if (node.kind !== 'array') throw new Error(`expected an array schema, got ${node.kind}`);
  return node.element;
}

// Small sizes: the rules cross-link fields, not lengths (the limits are tested on their own).
const ARRAY_MAX = 2;
const STRING_MAX = 12;
const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(1900, 0, 1) / DAY_MS,
  LAST_DAY = Date.UTC(2199, 11, 31) / DAY_MS;

/** A real date YYYY-MM-DD, leap days included. */
export const realDate = fc
  .integer({ min: FIRST_DAY, max: LAST_DAY })
  .map(d => new Date(d * DAY_MS).toISOString().slice(0, 10));

const arbitraries = new WeakMap<z.ZodType, fc.Arbitrary<Json>>();

/** Any value the schema accepts (as JSON: no undefined, no NaN). */
export function arbitraryOf(schema: z.ZodType): fc.Arbitrary<Json> {
  let a = arbitraries.get(schema);
  if (!a) {
    const { node, nullable } = nodeOf(schema);
    a = nodeArbitrary(node);
    if (nullable) a = fc.option(a, { nil: null, freq: 5 });
    arbitraries.set(schema, a);
  }
  return a;
}

function nodeArbitrary(node: Node): fc.Arbitrary<Json> {
  switch (node.kind) {
    case 'object':
      return objectOf(node);
    case 'array':
      return fc.array(arbitraryOf(node.element), { maxLength: ARRAY_MAX });
    case 'enum':
      return fc.constantFrom(...node.values);
    case 'date':
      return realDate;
    case 'string':
      return fc.string({ maxLength: Math.min(STRING_MAX, node.maxLength) });
    case 'number': {
      if (node.int) {
        const min = Math.max(node.min, Number.MIN_SAFE_INTEGER),
          max = Math.min(node.max, Number.MAX_SAFE_INTEGER);
        return fc.oneof(fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 1000) }), fc.integer({ min, max }));
      }
      const bounds = {
        ...(Number.isFinite(node.min) ? { min: node.min } : {}),
        ...(Number.isFinite(node.max) ? { max: node.max } : {}),
      };
      const finite = fc.double({ noNaN: true, noDefaultInfinity: true, ...bounds });
      return fc.oneof(fc.integer({ min: -1000, max: 1000 }), finite);
    }
    case 'boolean':
      return fc.boolean();
    case 'record':
      // Custom fields are open: any name, any JSON value.
      return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }) as fc.Arbitrary<Json>, {
        maxKeys: 2,
      });
    case 'unknown':
      return fc.jsonValue({ maxDepth: 1 }) as fc.Arbitrary<Json>;
  }
}

export interface ObjectOptions {
  /** Only these fields (default: all of the schema's). */
  pick?: readonly string[];
  /** Present always, beyond the schema's required fields. */
  require?: readonly string[];
  /** Another arbitrary for a field, where the rules link it to others. */
  override?: Record<string, fc.Arbitrary<Json>>;
}

/** An object of the schema: its required fields always, each optional one or not. */
export function objectArbitrary(schema: z.ZodType, options: ObjectOptions = {}): fc.Arbitrary<JsonObject> {
  return objectOf(objectNode(schema), options);
}

function objectOf(node: Extract<Node, { kind: 'object' }>, options: ObjectOptions = {}): fc.Arbitrary<JsonObject> {
  const keys = options.pick ?? Object.keys(node.fields);
  const model: Record<string, fc.Arbitrary<Json>> = {};
  for (const k of keys) {
    if (!node.fields[k]) throw new Error(`no field "${k}" in the schema`);
    model[k] = options.override?.[k] ?? arbitraryOf(node.fields[k].schema);
  }
  const requiredKeys = keys.filter(k => node.fields[k].required || options.require?.includes(k));
  return fc.record(model, { requiredKeys }) as fc.Arbitrary<JsonObject>;
}

/** One mistake at one place, and the finding it must give: its code and its path. */
export interface Mutation {
  what: string;
  apply(root: JsonObject): void;
  expect: { code: string; path: Path };
}

/** Added to a closed object: no field of any schema is named so, nor close to one (no "did you mean"). */
export const UNKNOWN_KEY = 'zq_not_a_field_of_any_schema';
/** Not real dates: a day past the month's end, a month 13, a non-leap 29 February, a date not written YYYY-MM-DD. */
export const BAD_DATES = ['2027-02-30', '2027-13-01', '2023-02-29', '2027-1-5', '05/01/2027'];

/** A value of another JSON type than the node takes (never null where null is taken). */
function wrongTypes(node: Node): Json[] {
  switch (node.kind) {
    case 'object':
    case 'record':
      return ['text', 7, [], true];
    case 'array':
      return ['text', 7, {}, false];
    case 'enum':
    case 'date':
    case 'string':
      return [7, true, [], {}];
    case 'number':
      return node.int ? ['7', 1.5, true, []] : ['7', true, {}, []];
    case 'boolean':
      return ['true', 1, [], {}];
    case 'unknown':
      return [];
  }
}

const setAt = (root: JsonObject, path: Path, value: Json) => {
  const holder = path.slice(0, -1).reduce<Json>((v, k) => (v as Record<string, Json>)[k], root) as Record<string, Json>;
  holder[path[path.length - 1]] = value;
};
const deleteAt = (root: JsonObject, path: Path) => {
  const holder = path.slice(0, -1).reduce<Json>((v, k) => (v as Record<string, Json>)[k], root) as Record<string, Json>;
  delete holder[path[path.length - 1]];
};

/**
 * Every single mistake the schema alone decides, at every place of `value`: `pick` chooses among the variants
 * (which wrong type, which bad date). Custom fields and other open values are left alone.
 */
export function schemaMutations(schema: z.ZodType, value: Json, pick = 0, path: Path = []): Mutation[] {
  const out: Mutation[] = [];
  walk(schema, value, path, pick, out);
  return out;
}

function walk(schema: z.ZodType, value: Json, path: Path, pick: number, out: Mutation[]): void {
  const { node } = nodeOf(schema);
  if (value === null) return; // a nullable field left null: its type changes below, from the parent
  if (path.length) {
    const wrong = wrongTypes(node);
    if (wrong.length) {
      const v = wrong[pick % wrong.length];
      // An enum refuses any other value alike: a number where a term type goes is a value not among them.
      const code = node.kind === 'enum' ? 'invalid-value' : 'wrong-type';
      out.push({
        what: `${JSON.stringify(v)} at ${JSON.stringify(path)}`,
        apply: root => setAt(root, path, v),
        expect: { code, path },
      });
    }
  }
  if (node.kind === 'enum') {
    const v = `not_${node.values[pick % node.values.length]}`;
    out.push({ what: `enum ${v}`, apply: root => setAt(root, path, v), expect: { code: 'invalid-value', path } });
  } else if (node.kind === 'date') {
    const v = BAD_DATES[pick % BAD_DATES.length];
    out.push({ what: `date ${v}`, apply: root => setAt(root, path, v), expect: { code: 'invalid-date', path } });
  } else if (node.kind === 'array' && Array.isArray(value)) {
    value.forEach((v, i) => walk(node.element, v, [...path, i], pick, out));
  } else if (node.kind === 'object' && typeof value === 'object' && !Array.isArray(value)) {
    if (node.closed) {
      out.push({
        what: `unknown field in ${JSON.stringify(path)}`,
        apply: root => {
          const holder = path.reduce<Json>((v, k) => (v as Record<string, Json>)[k], root) as JsonObject;
          holder[UNKNOWN_KEY] = 1;
        },
        expect: { code: 'unknown-field', path: [...path, UNKNOWN_KEY] },
      });
    }
    for (const [k, v] of Object.entries(value)) {
      const field = node.fields[k];
      if (!field) continue;
      if (field.required) {
        out.push({
          what: `drop ${JSON.stringify([...path, k])}`,
          apply: root => deleteAt(root, [...path, k]),
          expect: { code: 'missing-field', path: [...path, k] },
        });
      }
      walk(field.schema, v, [...path, k], pick, out);
    }
  }
}

export { deleteAt, setAt };
