// The checks of one value added with issue 22: `count`, `type`, `lessThan` / `greaterThan` and `includes`.
// Each says, on failure, where it looked, what it expected and what it found.
import type { ValueCheckData } from './schema';

/** A failed check: which key of the check, the message, and the values for a diff. */
export interface Miss {
  key: 'count' | 'type' | 'lessThan' | 'greaterThan' | 'includes';
  message: string;
  expected: unknown;
  actual: unknown;
}

/** The first of these checks that fails, or undefined. `where` names the place (`data`, `header x-request-id`). */
export function checkMore(c: ValueCheckData, found: boolean, value: unknown, where: string): Miss | undefined {
  return (
    checkCount(c, found, value, where) ??
    checkType(c, found, value, where) ??
    checkBound(c, 'lessThan', found, value, where) ??
    checkBound(c, 'greaterThan', found, value, where) ??
    checkIncludes(c, found, value, where)
  );
}

/** The JSON type of a value, as `type` names it. */
export function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function checkCount(c: ValueCheckData, found: boolean, value: unknown, where: string): Miss | undefined {
  if (c.count === undefined) return undefined;
  const want = c.count;
  const wanted =
    typeof want === 'number'
      ? `${want} item${want === 1 ? '' : 's'}`
      : [
          want.greaterThan !== undefined && `more than ${want.greaterThan}`,
          want.lessThan !== undefined && `fewer than ${want.lessThan}`,
        ]
          .filter(Boolean)
          .join(' and ') + ' items';
  if (!found || !Array.isArray(value)) {
    const got = found ? `got ${describe(value)}` : 'found nothing';
    return { key: 'count', message: `expected a list of ${wanted} at ${where}, ${got}`, expected: want, actual: value };
  }
  const n = value.length;
  const ok =
    typeof want === 'number'
      ? n === want
      : (want.greaterThan === undefined || n > want.greaterThan) && (want.lessThan === undefined || n < want.lessThan);
  return ok
    ? undefined
    : { key: 'count', message: `expected ${wanted} at ${where}, got ${n}`, expected: want, actual: n };
}

function checkType(c: ValueCheckData, found: boolean, value: unknown, where: string): Miss | undefined {
  if (c.type === undefined) return undefined;
  const got = found ? jsonType(value) : undefined;
  if (got === c.type) return undefined;
  const message = `expected ${article(c.type)} ${c.type} at ${where}, got ${found ? `${article(got!)} ${got} (${describe(value)})` : 'nothing'}`;
  return { key: 'type', message, expected: c.type, actual: got };
}

/** Numbers compare as numbers; text as text (ISO dates and times in date order). Never one with the other. */
function checkBound(
  c: ValueCheckData,
  key: 'lessThan' | 'greaterThan',
  found: boolean,
  value: unknown,
  where: string,
): Miss | undefined {
  const bound = c[key];
  if (bound === undefined) return undefined;
  const words = key === 'lessThan' ? 'less than' : 'greater than';
  const kind = typeof bound === 'number' ? 'number' : 'text';
  if (!found || typeof value !== typeof bound) {
    const got = found ? `got ${describe(value)}` : 'found nothing';
    const message = `expected ${kind === 'number' ? 'a number' : 'text'} ${words} ${JSON.stringify(bound)} at ${where}, ${got}`;
    return { key, message, expected: bound, actual: value };
  }
  const v = value as number | string;
  const ok = key === 'lessThan' ? v < bound : v > bound;
  if (ok) return undefined;
  return {
    key,
    message: `expected ${where} ${words} ${JSON.stringify(bound)}, got ${JSON.stringify(v)}`,
    expected: bound,
    actual: v,
  };
}

function checkIncludes(c: ValueCheckData, found: boolean, value: unknown, where: string): Miss | undefined {
  if (!('includes' in c) || c.includes === undefined) return undefined;
  const want = c.includes;
  if (found && Array.isArray(value)) {
    if (value.some(v => sameJson(v, want))) return undefined;
    const message = `expected the list at ${where} to hold ${JSON.stringify(want)}, it holds ${value.length} item(s) without it`;
    return { key: 'includes', message, expected: want, actual: value };
  }
  if (found && typeof value === 'string' && typeof want === 'string') {
    if (value.includes(want)) return undefined;
    return {
      key: 'includes',
      message: `expected ${where} to contain ${JSON.stringify(want)}, got ${JSON.stringify(value)}`,
      expected: want,
      actual: value,
    };
  }
  const got = found ? `got ${describe(value)}` : 'found nothing';
  const what = typeof want === 'string' ? 'a list or text' : 'a list';
  return {
    key: 'includes',
    message: `expected ${what} holding ${JSON.stringify(want)} at ${where}, ${got}`,
    expected: want,
    actual: value,
  };
}

const article = (word: string) => (/^[aeio]/.test(word) ? 'an' : 'a');

/** A value in a message: short (a long list or object is named by its size). */
function describe(v: unknown): string {
  const text = JSON.stringify(v) ?? 'nothing';
  if (text.length <= 80) return text;
  return Array.isArray(v) ? `a list of ${v.length} items` : `${text.slice(0, 77)}...`;
}

/** Equal as JSON: same types and values, object keys in any order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bs = b as unknown[];
    return a.length === bs.length && a.every((x, i) => sameJson(x, bs[i]));
  }
  const ak = Object.keys(a),
    bo = b as Record<string, unknown>;
  return (
    ak.length === Object.keys(bo).length && ak.every(k => Object.hasOwn(bo, k) && sameJson((a as never)[k], bo[k]))
  );
}
