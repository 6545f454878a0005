import { test, describe, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { formatMoney } from '../../src/client';
import { NEW_CUSTOMER_TOTALS, SEAT, SEATS, SETUP_FEE } from './expected';
import { runCli } from './cli';

const usd = (amount: number) => formatMoney(amount, 'USD', { signed: true });

const run = runCli;

let sb: Sandbox;
before(async () => {
  sb = await startSandbox();
});
after(() => sb.close());

describe('node dist/cli.js preview / create', () => {
  test('every example previews on the embedded sandbox with no account and no network', async () => {
    for (const f of fs.readdirSync('examples').filter(f => /\.(order|preview)\.json$/.test(f))) {
      const r = await run(['preview', `examples/${f}`]);
      assert.equal(r.status, 0, `${f}: ${r.stderr}`);
      assert.match(r.stdout, /^subscription\s+action\s+price\s+start\s+end\s+MRR\s+TCB/);
    }
  });
  test('the table shows each item with MRR and TCB, and totals per currency', async () => {
    const r = await run(['preview', 'examples/new-customer.preview.json']);
    const lines = r.stdout.split('\n\n')[0].trimEnd().split('\n'); // the items table (billing documents follow it)
    const seats = lines.find(l => l.includes('price-team-seats'))!.split(/\s{2,}/);
    assert.deepEqual(seats.slice(-4), ['2027-01-01', '2028-01-01', usd(SEATS * SEAT.mrr), usd(SEATS * SEAT.tcb)]);
    assert.ok(lines.find(l => l.includes('Setup fee'))!.endsWith(usd(SETUP_FEE)));
    const total = lines.at(-1)!.split(/\s{2,}/);
    assert.deepEqual(total, ['total', usd(NEW_CUSTOMER_TOTALS.mrr), usd(NEW_CUSTOMER_TOTALS.tcb)]);
  });
  test('--format json prints the service answer', async () => {
    const r = await run(['preview', 'examples/new-customer.order.json', '--format', 'json']);
    assert.equal(JSON.parse(r.stdout).subscriptions[0].actions[0].action, 'create_subscription');
  });
  test('--base-url with credentials from the environment; create then the order exists', async () => {
    const env = { BILLING_CLIENT_ID: sb.clientId, BILLING_CLIENT_SECRET: sb.clientSecret };
    const r = await run(['create', 'examples/subscription-and-fee.order.json', '--base-url', sb.url], env);
    assert.equal(r.status, 0, r.stderr);
    const n = /created order (O\d{8})/.exec(r.stdout)![1];
    assert.ok(sb.store.orders.has(n));
    assert.ok(!r.stdout.includes(sb.clientSecret) && !r.stderr.includes(sb.clientSecret));
  });
  test('create of the README preview file names what an order needs, then creates with --account-name', async () => {
    const env = { BILLING_CLIENT_ID: sb.clientId, BILLING_CLIENT_SECRET: sb.clientSecret };
    const file = 'examples/new-customer.preview.json';
    const orders = sb.store.orders.size;
    const refused = await run(['create', file, '--base-url', sb.url], env);
    assert.equal(refused.status, 1);
    assert.match(
      refused.stderr,
      /An order needs account_data\.name and account_data\.bill_to, which new-customer\.preview\.json lacks/,
    );
    assert.match(refused.stderr, /--account-name "Ada Lovelace" \(bill_to is taken from sold_to: Ada Lovelace\)/);
    assert.equal(sb.store.orders.size, orders, 'nothing sent');
    const r = await run(['create', file, '--account-name', 'Analytical Engines', '--base-url', sb.url], env);
    assert.equal(r.status, 0, r.stderr);
    const order = sb.store.orders.get(/created order (O\d{8})/.exec(r.stdout)![1])!;
    const account = sb.store.accounts.get(order.account_number)!;
    assert.equal(account.name, 'Analytical Engines');
    assert.deepEqual([account.bill_to.first_name, account.bill_to.last_name], ['Ada', 'Lovelace']);
    const misplaced = await run(['preview', file, '--account-name', 'X']);
    assert.equal(misplaced.status, 2, 'a usage error: --account-name is for create');
  });
  test('a payload file that is JSON but not an object (null, a text, a list, a number): exit 2 saying so, nothing sent', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-send-root-'));
    for (const [text, what] of [
      ['null', 'null'],
      ['"str"', 'a string'],
      ['[]', 'a list'],
      ['42', 'a number'],
    ]) {
      const file = path.join(dir, 'x.order.json');
      fs.writeFileSync(file, text);
      for (const command of ['preview', 'create']) {
        const r = await run([command, file]);
        assert.equal(r.status, 2, `${command} ${text}: ${r.stderr}`);
        assert.match(
          r.stderr,
          new RegExp(`x\\.order\\.json: a payload file holds one JSON object \\(\\{ \\.\\.\\. \\}\\), not ${what}`),
        );
        assert.doesNotMatch(r.stderr, /Cannot read|Cannot destructure|Unknown field/);
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('errors: decoded message and exit 1; invalid file not sent; missing credentials exit 2', async () => {
    const env = { BILLING_CLIENT_ID: sb.clientId, BILLING_CLIENT_SECRET: 'wrong-secret' };
    const bad = await run(['preview', 'examples/new-customer.preview.json', '--base-url', sb.url], env);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /Authentication failed/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-send-'));
    fs.writeFileSync(path.join(dir, 'x.order.json'), '{"account_number": "A00000001", "line_items": [{"name": "x"}]}');
    const invalid = await run(['create', path.join(dir, 'x.order.json')]);
    assert.equal(invalid.status, 1);
    assert.match(invalid.stderr, /"type" is required.*not sent/s);
    // Each finding at its line and column in the file, as validate places it, in the order of the text.
    const placed = path.join(dir, 'placed.preview.json');
    const lines = [
      '{',
      '  "account_number": "A00000001",',
      '  "subscriptions": [{ "subscription_number": "S00000001", "colour": "red" }],',
      '  "line_items": [{ "name": "x", "start_date": "2027-02-30" }]',
      '}',
    ];
    fs.writeFileSync(placed, lines.join('\n'));
    const both = [await run(['preview', placed]), await run(['validate', placed])];
    const at = (out: string) =>
      [...out.matchAll(/placed\.preview\.json:(\d+:\d+): (?:error )?.*\[([a-z-]+)\]/g)].map(m => `${m[1]} ${m[2]}`);
    assert.deepEqual(at(both[0].stderr), ['3:59 unknown-field', '4:18 missing-field', '4:47 invalid-date']);
    // validate also asks for "metrics", which preview adds to the body it sends.
    const errorLines = both[1].stdout
      .split('\n')
      .filter(l => / error /.test(l))
      .join('\n');
    const validated = at(errorLines).filter(p => p !== '1:1 missing-field');
    assert.deepEqual(at(both[0].stderr), validated, 'preview and validate place them alike');
    // A host that is not a Local sandbox (one takes its demo credentials: cli-base-url.test.ts).
    const noCreds = await run([
      'preview',
      'examples/new-customer.preview.json',
      '--base-url',
      'https://billing.invalid',
    ]);
    assert.equal(noCreds.status, 2);
    assert.match(noCreds.stderr, /BILLING_CLIENT_ID and BILLING_CLIENT_SECRET/);
    const insecure = await run(
      ['preview', 'examples/new-customer.preview.json', '--base-url', 'http://billing.example.com'],
      { BILLING_CLIENT_ID: 'a', BILLING_CLIENT_SECRET: 'b' },
    );
    assert.equal(insecure.status, 2, 'a refused --base-url is a usage error');
    assert.match(insecure.stderr, /HTTPS is required/);
  });
});
