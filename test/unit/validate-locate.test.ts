// Where findings are placed in valid JSON: the quick path scanner (pathScanner.ts, with its early stop) and
// the placing by unique spellings (uniqueToken.ts) against a plain reading of the whole text that keeps, like
// JSON.parse, the last of duplicate keys. Generated texts mix layouts, escaped and duplicate keys, strings
// that open like what follows a closing quote, and paths that run past what the text has.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { PathSegment } from '../../src/schemas/findings';
import { Locator, type Target } from '../../src/schemas/locate';

/** A JSON value whose objects may repeat a key; a key may be written with \u escapes. */
type Doc = null | number | string | boolean | Doc[] | { entries: [key: string, value: Doc, escaped: boolean][] };

const KEYS = ['a', 'b', 'plan_id', 'prices', 'x y', 'é', 'q"t', 'back\\slash', '0'];
const doc: fc.Arbitrary<Doc> = fc.letrec<{ doc: Doc }>(tie => ({
  doc: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<Doc>(null, true, 0, -1.5e3, 42, '', 'x', 'a "quoted" \\ word', 'x'.repeat(40), '\\u0041'),
    fc.constantFrom<Doc>(', ', ': ', ',', ':', ' x', '} ', 'plan_id', 'b', 'a', '[', 'é'),
    fc.array(tie('doc'), { maxLength: 4 }),
    fc.record({
      entries: fc.array(fc.tuple(fc.constantFrom(...KEYS), tie('doc'), fc.boolean()), { maxLength: 5 }),
    }),
  ),
})).doc;

const LAYOUTS = [
  { between: '', indent: '' },
  { between: ' ', indent: '  ' },
  { between: '\n', indent: '\t' },
  { between: ' \r\n ', indent: '   ' },
];

function print(d: Doc, layout: (typeof LAYOUTS)[number], depth = 0): string {
  const pad = (n: number) => (layout.between.includes('\n') ? layout.indent.repeat(n) : '');
  const nl = layout.between;
  if (Array.isArray(d)) {
    if (!d.length) return '[]';
    return `[${nl}${d.map(v => pad(depth + 1) + print(v, layout, depth + 1)).join(`,${nl}`)}${nl}${pad(depth)}]`;
  }
  if (d !== null && typeof d === 'object') {
    if (!d.entries.length) return '{}';
    const key = (k: string, escaped: boolean) =>
      escaped
        ? `"${[...k].map(c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`
        : JSON.stringify(k);
    const items = d.entries.map(
      ([k, v, e]) => `${pad(depth + 1)}${key(k, e)}${layout.between}:${layout.between}${print(v, layout, depth + 1)}`,
    );
    return `{${nl}${items.join(`,${nl}`)}${nl}${pad(depth)}}`;
  }
  return JSON.stringify(d);
}

interface Place {
  offset: number;
  length: number;
  key?: { offset: number; length: number };
  children: Map<PathSegment, Place>;
}

/** Every value's place, read character by character; a repeated key replaces the earlier one. */
function places(text: string): Place {
  let i = 0;
  const ws = () => {
    while (' \t\r\n'.includes(text[i])) i++;
  };
  const str = () => {
    const start = i++;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return { offset: start, length: i - start };
  };
  const value = (): Place => {
    ws();
    const start = i,
      children = new Map<PathSegment, Place>();
    if (text[i] === '"') str();
    else if (text[i] === '{' || text[i] === '[') {
      const close = text[i] === '{' ? '}' : ']';
      i++;
      ws();
      for (let index = 0; text[i] !== close; index++) {
        if (text[i] === ',') i++;
        ws();
        if (close === ']') {
          children.set(index, value());
        } else {
          const key = str();
          ws();
          i++; // the colon
          const place = value();
          place.key = key;
          children.set(JSON.parse(text.slice(key.offset, key.offset + key.length)) as string, place);
        }
        ws();
      }
      i++;
    } else {
      while (i < text.length && !',}] \t\r\n'.includes(text[i])) i++;
    }
    return { offset: start, length: i - start, children };
  };
  return value();
}

/** What the Locator should answer: the deepest value along the path that the text has. */
function expected(root: Place, path: readonly PathSegment[], target: Target): { offset: number; length: number } {
  const wanted = target === 'parentKey' ? path.slice(0, -1) : path;
  let place = root;
  for (const seg of wanted) {
    const next = place.children.get(seg);
    if (!next) break;
    place = next;
  }
  if (target === 'value') return { offset: place.offset, length: place.length };
  return place.key ?? { offset: place.offset, length: 1 };
}

/** Paths into the document, repeated keys' dropped values too, some running on past what it has. */
function pathsIn(d: Doc, picks: number[]): PathSegment[][] {
  const all: PathSegment[][] = [];
  const walk = (v: Doc, at: PathSegment[]) => {
    all.push(at);
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...at, i]));
    else if (v !== null && typeof v === 'object') for (const [k, x] of v.entries) walk(x, [...at, k]);
  };
  walk(d, []);
  return picks.map((n, k) => {
    const path = all[n % all.length];
    return k % 3 === 2 ? [...path, k % 2 ? 'missing' : 7] : path;
  });
}

test('4,000 generated texts: each path is placed where a full reading of the text places it', () => {
  let runs = 0;
  fc.assert(
    fc.property(
      doc,
      fc.nat({ max: LAYOUTS.length - 1 }),
      fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
      fc.constantFrom<Target>('value', 'key', 'parentKey'),
      (d, layout, picks, target) => {
        runs++;
        const text = print(d, LAYOUTS[layout]);
        JSON.parse(text); // the generator writes valid JSON only
        const root = places(text);
        const paths = pathsIn(d, picks);
        const scanned = new Locator(text, true, paths),
          spelt = new Locator(text, true, paths, JSON.parse(text));
        for (const path of paths) {
          const want = expected(root, path, target),
            about = `${JSON.stringify(path)} ${target} in ${text}`;
          assert.deepEqual(scanned.locate(path, target), want, about);
          assert.deepEqual(spelt.locate(path, target), want, `by spelling: ${about}`);
        }
      },
    ),
    { numRuns: 4_000, seed: 20261124 },
  );
  assert.equal(runs, 4_000);
});

test('a repeated key: the finding is placed at the last one, the one JSON.parse keeps', () => {
  const text = '{"a": {"b": 1, "c": 2}, "a": {"c": 3}}';
  const locator = new Locator(text, true, [
    ['a', 'b'],
    ['a', 'c'],
  ]);
  assert.equal(text.slice(locator.locate(['a', 'c'], 'value').offset).slice(0, 1), '3');
  // "b" is only in the first "a", which JSON.parse drops: a missing field, placed at the "a" kept.
  assert.deepEqual(locator.locate(['a', 'b'], 'parentKey'), { offset: text.lastIndexOf('"a"'), length: 3 });
  assert.deepEqual(locator.locate(['a', 'b'], 'value'), { offset: text.lastIndexOf('{'), length: 8 });
});
