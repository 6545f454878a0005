// Red team (issue 20): a *.scenario.json from a cloned repository is hostile input. It must not send or show
// files outside its project, carry the connection's credentials anywhere, leave its host through a path,
// write without consent, or forge or break the reports. Calls go to a recording fake service on loopback.
import { describe, test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { BillingClient } from '../../src/client';
import {
  jsonReport,
  junitReport,
  runScenarios,
  textReport,
  type RunEvent,
  type ScenarioResult,
} from '../../src/scenarios';
import { runCli } from './cli';
import { hostileRepo, readIn } from './hostileRepo';

const { scenarios } = hostileRepo();

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
