// Issue 22 (scenario core): retry until, captures, tags and each; each run for real on the Local sandbox over
// loopback, waits through an injected clock (the new checks, environment and secrets: scenario-checks.test.ts).
import { describe, test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BillingClient } from '../../src/client';
import { findOperation } from '../../src/catalog';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { readScenario, runScenarios, textReport, type RunOptions } from '../../src/scenarios';
import { ACCOUNT, codes, dir, local, scenario, SIGNUP, teamOrder } from './scenarioSteps';

const DOCUMENTS = (retry: unknown, expect?: unknown) => ({
  name: 'documents',
  kind: 'operation',
  operation: 'GET /v1/billing-documents',
  query: { accountNumber: '${customer.account_number}' },
  retry,
  ...(expect ? { expect } : {}),
});

/** A clock that only moves when the run "sleeps", and a sleeper that records each wait. */
function fakeTime(onSleep: (n: number) => void | Promise<void> = () => {}) {
  let t = 0;
  const waits: number[] = [];
  const sleep: RunOptions['sleep'] = async ms => {
    waits.push(ms);
    t += ms;
    await onSleep(waits.length);
  };
  return { now: () => t, sleep, waits };
}

describe('the example that retries, captures and checks the schema', () => {
  const file = path.join(dir, 'bill-run-then-invoices.scenario.json');
  test('reads without findings, has its tags, and passes on the Local sandbox', async () => {
    const f = readScenario(fs.readFileSync(file, 'utf8'), { file });
    assert.deepEqual(f.findings, []);
    assert.deepEqual(f.scenario?.tags, ['billing', 'smoke']);
    const [r] = await runScenarios([f], local);
    assert.equal(r.outcome, 'passed', textReport([r]));
    const invoices = r.steps.find(s => s.label === 'invoices')!;
    assert.equal(invoices.tries, 1, 'the Local sandbox finishes a bill run before it answers');
    assert.equal((invoices.exchange?.answer as { data: unknown[] }).data.length, 1);
  });
});

describe('retry until', () => {
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
  const on = (sleep: RunOptions['sleep'], now: () => number, signal?: AbortSignal): RunOptions => ({
    target: { kind: 'connection', client, connection: { name: 'sandbox', baseUrl: sb.url, production: false } },
    confirm: () => true,
    sleep,
    now,
    signal,
  });
  const billRun = () =>
    client.send(findOperation('POST', '/v1/bill-runs')!, { body: { targetDate: '2027-01-01', autoPost: true } });

  test('sends the read again until the check holds; the result and the report say how many tries', async () => {
    // The bill run lands while the run waits for the second time: the third read finds the invoice.
    const time = fakeTime(async n => void (n === 2 && (await billRun())));
    const f = scenario({
      name: 'wait for the invoice',
      steps: [
        ACCOUNT,
        SIGNUP,
        DOCUMENTS(
          { until: { path: 'documents', count: { greaterThan: 0 } }, every: '2s', for: '60s' },
          { values: [{ path: 'documents[0].documentType', equals: 'Invoice' }] },
        ),
      ],
    });
    assert.deepEqual(f.findings, []);
    const [r] = await runScenarios([f], on(time.sleep, time.now));
    const step = r.steps[2];
    assert.equal(step.outcome, 'passed', textReport([r]));
    assert.equal(step.tries, 3);
    assert.deepEqual(time.waits, [2000, 2000]);
    assert.match(textReport([r]), /3\. documents \(operation\), \d+ ms, passed after 3 tries/);
    assert.equal(r.steps[0].tries, 1);
  });

  test('`for` ends the waiting: the step fails with the last answer, saying how long it tried', async () => {
    const time = fakeTime();
    const f = scenario({
      name: 'never there',
      steps: [ACCOUNT, DOCUMENTS({ until: { path: 'documents', count: { greaterThan: 5 } }, every: '2s', for: '7s' })],
    });
    const [r] = await runScenarios([f], on(time.sleep, time.now));
    const step = r.steps[1];
    assert.equal(step.outcome, 'failed');
    assert.equal(step.tries, 4, 'tries at 0, 2, 4 and 6 s; a fifth would start after 7 s');
    assert.deepEqual(time.waits, [2000, 2000, 2000]);
    assert.match(
      step.failures[0].message,
      /still not so after 4 tries over 7s: expected more than 5 items at documents, got 0/,
    );
    assert.deepEqual(step.failures[0].path, ['steps', 1, 'retry', 'until', 'count']);
  });

  test('an answer slower than `for` leaves one try: "after 1 try", not "after 1 tries"', async () => {
    let t = 0;
    const slow = () => (t += 30_000); // every reading of the clock is 30 s on: the first answer took longer than `for`
    const f = scenario({
      name: 'slow',
      steps: [ACCOUNT, DOCUMENTS({ until: { path: 'documents', count: { greaterThan: 5 } }, every: '2s', for: '7s' })],
    });
    const [r] = await runScenarios([f], on(fakeTime().sleep, slow));
    const step = r.steps[1];
    assert.equal(step.tries, 1);
    assert.match(step.failures[0].message, /^still not so after 1 try over 7s: /);
  });

  test('cancelling while it waits stops at once: the step is skipped, nothing more is sent', async () => {
    const ac = new AbortController();
    const time = fakeTime(() => ac.abort());
    const f = scenario({
      name: 'cancelled',
      steps: [ACCOUNT, DOCUMENTS({ until: { path: 'documents', count: 3 }, every: '1s', for: '1h' }), SIGNUP],
    });
    const [r] = await runScenarios([f], on(time.sleep, time.now, ac.signal));
    assert.deepEqual(
      r.steps.map(s => [s.outcome, s.tries]),
      [
        ['passed', 1],
        ['skipped', 1],
        ['skipped', 0],
      ],
    );
    assert.equal(time.waits.length, 1);
  });

  test('an expect-shaped until: status and values together', async () => {
    const time = fakeTime();
    const until = { status: 200, values: [{ path: 'success', equals: true }] };
    const f = scenario({ name: 'at once', steps: [ACCOUNT, DOCUMENTS({ until, for: '10s' })] });
    assert.deepEqual(f.findings, []);
    const [r] = await runScenarios([f], on(time.sleep, time.now));
    assert.deepEqual([r.steps[1].outcome, r.steps[1].tries, time.waits], ['passed', 1, []]);
  });
});

describe('retry as the file is read', () => {
  test('a write or an advance may not be retried; reads and previews may', () => {
    const until = { path: 'state', equals: 'active' };
    const f = scenario({
      name: 'x',
      steps: [
        { ...ACCOUNT, retry: { until, for: '10s' } },
        { kind: 'operation', operation: 'POST /v1/bill-runs', body: {}, retry: { until, for: '10s' } },
        { kind: 'advance', by: '1 month', retry: { until, for: '10s' } },
        { kind: 'getAccount', accountNumber: '${customer.account_number}', retry: { until, for: '10s' } },
      ],
    });
    assert.deepEqual(codes(f), ['retry-write@steps.0.retry', 'retry-write@steps.1.retry', 'retry-write@steps.2.retry']);
    assert.match(f.findings[0].message, /Only reads and previews may be retried/);
  });
  test('spans that do not read, every 0, for shorter than every (a warning), an until that checks nothing', () => {
    const get = { kind: 'getAccount', accountNumber: 'A1' };
    const f = scenario({
      name: 'x',
      steps: [
        { ...get, retry: { until: { path: 'x', exists: true }, every: 'soon', for: '1 minute' } },
        { ...get, retry: { until: { path: 'x', exists: true }, every: 0, for: '1s' } },
        { ...get, retry: { until: { path: 'x', exists: true }, every: '5s', for: '2s' } },
        { ...get, retry: { until: { path: 'x' }, for: '2s' } },
        { ...get, retry: { every: '1s' } },
      ],
    });
    assert.deepEqual(codes(f), [
      'bad-duration@steps.0.retry.every',
      'bad-duration@steps.0.retry.for',
      'bad-duration@steps.1.retry.every',
      'bad-duration@steps.2.retry.for',
      'empty-check@steps.3.retry.until',
      'wrong-shape@steps.4.retry.until',
      'wrong-shape@steps.4.retry.for',
    ]);
    assert.equal(f.findings.find(x => x.path.join('.') === 'steps.2.retry.for')?.severity, 'warning');
    assert.match(f.findings[0].message, /write it like "500ms", "2s", "1m"/);
  });
});

describe('captures', () => {
  test('a captured value is used later in a path, a body and an expected value', async () => {
    const f = scenario({
      name: 'captures',
      steps: [
        { ...ACCOUNT, capture: { accountNo: '$.account_number' } },
        {
          kind: 'createOrder',
          body: teamOrder(10, '${accountNo}'),
          capture: { subNo: 'subscriptions[0].subscription_number' },
        },
        {
          kind: 'operation',
          operation: 'GET /v1/subscriptions/{subscription-key}',
          pathParams: { 'subscription-key': '${subNo}' },
          expect: { values: [{ path: 'subscriptionNumber', equals: '${subNo}' }] },
        },
      ],
    });
    assert.deepEqual(f.findings, []);
    const [r] = await runScenarios([f], local);
    assert.equal(r.outcome, 'passed', textReport([r]));
    const sub = r.steps[1].exchange?.answer as { subscriptions: { subscription_number: string }[] };
    assert.match(
      r.steps[2].exchange!.url,
      new RegExp(`/v1/subscriptions/${sub.subscriptions[0].subscription_number}$`),
    );
  });

  test('a capture that finds nothing fails its step; a later use of it errors naming why', async () => {
    const f = scenario({
      name: 'nothing',
      steps: [
        { ...ACCOUNT, capture: { nope: 'no_such_field' } },
        { kind: 'getAccount', accountNumber: '${nope}' },
      ],
    });
    const [r] = await runScenarios([f], local);
    assert.equal(r.steps[0].outcome, 'failed');
    assert.match(r.steps[0].failures[0].message, /could not capture "nope": the answer has nothing at no_such_field/);
    assert.deepEqual(r.steps[0].failures[0].path, ['steps', 0, 'capture', 'nope']);
    assert.equal(r.steps[1].outcome, 'errored');
    assert.match(r.steps[1].error!, /\$\{nope\}: the capture "nope" of customer found nothing at no_such_field/);
  });

  test('findings: a capture named like a step or twice, an unknown or later capture, a reserved name, a bad path', () => {
    const f = scenario({
      name: 'x',
      steps: [
        { ...ACCOUNT, capture: { customer: 'id', a: 'id', env: 'id', 'b c': 'x', p: 'x[' } },
        { kind: 'getAccount', accountNumber: '${later}', capture: { a: 'id' } },
        { kind: 'getAccount', accountNumber: '${unknown}', capture: { later: 'id' } },
        { kind: 'getAccount', name: 'row', accountNumber: '${a}' },
      ],
    });
    assert.deepEqual(codes(f), [
      'capture-clash@steps.0.capture.customer',
      'reserved-name@steps.0.capture.env',
      'bad-capture-name@steps.0.capture.b c',
      'bad-json-path@steps.0.capture.p',
      'later-step@steps.1.accountNumber',
      'capture-clash@steps.1.capture.a',
      'unknown-step@steps.2.accountNumber',
      'reserved-name@steps.3.name',
    ]);
    const msg = (code: string) => f.findings.find(x => x.code === code)!.message;
    assert.match(msg('unknown-step'), /no step captures "unknown" and no step is named "unknown"/);
    assert.match(msg('later-step'), /"later" is captured by a later step \(3\)/);
    assert.match(msg('capture-clash'), /has the name of step 1/);
  });
});

describe('tags and each', () => {
  test('each row runs as a scenario of its own, named by its number or its name; ${row.NAME} is its value', async () => {
    const f = scenario({
      name: 'seats',
      tags: ['smoke'],
      each: [{ seats: 10 }, { seats: 200, name: 'big team' }],
      steps: [
        ACCOUNT,
        {
          ...SIGNUP,
          body: teamOrder('${row.seats}'),
          expect: {
            values: [
              {
                path: 'subscriptions[0].actions[0].subscription_plans.data[0].subscription_items.data[0].quantity',
                equals: '${row.seats}',
              },
            ],
          },
        },
      ],
    });
    assert.deepEqual(f.findings, []);
    assert.deepEqual(f.scenario?.tags, ['smoke']);
    const starts: string[] = [];
    const results = await runScenarios([f], {
      ...local,
      onEvent: e => void (e.type === 'scenarioStart' && starts.push(e.name)),
    });
    assert.deepEqual(
      results.map(r => [r.name, r.outcome]),
      [
        ['seats [row 1]', 'passed'],
        ['seats [big team]', 'passed'],
      ],
    );
    assert.deepEqual(starts, ['seats [row 1]', 'seats [big team]']);
    const quantities = results.map(
      r =>
        (r.steps[1].exchange?.body as ReturnType<typeof teamOrder>).subscriptions[0].subscription_plans[0].prices[0]
          .quantity,
    );
    assert.deepEqual(quantities, [10, 200], 'a whole-string reference keeps the number');
  });

  test('findings: ${row...} without each, a row without the value, each with no rows', () => {
    const without = scenario({ name: 'x', steps: [{ kind: 'getAccount', accountNumber: '${row.account}' }] });
    assert.deepEqual(codes(without), ['row-without-each@steps.0.accountNumber']);
    const missing = scenario({
      name: 'x',
      each: [{ account: 'A1' }, { other: 1 }],
      steps: [{ kind: 'getAccount', accountNumber: '${row.account}' }],
    });
    assert.deepEqual(codes(missing), ['row-missing@steps.0.accountNumber']);
    assert.match(missing.findings[0].message, /row 2 of "each" has no "account"/);
    const empty = scenario({ name: 'x', each: [], steps: [] });
    assert.deepEqual(codes(empty), ['wrong-shape@each']);
  });
});
