// `test`'s options through the CLI as a person runs it: --jobs (parallel, file order kept), exit codes 3 and 4,
// --env-file (secrets never printed), --connection (user settings win over the workspace), --filter, --tag.
import { test, describe, before } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { connectionsFileText } from '../../src/wire/connectionsFile';
import type { AddressInfo } from 'node:net';
import { runCli } from './cli';
import { suiteSandbox } from './suiteSandbox';
import { testCommand } from '../../src/cli/test';
import { InputError } from '../../src/cli/io';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-options-'));
const write = (name: string, value: unknown) => {
  const file = path.join(tmp, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return file;
};
const reads = (name: string, tags?: string[]) => ({
  name,
  ...(tags ? { tags } : {}),
  steps: [{ kind: 'getAccount', accountNumber: 'A00000001', expect: { status: 200 } }],
});
const suite = path.join(tmp, 'suite');
for (const [i, tags] of [['smoke'], ['billing'], ['smoke', 'billing'], []].entries()) {
  write(`suite/s${i + 1}.scenario.json`, reads(`Scenario ${i + 1}`, tags));
}
const run = (args: string[], env: Record<string, string> = {}, opts = {}) => runCli(['test', ...args], env, opts);

/**
 * A service on loopback that answers tokens at once and holds every other request until `hold` are in flight
 * (or a deadline passes), then answers them last-first: it measures how many scenarios ran at once.
 */
async function holdingService(hold: number, total: number) {
  const waiting: http.ServerResponse[] = [];
  let most = 0;
  let answered = 0;
  let deadline: NodeJS.Timeout | undefined;
  const answerAll = () => {
    clearTimeout(deadline);
    deadline = undefined;
    answered += waiting.length;
    for (const res of waiting.splice(0).reverse()) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ account_number: 'A00000001', name: 'Demo' }));
    }
  };
  const server = http.createServer((req, res) => {
    if (req.url === '/oauth/token') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ access_token: 'tok', token_type: 'bearer', expires_in: 3600 }));
      return;
    }
    waiting.push(res);
    most = Math.max(most, waiting.length);
    if (waiting.length >= Math.min(hold, total - answered)) answerAll();
    else deadline ??= setTimeout(answerAll, 10_000); // never a hang: one at a time also ends, after the deadline
  });
  await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, most: () => most, close: () => new Promise<void>(r => server.close(() => r())) };
}

const creds = { BILLING_CLIENT_ID: 'id', BILLING_CLIENT_SECRET: 'the-client-secret' };

const sandbox = suiteSandbox(tmp);

describe('--jobs', () => {
  test('runs N scenarios at once and still reports them in file order, each block whole', async () => {
    const service = await holdingService(3, 4);
    try {
      const r = await run([suite, '--jobs', '3', '--base-url', service.url], creds);
      assert.equal(r.status, 0, r.stderr);
      assert.equal(service.most(), 3, 'three requests were in flight together');
      const lines = r.stdout.trim().split('\n');
      assert.deepEqual(
        lines.filter(l => !l.startsWith(' ')).map(l => l.split(' (')[0]),
        [
          '✓ Scenario 1',
          '✓ Scenario 2',
          '✓ Scenario 3',
          '✓ Scenario 4',
          '4 scenario(s), 4 step(s): 4 passed, 0 failed, 0 errored, 0 skipped',
        ],
      );
      lines.slice(0, -1).forEach((l, i) => assert.equal(l.startsWith('  '), i % 2 === 1, `block lines together: ${l}`));
    } finally {
      await service.close();
    }
  });

  test('the same results as one at a time, on fresh Local sandboxes; a bad --jobs is exit 2', async () => {
    const one = await run([suite, '--reporter', 'json']);
    const four = await run([suite, '--reporter', 'json', '--jobs', '4']);
    assert.equal(four.status, 0, four.stderr);
    const shape = (s: string) =>
      JSON.parse(s).scenarios.map((x: { name: string; outcome: string; steps: { outcome: string }[] }) => [
        x.name,
        x.outcome,
        x.steps.map(st => st.outcome),
      ]);
    assert.deepEqual(shape(four.stdout), shape(one.stdout));
    assert.match(four.stderr, /4 at a time/);
    for (const bad of ['0', 'two', '1.5']) {
      const r = await run([suite, '--jobs', bad]);
      assert.equal(r.status, 2, bad);
      assert.match(r.stderr, new RegExp(`--jobs takes a whole number from 1 to 64 .*not "${bad.replace('.', '\\.')}"`));
    }
  });
});

describe('exit codes', () => {
  test('3: the service cannot be reached (a closed loopback port)', async () => {
    const server = http.createServer();
    await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>(r => server.close(() => r()));
    const r = await run([path.join(suite, 's1.scenario.json'), '--base-url', `http://127.0.0.1:${port}`], creds);
    assert.equal(r.status, 3, r.stdout + r.stderr);
    assert.match(r.stdout, /Cannot connect to 127\.0\.0\.1:\d+: connection refused/);
  });

  test('3: an error answer no step expected (a 404 without expect.status 404); 1: a check failed', async () => {
    const missing = write('missing.scenario.json', {
      name: 'Reads an account that is not there',
      steps: [{ kind: 'getAccount', accountNumber: 'A99999999' }],
    });
    const r = await run([missing]);
    assert.equal(r.status, 3, r.stdout + r.stderr);
    const check = write('check.scenario.json', {
      name: 'Expects another name',
      steps: [{ kind: 'getAccount', accountNumber: 'A00000001', expect: { values: [{ path: 'name', equals: 'X' }] } }],
    });
    assert.equal((await run([check])).status, 1);
  });

  test('4: Ctrl+C stops the running scenarios at once', async () => {
    let arrived!: () => void;
    const inFlight = new Promise<void>(r => (arrived = r));
    const held: http.ServerResponse[] = [];
    const server = http.createServer((req, res) => {
      if (req.url === '/oauth/token') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: 'tok', token_type: 'bearer', expires_in: 3600 }));
        return;
      }
      held.push(res); // never answered: only the interrupt ends the run
      if (held.length === 2) arrived(); // both jobs are in a step
    });
    await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    let pid = 0;
    const running = run([suite, '--jobs', '2', '--base-url', url], creds, { onSpawn: (p: number) => (pid = p) });
    await inFlight;
    process.kill(pid, 'SIGINT');
    const r = await running;
    for (const res of held) res.destroy();
    server.closeAllConnections();
    await new Promise<void>(res => server.close(() => res()));
    assert.equal(r.status, 4, r.stdout + r.stderr);
    assert.match(r.stderr, /interrupted: stopping the running scenarios/);
    assert.match(r.stdout, /4 scenario\(s\), 4 step\(s\): 0 passed, 0 failed, 0 errored, 4 skipped/);
  });
});

describe('--env-file', () => {
  const token = 'tok-Very-Secret-42';
  test('credentials and secrets come from the file; no report, in any format, prints a secret', async () => {
    const envFile = write(
      'ci.env',
      [
        '# CI credentials',
        `export BILLING_CLIENT_ID=${sandbox().clientId}`,
        `BILLING_CLIENT_SECRET="${sandbox().clientSecret}"`,
        `API_TOKEN='${token}'  `,
        'PLAIN=value # a comment',
      ].join('\n'),
    );
    const leaky = write('leaky.scenario.json', {
      name: 'Echoes a token',
      steps: [
        { kind: 'getAccount', accountNumber: 'A00000001', expect: { values: [{ path: 'name', equals: token }] } },
        { kind: 'getAccount', accountNumber: token, expect: { status: 404 } },
      ],
    });
    const outputs: string[] = [];
    const reportDir = path.join(tmp, 'env-reports');
    for (const reporter of ['text', 'junit', 'json', 'tap', 'html']) {
      const r = await run([
        leaky,
        '--env-file',
        envFile,
        '--base-url',
        sandbox().url,
        '--reporter',
        reporter,
        '--report',
        `${reporter}=${reportDir}/report.${reporter}`,
      ]);
      assert.equal(r.status, 1, `${reporter}: ${r.stderr}`);
      outputs.push(r.stdout, r.stderr, fs.readFileSync(`${reportDir}/report.${reporter}`, 'utf8'));
    }
    assert.ok(
      outputs.some(o => o.includes('***')),
      'the secret was there, masked',
    );
    for (const o of outputs) {
      assert.ok(!o.includes(token), 'the token never appears');
      assert.ok(!o.includes(sandbox().clientSecret), 'the client secret never appears');
    }
  });

  test('a missing env file is exit 2 naming it; the real environment wins over the file', async () => {
    // In-process as --env-file: Node itself exits 9 ("node: FILE: not found") when a script argument --env-file
    // names a missing file (nodejs/node#54232), before the CLI runs (--dotenv, its twin, is the CLI's alone:
    // cli-bounds.test.ts). Ours is an InputError, which main makes exit 2.
    const io = { out: () => {}, err: () => {} };
    const missing = { paths: [suite], reporter: 'text', yes: false, envFile: path.join(tmp, 'nope.env') };
    const args = { ...missing, envFileFlag: '--env-file' };
    await assert.rejects(
      testCommand(args, io),
      (e: Error) => e instanceof InputError && /--env-file .*nope\.env: no such file/.test(e.message),
    );
    const wrong = write('wrong.env', `BILLING_CLIENT_ID=${sandbox().clientId}\nBILLING_CLIENT_SECRET=not-the-secret\n`);
    const real = await run([path.join(suite, 's1.scenario.json'), '--env-file', wrong, '--base-url', sandbox().url], {
      BILLING_CLIENT_SECRET: sandbox().clientSecret,
    });
    assert.equal(real.status, 0, real.stdout + real.stderr);
    const bad = write('bad.env', 'GOOD=1\nthis is not a pair\n');
    const broken = await run([suite, '--env-file', bad]);
    assert.equal(broken.status, 2);
    assert.match(broken.stderr, /bad\.env:2: not KEY=VALUE/);
  });
});

describe('--connection', () => {
  const settings = (file: string, connections: unknown[]) =>
    write(
      file,
      `{\n  // JSONC, as VS Code writes it\n  "billingWorkbench.connections": ${JSON.stringify(connections)},\n}`,
    );
  const workspace = path.join(tmp, 'ws');
  const scenario = path.join(suite, 's1.scenario.json');
  before(() => {
    settings('ws/.vscode/settings.json', [
      { name: 'Staging', baseUrl: 'http://127.0.0.1:9' },
      { name: 'Only here', baseUrl: sandbox().url },
    ]);
  });
  const env = (user: string, editor = path.join(tmp, 'no-editor', 'connections.json')) => ({
    BILLING_WORKBENCH_CONNECTIONS: editor,
    BILLING_WORKBENCH_SETTINGS: user,
    BILLING_CLIENT_ID: sandbox().clientId,
    BILLING_CLIENT_SECRET: sandbox().clientSecret,
  });

  test("user settings win; a workspace's other URL for the same name is ignored, said so", async () => {
    const user = settings('user/settings.json', [{ name: 'Staging', baseUrl: sandbox().url }]);
    const r = await run([scenario, '--connection', 'Staging'], env(user), { cwd: workspace });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(
      r.stderr,
      /points connection "Staging" at http:\/\/127\.0\.0\.1:9; ignored, the user settings' http:\/\/127\.0\.0\.1:\d+ is used/,
    );
    assert.match(r.stdout, new RegExp(`on Staging \\(${sandbox().url.replace(/[.:/]/g, '\\$&')}\\)`));
  });

  test("the editor's own connections come first: the file it writes (names and URLs, no secret)", async () => {
    const editor = write(
      'editor/connections.json',
      connectionsFileText([{ name: 'Only here', kind: 'sandbox', baseUrl: sandbox().url }]),
    );
    const user = settings('user3/settings.json', [{ name: 'Only here', baseUrl: 'http://127.0.0.1:9' }]);
    const r = await run([scenario, '--connection', 'Only here'], env(user, editor), { cwd: workspace });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, new RegExp(`on Only here \\(${sandbox().url.replace(/[.:/]/g, '\\$&')}\\)`));
    assert.doesNotMatch(r.stderr, /trust-workspace/, 'the editor defines it: no workspace trust needed');
  });

  test("a connection whose baseUrl has the service's path (/v2) is refused before any request, naming its entry and the URL to give", async () => {
    const user = settings('user4/settings.json', [{ name: 'Pasted', baseUrl: `${sandbox().url}/v2` }]);
    const r = await run([scenario, '--connection', 'Pasted'], env(user), { cwd: workspace });
    assert.equal(r.status, 2, r.stdout + r.stderr);
    assert.ok(r.stderr.includes(`Change the baseUrl of connection "Pasted" in ${user} to ${sandbox().url}.`), r.stderr);
    assert.doesNotMatch(r.stderr, /401|Authentication failed/);
  });

  test('a connection only the workspace defines is refused, unless --trust-workspace (then its URL is said)', async () => {
    const user = settings('user2/settings.json', []);
    const refused = await run([scenario, '--connection', 'Only here'], env(user), { cwd: workspace });
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /"Only here" is defined only in .*\.vscode\/settings\.json .*pass --trust-workspace/);
    const trusted = await run([scenario, '--connection', 'Only here', '--trust-workspace'], env(user), {
      cwd: workspace,
    });
    assert.equal(trusted.status, 0, trusted.stdout + trusted.stderr);
    assert.match(trusted.stderr, new RegExp(`the secret is sent to ${sandbox().url.replace(/[.:/]/g, '\\$&')}`));
    const unknown = await run([scenario, '--connection', 'Prod'], env(user), { cwd: workspace });
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /no connection "Prod" .*known: "Staging", "Only here"/);
    const both = await run([scenario, '--connection', 'Staging', '--base-url', sandbox().url], env(user));
    assert.equal(both.status, 2);
    assert.match(both.stderr, /--base-url or --connection, not both/);
  });
});

describe('selection', () => {
  test('--filter matches name or path, any case; --tag any of the tags; both: both', async () => {
    const names = async (args: string[]) => {
      const r = await run([suite, '--reporter', 'json', ...args]);
      assert.equal(r.status, 0, r.stderr);
      return JSON.parse(r.stdout).scenarios.map((s: { name: string }) => s.name);
    };
    assert.deepEqual(await names(['--filter', 'SCENARIO 2']), ['Scenario 2']);
    assert.deepEqual(await names(['--filter', 's4.scenario']), ['Scenario 4']);
    assert.deepEqual(await names(['--tag', 'smoke']), ['Scenario 1', 'Scenario 3']);
    assert.deepEqual(await names(['--tag', 'smoke', '--tag', 'billing']), ['Scenario 1', 'Scenario 2', 'Scenario 3']);
    assert.deepEqual(await names(['--tag', 'billing', '--filter', 'scenario 3']), ['Scenario 3']);
  });

  test('nothing selected: exit 2, listing what exists', async () => {
    const r = await run([suite, '--tag', 'nightly']);
    assert.equal(r.status, 2);
    assert.match(
      r.stderr,
      /no scenario matches --tag nightly; there are:\n {2}Scenario 1 \(.*s1\.scenario\.json\) tags: smoke\n/,
    );
    assert.match(r.stderr, /Scenario 4 \(.*s4\.scenario\.json\)\n/);
  });
});
