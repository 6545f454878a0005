// The reference facts the tests check against are committed (test/fixtures/reference, written by
// scripts/gen-test-reference.mjs), so a clone with nothing beside it runs every test. Where ../shared/reference
// is there (CI), the committed extracts must be what the generator writes from it today.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REFERENCE_DIR, referenceDoc, type Schema } from './sandbox-reference';

const ROOT = path.resolve(__dirname, '../..'); // from out/unit
const SHARED = path.resolve(ROOT, '../shared/reference');
const DOCS = ['quickstart-v2-openapi.yaml', 'v1-openapi.yaml'];

const absent =
  !fs.existsSync(SHARED) && `${SHARED} is not beside this checkout: the committed extracts are used as they are`;
test(
  'the committed extracts are what scripts/gen-test-reference.mjs writes from ../shared/reference',
  { skip: absent },
  () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-reference-'));
    try {
      execFileSync(process.execPath, ['scripts/gen-test-reference.mjs', SHARED, out], { cwd: ROOT, stdio: 'pipe' });
      for (const f of ['v2.json', 'v1.json']) {
        const fresh = fs.readFileSync(path.join(out, f), 'utf8');
        const committed = fs.readFileSync(path.join(REFERENCE_DIR, f), 'utf8');
        assert.ok(fresh === committed, `${f} is stale: run node scripts/gen-test-reference.mjs and commit it`);
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  },
);

/** Every `$ref` of a schema, at any depth. */
function refs(v: unknown): string[] {
  if (!v || typeof v !== 'object') return [];
  const own = typeof (v as Schema).$ref === 'string' ? [(v as Schema).$ref!] : [];
  return [...own, ...Object.values(v).flatMap(refs)];
}

test('each extract is whole: every schema a $ref names inside the document is in it, and it says its source', () => {
  for (const file of DOCS) {
    const doc = referenceDoc(file);
    assert.ok(doc.source.startsWith(file), doc.source);
    const schemas = doc.components.schemas;
    const missing = refs(doc)
      .filter(r => r.startsWith('#/components/schemas/'))
      .map(r => r.split('/').pop()!)
      .filter(n => !schemas[n]);
    assert.deepEqual([...new Set(missing)], [], `${file}: schemas reached but not extracted`);
  }
  const v1 = referenceDoc('v1-openapi.yaml');
  assert.ok(Object.keys(v1.successes ?? {}).length >= 500, 'the v1 successes of the catalog operations');
  assert.deepEqual(v1.successes!['GET /v1/orders/{orderNumber}']?.status, 200);
});
