// A checker compiled once per zod schema from its definition (`_zod.def`): the issues zod's safeParse
// reports, in zod's order, without zod building a parsed copy of the value. Objects, arrays, optional,
// nullable and nonoptional are walked here, mirroring zod's own rules; every other schema is a leaf
// (leafTests.ts) with a predicate that accepts only what zod accepts, and zod itself describes whatever a
// predicate refuses. So zod stays the one source of truth: a construct this file does not know costs speed,
// never correctness.
import type * as z from 'zod';
// Named imports from zod's core, not `z.core`: the namespace would keep all of zod's locales in the bundle.
import { config as zodConfig, util, type $ZodIssue } from 'zod/v4/core';
import type { PathSegment } from './findings';
import { leafIssues, leafTest, never } from './leafTests';
import {
  CTX,
  internals,
  optional,
  plain,
  zodIssues,
  type Check,
  type PlacedIssue,
  type Predicate,
  type RawIssue,
  type Schema,
} from './zodInternals';

export type { PlacedIssue } from './zodInternals';

const { isObject } = util;
const compiled = new WeakMap<Schema, Check>();

/** The issues `schema.safeParse(value)` reports, equal to its `error.issues` (or [] on success). */
export function schemaIssues(schema: z.ZodType, value: unknown): $ZodIssue[] {
  return rawIssues(schema, value).map(finalized);
}

/** schemaIssues before zod writes their messages: each becomes the same issue through `finalized`. */
export function rawIssues(schema: z.ZodType, value: unknown): PlacedIssue[] {
  const raw: RawIssue[] = [];
  compile(internals(schema))(value, [], raw);
  return raw as PlacedIssue[];
}

/** The issue zod's safeParse reports for a raw one (message written, internals dropped). */
export function finalized(issue: PlacedIssue): $ZodIssue {
  return util.finalizeIssue(issue, CTX, zodConfig());
}

function compile(s: Schema): Check {
  const known = compiled.get(s);
  if (known) return known;
  const later: { check?: Check } = {};
  compiled.set(s, (value, path, out) => later.check!(value, path, out)); // a schema that contains itself
  const check = (later.check = build(s));
  compiled.set(s, check);
  return check;
}

function build(s: Schema): Check {
  const def = s._zod.def;
  if (!walked(s)) {
    const ok = leafTest(s);
    return (value, path, out) => {
      if (!ok(value)) leafIssues(s, ok !== never, value, path, undefined, out);
    };
  }
  if (def.type === 'lazy') return lazyCheck(s);
  if (def.type === 'object') return objectCheck(s);
  if (def.type === 'array') return arrayCheck(s);
  if (def.type === 'nonoptional') return nonOptionalCheck(s);
  const inner = compile(def.innerType!);
  if (def.type === 'nullable') return (value, path, out) => value === null || inner(value, path, out);
  return (value, path, out) => value === undefined || inner(value, path, out); // optional
}

/** Objects, arrays and the wrappers around them are walked here; the rest are leaves. */
function walked(s: Schema): boolean {
  const def = s._zod.def;
  if (!plain(s)) return false;
  if (def.type === 'lazy') return true; // its inner schema, built and compiled at its first value
  if (def.type === 'object') return closedOrPlain(s);
  if (def.type === 'array') return true;
  if (def.type === 'nonoptional') return keepsValue(def.innerType!);
  return (optional(s) || def.type === 'nullable') && walked(def.innerType!);
}

/** A closed (strict) or plain object: zod treats objects with a catchall schema otherwise. */
function closedOrPlain(s: Schema): boolean {
  const shape = keysOf(s),
    catchall = s._zod.def.catchall?._zod.def.type;
  // `key in value` would find these on the prototype: zod's own loop decides what they mean.
  const odd = Object.getOwnPropertySymbols(shape).length > 0 || Object.keys(shape).some(k => k in Object.prototype);
  return (catchall === undefined || catchall === 'never') && !odd;
}

/**
 * An object schema's shape for its keys only. Reading `def.shape` settles every deferred field (zod copies the
 * shape with its values); its raw shape, which zod keeps on the getter, lists the same keys and builds nothing.
 */
function keysOf(s: Schema): object {
  const get = Object.getOwnPropertyDescriptor(s._zod.def, 'shape')?.get as { raw?: object } | undefined;
  return get?.raw ?? s._zod.def.shape ?? {};
}

/** A field is checked by a test (a leaf: called with the value alone) or by a walk. */
interface Field {
  key: string;
  index: number;
  schema: Schema;
  test?: Predicate;
  check?: Check;
  optin?: string;
  optout?: string;
}

function field(key: string, index: number, schema: Schema): Field {
  const { optin, optout } = schema._zod;
  if (walked(schema)) return { key, index, schema, check: compile(schema), optin, optout };
  return { key, index, schema, test: leafTest(schema), optin, optout };
}

/** Checks one field's value (the path is the object's: leaves add their key only to report). */
function checkField(f: Field, value: unknown, path: PathSegment[], out: RawIssue[]): void {
  if (f.test !== undefined) {
    if (!f.test(value)) leafIssues(f.schema, f.test !== never, value, path, f.key, out);
    return;
  }
  path.push(f.key);
  f.check!(value, path, out);
  path.pop();
}

function objectCheck(s: Schema): Check {
  // A lookup table without a prototype: any key of the value (`__proto__` too) is a plain property here.
  let fields: Record<string, Field | undefined> | undefined;
  // Fields whose absence zod reports (or may): the others are skipped when absent.
  let required: Field[] = [];
  // The fields are compiled when an object of this shape is first checked, not with the schema that holds it:
  // a shape's deferred fields (getters, paymentMethod.ts) stay unbuilt until a payload has such an object.
  const compileFields = () => {
    const shape = s._zod.def.shape ?? {};
    fields = Object.create(null) as Record<string, Field | undefined>;
    Object.keys(shape).forEach((key, index) => (fields![key] = field(key, index, shape[key])));
    required = Object.values(fields)
      .map(f => f!)
      .filter(f => f.optin !== 'optional' || f.optout !== 'optional');
    return fields;
  };
  const strict = s._zod.def.catchall !== undefined;
  const lastKeys: string[] = [],
    lastFields: (Field | undefined)[] = [];
  return (value, path, out) => {
    if (!isObject(value)) return zodIssues(s, value, path, out);
    const byKey = fields ?? compileFields();
    const start = out.length;
    let segments: number[] | undefined; // field index, first issue, end: to restore zod's field order
    let unknown: string[] | undefined;
    // Only the keys present: most fields of a request are optional and absent. Objects of one kind
    // mostly list their keys in the same order, so the field of the key at each place is remembered.
    let at = 0;
    for (const key in value) {
      const f = lastKeys[at] === key ? lastFields[at] : (lastFields[at] = byKey[(lastKeys[at] = key)]);
      at++;
      if (f === undefined) {
        if (strict) (unknown ??= []).push(key);
        continue;
      }
      const before = out.length;
      if (f.test === undefined) {
        path.push(key);
        f.check!(value[key], path, out);
        path.pop();
      } else if (!f.test(value[key])) {
        leafIssues(f.schema, f.test !== never, value[key], path, key, out);
      }
      if (out.length !== before) (segments ??= []).push(f.index, before, out.length);
    }
    for (const f of required) {
      if (f.key in value) continue;
      const before = out.length;
      absent(f, path, out);
      if (out.length !== before) (segments ??= []).push(f.index, before, out.length);
    }
    if (segments) inFieldOrder(out, start, segments);
    if (unknown) {
      const issue = {
        code: 'unrecognized_keys',
        keys: unknown,
        input: value,
        inst: s,
        continue: true,
        path: [...path],
      };
      out.push(issue as RawIssue);
    }
  };
}

/** What zod's object reports for a field that is not there (its handlePropertyResult). */
function absent(f: Field, path: PathSegment[], out: RawIssue[]): void {
  const before = out.length;
  checkField(f, undefined, path, out);
  if (out.length !== before) {
    if (f.optin !== undefined && f.optout === 'optional') out.length = before; // optional: no complaint
  } else if (f.optin === undefined) {
    out.push({ code: 'invalid_type', expected: 'nonoptional', input: undefined, path: [...path, f.key] });
  }
}

/** Issues were found in the order of the keys in the value; zod reports them in the order of the shape. */
function inFieldOrder(out: RawIssue[], start: number, segments: number[]): void {
  let sorted = true;
  for (let k = 3; k < segments.length && sorted; k += 3) sorted = segments[k - 3] < segments[k];
  if (sorted) return;
  const found = out.slice(start);
  const order: number[] = [];
  for (let k = 0; k < segments.length; k += 3) order.push(k);
  order.sort((a, b) => segments[a] - segments[b]);
  out.length = start;
  for (const k of order) {
    for (let i = segments[k + 1]; i < segments[k + 2]; i++) out.push(found[i - start]);
  }
}

/** A lazy schema (common.ts `deferred`): its inner one is built and compiled when the first value comes. */
function lazyCheck(s: Schema): Check {
  let inner: Check | undefined;
  return (value, path, out) => (inner ??= compile((s._zod as { innerType?: Schema }).innerType!))(value, path, out);
}

function arrayCheck(s: Schema): Check {
  const element = s._zod.def.element!;
  const test = walked(element) ? undefined : leafTest(element),
    check = test ? undefined : compile(element);
  return (value, path, out) => {
    if (!Array.isArray(value)) return zodIssues(s, value, path, out);
    const at = path.length;
    path.push(0);
    for (let i = 0; i < value.length; i++) {
      path[at] = i;
      if (test === undefined) check!(value[i], path, out);
      else if (!test(value[i])) leafIssues(element, test !== never, value[i], path, undefined, out);
    }
    path.pop();
  };
}

function nonOptionalCheck(s: Schema): Check {
  const inner = compile(s._zod.def.innerType!);
  return (value, path, out) => {
    const before = out.length;
    inner(value, path, out);
    if (out.length === before && value === undefined) {
      const issue = { code: 'invalid_type', expected: 'nonoptional', input: undefined, inst: s, path: [...path] };
      out.push(issue as RawIssue);
    }
  };
}

/** Types whose parse never replaces the value (no defaults, transforms or pipes). */
const KEEPS_VALUE = new Set([
  'string',
  'number',
  'boolean',
  'enum',
  'literal',
  'null',
  'unknown',
  'any',
  'object',
  'array',
  'record',
]);

function keepsValue(s: Schema): boolean {
  const def = s._zod.def;
  if (def.type === 'optional' || def.type === 'nullable') {
    return def.innerType!._zod.optin !== 'defaulted' && keepsValue(def.innerType!);
  }
  return KEEPS_VALUE.has(def.type) && !def.coerce;
}
