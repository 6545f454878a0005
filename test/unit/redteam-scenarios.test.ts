// Red team (issue 20): a *.scenario.json from a cloned repository is hostile input. It must not send or show
// files outside its project, carry the connection's credentials anywhere, leave its host through a path,
// write without consent, or forge or break the reports. Calls go to a recording fake service on loopback.
import { describe, test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { BillingClient } from '../../src/client';
import {
  checkValue,
  jsonReport,
  junitReport,
  printable,
  readScenario,
  resolveReferences,
  runScenarios,
  textReport,
  type RunEvent,
  type ScenarioResult,
  type StepResult,
} from '../../src/scenarios';
import { PATTERN_LIMIT_MS } from '../../src/scenarios/checks';
import { outsideProject } from '../../src/scenarios/scenarioFile';
import { runCli } from './cli';
import { parseXml, elements } from './xml';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-redteam-'));
/** A cloned repository (it has .git) with scenarios/ and payloads/, and a folder of yours beside it. */
const repo = path.join(tmp, 'repo');
const scenarios = path.join(repo, 'scenarios');
const outside = path.join(tmp, 'yours');
const OUTSIDE_MARKER = 'OUTSIDE-FILE-CONTENT-7f3a';
const ENV_MARKER = 'sk-live-REDTEAM-ENV';
for (const d of [path.join(repo, '.git'), scenarios, path.join(repo, 'payloads'), outside]) {
  fs.mkdirSync(d, { recursive: true });
}
fs.writeFileSync(path.join(outside, 'secret.json'), JSON.stringify({ note: OUTSIDE_MARKER }));
fs.writeFileSync(path.join(outside, 'passwd'), `root:${OUTSIDE_MARKER}:0:0:root:/root:/bin/bash\n`);
fs.copyFileSync('examples/acme.account.json', path.join(repo, 'payloads', 'acme.account.json'));
fs.writeFileSync(path.join(repo, '.env'), `${ENV_MARKER}=1\n`);
fs.symlinkSync(path.join(outside, 'secret.json'), path.join(scenarios, 'linked.json'));
fs.symlinkSync(outside, path.join(repo, 'payloads', 'linked-folder'));

after(() => fs.rmSync(tmp, { recursive: true, force: true }));

const readIn = (dir: string, s: unknown) =>
  readScenario(JSON.stringify(s, null, 2), { file: path.join(dir, 'x.scenario.json') });
/** An operation step sending a file as its body (no payload kind: any JSON would be sent as it is). */
const sending = (file: string) => ({ kind: 'operation', operation: 'POST /v1/accounts', file });

describe('the project is the workspace folder (editor) or the current folder (CLI) when given', () => {
  // A workspace that is no repository: scenarios/ beside the payloads its steps name with ../
  const ws = path.join(tmp, 'workspace');
  fs.mkdirSync(path.join(ws, 'scenarios'), { recursive: true });
  fs.copyFileSync('examples/acme.account.json', path.join(ws, 'acme.account.json'));
  const read = (file: string, projectRoot?: string) =>
    readScenario(JSON.stringify({ name: 'x', steps: [sending(file)] }), {
      file: path.join(ws, 'scenarios', 'x.scenario.json'),
      ...(projectRoot ? { projectRoot } : {}),
    }).findings.map(f => f.code);

  test('../acme.account.json from scenarios/ is read within the workspace folder', () => {
    assert.deepEqual(read('../acme.account.json', ws), []);
  });
  test('without a workspace folder or repository, the scenario’s own folder is the project', () => {
    assert.deepEqual(read('../acme.account.json'), ['payload-outside']);
  });
  test('a file outside the workspace folder is still refused', () => {
    assert.deepEqual(read('../../yours/secret.json', ws), ['payload-outside']);
  });
  test('a project root the scenario is not in is not taken', () => {
    assert.deepEqual(read('../acme.account.json', outside), ['payload-outside']);
  });
});

describe('payload files stay inside the scenario’s project', () => {
  const refused: [string, string][] = [
    ['a relative path up and out', '../../yours/secret.json'],
    ['an absolute path', path.join(outside, 'secret.json')],
    ['/etc/passwd', '/etc/passwd'],
    ['a symbolic link in the folder to a file outside', 'linked.json'],
    ['a file in a symbolically linked folder outside', '../payloads/linked-folder/secret.json'],
    ['a text file outside (its content would be quoted by the JSON error)', '../../yours/passwd'],
  ];
  for (const [what, file] of refused) {
    test(`refused, never read: ${what}`, () => {
      const read: string[] = [];
      const s = readScenario(JSON.stringify({ name: 'x', steps: [sending(file)] }), {
        file: path.join(scenarios, 'x.scenario.json'),
        readText: p => (read.push(p), fs.readFileSync(p, 'utf8')),
      });
      assert.deepEqual(
        s.findings.map(f => f.code),
        ['payload-outside'],
      );
      assert.match(s.findings[0].message, new RegExp(`is outside ${repo.replace(/[/\\]/g, '.')}`));
      assert.deepEqual(read, [], 'the file is not even read');
      assert.equal(s.steps[0].body, undefined);
      assert.doesNotMatch(JSON.stringify(s), new RegExp(OUTSIDE_MARKER));
    });
  }

  test('a file:// URL or a Windows-style ..\\ path is a name inside the folder on POSIX: missing, not read', () => {
    const s = readIn(scenarios, {
      name: 'x',
      steps: [sending(`file://${path.join(outside, 'secret.json')}`), sending('..\\..\\yours\\secret.json')],
    });
    assert.deepEqual(
      s.findings.map(f => f.code),
      ['payload-missing', 'payload-missing'],
    );
    assert.doesNotMatch(JSON.stringify(s), new RegExp(OUTSIDE_MARKER));
  });

  test('on Windows, ..\\ and another drive leave the project; a file below it does not', () => {
    const dir = 'C:\\work\\scenarios';
    const at = (f: string) => outsideProject(path.win32.resolve(dir, f), dir, path.win32);
    assert.equal(at('..\\..\\Users\\me\\.aws\\credentials.json'), dir);
    assert.equal(at('D:\\secrets\\a.json'), dir);
    assert.equal(at('C:/work/scenarios/../other/a.json'), dir);
    assert.equal(at('payloads\\a.json'), undefined);
  });

  test('inside the repository a file above the scenario is fine; outside any repository only its own folder', () => {
    const inRepo = readIn(scenarios, {
      name: 'x',
      steps: [{ kind: 'createAccount', file: '../payloads/acme.account.json' }],
    });
    assert.deepEqual(inRepo.findings, []);
    assert.equal((inRepo.steps[0].body as { name: string }).name, 'Acme Robotics');
    // The same layout without .git: the scenario's folder is all it may read.
    const loose = path.join(tmp, 'loose');
    fs.mkdirSync(path.join(loose, 'scenarios'), { recursive: true });
    fs.cpSync(path.join(repo, 'payloads', 'acme.account.json'), path.join(loose, 'acme.account.json'));
    const s = readIn(path.join(loose, 'scenarios'), {
      name: 'x',
      steps: [{ kind: 'createAccount', file: '../acme.account.json' }],
    });
    assert.deepEqual(
      s.findings.map(f => f.code),
      ['payload-outside'],
    );
  });

  test('a file of the project that is no JSON (.env) is named by place, its text never quoted', () => {
    const s = readIn(scenarios, { name: 'x', steps: [sending('../.env')] });
    assert.deepEqual(
      s.findings.map(f => f.code),
      ['payload-invalid'],
    );
    assert.match(s.findings[0].message, /^\.\.\/\.env is not valid JSON: \w+ at 1:\d+\.$/);
    assert.doesNotMatch(s.findings[0].message, /sk-live/);
  });

  test('the CLI runs nothing, and no report or log line shows the file', async () => {
    const file = path.join(scenarios, 'leak.scenario.json');
    fs.writeFileSync(file, JSON.stringify({ name: 'leak', steps: [sending('../../yours/secret.json')] }));
    const junitFile = path.join(tmp, 'leak.xml');
    const r = await runCli(['test', file, '--reporter', 'json', '--junit-file', junitFile]);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /is outside .*\[payload-outside\]/);
    for (const out of [r.stdout, r.stderr, fs.readFileSync(junitFile, 'utf8')]) {
      assert.doesNotMatch(out, new RegExp(OUTSIDE_MARKER));
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// A fake service on loopback: issues TOKEN, records every request, answers what `answer` says (hostile values).

const CLIENT_ID = 'client-REDTEAM';
const SECRET = 'secret-REDTEAM-91c7';
const TOKEN = 'tok-REDTEAM-4d2f9a';
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
async function fakeService(answer: (s: Seen) => unknown) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', d => (body += d));
    req.on('end', () => {
      const s = { method: req.method!, url: req.url!, headers: req.headers, body };
      seen.push(s);
      const data = req.url === '/oauth/token' ? { access_token: TOKEN, expires_in: 3600 } : answer(s);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(data));
    });
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>(resolve => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url, seen, close };
}

/** Values an answer may hold that would change where a request goes if put in a path as they are. */
const HOSTILE = {
  dotdot: '../../oauth/token',
  encoded: '%2e%2e%2f%2e%2e%2foauth%2ftoken',
  absolute: 'https://evil.example/steal?to=me',
  query: '?grant_type=client_credentials',
  fragment: '#/oauth/token',
  crlf: 'A1\r\nX-Injected: yes',
  backslash: '..\\..\\oauth\\token',
};

/** The secret only in the token form, the token only in Authorization: nowhere else in what was sent. */
function credentialsOnlyWhereTheyBelong(seen: Seen[]) {
  assert.ok(seen.length > 0);
  for (const s of seen) {
    const token = s.url === '/oauth/token';
    const secretAt = [s.url, s.body, JSON.stringify(s.headers)].filter(x => x.includes(SECRET));
    assert.deepEqual(secretAt, token ? [s.body] : [], `${s.method} ${s.url}`);
    if (token) continue;
    assert.equal(s.headers.authorization, `Bearer ${TOKEN}`);
    const elsewhere = [s.url, s.body, JSON.stringify({ ...s.headers, authorization: '' })];
    assert.ok(!elsewhere.some(x => x.includes(TOKEN)), `${s.method} ${s.url}: the token outside Authorization`);
  }
}

describe('credentials and hosts: on a connection, through the real client', () => {
  let fake: Awaited<ReturnType<typeof fakeService>>;
  let client: BillingClient;
  const connection = { name: 'Tenant', baseUrl: '', production: false };
  before(async () => {
    // A hostile service: every answer holds the hostile values, the Authorization header it was sent and the
    // client secret it was given for the token.
    fake = await fakeService(s => ({
      ...HOSTILE,
      echo: s.headers.authorization,
      stolen: SECRET,
      account_number: 'A1',
    }));
    client = new BillingClient({ baseUrl: fake.url, clientId: CLIENT_ID, clientSecret: SECRET });
    connection.baseUrl = fake.url;
  });
  after(async () => {
    await client.close();
    await fake.close();
  });
  const run = async (s: unknown) => {
    const events: RunEvent[] = [];
    const file = readIn(scenarios, s);
    assert.deepEqual(file.findings, []);
    const results = await runScenarios([file], {
      target: { kind: 'connection', client, connection },
      confirm: () => true,
      onEvent: e => events.push(e),
    });
    return { results, events };
  };
  /** Every place a result reaches: the three reports and the events the editor's Testing view and History get. */
  const everywhere = (r: { results: ScenarioResult[]; events: RunEvent[] }) =>
    [textReport(r.results), junitReport(r.results), jsonReport(r.results), JSON.stringify(r.events)].join('\n');

  test('path parameters from an answer or written as they are stay one segment of the same host', async () => {
    const from = fake.seen.length;
    const keys = Object.keys(HOSTILE) as (keyof typeof HOSTILE)[];
    const steps: unknown[] = [{ kind: 'getAccount', name: 'a', accountNumber: 'A1' }];
    for (const k of keys) {
      steps.push({ kind: 'getOrder', orderNumber: `\${a.${k}}` });
      const params = (v: string) => ({ 'account-key': v });
      steps.push({ kind: 'operation', operation: 'GET /v1/accounts/{account-key}', pathParams: params(`\${a.${k}}`) });
      steps.push({ kind: 'operation', operation: 'GET /v1/accounts/{account-key}', pathParams: params(HOSTILE[k]) });
    }
    steps.push({
      kind: 'operation',
      operation: 'GET /v1/accounts/{account-key}',
      pathParams: { 'account-key': 'A1' },
      query: { 'a&b': 'c#d', crlf: '${a.crlf}' },
    });
    const { results } = await run({ name: 'paths', steps });
    assert.equal(results[0].outcome, 'passed', JSON.stringify(results[0].steps.filter(x => x.error)));
    const expected = ['/v2/accounts/A1'];
    for (const k of keys) {
      const one = encodeURIComponent(HOSTILE[k]);
      expected.push(`/v2/orders/${one}`, `/v1/accounts/${one}`, `/v1/accounts/${one}`);
    }
    expected.push(`/v1/accounts/A1?${new URLSearchParams({ 'a&b': 'c#d', crlf: HOSTILE.crlf })}`);
    const sent = fake.seen.slice(from).filter(s => s.url !== '/oauth/token');
    assert.deepEqual(
      sent.map(s => s.url),
      expected,
    );
    assert.ok(sent.every(s => s.method === 'GET' && s.headers.host === new URL(fake.url).host));
    assert.ok(sent.every(s => !('x-injected' in s.headers)));
    credentialsOnlyWhereTheyBelong(fake.seen.slice(from)); // the token form too: first call of the client
  });

  test('"." and ".." as path parameters are refused before sending (they would name another operation)', async () => {
    const from = fake.seen.length;
    for (const v of ['..', '.']) {
      const { results } = await run({
        name: v,
        steps: [{ kind: 'operation', operation: 'GET /v1/accounts/{account-key}', pathParams: { 'account-key': v } }],
      });
      assert.equal(results[0].steps[0].outcome, 'errored');
      assert.match(results[0].steps[0].error!, new RegExp(`cannot be "\\${v}"`));
    }
    assert.deepEqual(
      fake.seen.slice(from).filter(s => s.url !== '/oauth/token'),
      [],
    );
  });

  test('references cannot reach the request or its headers: only earlier answers', async () => {
    const from = fake.seen.length;
    for (const ref of ['${a.authorization}', '${a.request.headers.authorization}', '${a.headers.Authorization}']) {
      const { results } = await run({
        name: 'headers',
        steps: [
          { kind: 'getAccount', name: 'a', accountNumber: 'A1' },
          { kind: 'getOrder', orderNumber: ref },
        ],
      });
      assert.equal(results[0].steps[1].outcome, 'errored');
      assert.match(results[0].steps[1].error!, /the answer of "a" has no/);
    }
    credentialsOnlyWhereTheyBelong(fake.seen.slice(from));
    const s = readIn(scenarios, {
      name: 'x',
      steps: [{ kind: 'getOrder', orderNumber: 'O1', headers: { authorization: 'Bearer mine' } }],
    });
    assert.deepEqual(
      s.findings.map(f => [f.code, f.message]),
      [
        [
          'reserved-header',
          'A step cannot set "authorization": the client signs every request with the connection\'s token (its credentials: BILLING_CLIENT_ID and BILLING_CLIENT_SECRET, or the connection\'s). Remove it.',
        ],
      ],
    );
  });

  test('the token and secret a service echoes, carried by references into a path and checks, are in no report', async () => {
    const r = await run({
      name: 'echo',
      steps: [
        { kind: 'getAccount', name: 'a', accountNumber: 'A1' },
        {
          kind: 'getOrder',
          orderNumber: '${a.echo}',
          expect: { values: [{ path: 'account_number', equals: '${a.echo}' }] },
        },
        {
          kind: 'getAccount',
          accountNumber: '${a.stolen}',
          expect: { values: [{ path: 'account_number', equals: 'the secret is ${a.stolen}' }] },
        },
      ],
    });
    assert.deepEqual(
      r.results[0].steps.map(s => s.outcome),
      ['passed', 'failed', 'failed'],
    );
    const all = everywhere(r);
    assert.match(all, /expected "Bearer \*\*\*" at account_number, got "A1"/, 'the failure is still reported, masked');
    assert.match(all, /"expected": "the secret is \*\*\*"/);
    for (const secret of [TOKEN, SECRET]) assert.ok(!all.includes(secret), `${secret} appears in a report`);
  });
});

describe('writes without consent', () => {
  let fake: Awaited<ReturnType<typeof fakeService>>;
  let client: BillingClient;
  before(async () => {
    fake = await fakeService(() => ({ account_number: 'A1' }));
    client = new BillingClient({ baseUrl: fake.url, clientId: CLIENT_ID, clientSecret: SECRET });
  });
  after(async () => {
    await client.close();
    await fake.close();
  });
  /** Writes written so that a loose reading of the operation id would take them for reads. */
  const disguised = {
    name: 'disguised writes',
    steps: [
      { kind: 'operation', operation: 'delete /v1/accounts/{account-key}', pathParams: { 'account-key': 'A1' } },
      { kind: 'operation', operation: '  POST\t/v1/accounts  ', body: { name: 'x' } },
      {
        kind: 'operation',
        operation: 'PUT   /v1/accounts/{account-key}',
        pathParams: { 'account-key': 'A1' },
        body: {},
      },
    ],
  };

  test('declined, or with nobody to ask: every disguised write is skipped and nothing but reads is sent', async () => {
    const file = readIn(scenarios, disguised);
    assert.deepEqual(file.findings, [], 'each id names a catalog operation');
    const reads = readIn(scenarios, { name: 'reads', steps: [{ kind: 'getAccount', accountNumber: 'A1' }] });
    const connection = { name: 'Tenant', baseUrl: fake.url, production: true };
    const asked: string[][] = [];
    for (const confirm of [() => (asked.push(['asked']), false) as boolean, undefined]) {
      const from = fake.seen.length;
      const [w, r] = await runScenarios([file, reads], { target: { kind: 'connection', client, connection }, confirm });
      assert.equal(w.outcome, 'skipped');
      assert.match(w.error!, /writing to this connection was not confirmed/);
      assert.equal(r.outcome, 'passed');
      assert.deepEqual(
        fake.seen.slice(from).map(s => s.method),
        fake.seen.slice(from).map(s => (s.url === '/oauth/token' ? 'POST' : 'GET')),
      );
    }
    assert.equal(asked.length, 1);
  });

  test('the CLI refuses them on --base-url without --yes, before any request', async () => {
    const file = path.join(scenarios, 'disguised.scenario.json');
    fs.writeFileSync(file, JSON.stringify(disguised));
    const from = fake.seen.length;
    const env = { BILLING_CLIENT_ID: CLIENT_ID, BILLING_CLIENT_SECRET: SECRET };
    const r = await runCli(['test', file, '--base-url', fake.url], env);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /"disguised writes" writes to .*; pass --yes/);
    // Only the question whether it is a Local sandbox (loopback), with no credentials: no token, no write.
    const sent = fake.seen.slice(from);
    assert.deepEqual(
      sent.map(s => [s.method, s.url, s.headers.authorization]),
      [['GET', '/_sandbox/clock', undefined]],
    );
  });

  test('a password in --base-url is refused without being repeated in the refusal', async () => {
    const file = path.join(scenarios, 'disguised.scenario.json');
    fs.writeFileSync(file, JSON.stringify(disguised));
    const env = { BILLING_CLIENT_ID: CLIENT_ID, BILLING_CLIENT_SECRET: SECRET };
    const r = await runCli(['test', file, '--base-url', 'https://me:hunter2-REDTEAM@example.invalid'], env);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /Refusing a base URL with a user name or password/);
    assert.doesNotMatch(r.stdout + r.stderr, /hunter2-REDTEAM/);
  });
});

describe('reports hold hostile names as text', () => {
  /** Everything a report must escape or drop: CDATA end, markup, quotes, controls, lone surrogates, non-characters. */
  const EVIL = 'a]]>b<c>&d"e\'f\u0000g\u0007h\u001b[2Ki\rj\nk\u0085l\ud800m\udc00n\ufffeo\u202ep😀';
  const step = (r: Partial<StepResult>): StepResult => ({
    index: 0,
    label: EVIL,
    kind: 'getOrder',
    outcome: 'passed',
    ms: 1,
    tries: 1,
    path: ['steps', 0],
    failures: [],
    ...r,
  });
  /** What XML 1.0 cannot hold (the report writes U+FFFD instead): C0 controls but tab and new lines, lone surrogates, U+FFFE. */
  const notXmlChar = (c: string) => {
    const n = c.codePointAt(0)!;
    return (n < 0x20 && !'\t\n\r'.includes(c)) || (n >= 0xd800 && n <= 0xdfff) || n === 0xfffe;
  };
  const results: ScenarioResult[] = [
    {
      name: EVIL,
      file: `/tmp/${EVIL}.scenario.json`,
      outcome: 'failed',
      ms: 3,
      target: EVIL,
      steps: [
        step({}),
        step({
          index: 1,
          outcome: 'failed',
          failures: [
            { check: EVIL, message: EVIL, expected: EVIL, actual: { [EVIL]: EVIL }, path: ['steps', 1, EVIL] },
          ],
        }),
        step({ index: 2, outcome: 'errored', error: EVIL }),
        step({ index: 3, outcome: 'skipped', error: EVIL }),
      ],
    },
    { name: EVIL, outcome: 'errored', ms: 0, steps: [], target: 'not run', error: EVIL },
  ];

  test('JUnit: only characters XML 1.0 allows, well-formed, every name and message read back as written', () => {
    const out = junitReport(results);
    const xmlChar = /^[\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
    assert.ok(xmlChar.test(out), 'a character XML 1.0 cannot hold');
    assert.ok(!out.includes(']]>'));
    const doc = parseXml(out);
    // What XML cannot hold becomes U+FFFD; everything else comes back as it was.
    const kept = [...EVIL].map(c => (notXmlChar(c) ? '\uFFFD' : c)).join('');
    const suites = elements(doc, 'testsuite');
    assert.equal(suites[0].attrs.name, kept);
    const cases = elements(suites[0], 'testcase');
    assert.equal(cases[0].attrs.name, `1. ${kept} (getOrder)`);
    assert.equal(elements(cases[1], 'failure')[0].attrs.message, kept);
    assert.equal(elements(cases[2], 'error')[0].attrs.message, kept);
    assert.equal(elements(cases[3], 'skipped')[0].attrs.message, kept);
    assert.equal(elements(elements(suites[1], 'testcase')[0], 'error')[0].text, kept);
  });

  test('JSON: parses back to the very same results (controls and lone surrogates escaped)', () => {
    const out = jsonReport(results);
    const raw = [...out].filter(c => (c.codePointAt(0)! < 0x20 && c !== '\n') || /\p{Cs}/u.test(c));
    assert.deepEqual(raw, [], 'JSON escapes C0 controls and lone surrogates');
    assert.deepEqual(JSON.parse(out).scenarios, JSON.parse(JSON.stringify(results)));
    assert.equal((JSON.parse(out) as { scenarios: ScenarioResult[] }).scenarios[0].name, EVIL);
  });

  test('text: one line per result line, no control character reaches the terminal', () => {
    const out = textReport(results);
    assert.ok(
      out.split('\n').every(line => !/[\p{Cc}\p{Bidi_Control}]/u.test(line)),
      'a control character',
    );
    // scenario + 4 steps + failure + error + scenario not run + its error + the summary
    assert.equal(out.split('\n').length, 10);
    assert.match(out, /h\\u001b\[2Ki\\u000dj\\u000ak/);
    assert.equal(printable('✓ 1. plain (getOrder), 2 ms'), '✓ 1. plain (getOrder), 2 ms');
  });

  test("the CLI's finding lines print a key with an escape sequence escaped", async () => {
    const file = path.join(scenarios, 'escape.scenario.json');
    fs.writeFileSync(file, JSON.stringify({ name: 'x', steps: [], '\u001b[2J\u001b[1A✓ all passed\r': 1 }));
    const r = await runCli(['test', file]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /Unknown field "\\u001b\[2J\\u001b\[1A✓ all passed\\u000d"/);
    assert.ok(!r.stderr.includes('\u001b') && !r.stderr.includes('\r'));
  });
});

describe('the runner and the folder walk hold hostile input', () => {
  test('a pattern that backtracks without end on an answer ends as a failure, not a frozen editor or CI job', () => {
    const f = checkValue({ name: `${'a'.repeat(40)}!` }, { path: 'name', matches: '^(a+)+$' }, ['steps', 0]);
    assert.equal(
      f?.message,
      `gave up matching name against /^(a+)+$/ after ${PATTERN_LIMIT_MS} ms: the pattern backtracks (nested repeats such as (a+)+); write it without them`,
    );
    assert.equal(checkValue({ name: 'O12345678' }, { path: 'name', matches: '^O\\d{8}$' }, []), undefined);
  });

  test('a folder walk follows no link: a loop ends, a linked scenario from elsewhere is not run', async () => {
    const walk = path.join(tmp, 'walk');
    fs.mkdirSync(walk);
    const reads = { name: 'reads', steps: [{ kind: 'getAccount', accountNumber: 'A00000001' }] };
    fs.writeFileSync(path.join(walk, 'reads.scenario.json'), JSON.stringify(reads));
    fs.writeFileSync(path.join(outside, 'evil.scenario.json'), JSON.stringify({ ...reads, name: OUTSIDE_MARKER }));
    fs.symlinkSync(path.join(outside, 'evil.scenario.json'), path.join(walk, 'linked.scenario.json'));
    fs.symlinkSync(walk, path.join(walk, 'loop'));
    const r = await runCli(['test', walk]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^1 scenario\(s\), 1 step\(s\): 1 passed/m);
    assert.doesNotMatch(r.stdout + r.stderr, new RegExp(OUTSIDE_MARKER));
  });

  test('a body field named "__proto__" is sent as written, and no object anywhere gains it', () => {
    const body = JSON.parse('{"name":"${a.name}","__proto__":{"polluted":true}}') as object;
    const sent = resolveReferences(body, new Map([['a', { name: 'Acme' }]]));
    assert.equal(JSON.stringify(sent), '{"name":"Acme","__proto__":{"polluted":true}}');
    assert.equal(Object.getPrototypeOf(sent), Object.prototype);
    assert.equal(({} as { polluted?: boolean }).polluted, undefined);
  });
});
