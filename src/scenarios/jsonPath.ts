// JSON paths as scenarios write them: `subscriptions[0].subscription_number`, optionally after `$.`; the
// same form the validator prints (formatPath), so a path from a finding can be pasted into a check.
import type { PathSegment } from '../schemas/findings';

/** The segments of a path, or an error message saying what is wrong with it. */
export function parseJsonPath(path: string): { segments: PathSegment[]; error?: undefined } | { error: string } {
  const segments: PathSegment[] = [];
  let rest = path.trim().replace(/^\$(?=\.|\[|$)/, '');
  if (rest.startsWith('.')) rest = rest.slice(1);
  const part = /^(?:\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]|([^.[\]]+))(\.(?=[^.[\]])|(?=\[)|$)/;
  while (rest) {
    const m = part.exec(rest);
    if (!m) return { error: `"${path}" is not a JSON path (write it like subscriptions[0].subscription_number)` };
    segments.push(m[1] !== undefined ? Number(m[1]) : m[2] !== undefined ? JSON.parse(`"${m[2]}"`) : m[3]);
    rest = rest.slice(m[0].length);
  }
  return { segments };
}

/** The value at a path: `found` false when a segment is missing (a value of `null` is found). */
export function valueAt(root: unknown, segments: readonly PathSegment[]): { found: boolean; value?: unknown } {
  let v = root;
  for (const s of segments) {
    if (typeof s === 'number') {
      if (!Array.isArray(v) || s >= v.length) return { found: false };
      v = v[s];
    } else {
      if (!v || typeof v !== 'object' || Array.isArray(v) || !Object.hasOwn(v, s)) return { found: false };
      v = (v as Record<string, unknown>)[s];
    }
  }
  return { found: v !== undefined, value: v };
}
