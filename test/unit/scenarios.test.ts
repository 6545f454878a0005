// Scenarios: references, checks and the runner, over real HTTP on the Local sandbox (findings and the shipped
// examples: scenario-findings.test.ts).
import { describe, test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BillingClient } from '../../src/client';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import {
  checkAnswer,
  parseJsonPath,
  readScenario,
  resolveReferences,
  runScenarios,
  UnresolvedReference,
  type RunEvent,
  type ScenarioFile,
  type StepResult,
} from '../../src/scenarios';
import { USD } from './expected';

const dir = path.resolve('examples/scenarios');
const scenarioText = (s: unknown) => JSON.stringify(s, null, 2);
/** A scenario as if written in examples/scenarios/ (its payload files are relative to it). */
const scenario = (s: unknown): ScenarioFile =>
  readScenario(scenarioText(s), { file: path.join(dir, 'test.scenario.json') });
const local = { target: { kind: 'local' as const } };

const ACCOUNT = { kind: 'createAccount', name: 'customer', file: '../acme.account.json' };
const teamOrder = (seats: number) => ({
  account_number: '${customer.account_number}',
  subscriptions: [
    {
      initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
      renewal_term: { type: 'termed', interval: 'month', interval_count: 12 },
      subscription_plans: [
        { plan_id: 'plan-team-monthly', prices: [{ price_id: 'price-team-seats', quantity: seats }] },
      ],
    },
  ],
});

describe('references to earlier answers', () => {
  const answers = new Map<string, unknown>([
    ['signup', { order_number: 'O00000009', subscriptions: [{ subscription_number: 'S00000007', version: 3 }] }],
  ]);
  test('a whole-string reference keeps the value (a number stays a number); in text it is replaced', () => {
    const body = {
      n: '${signup.subscriptions[0].subscription_number}',
      v: '${signup.subscriptions[0].version}',
      text: 'order ${signup.order_number} v${signup.subscriptions[0].version}',
      list: ['${signup.order_number}'],
      untouched: 42,
    };
    assert.deepEqual(resolveReferences(body, answers), {
      n: 'S00000007',
      v: 3,
      text: 'order O00000009 v3',
      list: ['O00000009'],
      untouched: 42,
    });
  });
  test('a missing field or a step without an answer is an error naming the reference and where it is', () => {
    const missing = () => resolveReferences({ a: { b: '${signup.subscriptions[3].subscription_number}' } }, answers);
    assert.throws(missing, (e: unknown) => {
      assert.ok(e instanceof UnresolvedReference);
      assert.match(
        e.message,
        /\$\{signup\.subscriptions\[3\]\.subscription_number\}: the answer of "signup" has no subscriptions\[3\]/,
      );
      assert.deepEqual(e.at, ['a', 'b']);
      return true;
    });
    assert.throws(() => resolveReferences('${quote.x}', answers), /no earlier step named "quote"/);
  });
  test('JSON paths: dots, indexes, quoted keys, an optional $', () => {
    assert.deepEqual(parseJsonPath('$.subscriptions[0].actions[1]["odd.key"]'), {
      segments: ['subscriptions', 0, 'actions', 1, 'odd.key'],
    });
    assert.deepEqual(parseJsonPath('$'), { segments: [] });
    assert.ok(parseJsonPath('a..b').error);
  });
});

describe('checks of an answer', () => {
  const answer = { status: 200, body: { order_number: 'O00000004', state: 'complete', tags: ['a'], none: null } };
  const at = ['steps', 0, 'expect'];
  const cases: [string, object, boolean][] = [
    ['status equal', { status: 200 }, true],
    ['status different', { status: 201 }, false],
    ['equals', { values: [{ path: 'state', equals: 'complete' }] }, true],
    ['equals, another value', { values: [{ path: 'state', equals: 'pending' }] }, false],
    ['equals an array', { values: [{ path: 'tags', equals: ['a'] }] }, true],
    ['equals null (null is a value)', { values: [{ path: 'none', equals: null }] }, true],
    ['exists', { values: [{ path: '$.order_number', exists: true }] }, true],
    ['exists, missing', { values: [{ path: 'account_number', exists: true }] }, false],
    ['exists false, missing', { values: [{ path: 'account_number', exists: false }] }, true],
    ['exists false, present', { values: [{ path: 'state', exists: false }] }, false],
    ['matches', { values: [{ path: 'order_number', matches: '^O\\d{8}$' }] }, true],
    ['matches, no match', { values: [{ path: 'order_number', matches: '^S' }] }, false],
    ['matches, missing', { values: [{ path: 'nothing', matches: '.*' }] }, false],
  ];
  for (const [name, expect, passes] of cases) {
    test(`${name}: ${passes ? 'passes' : 'fails'}`, () => {
      const failures = checkAnswer(answer, expect, at);
      assert.equal(failures.length, passes ? 0 : 1, JSON.stringify(failures));
    });
  }
  test('a failure says what was expected, what came back, and where the check is in the file', () => {
    const [f] = checkAnswer(answer, { values: [{ path: 'x' }, { path: 'state', equals: 'pending' }] }, at);
    assert.deepEqual(
      { expected: f.expected, actual: f.actual, path: f.path },
      { expected: 'pending', actual: 'complete', path: ['steps', 0, 'expect', 'values', 1, 'equals'] },
    );
    assert.equal(f.message, 'expected "pending" at state, got "complete"');
  });
});

describe('the runner, on fresh Local sandboxes', () => {
  test('totals per currency, pass and fail, with the events in order', async () => {
    const seats = 10;
    const mrr = seats * USD.seat + USD.platformFee;
    const preview = (totals: object) => ({
      kind: 'preview',
      body: { ...teamOrder(seats), metrics: ['delta_metrics'] },
      expect: { totals: [totals] },
    });
    const s = scenario({
      name: 'totals',
      steps: [ACCOUNT, preview({ currency: 'USD', mrr, tcb: mrr * 12 }), preview({ currency: 'USD', mrr: mrr + 1 })],
    });
    const events: RunEvent[] = [];
    const [r] = await runScenarios([s], { ...local, onEvent: e => events.push(e) });
    assert.deepEqual(
      r.steps.map(x => x.outcome),
      ['passed', 'passed', 'failed'],
    );
    const [f] = r.steps[2].failures;
    assert.deepEqual([f.check, f.expected, f.actual], ['USD mrr total', mrr + 1, mrr]);
    assert.deepEqual(f.path, ['steps', 2, 'expect', 'totals', 0, 'mrr']);
    assert.equal(r.outcome, 'failed');
    assert.deepEqual(
      events.map(
        e =>
          e.type +
          ('step' in e ? ` ${e.step.index}` : 'result' in e && 'index' in e.result ? ` ${e.result.index}` : ''),
      ),
      [
        'scenarioStart',
        'stepStart 0',
        'stepEnd 0',
        'stepStart 1',
        'stepEnd 1',
        'stepStart 2',
        'stepEnd 2',
        'scenarioEnd',
      ],
    );
  });

  test('a reference to a missing field: the step errors at the reference, later steps are not sent', async () => {
    const s = scenario({
      name: 'missing field',
      steps: [
        ACCOUNT,
        { kind: 'getAccount', name: 'again', accountNumber: '${customer.no_such_field}' },
        { kind: 'createOrder', body: teamOrder(1) },
      ],
    });
    assert.deepEqual(s.findings, [], 'references are checked at run time: the field may exist');
    const [r] = await runScenarios([s], local);
    assert.equal(r.outcome, 'errored');
    assert.equal(r.steps[1].outcome, 'errored');
    assert.match(r.steps[1].error!, /\$\{customer\.no_such_field\}: the answer of "customer" has no no_such_field/);
    assert.deepEqual(r.steps[1].errorPath, ['steps', 1, 'accountNumber']);
    assert.equal(r.steps[2].outcome, 'skipped');
  });

  test('a step error (4xx): errored when nobody expected it, passed when the status is the one expected', async () => {
    const resumeActive = (expect?: object) => ({
      kind: 'preview',
      body: {
        account_number: 'A00000001',
        metrics: ['delta_metrics'],
        subscriptions: [
          { subscription_number: 'S00000002', resume: {} },
          { subscription_number: 'S00000001', resume: {} },
        ],
      },
      ...(expect ? { expect } : {}),
    });
    const unexpected = scenario({ name: 'unexpected', steps: [resumeActive()] });
    const expected = scenario({
      name: 'expected',
      steps: [
        resumeActive({ status: 400, values: [{ path: 'errors[0].parameter', equals: 'subscriptions[1].resume' }] }),
      ],
    });
    const [u, e] = await runScenarios([unexpected, expected], local);
    assert.equal(u.steps[0].outcome, 'errored');
    assert.match(u.steps[0].error!, /400/);
    assert.equal(u.steps[0].exchange?.status, 400);
    assert.equal(e.steps[0].outcome, 'passed', JSON.stringify(e.steps[0]));
  });

  test("each run starts from a fresh sandbox at the scenario's today", async () => {
    const s = scenario({
      name: 'fresh',
      today: '2031-02-03',
      steps: [ACCOUNT, { kind: 'createOrder', name: 'signup', body: teamOrder(3) }],
    });
    const [a, b] = await runScenarios([s, s], local);
    const numbers = [a, b].map(r => r.steps[0].exchange?.answer as { account_number: string });
    assert.equal(
      numbers[0].account_number,
      numbers[1].account_number,
      'nothing of the first run is seen by the second',
    );
    const order = b.steps[1].exchange?.answer as { order_date: string; subscriptions: { start_date: string }[] };
    assert.equal(order.order_date, '2031-02-03');
    assert.equal(order.subscriptions[0].start_date, '2031-02-03');
    assert.equal(a.target, 'Local sandbox (fresh, today 2031-02-03)');
  });

  test('results hold nothing secret: card data sent and a failing check on it are redacted', async () => {
    const account = JSON.parse(fs.readFileSync('examples/acme.account.json', 'utf8'));
    const card = {
      card_number: '4111111111111111',
      brand: 'visa',
      security_code: '123',
      expiry_month: 12,
      expiry_year: 2030,
    };
    const s = scenario({
      name: 'card',
      steps: [
        {
          kind: 'createAccount',
          body: { ...account, payment_method: { type: 'card', card } },
          expect: { values: [{ path: 'account_number', equals: '4111111111111111' }] },
        },
      ],
    });
    const [r] = await runScenarios([s], local);
    assert.equal(r.outcome, 'failed');
    const shown = JSON.stringify(r);
    assert.ok(!shown.replace(/"expected":"4111111111111111"/g, '').includes('4111111111111111'), shown);
    assert.ok(!shown.includes('"123"'), shown);
  });

  test('catalog operations by id, with references in path parameters, query and body', async () => {
    const s = scenario({
      name: 'operations',
      steps: [
        ACCOUNT,
        { kind: 'createOrder', name: 'signup', body: teamOrder(4) },
        {
          kind: 'operation',
          operation: 'GET /object-query/accounts/{key}',
          pathParams: { key: '${customer.account_number}' },
          expect: { values: [{ path: 'name', equals: 'Acme Robotics' }] },
        },
        {
          kind: 'operation',
          operation: 'GET /object-query/orders',
          query: { 'filter[]': 'accountNumber.EQ:${customer.account_number}', pageSize: 5 },
          expect: {
            values: [
              { path: 'data[0].orderNumber', equals: '${signup.order_number}' },
              { path: 'data[1]', exists: false },
            ],
          },
        },
        {
          kind: 'operation',
          operation: 'POST /v2/orders/preview',
          body: {
            account_number: '${customer.account_number}',
            metrics: ['delta_metrics'],
            subscriptions: [{ subscription_number: '${signup.subscriptions[0].subscription_number}', cancel: {} }],
          },
          expect: { status: 201, values: [{ path: 'subscriptions[0].actions[0].action', equals: 'cancel' }] },
        },
      ],
    });
    assert.deepEqual(s.findings, []);
    const [r] = await runScenarios([s], local);
    assert.deepEqual(
      r.steps.map(x => [x.outcome, x.exchange?.url.replace(/^http:\/\/127\.0\.0\.1:\d+/, '')]),
      [
        ['passed', '/v2/accounts'],
        ['passed', '/v2/orders'],
        ['passed', '/object-query/accounts/A00000002'],
        ['passed', '/object-query/orders?filter%5B%5D=accountNumber.EQ%3AA00000002&pageSize=5'],
        ['passed', '/v2/orders/preview'],
      ],
    );
  });

  test('a scenario with findings is not run', async () => {
    const s = scenario({ name: 'bad', steps: [{ kind: 'refund' }] });
    const [r] = await runScenarios([s], local);
    assert.equal(r.outcome, 'errored');
    assert.match(r.error!, /Unknown step kind/);
  });
});

describe('the runner on a connection', () => {
  let sb: Sandbox;
  let client: BillingClient;
  let controller: AbortController;
  before(async () => {
    // Holds every order creation at the server; the test aborts the run while it is held there.
    sb = await startSandbox({
      delay: (method, p) => (method === 'POST' && p === '/v2/orders' ? (controller.abort(), 60_000) : 0),
    });
    client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  });
  after(async () => {
    await client.close();
    await sb.close();
  });
  const connection = { name: 'Tenant sandbox', baseUrl: 'http://127.0.0.1', production: false };

  test('cancellation mid-run: the request in flight and the steps after it are skipped', async () => {
    controller = new AbortController();
    const ended: StepResult[] = [];
    const s = scenario({
      name: 'cancel',
      steps: [ACCOUNT, { kind: 'createOrder', body: teamOrder(2) }, { kind: 'getAccount', accountNumber: 'A00000001' }],
    });
    const [r] = await runScenarios([s], {
      target: { kind: 'connection', client, connection },
      signal: controller.signal,
      confirm: () => true,
      onEvent: e => e.type === 'stepEnd' && ended.push(e.result),
    });
    assert.deepEqual(
      r.steps.map(x => x.outcome),
      ['passed', 'skipped', 'skipped'],
    );
    assert.equal(r.outcome, 'skipped');
    assert.equal(r.steps[1].error, 'Cancelled.');
    assert.deepEqual(
      ended.map(x => [x.index, x.outcome]),
      [
        [0, 'passed'],
        [1, 'skipped'],
        [2, 'skipped'],
      ],
      'every step ends with an event, the ones never started too',
    );
  });

  test('writes are asked once per run, naming the connection and the steps; declined, nothing is sent', async () => {
    controller = new AbortController();
    const before = sb.store.accounts.size;
    const writing = scenario({ name: 'writes', steps: [ACCOUNT] });
    const reading = scenario({ name: 'reads', steps: [{ kind: 'getAccount', accountNumber: 'A00000001' }] });
    const asked: unknown[] = [];
    const results = await runScenarios([writing, reading, writing], {
      target: { kind: 'connection', client, connection },
      confirm: q => (asked.push(q), false),
    });
    assert.deepEqual(asked, [
      {
        connection,
        writes: [
          { scenario: 'writes', steps: ['customer'] },
          { scenario: 'writes', steps: ['customer'] },
        ],
      },
    ]);
    assert.deepEqual(
      results.map(r => r.outcome),
      ['skipped', 'passed', 'skipped'],
    );
    assert.equal(sb.store.accounts.size, before);
  });
});
