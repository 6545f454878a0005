// The compiled checker (fastCheck.ts) against zod itself: on every payload below, validate() returns
// exactly the findings it returns with zod's own safeParse, and the checker exactly zod's issues.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { SCHEMAS, TEMPLATES, validate, type PayloadKind } from '../../src/schemas';
import { schemaIssues } from '../../src/schemas/fastCheck';
import { largestRealOrder, orderOfSize } from '../../bench/orders';

const NOW = new Date('2026-11-21T00:00:00Z');
const KINDS: PayloadKind[] = ['order', 'preview', 'account'];
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function sameAsZod(text: string, kind: PayloadKind): void {
  const fast = validate(text, kind, { now: NOW });
  const zod = validate(text, kind, { now: NOW, plainZod: true });
  assert.deepEqual(fast, zod, `${kind}: ${text.slice(0, 300)}`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return;
  }
  const parsed = SCHEMAS[kind].safeParse(value);
  assert.deepEqual(schemaIssues(SCHEMAS[kind], value), parsed.success ? [] : parsed.error.issues);
}

const examples = fs
  .readdirSync('examples')
  .filter(f => f.endsWith('.json'))
  .map(f => ({
    kind: f.split('.').at(-2) as PayloadKind,
    body: JSON.parse(fs.readFileSync(path.join('examples', f), 'utf8')) as Json,
  }));
const seeds: { kind: PayloadKind; body: Json }[] = [
  ...examples,
  ...TEMPLATES.flatMap(t => KINDS.map(kind => ({ kind, body: t.body as Json }))),
  { kind: 'order', body: JSON.parse(orderOfSize(3 * 1024).text) },
  { kind: 'order', body: JSON.parse(largestRealOrder().text) },
  { kind: 'preview', body: JSON.parse(largestRealOrder().text) },
];

test('examples, templates and the benchmark orders (3 KB to 1 MB, filler too): the same findings as zod', () => {
  for (const { kind, body } of seeds) sameAsZod(JSON.stringify(body, null, 2), kind);
  const huge =
    '{"account_data":{"bill_cycle_day":1e400},"subscriptions":[{"subscription_plans":[{"plan_id":"p",' +
    '"prices":[{"price_id":"x","quantity":1e400,"__proto__":1}]}]}]}';
  for (const kind of KINDS) sameAsZod(huge, kind);
  for (const text of [orderOfSize(1 << 20).text, orderOfSize(1 << 20, true).text]) {
    for (const kind of KINDS) sameAsZod(text, kind);
  }
});

/** Every path to a value in `v`, containers included. */
function pathsOf(v: Json, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => pathsOf(x, [...at, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) pathsOf(x, [...at, k], out);
  return out;
}

const ODD: Json[] = [
  null,
  true,
  0,
  -1,
  1.5,
  32,
  2 ** 53,
  '',
  'x',
  '2026-02-30',
  '2026-02-28',
  '26-1-1',
  'x'.repeat(120),
  'USD',
  'usd',
  'termed',
  'evergreen',
  'month',
  [],
  [{}],
  {},
  { type: 'termed' },
];
const KEYS = [
  'type',
  'name',
  'currency',
  'plan_id',
  'price_id',
  'start_date',
  'end_date',
  'interval_count',
  'subscriptions',
  'subscription_plans',
  'prices',
  'account_data',
  'bill_to',
  'first_name',
  'custom_fields',
  'curency',
  'plan_idd',
  'nmae',
  '__proto__',
  'constructor',
  'toString',
  '1',
  'unknown_field',
];

const edit = fc.record({
  at: fc.nat(),
  op: fc.constantFrom('set', 'delete', 'add', 'rename'),
  key: fc.constantFrom(...KEYS),
  value: fc.oneof(fc.constantFrom(...ODD), fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>),
});

/** Applies edits to a copy of `body` at paths picked among its own. */
function mutate(body: Json, edits: { at: number; op: string; key: string; value: Json }[]): Json {
  const root = { root: structuredClone(body) } as { [k: string]: Json };
  for (const edit of edits) {
    const e = { ...edit, value: structuredClone(edit.value) }; // inserted once, never shared (no cycles)
    const paths = pathsOf(root.root, ['root']);
    const at = paths[e.at % paths.length];
    const holder = at.slice(0, -1).reduce<Json>((v, k) => (v as Record<string, Json>)[k], root) as Record<string, Json>;
    const key = at[at.length - 1];
    const target = holder[key];
    if (e.op === 'set') holder[key] = e.value;
    else if (e.op === 'delete' && !Array.isArray(holder) && key !== 'root') delete holder[key];
    else if (e.op === 'add' && target && typeof target === 'object' && !Array.isArray(target)) {
      Object.defineProperty(target, e.key, { value: e.value, enumerable: true, writable: true, configurable: true });
    } else if (e.op === 'rename' && !Array.isArray(holder) && key !== 'root') {
      delete holder[key];
      Object.defineProperty(holder, e.key, { value: target, enumerable: true, writable: true, configurable: true });
    }
  }
  return root.root;
}

test('20,000 generated and mutated payloads: the same findings and issues as zod', () => {
  let runs = 0;
  const seed = fc.nat({ max: seeds.length - 1 });
  fc.assert(
    fc.property(seed, fc.array(edit, { minLength: 1, maxLength: 4 }), fc.constantFrom(...KINDS), (i, edits, kind) => {
      runs++;
      sameAsZod(JSON.stringify(mutate(seeds[i].body, edits)), kind);
    }),
    { numRuns: 16_000, seed: 20261121 },
  );
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 5 }), fc.constantFrom(...KINDS), (v, kind) => {
      runs++;
      sameAsZod(JSON.stringify(v), kind);
    }),
    { numRuns: 2_000, seed: 20261122 },
  );
  // Broken text: the tolerant parser's values (jsonc-parser) go through the checker as well.
  const texts = seeds.slice(0, 12).map(s => JSON.stringify(s.body, null, 1));
  fc.assert(
    fc.property(
      fc.constantFrom(...texts),
      fc.nat(),
      fc.nat({ max: 30 }),
      fc.constantFrom(...KINDS),
      (text, a, b, kind) => {
        runs++;
        const i = a % text.length;
        sameAsZod(text.slice(0, i) + text.slice(i + b), kind);
      },
    ),
    { numRuns: 2_000, seed: 20261123 },
  );
  assert.equal(runs, 20_000);
});
