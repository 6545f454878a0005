// `node dist/cli.js clock`: shows and moves the clock of a running Local sandbox (issue 21, item 4), as a person
// runs it (its own process) against a sandbox on loopback.
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { runCli } from './cli';

let sb: Sandbox;
before(async () => {
  sb = await startSandbox({ today: '2027-01-01' });
});
after(() => sb.close());

describe('node dist/cli.js clock', () => {
  test('without --to or --by it shows today; the demo credentials serve on loopback', async () => {
    const r = await runCli(['clock', '--base-url', sb.url]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, 'today 2027-01-01\n');
  });

  test('--by moves forward and prints one line per event; --to an earlier date goes back to its state', async () => {
    const r = await runCli(['clock', '--base-url', sb.url, '--by', '13 months']);
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout.trimEnd().split('\n');
    assert.equal(lines[0], 'today 2028-02-01 (was 2027-01-01)');
    // The seeded S00000001 (12 months from 2026-01-01) renews when its term ends, and again a year on.
    assert.deepEqual(
      lines.slice(1).filter(l => / renewed /.test(l)),
      [
        '2027-01-01  renewed   S00000001 renewed: term 2027-01-01 to 2028-01-01 (version 2)',
        '2028-01-01  renewed   S00000001 renewed: term 2028-01-01 to 2029-01-01 (version 3)',
      ],
    );
    // Its account is billed on each bill date, from its start (overdue before the move too): 5 seats + platform.
    assert.match(lines[lines.length - 1], /^2028-02-01 {2}billed {4}INV\d{8} to A00000001: 225\.00 USD \(2 items\)$/);
    assert.equal(sb.store.subscriptions.get('S00000001')!.version, 3);

    const back = await runCli(['clock', '--base-url', sb.url, '--to', '2027-01-01']);
    assert.equal(back.status, 0, back.stderr);
    assert.deepEqual(back.stdout.trimEnd().split('\n'), [
      'today 2027-01-01 (was 2028-02-01)',
      'restored the state of 2027-01-01',
      'nothing fell due',
    ]);
    assert.equal(sb.store.subscriptions.get('S00000001')!.version, 1);
    const shown = await runCli(['clock', '--base-url', sb.url]);
    assert.equal(shown.stdout, 'today 2027-01-01; it can go back to 2027-01-01\n');
  });

  test('--format json prints the answer; a refused move exits 1 with the reason', async () => {
    const r = await runCli(['clock', '--base-url', sb.url, '--to', '2027-01-02', '--format', 'json']);
    assert.equal(r.status, 0, r.stderr);
    const answer = JSON.parse(r.stdout);
    assert.deepEqual([answer.today, answer.previous], ['2027-01-02', '2027-01-01']);
    const events = answer.events as { subscription_number?: string; document_number?: string; type: string }[];
    assert.deepEqual(
      events.filter(e => e.type !== 'billed').map(e => `${e.subscription_number} ${e.type}`),
      ['S00000001 renewed'],
    );
    assert.ok(
      events.some(e => e.type === 'billed' && /^INV\d{8}$/.test(e.document_number!)),
      'bill runs report their invoices',
    );

    const refused = await runCli(['clock', '--base-url', sb.url, '--to', '2020-01-01']);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /^error: .*can go back to 2027-01-01 at the earliest, not 2020-01-01/);
    assert.equal(sb.clock.today(), '2027-01-02');
  });

  test('usage errors exit 2 and say what to write, before anything is sent', async () => {
    const cases: [string[], RegExp][] = [
      [['clock'], /clock needs --base-url/],
      [
        ['clock', '--base-url', sb.url, '--by', 'soon'],
        /--by: "soon" is not a step forward: write a whole number and a unit/,
      ],
      [
        ['clock', '--base-url', sb.url, '--to', '2027-13-01'],
        /--to takes a real date written YYYY-MM-DD, not "2027-13-01"/,
      ],
      [['clock', '--base-url', sb.url, '--to', '2027-06-01', '--by', '1 day'], /give --to or --by, not both/],
      [['clock', '--base-url', sb.url, '--format', 'xml'], /--format must be text or json/],
      [['clock', '--base-url', sb.url, '2027-06-01'], /clock takes no FILE/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(args);
      assert.equal(r.status, 2, args.join(' '));
      assert.match(r.stderr, message);
    }
    assert.equal(sb.clock.today(), '2027-01-02');
  });

  test('a server that is not a Local sandbox (404 on the control path) is said to be one', async () => {
    const token = JSON.stringify({ access_token: 'abc', expires_in: 3600 });
    const other = http.createServer((req, res) => {
      const found = req.url === '/oauth/token';
      res.writeHead(found ? 200 : 404, { 'Content-Type': 'application/json' });
      res.end(
        found ? token : JSON.stringify({ type: 'not_found', errors: [{ code: 'resource_not_found', message: 'No.' }] }),
      );
    });
    await new Promise<void>(resolve => other.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
      const r = await runCli(['clock', '--base-url', url, '--by', '1 day']);
      assert.equal(r.status, 1);
      assert.match(r.stderr, /has no sandbox clock: it is not a Local sandbox \(start one with `sandbox`\)/);
    } finally {
      other.closeAllConnections();
      await new Promise(resolve => other.close(resolve));
    }
  });

  test('a remote --base-url without credentials in the environment is an input error (exit 2), nothing sent', async () => {
    const r = await runCli(['clock', '--base-url', 'https://billing.example.invalid', '--by', '1 day']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /BILLING_CLIENT_ID and BILLING_CLIENT_SECRET/);
  });
});
