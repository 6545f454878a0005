// The fast checker's leaves: a test per schema that is true only where zod would report nothing, and the
// issues zod reports where a test refused a value (remembered per value: one value always gets the same).
import { util } from 'zod/v4/core';
import type { PathSegment } from './findings';
import {
  optional,
  plain,
  zodIssues,
  type Def,
  type Payload,
  type Predicate,
  type RawIssue,
  type Schema,
} from './zodInternals';

const { isObject, isPlainObject } = util;

/**
 * What zod reports for leaf values its test refused, by schema and value. A leaf whose test is not `never`
 * has only checks that look at the value alone (leafTest), so one value always gets the same issues; and
 * a keystroke re-validates a document whose mistakes mostly stay as they were, each costing a zod run.
 */
const refused = new WeakMap<Schema, Map<unknown, RawIssue[]>>();
/** Values remembered per schema (then forgotten all at once), and the longest string remembered. */
const REMEMBERED = 32,
  LONGEST = 200;

/** The issues of a leaf whose test refused `value`, at `path` (and `key` under it, if given). */
export function leafIssues(
  s: Schema,
  pure: boolean,
  value: unknown,
  path: readonly PathSegment[],
  key: string | undefined,
  out: RawIssue[],
): void {
  const at = key === undefined ? path : [...path, key];
  const kept =
    pure &&
    (value === null ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && !Object.is(value, -0)) ||
      (typeof value === 'string' && value.length <= LONGEST));
  if (!kept) return zodIssues(s, value, at, out);
  let known = refused.get(s);
  let issues = known?.get(value);
  if (!issues) {
    issues = [];
    zodIssues(s, value, [], issues);
    if (!known || known.size >= REMEMBERED) refused.set(s, (known = new Map()));
    known.set(value, issues);
  }
  for (const issue of issues) out.push({ ...issue, path: at.concat(issue.path as PathSegment[]) } as RawIssue);
}

/** Checks that only look at the value (an `overwrite`, such as trim, changes it: zod decides). */
const PURE_CHECKS = new Set([
  'string_format',
  'min_length',
  'max_length',
  'length_equals',
  'greater_than',
  'less_than',
  'multiple_of',
  'number_format',
  'custom',
]);
export const never: Predicate = () => false;

/** True only where zod would report nothing for the leaf `s`; false hands the value to zod. */
export function leafTest(s: Schema): Predicate {
  const def = s._zod.def;
  if (plain(s) && (optional(s) || def.type === 'nullable')) {
    const allowed = optional(s) ? undefined : null,
      inner = def.innerType!;
    const direct = plain(inner) && !inner._zod.def.coerce && BASE_OR[`${inner._zod.def.type}|${String(allowed)}`];
    if (direct) return direct;
    const values = inner._zod.values;
    if (values && plain(inner) && (inner._zod.def.type === 'enum' || inner._zod.def.type === 'literal')) {
      return v => v === allowed || values.has(v);
    }
    const test = leafTest(inner);
    return v => v === allowed || test(v);
  }
  const checks = [...(s._zod.traits.has('$ZodCheck') ? [s] : []), ...(def.checks ?? [])];
  const base = def.coerce ? undefined : typeTest(s);
  if (!base || !checks.every(c => PURE_CHECKS.has(c._zod.def.check!) && c._zod.check)) return never;
  if (checks.length === 0) return base;
  const direct = checks.map(directTest);
  if (direct.every(d => d !== undefined)) {
    const tests = direct as Predicate[];
    if (tests.length === 1) return value => base(value) && tests[0](value);
    return value => base(value) && tests.every(t => t(value));
  }
  const scratch: Payload = { value: undefined, issues: [] };
  return value => {
    if (!base(value)) return false;
    scratch.value = value;
    if (scratch.issues.length) scratch.issues = [];
    for (const c of checks) {
      if (c._zod.check!(scratch) instanceof Promise || scratch.issues.length) return false;
    }
    return true;
  };
}

/**
 * The commonest checks as one test each, true only where zod's own check (checks.ts, schemas.ts: $ZodCustom)
 * adds no issue, for a value of the leaf's type: a regex that matches, a refinement whose function returns
 * true, a safe integer. Any other check runs as zod's.
 */
function directTest(c: Schema): Predicate | undefined {
  const def = c._zod.def as Def & { format?: string; pattern?: RegExp; fn?: (v: unknown) => unknown };
  const traits = c._zod.traits;
  if (def.check === 'string_format' && def.format === 'regex' && traits.has('$ZodCheckRegex') && def.pattern) {
    const pattern = def.pattern;
    return v => {
      pattern.lastIndex = 0;
      return pattern.test(v as string);
    };
  }
  if (def.check === 'custom' && traits.has('$ZodCustom') && typeof def.fn === 'function' && !def.coerce) {
    const fn = def.fn;
    return v => fn(v) === true;
  }
  if (def.check === 'number_format' && def.format === 'safeint' && traits.has('$ZodCheckNumberFormat')) {
    return v => Number.isSafeInteger(v);
  }
  return undefined;
}

/** The commonest optional and nullable leaves, as one test each. */
const BASE_OR: Record<string, Predicate | undefined> = {
  'string|undefined': v => v === undefined || typeof v === 'string',
  'string|null': v => v === null || typeof v === 'string',
  'number|undefined': v => v === undefined || (typeof v === 'number' && Number.isFinite(v)),
  'boolean|undefined': v => v === undefined || typeof v === 'boolean',
};

function typeTest(s: Schema): Predicate | undefined {
  const def = s._zod.def;
  switch (def.type) {
    case 'string':
      return v => typeof v === 'string';
    case 'number':
      return v => typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return v => typeof v === 'boolean';
    case 'null':
      return v => v === null;
    case 'unknown':
    case 'any':
      return () => true;
    case 'enum':
    case 'literal': {
      const values = s._zod.values!;
      return v => values.has(v);
    }
    case 'record':
      return anyRecord(def) ? isAnyRecord : undefined;
    default:
      return undefined;
  }
}

/** `z.record(z.string(), z.unknown())`: any plain object with string keys. */
function anyRecord(def: Def): boolean {
  const key = def.keyType!._zod,
    value = def.valueType!._zod;
  const bare = (d: Def) => !d.checks?.length && !d.coerce;
  return (
    key.def.type === 'string' &&
    bare(key.def) &&
    !key.traits.has('$ZodCheck') &&
    (value.def.type === 'unknown' || value.def.type === 'any') &&
    bare(value.def)
  );
}

const isAnyRecord: Predicate = v =>
  // A parsed JSON object (Object.prototype, no own `constructor`) is one zod's isPlainObject accepts.
  (isObject(v) && Object.getPrototypeOf(v) === Object.prototype && !Object.hasOwn(v, 'constructor')
    ? true
    : isPlainObject(v)) && Object.getOwnPropertySymbols(v).length === 0;
