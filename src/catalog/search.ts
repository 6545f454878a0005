// Ranked search over the catalog by path, purpose and group words: "write off debit memo", "usage upload",
// "describe". Words are matched whole, by prefix or inside a path segment (`debitmemos` holds "memo"),
// with light stemming (memos -> memo); every query word must match for a full score.
import { OPERATIONS, type Operation } from './catalog';

interface Indexed {
  op: Operation;
  purpose: string[];
  path: string[];
  group: string[];
  segments: string[];
  method: string;
}

const stem = (w: string) =>
  w.length > 3 && w.endsWith('ies')
    ? w.slice(0, -3) + 'y'
    : w.length > 3 && w.endsWith('s') && !w.endsWith('ss')
      ? w.slice(0, -1)
      : w;
const words = (s: string) =>
  s
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(stem);

const index: Indexed[] = OPERATIONS.map(op => ({
  op,
  purpose: words(op.summary),
  path: words(op.path.replace(/\{[^}]+\}/g, '')),
  group: words(op.group),
  segments: op.path
    .toLowerCase()
    .split('/')
    .filter(s => s && !s.startsWith('{')),
  method: op.method.toLowerCase(),
}));

function wordScore(q: string, x: Indexed): number {
  let best = 0;
  const consider = (list: string[], exact: number, prefix: number) => {
    for (const w of list) {
      if (w === q) {
        best = Math.max(best, exact);
        return;
      }
      if (q.length >= 3 && w.startsWith(q)) best = Math.max(best, prefix);
    }
  };
  consider(x.path, 4, 2.5);
  consider(x.purpose, 3, 2);
  consider(x.group, 2, 1.5);
  if (best < 1.5 && q.length >= 4) for (const s of x.segments) if (s.includes(q)) best = Math.max(best, 1.5);
  if (best === 0 && q === x.method) best = 1;
  return best;
}

export interface SearchHit {
  op: Operation;
  score: number;
}

export function searchOperations(query: string, limit = 50): SearchHit[] {
  const q = words(query);
  if (q.length === 0) return OPERATIONS.slice(0, limit).map(op => ({ op, score: 0 }));
  const hits: SearchHit[] = [];
  for (const x of index) {
    let score = 0,
      matched = 0;
    for (const w of q) {
      const s = wordScore(w, x);
      if (s > 0) {
        matched++;
        score += s;
      }
    }
    if (matched === 0) continue;
    if (matched === q.length) score += 10; // all words found beats any partial match
    score -= x.op.path.length / 1000; // shorter (more general) paths first on ties
    hits.push({ op: x.op, score });
  }
  hits.sort((a, b) => b.score - a.score);
  return hits.slice(0, limit);
}
