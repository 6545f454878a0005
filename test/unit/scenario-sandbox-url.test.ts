// Issue 31, item 4: the Local sandbox is the Local sandbox wherever it is reached. It says so on every answer;
// `test --base-url` on loopback to one that says so uses the demo credentials, runs clock steps and writes without
// --yes. Anything else (a loopback service that does not say so, any remote host, whatever it answers) is remote.
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { BillingClient } from '../../src/client';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { isLocalSandboxAt, type Probe } from '../../src/cli/localSandbox';
import { connectionTarget } from '../../src/scenarios';
import { SANDBOX_IDENTITY_HEADER } from '../../src/wire/sandboxIdentity';
import { runCli } from './cli';
import { withCliSandbox } from './cliSandbox';
import { plainService, type PlainService } from './plainService';

const TIME_TRAVEL = 'examples/scenarios/time-travel.scenario.json';
const BILL_RUN = 'examples/scenarios/bill-run-then-invoices.scenario.json';

describe('the Local sandbox says what it is', () => {
  let sb: Sandbox;
  let plain: PlainService;
  before(async () => {
    sb = await startSandbox();
    plain = await plainService(sb.url);
  });
  after(async () => {
    await plain.close();
    await sb.close();
  });

  test('on every answer: a success, a 401, a 404, a refused host', async () => {
    const token = await fetch(`${sb.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: sb.clientId,
        client_secret: sb.clientSecret,
        grant_type: 'client_credentials',
      }),
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const bearer = { authorization: `Bearer ${access_token}` };
    const answers = [
      await fetch(`${sb.url}/v2/accounts/A00000001`, { headers: bearer }),
      await fetch(`${sb.url}/_sandbox/clock`),
      await fetch(`${sb.url}/v2/accounts/A99999999`, { headers: bearer }),
    ];
    const rebound = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${sb.url}/v2/plans`, { headers: { host: 'rebound.example' } }, resolve).on('error', reject),
    );
    rebound.resume();
    assert.deepEqual(
      [token, ...answers].map(r => [r.status, r.headers.get(SANDBOX_IDENTITY_HEADER)]),
      [
        [200, 'local'],
        [200, 'local'],
        [401, 'local'],
        [404, 'local'],
      ],
    );
    assert.equal(rebound.headers[SANDBOX_IDENTITY_HEADER], 'local', `a refused host (${rebound.statusCode}) too`);
    await Promise.all(answers.map(r => r.body?.cancel()));
  });

  test('is one only on loopback and only when it says so; a remote host is never even asked', async () => {
    assert.equal(await isLocalSandboxAt(sb.url), true);
    assert.equal(await isLocalSandboxAt(sb.url.replace('127.0.0.1', 'localhost')), true);
    assert.equal(await isLocalSandboxAt(plain.url), false, 'loopback, but it does not say so');
    const asked: string[] = [];
    const claims: Probe = async url => {
      asked.push(url);
      return { headers: new Headers({ [SANDBOX_IDENTITY_HEADER]: 'local' }) };
    };
    for (const remote of ['https://billing.example.com', 'http://10.0.0.5:8080', 'https://127.0.0.1.example.com']) {
      assert.equal(await isLocalSandboxAt(remote, claims), false, remote);
    }
    assert.deepEqual(asked, [], 'a host off loopback is never asked: what it would answer does not count');
    assert.equal(await isLocalSandboxAt('http://127.0.0.1:9', claims), true, 'the probe decides on loopback');
    assert.equal(await isLocalSandboxAt('http://127.0.0.1:1'), false, 'nothing listening: not one');
  });

  test("the editor's Testing view target: a Local sandbox on loopback only when it says so", async () => {
    const client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
    try {
      const at = async (baseUrl: string, probe?: Probe) =>
        (await connectionTarget(client, { name: 'C', baseUrl, production: false }, probe)).connection.localSandbox;
      assert.equal(await at(sb.url), true, 'control steps run, writes need no question');
      assert.equal(await at(plain.url), false, 'loopback, but it does not say so');
      const claims: Probe = async () => ({ headers: new Headers({ [SANDBOX_IDENTITY_HEADER]: 'local' }) });
      assert.equal(await at('https://billing.example.com', claims), false, 'never off loopback');
    } finally {
      await client.close();
    }
  });
});

describe('test --base-url of `sandbox` started by the CLI', () => {
  test('the time-travel and bill run examples pass with no credentials in the environment and no --yes, one at a time', async () => {
    await withCliSandbox([], async url => {
      // runCli gives no credentials. One sandbox for both: the one that moves its clock keeps them to one at a time.
      const r = await runCli(['test', TIME_TRAVEL, BILL_RUN, '--base-url', url, '--jobs', '4']);
      assert.equal(r.status, 0, r.stdout + r.stderr);
      assert.match(r.stderr, new RegExp(`${url} is a Local sandbox: its demo credentials, clock steps allowed`));
      assert.match(r.stderr, /--jobs 4 ignored: 1 scenario\(s\) move this sandbox's clock, catalog or data/);
      assert.match(r.stdout, /2 scenario\(s\), 12 step\(s\): 12 passed, 0 failed/);
      assert.match(
        r.stdout,
        /✓ A year on, the term renews; then back .* on Local sandbox at http:\/\/127\.0\.0\.1:\d+/,
      );
      const again = await runCli(['test', TIME_TRAVEL, '--base-url', url]); // its clock is back where it was
      assert.equal(again.status, 0, again.stdout + again.stderr);
    });
  });

  test('a reset step makes it afresh (its --data file backed up), with no credentials and no --yes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-reset-cli-'));
    try {
      const data = path.join(dir, 'data.json');
      const file = path.join(dir, 'reset.scenario.json');
      const account = JSON.parse(fs.readFileSync('examples/acme.account.json', 'utf8')) as unknown;
      const steps = [
        { kind: 'createAccount', name: 'made', body: account },
        { kind: 'advance', by: '1 month' },
        { kind: 'reset', expect: { values: [{ path: 'today', equals: '2027-03-01' }] } },
        { kind: 'getAccount', accountNumber: '${made.account_number}', expect: { status: 404 } },
        { kind: 'getAccount', accountNumber: 'A00000001', expect: { status: 200 } },
        { kind: 'clock', expect: { values: [{ path: 'history.kept', equals: 0 }] } },
      ];
      fs.writeFileSync(file, JSON.stringify({ name: 'Afresh', today: '2027-03-01', steps }));
      await withCliSandbox(['--data', data], async url => {
        const r = await runCli(['test', file, '--base-url', url]); // no credentials, no --yes
        assert.equal(r.status, 0, r.stdout + r.stderr);
        assert.match(r.stdout, /1 scenario\(s\), 6 step\(s\): 6 passed, 0 failed/);
      });
      const backups = fs.readdirSync(dir).filter(n => /^data\.json\.\d{8}T\d{6}Z(-\d+)?\.bak$/.test(n));
      assert.equal(backups.length, 1, fs.readdirSync(dir).join(', '));
      assert.match(fs.readFileSync(path.join(dir, backups[0]), 'utf8'), /Acme Robotics/, 'the data before the reset');
      assert.doesNotMatch(fs.readFileSync(data, 'utf8'), /Acme Robotics/, 'the data file holds the fresh data');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('credentials given are used there, not the demo ones', async () => {
    await withCliSandbox([], async url => {
      const wrong = { BILLING_CLIENT_ID: 'someone', BILLING_CLIENT_SECRET: 'not-the-demo-secret' };
      const r = await runCli(['test', TIME_TRAVEL, '--base-url', url], wrong);
      assert.equal(r.status, 3, r.stdout + r.stderr);
      assert.match(r.stderr, /is a Local sandbox: the credentials given/);
    });
  });
});

describe('test --base-url of a remote-looking https host', () => {
  const remote = 'https://billing.example.invalid';
  test('still demands credentials, then --yes for a scenario that writes, before any request', async () => {
    const bare = await runCli(['test', TIME_TRAVEL, '--base-url', remote]);
    assert.equal(bare.status, 2, bare.stderr);
    assert.match(bare.stderr, /--base-url needs BILLING_CLIENT_ID and BILLING_CLIENT_SECRET/);
    const env = { BILLING_CLIENT_ID: 'id', BILLING_CLIENT_SECRET: 'secret' };
    const unconfirmed = await runCli(['test', TIME_TRAVEL, '--base-url', remote], env);
    assert.equal(unconfirmed.status, 2, unconfirmed.stderr);
    assert.match(
      unconfirmed.stderr,
      /"A year on, the term renews; then back" writes to https:\/\/billing\.example\.invalid; pass --yes/,
    );
    assert.doesNotMatch(unconfirmed.stderr, /is a Local sandbox/);
  });
});
