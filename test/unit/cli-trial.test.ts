// What a new user's first hour with the CLI found: exit codes, each failure said once, runtime errors with a
// hint instead of the whole usage, and a JUnit file even when a scenario file has findings.
import { after, before, test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { elements, parseXml } from './xml';
import { runCli } from './cli';
import { plainService, type PlainService } from './plainService';
import { suiteSandbox } from './suiteSandbox';

const PREVIEW = 'examples/new-customer.preview.json';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-trial-'));
const write = (name: string, text: string) => {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, text);
  return file;
};
const USAGE = /usage: billing-workbench/;
const fakeCredentials = { BILLING_CLIENT_ID: 'id', BILLING_CLIENT_SECRET: 'secret' };
/** How many lines of the text contain `fragment`. */
const count = (text: string, fragment: string) => text.split('\n').filter(l => l.includes(fragment)).length;

const sandbox = suiteSandbox(tmp);

describe('CLI exit codes', () => {
  test('preview and create of a file that is not JSON exit 2 (an input error)', async () => {
    const broken = write('broken.order.json', '{ "account_number": ');
    for (const command of ['preview', 'create']) {
      const r = await runCli([command, broken]);
      assert.equal(r.status, 2, `${command}: ${r.stderr}`);
      assert.match(r.stderr, /not valid JSON/);
    }
  });
  test('a --base-url refused (plain http to a remote host) or not a URL exits 2 with a hint, not the usage', async () => {
    for (const [url, says] of [
      ['http://example.com', /HTTPS is required/],
      ['127.0.0.1:45513', /"127\.0\.0\.1:45513" is not a URL/],
    ] as const) {
      const r = await runCli(['preview', PREVIEW, '--base-url', url], fakeCredentials);
      assert.equal(r.status, 2, `${url}: ${r.stderr}`);
      assert.match(r.stderr, says);
      assert.match(r.stderr, /\(see billing-workbench \w+ --help\)/);
      assert.doesNotMatch(r.stderr, USAGE);
    }
  });
});

describe('a failed request is said once', () => {
  test('nothing listening at --base-url: one line with the reason, exit 1', async () => {
    const r = await runCli(['preview', PREVIEW, '--base-url', 'http://127.0.0.1:1'], fakeCredentials);
    assert.equal(r.status, 1, r.stderr);
    assert.equal(count(r.stderr, 'Cannot connect to 127.0.0.1:1'), 1, r.stderr);
    assert.match(r.stderr, /^error: Cannot connect/m);
  });
  test('wrong credentials: one line with the reason, exit 1', async () => {
    const env = { BILLING_CLIENT_ID: sandbox().clientId, BILLING_CLIENT_SECRET: 'wrong-secret' };
    const r = await runCli(['preview', PREVIEW, '--base-url', sandbox().url], env);
    assert.equal(r.status, 1, r.stderr);
    assert.equal(count(r.stderr, 'Authentication failed'), 1, r.stderr);
    assert.ok(!r.stderr.includes('wrong-secret'));
  });
  test('test --base-url: a step whose expected 404 came back prints no failure line; the step passes', async () => {
    const reading = write(
      'expects-404.scenario.json',
      JSON.stringify({
        name: 'Expects a 404',
        steps: [{ kind: 'getAccount', accountNumber: 'A99999999', expect: { status: 404 } }],
      }),
    );
    const env = { BILLING_CLIENT_ID: sandbox().clientId, BILLING_CLIENT_SECRET: sandbox().clientSecret };
    const r = await runCli(['test', reading, '--base-url', sandbox().url, '--yes'], env);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.doesNotMatch(r.stderr, /\b404\b/, 'no request line that looks like a failure');
    assert.match(r.stdout, /✓ 1\. step 1 \(getAccount\)/);
  });
});

describe('runtime errors: their message and a hint, not the usage', () => {
  // A service on loopback that does not say it is a Local sandbox: `test` treats it as a real environment.
  let plain: PlainService;
  before(async () => {
    plain = await plainService(sandbox().url);
  });
  after(() => plain.close());
  test('missing credentials for --base-url (preview, test, validate --connection-catalog)', async () => {
    const runs = [
      // Each at a service that is not a Local sandbox: a Local sandbox lends its demo credentials.
      ['preview', PREVIEW, '--base-url', plain.url],
      ['test', 'examples/scenarios', '--base-url', plain.url],
      ['validate', '--connection-catalog', '--base-url', plain.url, PREVIEW],
    ];
    for (const args of runs) {
      const r = await runCli(args);
      assert.equal(r.status, 2, `${args[0]}: ${r.stderr}`);
      assert.match(r.stderr, /^error: --base-url needs BILLING_CLIENT_ID and BILLING_CLIENT_SECRET/m);
      assert.match(r.stderr, /\(see billing-workbench \w+ --help\)/);
      assert.doesNotMatch(r.stderr, USAGE, args[0]);
    }
  });
  test('test --base-url writing without --yes names the scenarios in quotes', async () => {
    const env = { BILLING_CLIENT_ID: sandbox().clientId, BILLING_CLIENT_SECRET: sandbox().clientSecret };
    const r = await runCli(['test', 'examples/scenarios', '--base-url', plain.url], env);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /^error: "Bill run, then wait for the invoice"(, "[^"]+")+ write to http:/m);
    assert.match(r.stderr, /pass --yes/);
    assert.doesNotMatch(r.stderr, USAGE);
  });
  test('wrong words and flags still print the usage', async () => {
    for (const args of [['frobnicate'], ['test', '--colour']]) {
      const r = await runCli(args);
      assert.equal(r.status, 2);
      assert.match(r.stderr, USAGE, args.join(' '));
    }
  });
});

test('test --junit-file with a scenario file that has findings: the file is written, that scenario errored', async () => {
  const dir = fs.mkdtempSync(path.join(tmp, 'junit-'));
  fs.writeFileSync(
    path.join(dir, 'typo.scenario.json'),
    JSON.stringify({ name: 'Has a typo', steps: [{ kind: 'previw', file: 'x.order.json' }] }),
  );
  fs.writeFileSync(
    path.join(dir, 'fine.scenario.json'),
    JSON.stringify({ name: 'Fine', steps: [{ kind: 'getAccount', accountNumber: 'A00000001' }] }),
  );
  const junitFile = path.join(dir, 'junit.xml');
  const r = await runCli(['test', dir, '--junit-file', junitFile]);
  assert.equal(r.status, 2, r.stderr);
  const suites = elements(parseXml(fs.readFileSync(junitFile, 'utf8')), 'testsuite');
  const byName = new Map(suites.map(s => [s.attrs.name, s]));
  const typo = byName.get('Has a typo')!;
  assert.equal(typo.attrs.errors, '1');
  const error = elements(elements(typo, 'testcase')[0], 'error')[0];
  assert.match(error.attrs.message, /did you mean `preview`\?/);
  assert.equal(byName.get('Fine')?.attrs.skipped, '1', 'the scenario without findings is listed, not run');
});
