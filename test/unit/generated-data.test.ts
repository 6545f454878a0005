// The committed generated data (the operation catalog, the v1 and v2 contracts) is what the generators make
// of the spec and the reference today: each generator runs into a scratch folder and its output is compared
// byte for byte. Skipped, saying why, in a clone with no ../shared beside it.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { OPERATIONS, GROUPS, findOperation } from '../../src/catalog';
import { GET_BILLING_DOCUMENT, GET_INVOICE } from '../../src/services/openedDocuments';

const SPEC = path.resolve('../shared/spec');
const REFERENCE = path.resolve('../shared/reference');
const here = fs.existsSync(SPEC) && fs.existsSync(REFERENCE);

function generate(script: string, args: string[], outputs: string[], inputs: string[] = []): void {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-gen-'));
  try {
    for (const f of [...inputs, ...outputs]) fs.mkdirSync(path.dirname(path.join(scratch, f)), { recursive: true });
    for (const f of inputs) fs.copyFileSync(f, path.join(scratch, f));
    const run = spawnSync(process.execPath, [path.resolve('scripts', script), ...args], {
      cwd: scratch,
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    for (const f of outputs)
      assert.ok(
        fs.readFileSync(path.join(scratch, f)).equals(fs.readFileSync(f)),
        `${f} is not current: run node scripts/${script}`,
      );
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

describe('generated data', { skip: !here && 'the spec and reference (../shared) are not beside this checkout' }, () => {
  test('the operation catalog is current with the spec and the v2 reference', () => {
    generate('gen-catalog.mjs', [SPEC, REFERENCE], ['src/catalog/operations.json']);
  });
  test('the v1 and v2 contracts are current with the reference', () => {
    const v1 = ['requests.json', 'responses.json', 'unanswered.json'].map(f => `src/contract/v1/${f}`);
    const v2 = ['requests.json', 'responses.json', 'parameters.json'].map(f => `src/contract/v2/${f}`);
    generate('gen-contract.mjs', [REFERENCE], [...v1, ...v2], ['src/catalog/operations.json']);
  });
});

describe('the v2 catalog', () => {
  const v2 = OPERATIONS.filter(o => o.path.startsWith('/v2/'));
  test('holds every operation of the v2 reference (166 on 106 paths), each in a group named by its tag', () => {
    assert.equal(v2.length, 166);
    assert.equal(new Set(v2.map(o => o.path.replace(/\{[^}]*\}/g, '{}'))).size, 106);
    assert.ok(v2.every(o => o.group.endsWith(' (v2)')));
    for (const g of ['Invoices (v2)', 'Subscriptions (v2)', 'Bill Runs (v2)', 'Usage Records (v2)', 'Payments (v2)'])
      assert.ok(GROUPS.includes(g), g);
  });
  test("keeps the spec's spelling of the four v2 operations spec 01 names", () => {
    assert.ok(OPERATIONS.some(o => o.id === 'GET /v2/orders/{order_number}'));
    assert.ok(!OPERATIONS.some(o => o.id === 'GET /v2/orders/{order_id}'));
  });
  test("the operations the Accounts tree opens documents with are the catalog's own entries", () => {
    for (const op of [GET_INVOICE, GET_BILLING_DOCUMENT]) assert.deepEqual(op, findOperation(op.method, op.path));
  });
});
