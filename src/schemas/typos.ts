// "Did you mean": the known field names of the object that holds an unknown one, and the nearest of
// them by Damerau-Levenshtein distance (adjacent swaps count once), allowing fewer edits for short names.
import type * as z from 'zod';
import type { PathSegment } from './findings';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  in?: z.ZodType;
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Field names of the object schema at `path` (array indexes step into elements), if it is one. */
export function knownKeysAt(schema: z.ZodType, path: readonly PathSegment[]): string[] {
  let s: z.ZodType | undefined = unwrap(schema);
  for (const seg of path) {
    if (!s) return [];
    const def = defOf(s);
    if (def.type === 'object' && typeof seg === 'string') s = def.shape?.[seg];
    else if (def.type === 'array' && typeof seg === 'number') s = def.element;
    else return [];
    s = s && unwrap(s);
  }
  const def = s && defOf(s);
  return def?.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}

function unwrap(s: z.ZodType): z.ZodType {
  for (let def = defOf(s); ; def = defOf(s)) {
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!inner) return s;
    s = inner;
  }
}

/** The known name `key` most likely misspells, or undefined. Names already in the object are skipped. */
export function suggestKey(key: string, known: readonly string[], present: ReadonlySet<string>): string | undefined {
  const k = key.toLowerCase();
  const budget = k.length <= 2 ? 0 : k.length <= 5 ? 1 : 2;
  let best: string | undefined,
    bestDistance = budget + 1;
  for (const name of known) {
    if (present.has(name) || Math.abs(name.length - k.length) > budget) continue;
    const d = distance(k, name.toLowerCase(), budget);
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  return best;
}

/** Optimal string alignment distance, giving up (budget + 1) once every cell of a row exceeds the budget. */
export function distance(a: string, b: string, budget = Infinity): number {
  let prev2: number[] = [],
    prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > budget) return budget + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}
