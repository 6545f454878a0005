// Property-based: whatever the text, validate never throws and every range lies inside the text.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { validate, TEMPLATES, templateText, type PayloadKind } from '../../src/schemas';

const kinds: PayloadKind[] = ['order', 'preview', 'account'];
const seeds = TEMPLATES.map(templateText);
const odd = fc.constantFrom(
  '\u0000',
  '\uFEFF',
  '\uD83D',
  '\u2028',
  '😀',
  'é',
  '"',
  '\\',
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '//',
  '/*',
  '1e999',
  '-0',
  'null',
  '9007199254740993',
);

const mutated = fc
  .tuple(fc.constantFrom(...seeds), fc.nat(), fc.nat(), odd, fc.constantFrom('truncate', 'insert', 'delete', 'replace'))
  .map(([s, a, b, ins, op]) => {
    const i = a % (s.length + 1),
      j = Math.min(s.length, i + (b % 40));
    if (op === 'truncate') return s.slice(0, i);
    if (op === 'insert') return s.slice(0, i) + ins + s.slice(i);
    if (op === 'delete') return s.slice(0, i) + s.slice(j);
    return s.slice(0, i) + ins + s.slice(j);
  });
const generated = fc.jsonValue({ maxDepth: 6 }).map(v => JSON.stringify(v));
const deep = fc
  .integer({ min: 1, max: 3000 })
  .map(n => '{"subscriptions":'.repeat(1) + '['.repeat(n) + ']'.repeat(n) + '}');
const wrongTypes = fc
  .tuple(fc.constantFrom(...TEMPLATES), fc.anything())
  .map(([t, v]) => JSON.stringify({ ...t.body, account_data: v, subscriptions: [v], line_items: v, metrics: v }));

test('100,000 generated and mutated documents: no throw, every range inside the text', () => {
  let runs = 0;
  fc.assert(
    fc.property(
      fc.oneof(mutated, mutated, generated, deep, wrongTypes, fc.string({ unit: 'binary' })),
      fc.constantFrom(...kinds),
      (text, kind) => {
        runs++;
        for (const f of validate(text, kind)) {
          assert.ok(
            f.offset >= 0 && f.length >= 0 && f.offset + f.length <= text.length,
            `${f.code} ${f.offset}+${f.length} in ${text.length}`,
          );
          assert.ok(f.message && [20, 21, 22, 90].includes(f.category));
        }
      },
    ),
    { numRuns: 100_000, seed: 20261121 },
  );
  assert.equal(runs >= 100_000, true);
});
