// `node dist/cli.js validate --connection-catalog`, as a subprocess: plan and price ids checked against the
// embedded Local sandbox's catalog or --base-url's (a sandbox on loopback here), warnings and exit codes.
import { test, describe, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { TEMPLATES, templateText } from '../../src/schemas';

const CLI = path.resolve('dist/cli.js');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-cli-catalog-'));
const write = (name: string, text: string) => {
  const f = path.join(dir, name);
  fs.writeFileSync(f, text);
  return f;
};
/** Runs the CLI without blocking this process (the sandbox under test answers from it). */
const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>(resolve => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { env: { ...process.env, ...env } },
      (_e, stdout, stderr) => resolve({ status: child.exitCode, stdout, stderr }),
    );
  });

const typo = write(
  'typo.order.json',
  templateText(TEMPLATES.find(t => t.id === 'new-customer')!).replace('"plan-team-monthly"', '"plan-team-monthy"'),
);
const examples = fs
  .readdirSync('examples')
  .filter(f => f.endsWith('.json'))
  .map(f => path.resolve('examples', f));

describe('validate --connection-catalog (embedded Local sandbox)', () => {
  test('an unknown plan is a warning naming the catalog, with line, column, path and code; exit 0', async () => {
    const r = await run(['validate', '--connection-catalog', typo]);
    assert.equal(r.status, 0, r.stderr);
    const line = r.stdout.trim();
    assert.match(line, /typo\.order\.json:\d+:\d+: warning /);
    assert.ok(
      line.includes(
        'Plan "plan-team-monthy" is not in the product catalog of the embedded Local sandbox. ' +
          'Did you mean "plan-team-monthly"? (subscriptions[0].subscription_plans[0].plan_id) [unknown-plan]',
      ),
      line,
    );
    assert.match(r.stderr, /product catalog of the embedded Local sandbox: 10 plans, 11 prices/);
  });

  test('--format json: the finding as a warning with its code and place', async () => {
    const r = await run(['validate', '--format', 'json', '--connection-catalog', typo]);
    assert.equal(r.status, 0, r.stderr);
    const [finding] = JSON.parse(r.stdout).files[0].findings;
    assert.equal(finding.code, 'unknown-plan');
    assert.equal(finding.severity, 'warning');
    assert.equal(finding.path, 'subscriptions[0].subscription_plans[0].plan_id');
  });

  test('never cries wolf: every shipped example is clean against the catalog', async () => {
    const r = await run(['validate', '--connection-catalog', ...examples]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, new RegExp(`${examples.length} file\\(s\\) checked, 0 finding\\(s\\)`));
  });

  test('without the flag nothing is fetched and the typo passes (the catalog check is opt-in)', async () => {
    const r = await run(['validate', typo]);
    assert.equal(r.status, 0);
    assert.doesNotMatch(r.stderr, /catalog/);
  });

  test('the help documents the flag', async () => {
    const r = await run(['help']);
    assert.match(r.stdout, /--connection-catalog also checks plan_id, plan_number and price_id/);
  });
});

describe('validate --connection-catalog --base-url', () => {
  let sb: Sandbox;
  before(async () => {
    sb = await startSandbox();
  });
  after(async () => {
    await sb.close();
  });
  const creds = () => ({ BILLING_CLIENT_ID: sb.clientId, BILLING_CLIENT_SECRET: sb.clientSecret });

  test("checks against that environment's catalog, named by its URL", async () => {
    const r = await run(['validate', '--connection-catalog', '--base-url', sb.url, typo], creds());
    assert.equal(r.status, 0, r.stderr);
    assert.ok(r.stdout.includes(`not in the product catalog of ${sb.url.replace(/\/$/, '')}.`), r.stdout);
  });

  test('credentials refused: exit 2, saying the catalog could not be fetched', async () => {
    const env = { ...creds(), BILLING_CLIENT_SECRET: 'wrong' };
    const r = await run(['validate', '--connection-catalog', '--base-url', sb.url, typo], env);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /could not fetch the product catalog of http:\/\/127\.0\.0\.1:\d+: .*401/);
    assert.equal(r.stdout, '');
  });

  test('no credentials: a Local sandbox lends its demo ones, another host is exit 2; --base-url without the flag, exit 2', async () => {
    const noCreds = { BILLING_CLIENT_ID: '', BILLING_CLIENT_SECRET: '' };
    // As test, preview and create do (found by a tryout: this one alone still asked for credentials).
    const local = await run(['validate', '--connection-catalog', '--base-url', sb.url, typo], noCreds);
    assert.match(local.stderr, /using the Local sandbox at http:\/\/127\.0\.0\.1:\d+ with its demo credentials/);
    assert.match(local.stderr, /product catalog of http:\/\/127\.0\.0\.1:\d+: \d+ plans/);
    const elsewhere = await run(
      ['validate', '--connection-catalog', '--base-url', 'http://127.0.0.1:9', typo],
      noCreds,
    );
    assert.equal(elsewhere.status, 2, 'nothing listens on port 9 (discard): no Local sandbox there');
    assert.match(elsewhere.stderr, /--base-url needs BILLING_CLIENT_ID and BILLING_CLIENT_SECRET/);
    const b = await run(['validate', '--base-url', sb.url, typo], creds());
    assert.equal(b.status, 2);
    assert.match(b.stderr, /--base-url is for --connection-catalog/);
  });
});
