// Issue 31, item 1: every v2 operation of the quickstart reference is in the catalog, so `cli endpoints` lists
// it and Find Operation ranks it as a person phrases it ("v2 invoices", "pause subscription", the path typed).
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import yaml from 'js-yaml';
import { searchOperations } from '../../src/catalog';

const REFERENCE = path.resolve('../shared/reference/quickstart-v2-openapi.yaml');
/** `GET /v2/invoices/{}`: an operation whatever its path parameters are named. */
const shape = (id: string) => id.replace(/\{[^}]*\}/g, '{}');

/** The reference's operations, as the catalog spells their paths (its servers' URL ends in /v2). */
function referenceOperations(): string[] {
  const doc = yaml.load(fs.readFileSync(REFERENCE, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    ['get', 'post', 'put', 'patch', 'delete'].filter(m => item[m]).map(m => shape(`${m.toUpperCase()} /v2${p}`)),
  );
}

describe('node dist/cli.js endpoints: v2', () => {
  const run = (...a: string[]) => spawnSync(process.execPath, ['dist/cli.js', 'endpoints', ...a], { encoding: 'utf8' });
  const listed = (...a: string[]) =>
    (JSON.parse(run(...a, '--format', 'json').stdout) as { group: string; method: string; path: string }[]).map(o => ({
      ...o,
      id: `${o.method} ${o.path}`,
    }));

  test(
    'lists every v2 operation of the reference, each in its group as the reference tags it',
    { skip: !fs.existsSync(REFERENCE) && 'the reference ../shared/reference is not beside this checkout' },
    () => {
      const reference = referenceOperations();
      assert.equal(reference.length, 166);
      const v2 = listed().filter(o => o.path.startsWith('/v2/'));
      assert.deepEqual(v2.map(o => shape(o.id)).sort(), [...reference].sort());
      for (const o of v2) assert.match(o.group, / \(v2\)$/, o.id);
      const groups = new Set(v2.map(o => o.group));
      for (const g of ['Invoices (v2)', 'Subscriptions (v2)', 'Bill Runs (v2)', 'Usage Records (v2)'])
        assert.ok(groups.has(g), `${g} in ${[...groups].join(', ')}`);
    },
  );

  test('`endpoints v2 invoices` lists GET /v2/invoices first, the text form too', () => {
    assert.equal(listed('v2', 'invoices')[0].id, 'GET /v2/invoices');
    assert.match(run('v2', 'invoices').stdout, /^GET\s+\/v2\/invoices\s/);
  });
});

describe('search: v2 as a person phrases it', () => {
  /** A phrase as typed, and the operation it means (chosen by reading the reference, not by running the search). */
  const MEANT: [query: string, meant: string][] = [
    ['v2 invoices', 'GET /v2/invoices'],
    ['GET /v2/invoices', 'GET /v2/invoices'],
    ['pause subscription', 'POST /v2/subscriptions/{}/pause'],
    ['post invoice v2', 'POST /v2/invoices/{}/post'],
    ['v2 write off invoice', 'POST /v2/invoices/{}/write-off'],
    ['email invoice v2', 'POST /v2/invoices/{}/email'],
    ['v2 pay invoice', 'POST /v2/invoices/{}/pay'],
    ['create contact v2', 'POST /v2/contacts'],
    ['create bill run v2', 'POST /v2/bill_runs'],
    ['v2 orders', 'GET /v2/orders'],
    // a plural and no verb: the list, though the reference (and the catalog) names the read by id first
    ['v2 accounts', 'GET /v2/accounts'],
    ['v2 contacts', 'GET /v2/contacts'],
    ['v2 billing documents', 'GET /v2/billing_documents'],
    ['v2 payment methods', 'GET /v2/payment_methods'],
  ];
  for (const [query, meant] of MEANT)
    test(`"${query}" finds ${meant} first`, () =>
      assert.equal(shape(searchOperations(query, 3)[0]?.op.id ?? ''), meant));

  test('v1 phrases keep their v1 operation first', () => {
    assert.equal(searchOperations('write off debit memo', 1)[0].op.id, 'PUT /v1/debitmemos/{debitMemoKey}/write-off');
    assert.equal(searchOperations('refund a payment', 1)[0].op.id, 'POST /v1/payments/{paymentKey}/refunds');
  });
});
