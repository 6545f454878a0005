// The catalog ids closest to one it does not know, for "did you mean" and the quick fix: by edit distance
// (optimal string alignment, as field names are suggested), case-insensitive, nearest first. With `near`,
// only ids within about half their length are offered (an unrelated id is no suggestion); without it, the
// nearest of a short list (a plan's own prices) are.
import { distance } from '../schemas/typos';

export function closestIds(wanted: string, known: readonly string[], max = 3, near = true): string[] {
  const w = wanted.toLowerCase();
  return [...new Set(known)]
    .filter(id => id !== wanted)
    .map(id => ({ id, d: distance(w, id.toLowerCase()) }))
    .filter(c => !near || c.d <= Math.max(3, Math.ceil(Math.max(w.length, c.id.length) / 2)))
    .sort((a, b) => a.d - b.d || a.id.localeCompare(b.id))
    .slice(0, max)
    .map(c => c.id);
}
