// Finding things: `cli endpoints` lists what our search ranks (the editor's Find Operation ranks with the
// same function), the Local sandbox serves exactly the operations marked as served, and account files go
// through `cli create` (preview is for orders).
import { test, describe, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LOCAL_SANDBOX_ROUTES, OPERATIONS, localAnswer, routeShape, searchOperations } from '../../src/catalog';
import { requestTemplates } from '../../src/payloads';
import { ApiError, BillingClient } from '../../src/client';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { sandboxRoutes } from '../../src/sandbox/http/routes';
import { runCli } from './cli';

const run = runCli;

let sb: Sandbox;
before(async () => {
  sb = await startSandbox();
});
after(() => sb.close());

describe('cli endpoints ranks with searchOperations', () => {
  for (const query of ['write off debit memo', 'usage upload', 'describe', 'invoice', 'preview order']) {
    test(`"${query}": the same operations in the same order`, async () => {
      const r = await run(['endpoints', ...query.split(' '), '--format', 'json']);
      assert.equal(r.status, 0, r.stderr);
      const listed = (JSON.parse(r.stdout) as { method: string; path: string }[]).map(o => `${o.method} ${o.path}`);
      const ranked = searchOperations(query, 10).map(h => h.op.id);
      assert.deepEqual(listed.slice(0, 10), ranked);
    });
  }
  test('"write off debit memo" finds the debit memo write-off first', () => {
    assert.equal(searchOperations('write off debit memo', 1)[0].op.id, 'PUT /v1/debitmemos/{debitMemoKey}/write-off');
  });
});

describe('what the Local sandbox serves', () => {
  test("the served list is the sandbox's route table", () => {
    const table = sandboxRoutes({} as never).map(r => routeShape(r.method, r.path));
    const listed = LOCAL_SANDBOX_ROUTES.map(r => routeShape(...(r.split(' ') as [string, string])));
    assert.deepEqual([...listed].sort(), [...table].sort(), 'src/catalog/served.ts lists every route of routes.ts');
  });
  test('every catalog operation is answered as localAnswer says: from state, simulated from the contract, or 501', async () => {
    const c = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
    const counts = { served: 0, simulated: 0, none: 0 };
    try {
      const wrong: string[] = [];
      for (const op of OPERATIONS) {
        const pathParams = Object.fromEntries(op.pathParams.map(p => [p, 'X1']));
        const expected = localAnswer(op);
        counts[expected ?? 'none']++;
        // A simulated operation gets a body its request schema accepts: the template.
        const template =
          expected === 'simulated' ? requestTemplates(op.id, { today: '2026-11-24' })[0]?.body : undefined;
        const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : (template ?? {});
        const outcome = await c.send(op, { pathParams, body }).then(
          r => ({ status: r.status, simulated: r.simulated === true }),
          (e: ApiError) => ({
            status: e.status === 404 && /No (v2 )?operation/.test(e.message) ? 'unrouted' : e.status,
            simulated: false,
          }),
        );
        const answered = outcome.status !== 501 && outcome.status !== 'unrouted';
        const ok =
          expected === 'simulated'
            ? outcome.simulated && typeof outcome.status === 'number' && outcome.status < 300
            : answered === (expected === 'served');
        if (!ok)
          wrong.push(`${op.id}: ${outcome.status}${outcome.simulated ? ' simulated' : ''}, expected ${expected}`);
      }
      assert.deepEqual(wrong, []);
      assert.ok(counts.served >= 10, 'the quickstart, the reads of the tree, describe, v1 orders');
      assert.ok(counts.simulated > 480, `${counts.simulated} simulated`);
      assert.ok(counts.none < 45, `${counts.none} answer 501 (no answer in the contract)`);
      assert.equal(counts.served + counts.simulated + counts.none, OPERATIONS.length);
    } finally {
      await c.close();
    }
  });
});

describe('cli preview / create of an *.account.json', () => {
  test('create makes the account (POST /v2/accounts) on the embedded sandbox', async () => {
    const r = await run(['create', 'examples/acme.account.json']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^created account A\d{8} \(Acme Robotics, USD\)$/m);
    assert.match(r.stderr, /^201 in \d+ ms/m);
  });
  test('create --base-url: the account exists on that service afterwards', async () => {
    const env = { BILLING_CLIENT_ID: sb.clientId, BILLING_CLIENT_SECRET: sb.clientSecret };
    const r = await run(['create', 'examples/acme.account.json', '--base-url', sb.url, '--format', 'json'], env);
    assert.equal(r.status, 0, r.stderr);
    const number = JSON.parse(r.stdout).account_number as string;
    assert.equal(sb.store.accounts.get(number)?.name, 'Acme Robotics');
  });
  test('preview says only order files can be previewed (exit 2) and sends nothing', async () => {
    const r = await run(['preview', 'examples/acme.account.json']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /only order files \(\*\.order\.json, \*\.preview\.json\) can be previewed/);
    assert.match(r.stderr, /create examples\/acme\.account\.json/);
    assert.equal(r.stdout, '');
    assert.doesNotMatch(r.stderr, /embedded local sandbox/, 'no sandbox started');
  });
  test("an account file is checked as an account (the account's own rules), not as an order", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-account-'));
    const file = path.join(dir, 'bad.account.json');
    const account = JSON.parse(fs.readFileSync('examples/acme.account.json', 'utf8'));
    delete account.name;
    fs.writeFileSync(file, JSON.stringify(account));
    const r = await run(['create', file]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /"name".*not sent/s);
    assert.doesNotMatch(r.stderr, /subscriptions|line_items/);
  });
});
