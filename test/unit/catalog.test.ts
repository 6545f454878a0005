// The catalog against the spec: exactly the operations of documents 02 and 03 (read here independently),
// the v2 ones of 01 (the rest of v2: generated-data.test.ts), search quality, and the CLI.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { OPERATIONS, GROUPS, findOperation, matchOperation, rowPath, searchOperations } from '../../src/catalog';

const SPEC = path.resolve('../shared/spec');
const specFiles = fs.existsSync(SPEC)
  ? fs
      .readdirSync(SPEC)
      .filter(f => /^0[23]-/.test(f))
      .sort()
  : [];

/** The spec's operations as "METHOD path" strings. */
function fromSpec(): { ids: string[]; groups: Set<string> } {
  const ids: string[] = [],
    groups = new Set<string>();
  for (const f of specFiles) {
    let p: Record<string, string> = {};
    for (const line of fs.readFileSync(path.join(SPEC, f), 'utf8').split('\n')) {
      if (line.startsWith('### ')) {
        const name = line.slice(4).replace(/ \(P\d? = .*\)$/, '');
        groups.add(name);
        p = {};
        for (const [, k, v] of line.matchAll(/(P\d?) = ([^,)]+)/g)) p[k] = v;
      } else if (line.startsWith('- ')) {
        // the last "METHOD /path" on the line is the real one (one line puts a label before it)
        const all = [...line.matchAll(/(GET|POST|PUT|PATCH|DELETE) (P\d?(?=[/:])|\/)([^\s:]*)/g)];
        const [, method, head, rest] = all[all.length - 1];
        ids.push(`${method} ${(head === '/' ? '/' : p[head]) + rest}`);
      } else if (line.startsWith('Each segment S')) {
        for (const s of line.split('Segments: ')[1].replace(/\.$/, '').split(', '))
          ids.push(`GET ${p.P}/${s}`, `GET ${p.P}/${s}/{key}`);
      } else if (line.startsWith('Custom objects: ')) {
        ids.push(`GET ${p.P}/{custom-object-name}`, `GET ${p.P}/{custom-object-name}/{key}`);
      }
    }
  }
  return { ids, groups };
}

describe(
  'catalog',
  { skip: specFiles.length < 2 && 'the spec folder ../shared/spec is not beside this checkout' },
  () => {
    test('holds exactly the operations of spec 02 and 03, no more and no fewer, plus the v2 ones of 01', () => {
      const spec = fromSpec();
      const v1 = OPERATIONS.filter(o => !o.path.startsWith('/v2/')).map(o => o.id);
      assert.deepEqual([...v1].sort(), [...spec.ids].sort());
      assert.ok(spec.ids.length > 550, `${spec.ids.length} operations`);
      assert.deepEqual(
        ['GET /v2/orders/{order_number}', 'POST /v2/accounts', 'POST /v2/orders', 'POST /v2/orders/preview'].filter(
          id => !OPERATIONS.some(o => o.id === id),
        ),
        [],
      );
      assert.deepEqual(new Set(GROUPS.filter(g => !g.endsWith(' (v2)'))), spec.groups);
    });
  },
);

describe('catalog data', () => {
  test("keeps the spec's own spellings", () => {
    assert.ok(findOperation('PUT', '/v1/debitmemos/{debitMemoKey}/write-off'));
    assert.ok(findOperation('PUT', '/v1/product-rate-plan-charges/{product-rate-plan-charge-key}/finance-information'));
    assert.ok(findOperation('POST', '/oauth/token'));
    assert.deepEqual(findOperation('GET', '/v1/describe/{object}')!.pathParams, ['object']);
    assert.equal(new Set(OPERATIONS.map(o => o.id)).size, OPERATIONS.length, 'ids are unique');
    assert.ok(OPERATIONS.every(o => o.path.startsWith('/') && o.summary && o.group));
  });
  test('matches concrete paths to operations, literal segments first', () => {
    assert.equal(matchOperation('GET', '/v1/invoices/INV-1')!.path, '/v1/invoices/{invoiceKey}');
    assert.equal(matchOperation('PUT', '/v1/credit-memos/bulk')!.path, '/v1/credit-memos/bulk');
    assert.equal(matchOperation('GET', '/v1/nope'), undefined);
  });
  test('every operation is found from a concrete path of it, with one trailing slash more, never with a segment more', () => {
    // The sandbox asks for every request (a 501 for what it does not serve): one list per segment count.
    for (const op of OPERATIONS) {
      const concrete = op.path.replace(/\{[^}]+\}/g, 'K-1');
      const found = matchOperation(op.method, concrete)!;
      // Another template may match first only where it is a literal one (`/v1/credit-memos/bulk`).
      assert.ok(found.id === op.id || found.pathParams.length < op.pathParams.length, `${op.id}: ${found.id}`);
      assert.equal(matchOperation(op.method.toLowerCase(), `${concrete}/`), found, `${op.id} with a slash more`);
      assert.notEqual(matchOperation(op.method, `${concrete}/K-2`), op, `${op.id} with a segment more`);
    }
    const slashEnded = OPERATIONS.find(o => o.path.endsWith('/'))!; // POST /v1/batch-query/
    assert.equal(matchOperation(slashEnded.method, `${slashEnded.path}/`), slashEnded);
    assert.equal(matchOperation(slashEnded.method, slashEnded.path.slice(0, -1)), undefined); // as it was written
  });
});

describe('search quality', () => {
  const top = (q: string) => searchOperations(q, 3).map(h => h.op.id);
  test('"write off debit memo" finds the debitmemos write-off first', () =>
    assert.equal(top('write off debit memo')[0], 'PUT /v1/debitmemos/{debitMemoKey}/write-off'));
  test('"usage upload" finds the usage file upload first', () =>
    assert.equal(top('usage upload')[0], 'POST /v1/usage'));
  test('"describe" finds the describe operation first', () =>
    assert.equal(top('describe')[0], 'GET /v1/describe/{object}'));
  test('"cancel subscription", "token", "finance information"', () => {
    assert.equal(top('cancel subscription')[0], 'PUT /v1/subscriptions/{subscription-key}/cancel');
    assert.equal(top('token')[0], 'POST /oauth/token');
    assert.equal(
      top('finance information')[0],
      'PUT /v1/product-rate-plan-charges/{product-rate-plan-charge-key}/finance-information',
    );
  });
  test('a path typed as is', () => assert.equal(top('/v1/describe')[0], 'GET /v1/describe/{object}'));
  test('nonsense finds nothing', () => assert.deepEqual(top('zzqx'), []));
});

describe('node dist/cli.js endpoints', () => {
  const run = (...a: string[]) => spawnSync(process.execPath, ['dist/cli.js', 'endpoints', ...a], { encoding: 'utf8' });
  test('JSON: [{group, method, path, summary}], best match first', () => {
    const r = run('write off debit memo', '--format', 'json');
    assert.equal(r.status, 0);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(out[0], {
      group: 'Debit memos',
      method: 'PUT',
      path: '/v1/debitmemos/{debitMemoKey}/write-off',
      summary: 'write off (the path segment is debitmemos, without a hyphen)',
    });
    assert.deepEqual(Object.keys(out[1]), ['group', 'method', 'path', 'summary']);
  });
  test("text lists every operation without a query, under its group's heading with the count", () => {
    const lines = run().stdout.split('\n');
    const ops = lines.filter(l => /^ {2}(GET|POST|PUT|PATCH|DELETE)\s/.test(l));
    assert.equal(ops.length, OPERATIONS.length);
    const groups = new Set(OPERATIONS.map(o => o.group));
    const headings = lines.filter(l => /^\S.* \(\d+\)$/.test(l));
    assert.equal(headings.length, groups.size);
    assert.ok(headings.includes(`Invoices (v2) (${OPERATIONS.filter(o => o.group === 'Invoices (v2)').length})`));
    const at = lines.findIndex(l =>
      /^ {2}GET\s+\/system-health\/api-requests\/volume-summary\s+list API volume/.test(l),
    );
    assert.ok(at > 0);
    assert.match(
      lines
        .slice(0, at)
        .reverse()
        .find(l => /^\S/.test(l)) ?? '',
      /^\S.* \(\d+\)$/,
    );
  });
  test("a query ranks the operations and names each one's group", () => {
    assert.match(
      run('write off debit memo').stdout,
      /^PUT\s+\/v1\/debitmemos\/\{debitMemoKey\}\/write-off\s.* · Debit memos$/m,
    );
  });
});

test('a tree row writes path parameters {…}, so operations that differ after an id stay apart in a narrow view', () => {
  assert.equal(rowPath('/v2/subscriptions/{subscription_id}/pause'), '/v2/subscriptions/{…}/pause');
  assert.equal(rowPath('/v1/credit-memos/{creditMemoKey}/items/{cmitemid}'), '/v1/credit-memos/{…}/items/{…}');
  const rows = OPERATIONS.map(o => `${o.method} ${rowPath(o.path)}`);
  assert.equal(new Set(rows).size, rows.length, 'every row still tells its operation apart');
});
