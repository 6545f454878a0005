// Issue 31, item 3: a scenario can make any call. An `operation` step takes any operation of the catalog, v1 and
// v2 (an unknown one says what it likely means); steps send `headers` as given (never the client's own); the Local
// sandbox's control calls (clock, catalog, reset) are steps. Run for real over loopback.
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { BillingClient } from '../../src/client';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { readScenario, runScenarios, type RunTarget, type ScenarioFile } from '../../src/scenarios';
import { GOLD } from './goldPlan';

const dir = path.resolve('examples/scenarios');
const scenario = (s: unknown): ScenarioFile =>
  readScenario(JSON.stringify(s, null, 2), { file: path.join(dir, 'test.scenario.json') });
const example = (name: string) =>
  readScenario(fs.readFileSync(path.join(dir, name), 'utf8'), { file: path.join(dir, name) });
const local = { target: { kind: 'local' as const } };
const findings = (f: ScenarioFile) => f.findings.map(x => [x.code, x.path.join('.'), x.message]);
const failed = (r: { steps: { outcome: string }[] }) =>
  JSON.stringify(
    r.steps.filter(x => x.outcome !== 'passed'),
    null,
    1,
  );

describe('an operation step takes any operation of the catalog, v1 and v2', () => {
  test('the example bill run is read back by GET /v2/invoices with retry.until, and passes', async () => {
    const s = example('bill-run-then-invoices.scenario.json');
    assert.deepEqual(findings(s), []);
    const invoices = s.steps.find(p => p.label === 'invoices')!;
    assert.equal(invoices.operation?.id, 'GET /v2/invoices');
    assert.ok(invoices.step.retry?.until, 'the read waits with retry.until');
    const [r] = await runScenarios([s], local);
    assert.equal(r.outcome, 'passed', failed(r));
    const read = r.steps.find(x => x.label === 'invoices')!;
    assert.match(read.exchange!.url, /\/v2\/invoices\?filter%5B%5D=account_number\.EQ%3AA\d{8}$/);
    assert.equal((read.exchange!.answer as { data: unknown[] }).data.length, 1);
    assert.equal(r.steps.find(x => x.label === 'billRun')!.exchange!.status, 201);
  });

  test('v2 operations of every group are known: no finding, and the call reaches the sandbox', async () => {
    const s = scenario({
      name: 'v2 reads',
      steps: [
        { kind: 'operation', operation: 'GET /v2/invoices', query: { page_size: 5 }, expect: { status: 200 } },
        { kind: 'operation', operation: 'GET /v2/bill_runs', expect: { status: 200 } },
        { kind: 'operation', operation: 'GET /v2/accounts/{account_id}', pathParams: { account_id: 'A00000001' } },
      ],
    });
    assert.deepEqual(findings(s), []);
    const [r] = await runScenarios([s], local);
    assert.equal(r.outcome, 'passed', failed(r));
  });

  test('an unknown operation is refused with what it likely means', () => {
    const cases: [string, string][] = [
      ['GET /v2/invoice', 'GET /v2/invoices'],
      ['get /v2/invoices/INV00000001', 'GET /v2/invoices/{invoice_id}'],
      ['POST /v2/bill-runs', 'POST /v2/bill_runs'],
    ];
    for (const [written, meant] of cases) {
      const s = scenario({ name: 'x', steps: [{ kind: 'operation', operation: written }] });
      assert.deepEqual(
        s.findings.map(f => f.code),
        ['unknown-operation'],
        written,
      );
      const mean = s.findings[0].message.match(/Did you mean (.*)\?/)?.[1] ?? '';
      assert.ok(mean.includes(`"${meant}"`), s.findings[0].message);
    }
  });
});

describe("an operation step's body is checked against the operation's contract, as a request file's is", () => {
  test('a v2 body: an unknown field is a warning at its place (the run goes); a ${...} value is left to the run', () => {
    const s = scenario({
      name: 'bodies',
      steps: [
        {
          kind: 'operation',
          name: 'made',
          operation: 'GET /v2/accounts/{account_id}',
          pathParams: { account_id: 'A1' },
        },
        {
          kind: 'operation',
          operation: 'POST /v2/contacts',
          body: { account_id: '${made.body.id}', first_name: 'A', last_name: 'B', colour: 'red' },
        },
        {
          kind: 'operation',
          operation: 'POST /v2/usage_records',
          body: {
            account_number: '${made.body.account_number}',
            quantity: '${made.body.bill_cycle_day}',
            start_time: '2027-01-15T00:00:00Z',
            unit_of_measure: 'API call',
          },
        },
      ],
    });
    const said = s.findings.filter(f => f.code === 'payload-invalid');
    assert.deepEqual(
      said.map(f => [f.severity, f.path.join('.'), f.message]),
      [['warning', 'steps.1.body.colour', 'Unknown field "colour" in the body: the service rejects it.']],
    );
    // A step that expects the refusal sends the wrong body on purpose: nothing is said.
    const negative = scenario({
      name: 'refused',
      steps: [{ kind: 'operation', operation: 'POST /v2/contacts', body: { colour: 'red' }, expect: { status: 400 } }],
    });
    assert.deepEqual(findings(negative), []);
  });
  test('a v1 body is open: an unknown field is no finding, nor one left out; a value of the wrong type is', () => {
    const s = scenario({
      name: 'v1',
      steps: [
        {
          kind: 'operation',
          operation: 'POST /v1/payments',
          body: { AnyCustom__c: 'x', amount: 'lots', currency: 'USD', type: 'External' },
        },
      ],
    });
    const said = s.findings.filter(f => f.code === 'payload-invalid');
    assert.deepEqual(
      said.map(f => [f.severity, f.path.join('.')]),
      [['warning', 'steps.0.body.amount']],
    );
  });
});

describe('headers', () => {
  /** A service on loopback that keeps the headers of every request (its token call answers a token). */
  let server: http.Server;
  let url: string;
  const seen: { path: string; headers: http.IncomingHttpHeaders }[] = [];
  before(async () => {
    server = http.createServer((req, res) => {
      seen.push({ path: req.url!, headers: req.headers });
      req.resume();
      const body = req.url === '/oauth/token' ? { access_token: 'tok-123', expires_in: 3600 } : { ok: true };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>(resolve => server.close(() => resolve())));

  test('are sent as given, references resolved, on reads, operations and creates', async () => {
    const client = new BillingClient({ baseUrl: url, clientId: 'id', clientSecret: 'secret' });
    const connection = { name: 'Trace', baseUrl: url, production: false };
    const target: RunTarget = { kind: 'connection', client, connection };
    const s = scenario({
      name: 'traced',
      steps: [
        { kind: 'getAccount', name: 'a', accountNumber: 'A1', headers: { 'X-Trace-Id': 'trace-1' } },
        {
          kind: 'operation',
          operation: 'GET /v1/accounts/{account-key}',
          pathParams: { 'account-key': 'A1' },
          headers: { 'service-version': '2.0', 'x-trace-id': 'after-${a.ok}' },
        },
        {
          kind: 'createAccount',
          body: { name: 'T', currency: 'USD', bill_to: { first_name: 'T', last_name: 'T' } },
          headers: { 'Idempotency-Key': 'key-7' },
        },
      ],
    });
    assert.deepEqual(findings(s), []);
    try {
      const [r] = await runScenarios([s], { target, confirm: () => true });
      assert.equal(r.outcome, 'passed', failed(r));
    } finally {
      await client.close();
    }
    const calls = seen.filter(x => x.path !== '/oauth/token');
    assert.equal(calls[0].headers['x-trace-id'], 'trace-1');
    assert.equal(calls[1].headers['service-version'], '2.0');
    assert.equal(calls[1].headers['x-trace-id'], 'after-true');
    assert.equal(calls[2].headers['idempotency-key'], 'key-7', "the create's key is the one given");
    assert.ok(
      calls.every(c => c.headers.authorization === 'Bearer tok-123'),
      'the client still signs every call',
    );
  });

  test('a value that resolves to more than one line errors its step before anything is sent', async () => {
    const client = new BillingClient({ baseUrl: url, clientId: 'id', clientSecret: 'secret' });
    const connection = { name: 'Trace', baseUrl: url, production: false };
    const from = seen.length;
    const s = scenario({
      name: 'injected',
      steps: [{ kind: 'getAccount', accountNumber: 'A1', headers: { 'x-trace-id': '${env.TRACE}' } }],
    });
    try {
      const env = { TRACE: 'a\r\nX-Injected: 1' };
      const [r] = await runScenarios([s], { target: { kind: 'connection', client, connection }, env });
      assert.equal(r.steps[0].outcome, 'errored');
      assert.equal(r.steps[0].errorKind, 'scenario');
      assert.deepEqual(r.steps[0].errorPath, ['steps', 0, 'headers', 'x-trace-id']);
      assert.match(r.steps[0].error!, /holds a line break/);
    } finally {
      await client.close();
    }
    assert.ok(seen.slice(from).every(x => !('x-injected' in x.headers) && x.path === '/oauth/token'));
  });

  test('never the client own: Authorization, Host and the framing are findings saying why; bad names too', () => {
    const s = scenario({
      name: 'x',
      steps: [
        {
          kind: 'getAccount',
          accountNumber: 'A1',
          headers: { Authorization: 'Bearer mine', host: 'evil.example', 'Content-Length': '1', 'x trace': 'a' },
        },
      ],
    });
    assert.deepEqual(
      s.findings.map(f => [f.code, f.path.join('.')]),
      [
        ['reserved-header', 'steps.0.headers.Authorization'],
        ['reserved-header', 'steps.0.headers.host'],
        ['reserved-header', 'steps.0.headers.Content-Length'],
        ['bad-header', 'steps.0.headers.x trace'],
      ],
    );
    assert.match(s.findings[0].message, /cannot set "Authorization": the client signs every request/);
    assert.match(s.findings[1].message, /cannot set "host": the host is the connection's/);
  });
});

const goldPreview = {
  account_number: 'A00000001',
  metrics: ['delta_metrics'],
  subscriptions: [
    {
      initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
      renewal_term: { type: 'termed', interval: 'month', interval_count: 12 },
      subscription_plans: [{ plan_id: 'plan-gold', prices: [{ price_id: 'price-gold-seats', quantity: 10 }] }],
    },
  ],
};

describe("the Local sandbox's control calls are steps", () => {
  test('clock reads today; catalog sets plans, reads them, puts the seeded ones back; reset starts afresh', async () => {
    const s = scenario({
      name: 'control',
      today: '2027-03-01',
      steps: [
        { kind: 'clock', name: 'now', expect: { values: [{ path: 'today', equals: '2027-03-01' }] } },
        { kind: 'catalog', body: { plans: [GOLD] }, expect: { values: [{ path: 'copied', equals: true }] } },
        { kind: 'catalog', expect: { values: [{ path: 'plans', equals: 1 }] } },
        { kind: 'preview', body: goldPreview, expect: { totals: [{ currency: 'USD', mrr: 420 }] } },
        { kind: 'catalog', seeded: true, expect: { values: [{ path: 'copied', equals: false }] } },
        { kind: 'preview', body: goldPreview, expect: { status: 400 } },
        { kind: 'createAccount', name: 'made', file: '../acme.account.json' },
        { kind: 'advance', by: '1 month' },
        { kind: 'reset', expect: { values: [{ path: 'today', equals: '2027-03-01' }] } },
        { kind: 'getAccount', accountNumber: '${made.account_number}', expect: { status: 404 } },
        { kind: 'clock', expect: { values: [{ path: 'today', equals: '2027-03-01' }] } },
      ],
    });
    assert.deepEqual(findings(s), []);
    const [r] = await runScenarios([s], local);
    assert.equal(r.outcome, 'passed', failed(r));
    assert.equal(r.steps[1].exchange?.method, 'PUT');
    assert.equal(r.steps[4].exchange?.method, 'DELETE');
    assert.equal(r.steps[8].exchange, undefined, 'a reset is no HTTP call: nothing for the History');
  });

  test('a misspelt kind says which it likely means; a catalog step takes one source', () => {
    for (const [written, meant] of [
      ['advnace', 'advance'],
      ['catalgo', 'catalog'],
      ['rest', 'reset'],
      ['clok', 'clock'],
    ]) {
      const s = scenario({ name: 'x', steps: [{ kind: written }] });
      assert.equal(s.findings[0]?.code, 'unknown-step-kind', written);
      assert.match(s.findings[0].message, new RegExp(`did you mean \`${meant}\`\\?`), written);
    }
    const both = scenario({ name: 'x', steps: [{ kind: 'catalog', seeded: true, body: { plans: [] } }] });
    assert.deepEqual(
      both.findings.map(f => [f.code, f.path.join('.')]),
      [['wrong-shape', 'steps.0.seeded']],
    );
    const retried = scenario({ name: 'x', steps: [{ kind: 'reset', retry: { until: { path: 'today' }, for: '1s' } }] });
    assert.ok(retried.findings.some(f => f.code === 'retry-write'));
  });

  describe('where they cannot run', () => {
    let sb: Sandbox;
    let client: BillingClient;
    before(async () => {
      sb = await startSandbox({ today: '2027-01-01' });
      client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
    });
    after(async () => {
      await client.close();
      await sb.close();
    });
    const run = (steps: unknown[], localSandbox: boolean) =>
      runScenarios([scenario({ name: 'x', steps })], {
        target: {
          kind: 'connection',
          client,
          connection: { name: 'C', baseUrl: sb.url, production: false, localSandbox },
        },
      });

    test('on a real environment: catalog and reset error, saying what it keeps, and nothing is sent', async () => {
      for (const [kind, keeps] of [
        ['catalog', 'its own catalog'],
        ['reset', 'its own data'],
        ['clock', 'its own date'],
      ]) {
        const [r] = await run([{ kind }, { kind: 'getAccount', accountNumber: 'A00000001' }], false);
        assert.deepEqual(
          r.steps.map(x => x.outcome),
          ['errored', 'skipped'],
          kind,
        );
        assert.ok(r.steps[0].error!.includes(`this connection keeps ${keeps}`), r.steps[0].error);
        assert.equal(r.steps[0].errorKind, 'scenario');
      }
      assert.equal(sb.store.catalog.copied, false);
    });

    test('on a Local sandbox reached by URL: clock, catalog and reset run (the reset over POST /_sandbox/reset)', async () => {
      const [r] = await run(
        [
          { kind: 'clock', expect: { values: [{ path: 'today', equals: '2027-01-01' }] } },
          { kind: 'createAccount', name: 'made', file: '../acme.account.json' },
          { kind: 'advance', by: '1 day' },
          { kind: 'catalog', seeded: true },
          { kind: 'reset', expect: { values: [{ path: 'today', equals: '2027-01-01' }] } },
          { kind: 'getAccount', accountNumber: '${made.account_number}', expect: { status: 404 } },
        ],
        true,
      );
      assert.equal(r.outcome, 'passed', failed(r));
      assert.deepEqual(
        [r.steps[4].exchange?.method, new URL(r.steps[4].exchange!.url).pathname, r.steps[4].exchange?.body],
        ['POST', '/_sandbox/reset', {}],
        'an HTTP call, for the History; no scenario `today`: the date the sandbox started on',
      );
      assert.equal(sb.clock.today(), '2027-01-01');
    });
  });
});
