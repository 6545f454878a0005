// References to earlier answers: `${signup.subscriptions[0].subscription_number}` is that value of the answer
// of the step named `signup`. A string that is one reference takes the value as it is (a number stays a
// number); a reference inside longer text is replaced by the value's text.
import type { PathSegment } from '../schemas/findings';
import { parseJsonPath, valueAt } from './jsonPath';

export const REFERENCE = /\$\{([A-Za-z_][\w-]*)((?:\.|\[)[^}]*)?\}/g;

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
 * The value with every reference replaced by what the named earlier answer holds there. Throws a
 * UnresolvedReference that names the reference when a step has no answer yet or the answer lacks the field.
 */
export function resolveReferences<T>(value: T, answers: ReadonlyMap<string, unknown>, at: PathSegment[] = []): T {
  if (typeof value === 'string') return resolveString(value, answers, at) as T;
  if (Array.isArray(value)) return value.map((v, i) => resolveReferences(v, answers, [...at, i])) as T;
  if (value && typeof value === 'object') {
    // fromEntries defines each key, so a "__proto__" field of a body stays a field (assigning it would not)
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, resolveReferences(v, answers, [...at, k])]),
    ) as T;
  }
  return value;
}

function resolveString(s: string, answers: ReadonlyMap<string, unknown>, at: PathSegment[]): unknown {
  const refs = findReferences(s, at);
  if (refs.length === 0) return s;
  const lookup = (r: Reference): unknown => {
    if (!answers.has(r.step)) {
      throw new UnresolvedReference(`${r.text}: no earlier step named "${r.step}" has answered`, r.text, at);
    }
    const parsed = parseJsonPath(r.path);
    if (parsed.error !== undefined) throw new UnresolvedReference(`${r.text}: ${parsed.error}`, r.text, at);
    const { found, value } = valueAt(answers.get(r.step), parsed.segments);
    if (!found)
      throw new UnresolvedReference(`${r.text}: the answer of "${r.step}" has no ${r.path || 'body'}`, r.text, at);
    return value;
  };
  if (refs.length === 1 && refs[0].text === s) return lookup(refs[0]);
  return s.replace(REFERENCE, (...m) => {
    const v = lookup({ text: m[0], step: m[1], path: (m[2] ?? '').replace(/^\./, ''), at });
    return typeof v === 'string' ? v : JSON.stringify(v);
  });
}
