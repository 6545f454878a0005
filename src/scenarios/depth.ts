// How deep a scenario (or a payload file it sends) may nest (measured by schemas' tooDeepAt). Every walker of a
// scenario (references, checks, masking, the schema) recurses; a body nested thousands deep would overflow the
// stack and lose the whole run and its report. No real payload nests past about 10 levels; the Local sandbox refuses bodies past 100.
import { formatPath, type PathSegment } from '../schemas';

export const MAX_SCENARIO_DEPTH = 128;

/** Where the text first nests too deep, as the path of that value's outermost part a person recognises. */
export function deepPlace(text: string, keep = 3): PathSegment[] {
  let value: unknown;
  try {
    value = JSON.parse(text); // V8's parser does not recurse: safe at any depth
  } catch {
    return [];
  }
  // Depth first, in the order of the text, without recursion: the first container MAX levels down.
  const stack: [unknown, PathSegment[]][] = [[value, []]];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    if (at.length >= MAX_SCENARIO_DEPTH) return at.slice(0, keep);
    const entries: [PathSegment, unknown][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i][1], [...at, entries[i][0]]]);
  }
  return [];
}

export function tooDeepMessage(at: PathSegment[], what = 'The scenario'): string {
  const where = at.length ? `${formatPath(at)} nests` : `${what} nests`;
  return `${where} more than ${MAX_SCENARIO_DEPTH} arrays or objects deep; no real payload does (the service would refuse it). Flatten it.`;
}
