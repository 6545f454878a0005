// Compare Answers: two answers made comparable before the diff. What the service generates (ids, order and
// account numbers, times of creation) differs in every answer; a diff of them is mostly noise. A generated
// value found in one answer only becomes a numbered placeholder, in the order it first appears in its own
// answer, so two answers of the same shape get the same placeholders and what differs in kind still shows. A
// value both answers hold (the same account read twice) stays as it is. No `vscode` import: tested in Node.

export type GeneratedKind = 'id' | 'number' | 'time';

/** 32 hex digits (the service's ids), with or without the dashes of a UUID. */
const HEX_ID = /^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/** A key that names a number the service gives: order_number, accountNumber, invoiceKey, billRunNo, id. */
const NUMBER_KEY = /(?:^|_)(?:number|no|key|id)$|[a-z](?:Number|No|Key|Id)$/;
/** A record number as the service writes them: A00000001, O-00000001, INV00000002, BR-00000001. */
const NUMBER_VALUE = /^[A-Z]{1,5}-?\d{4,}$/;
/** An instant with its time of day (when something was created or changed); a date alone is a billing date. */
const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
/** Ids of the request itself (a request id, a process id), whatever their shape. */
const REQUEST_ID_KEY = /^(?:request|process|trace|correlation)_?id$/i;

/** What kind of generated value `value` (under `key`) is, if it is one. */
export function generatedKind(key: string | undefined, value: unknown): GeneratedKind | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  if (HEX_ID.test(value) || (key !== undefined && REQUEST_ID_KEY.test(key))) return 'id';
  if (key !== undefined && NUMBER_KEY.test(key) && NUMBER_VALUE.test(value)) return 'number';
  if (INSTANT.test(value)) return 'time';
  return undefined;
}

export interface Comparable {
  left: unknown;
  right: unknown;
  /** How many distinct generated values became placeholders, on both sides. */
  replaced: number;
}

/** The two answers with the generated values only one of them holds replaced by `<id 1>`, `<time 2>`, ... */
export function comparableAnswers(left: unknown, right: unknown): Comparable {
  const [l, r] = [generatedValues(left), generatedValues(right)];
  const lOnly = [...l].filter(([v]) => !r.has(v));
  const rOnly = [...r].filter(([v]) => !l.has(v));
  const [lNames, rNames] = [placeholders(lOnly), placeholders(rOnly)];
  return { left: replace(left, lNames), right: replace(right, rNames), replaced: lNames.size + rNames.size };
}

/** Every generated value of the answer with its kind, in the order it first appears. */
function generatedValues(value: unknown): Map<string, GeneratedKind> {
  const found = new Map<string, GeneratedKind>();
  const walk = (v: unknown, key: string | undefined, depth: number) => {
    if (depth > 200) return;
    if (Array.isArray(v)) v.forEach(x => walk(x, key, depth + 1));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k, depth + 1);
    else {
      const kind = generatedKind(key, v);
      if (kind && !found.has(v as string)) found.set(v as string, kind);
    }
  };
  walk(value, undefined, 0);
  return found;
}

/** `<id 1>`, `<id 2>`, `<number 1>`, ...: numbered per kind, in the order of appearance. */
function placeholders(values: [string, GeneratedKind][]): Map<string, string> {
  const counts: Record<GeneratedKind, number> = { id: 0, number: 0, time: 0 };
  return new Map(values.map(([v, kind]) => [v, `<${kind} ${++counts[kind]}>`]));
}

/** The value with each named string replaced, also inside longer strings (a path, a message naming it). */
function replace(value: unknown, names: Map<string, string>): unknown {
  if (!names.size) return value;
  // Longest first: a number inside another (A0000001 in A00000012) is not cut out of it.
  const inside = [...names.keys()].filter(v => v.length >= 8).sort((a, b) => b.length - a.length);
  const pattern = inside.length ? new RegExp(inside.map(escapeRegExp).join('|'), 'g') : undefined;
  const walk = (v: unknown, depth: number): unknown => {
    if (depth > 200) return v;
    if (Array.isArray(v)) return v.map(x => walk(x, depth + 1));
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, depth + 1)]));
    }
    if (typeof v !== 'string') return v;
    const whole = names.get(v);
    if (whole) return whole;
    return pattern ? v.replace(pattern, m => names.get(m) ?? m) : v;
  };
  return walk(value, 0);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
