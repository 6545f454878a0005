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
    const inner =
      def.innerType ??
      (def.type === 'pipe'
        ? def.in
        : def.type === 'lazy'
          ? (s as unknown as { _zod: { innerType: z.ZodType } })._zod.innerType
          : undefined);
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
    const lower = name.toLowerCase();
    if (lettersApart(k, lower) > 2 * budget) continue; // cheaper than the distance, and most names stop here
    const d = distance(k, lower, budget);
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * How many letters the two names do not share, counted both ways (the L1 distance of their letter counts). An
 * edit changes it by 2 at most (a swap by none), so names more than 2 * budget apart are more than budget edits
 * apart. A name with a letter beyond ASCII gets 0: the distance decides.
 */
function lettersApart(a: string, b: string): number {
  for (let i = 0; i < a.length; i++) if (a.charCodeAt(i) > 127) return 0;
  for (let i = 0; i < b.length; i++) if (b.charCodeAt(i) > 127) return 0;
  for (let i = 0; i < a.length; i++) counts[a.charCodeAt(i)]++;
  for (let i = 0; i < b.length; i++) counts[b.charCodeAt(i)]--;
  let apart = 0;
  // Each letter's difference is added once, then cleared: the counts are all zero again for the next pair.
  for (const s of [a, b])
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      apart += Math.abs(counts[c]);
      counts[c] = 0;
    }
  return apart;
}
const counts = new Int32Array(128);

/** Optimal string alignment distance, giving up (budget + 1) once every cell of a row exceeds the budget. */
export function distance(a: string, b: string, budget = Infinity): number {
  // Three rows reused from call to call: a file may hold 100,000 unknown fields, each compared with every name.
  const width = b.length + 1;
  if (rows.length < 3 * width) rows = new Int32Array(6 * width);
  let prev2 = 0,
    prev = width,
    row = 2 * width;
  for (let j = 0; j < width; j++) rows[prev + j] = j;
  for (let i = 1; i <= a.length; i++) {
    rows[row] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1),
      aBefore = a.charCodeAt(i - 2);
    for (let j = 1; j < width; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let d = Math.min(rows[prev + j] + 1, rows[row + j - 1] + 1, rows[prev + j - 1] + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && aBefore === bj) d = Math.min(d, rows[prev2 + j - 2] + 1);
      rows[row + j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > budget) return budget + 1;
    const oldest = prev2;
    prev2 = prev;
    prev = row;
    row = oldest;
  }
  return rows[prev + b.length];
}
let rows = new Int32Array(96);
