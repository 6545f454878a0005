// References to earlier answers: `${signup.subscriptions[0].subscription_number}` is that value of the answer
// of the step named `signup`. A string that is one reference takes the value as it is (a number stays a
// number); a reference inside longer text is replaced by the value's text. A capture (`${orderNo}`) is a
// named value like a step's answer; `${env.NAME}` is an environment variable and `${row.NAME}` a value of the
// row of `each` the scenario runs for; `${data.NAME}` a column of the row of `test --data` it runs for;
// `${receiver.url}` the URL of the run's callout receiver.
import type { PathSegment } from '../schemas/findings';
import { parseJsonPath, valueAt } from './jsonPath';

export const REFERENCE = /\$\{([A-Za-z_][\w-]*)((?:\.|\[)[^}]*)?\}/g;

/** Names a step or a capture cannot take: `${env.…}` and `${row.…}` mean the environment and the row. */
export const RESERVED_NAMES: readonly string[] = ['env', 'row', 'receiver', 'data'];

/** What references resolve against. */
export interface Scope {
  /** Earlier answers by step name, and captured values by capture name. */
  answers: ReadonlyMap<string, unknown>;
  /** Environment variables (`${env.NAME}`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** The row of `each` this run is for (`${row.NAME}`). */
  row?: Readonly<Record<string, unknown>>;
  /** The row of the data file (`test --data`) this run is for (`${data.NAME}`). */
  data?: Readonly<Record<string, unknown>>;
  /** The run's callout receiver (`${receiver.url}`), when a step uses it. */
  receiver?: { url: string };
  /** Why a name has no value although a step defines it (a capture that found nothing). */
  missing?: ReadonlyMap<string, string>;
}

export interface Reference {
  /** The text as written: `${signup.order_number}`. */
  text: string;
  step: string;
  path: string;
  /** Where the string holding it is, in the scenario (or the payload file) value. */
  at: PathSegment[];
}

/** Every reference in a value (strings in objects and arrays, recursively), with where it is. */
export function findReferences(value: unknown, at: PathSegment[] = []): Reference[] {
  if (typeof value === 'string') {
    return [...value.matchAll(REFERENCE)].map(m => ({
      text: m[0],
      step: m[1],
      path: (m[2] ?? '').replace(/^\./, ''),
      at,
    }));
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => findReferences(v, [...at, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => findReferences(v, [...at, k]));
  }
  return [];
}

export class UnresolvedReference extends Error {
  constructor(
    message: string,
    readonly reference: string,
    readonly at: PathSegment[],
  ) {
    super(message);
  }
}

/**
 * The value with every reference replaced by what the named earlier answer holds there (or the capture, the
 * environment variable, the row's value). Throws a UnresolvedReference that names the reference when a step
 * has no answer yet, the answer lacks the field, or a variable is not set.
 */
export function resolveReferences<T>(value: T, scope: ReadonlyMap<string, unknown> | Scope, at: PathSegment[] = []): T {
  return resolveIn(value, scope instanceof Map ? { answers: scope } : (scope as Scope), at);
}

function resolveIn<T>(value: T, scope: Scope, at: PathSegment[]): T {
  if (typeof value === 'string') return resolveString(value, scope, at) as T;
  if (Array.isArray(value)) return value.map((v, i) => resolveIn(v, scope, [...at, i])) as T;
  if (value && typeof value === 'object') {
    // fromEntries defines each key, so a "__proto__" field of a body stays a field (assigning it would not)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveIn(v, scope, [...at, k])])) as T;
  }
  return value;
}

function lookup(r: Reference, scope: Scope, at: PathSegment[]): unknown {
  const fail = (why: string) => new UnresolvedReference(`${r.text}: ${why}`, r.text, at);
  if (r.step === 'env') {
    const value = scope.env?.[r.path];
    if (value === undefined) throw fail(`${r.path} is not set: set ${r.path} in the environment or the --dotenv file`);
    return value;
  }
  if (r.step === 'receiver') {
    if (r.path !== 'url') throw fail('the receiver has only a url: write ${receiver.url}');
    if (!scope.receiver) throw fail('no callout receiver runs here (only on a Local sandbox)');
    return scope.receiver.url;
  }
  const parsed = parseJsonPath(r.path);
  if (parsed.error !== undefined) throw fail(parsed.error);
  if (r.step === 'data') {
    if (!scope.data) throw fail('only a run with a data file has columns: run it with `test --data rows.csv`');
    const { found, value } = valueAt(scope.data, parsed.segments);
    if (!found) throw fail(`this row of the data file has no ${r.path || 'value'}`);
    return value;
  }
  if (r.step === 'row') {
    if (!scope.row) throw fail('only a scenario with "each" has rows: add "each": [{ ... }, ...]');
    const { found, value } = valueAt(scope.row, parsed.segments);
    if (!found) throw fail(`this row of "each" has no ${r.path || 'value'}: give every row a "${r.path}"`);
    return value;
  }
  if (!scope.answers.has(r.step)) {
    throw fail(scope.missing?.get(r.step) ?? `no earlier step named "${r.step}" has answered`);
  }
  const { found, value } = valueAt(scope.answers.get(r.step), parsed.segments);
  if (!found) throw fail(`the answer of "${r.step}" has no ${r.path || 'body'}`);
  return value;
}

function resolveString(s: string, scope: Scope, at: PathSegment[]): unknown {
  const refs = findReferences(s, at);
  if (refs.length === 0) return s;
  if (refs.length === 1 && refs[0].text === s) return lookup(refs[0], scope, at);
  return s.replace(REFERENCE, (...m) => {
    const v = lookup({ text: m[0], step: m[1], path: (m[2] ?? '').replace(/^\./, ''), at }, scope, at);
    return typeof v === 'string' ? v : JSON.stringify(v);
  });
}
