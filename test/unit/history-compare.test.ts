// Issue 30 item 13: Compare Answers diffs what differs, not the ids, numbers and times the service generates
// (placeholders numbered in order of appearance, equal on both sides for answers of the same shape); and a
// Testing view run's time line has parts that add up to the whole.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { comparableAnswers, generatedKind } from '../../src/services/answerDiff';
import { runParts, runTimeLine } from '../../src/services/runTimes';
import type { ScenarioResult } from '../../src/scenarios';
import { startSandbox } from '../../src/sandbox';
import { BillingClient } from '../../src/client';

test('two orders created alike on the Local sandbox: after the placeholders their answers are equal', async () => {
  const sb = await startSandbox({ today: '2027-01-01' });
  const client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  try {
    const order = JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'new-customer.order.json'), 'utf8')) as object;
    const send = () => client.send({ method: 'POST', path: '/v2/orders' }, { body: order });
    const [a, b] = [(await send()).data, (await send()).data];
    assert.notDeepEqual(a, b, 'the raw answers differ (ids, numbers, times)');
    const { left, right, replaced } = comparableAnswers(a, b);
    assert.deepEqual(left, right, 'nothing left to tell them apart');
    assert.ok(replaced >= 4, `${replaced} generated values replaced`);
    assert.match(JSON.stringify(left), /"<id 1>"/);
    assert.match(JSON.stringify(left), /"<number 1>"/);
  } finally {
    await client.close();
    await sb.close();
  }
});

test('what differs in kind still shows; values both answers hold stay as they are', () => {
  const a = { id: '0f'.repeat(16), order_number: 'O-00000001', account_number: 'A00000001', quantity: 10 };
  const b = { id: 'a1'.repeat(16), order_number: 'O-00000002', account_number: 'A00000001', quantity: 15 };
  const { left, right } = comparableAnswers(a, b);
  assert.deepEqual(left, { id: '<id 1>', order_number: '<number 1>', account_number: 'A00000001', quantity: 10 });
  assert.deepEqual(right, { id: '<id 1>', order_number: '<number 1>', account_number: 'A00000001', quantity: 15 });
});

test('references keep their shape: the same id twice is the same placeholder, inside longer strings too', () => {
  const id = (c: string) => c.repeat(32);
  const a = {
    account: { id: id('1') },
    subscription: { account_id: id('1'), id: id('2') },
    uri: `/accounts/${id('1')}`,
  };
  const b = {
    account: { id: id('3') },
    subscription: { account_id: id('4'), id: id('5') },
    uri: `/accounts/${id('3')}`,
  };
  const { left, right } = comparableAnswers(a, b);
  assert.deepEqual(left, {
    account: { id: '<id 1>' },
    subscription: { account_id: '<id 1>', id: '<id 2>' },
    uri: '/accounts/<id 1>',
  });
  assert.deepEqual(right, {
    account: { id: '<id 1>' },
    subscription: { account_id: '<id 2>', id: '<id 3>' },
    uri: '/accounts/<id 1>',
  });
});

test('what counts as generated: ids, record numbers under number keys, instants; not plan ids or billing dates', () => {
  assert.equal(generatedKind('id', '8c4a7e0e2b3d4f5a9b8c7d6e5f4a3b2c'), 'id');
  assert.equal(generatedKind('requestId', 'req-42'), 'id');
  assert.equal(generatedKind('order_number', 'O-00000003'), 'number');
  assert.equal(generatedKind('invoiceKey', 'INV00000002'), 'number');
  assert.equal(generatedKind('created_time', '2027-01-01T08:12:33Z'), 'time');
  assert.equal(generatedKind('subscription_plan_id', 'SP00000003'), 'number');
  assert.equal(generatedKind('plan_id', 'plan-team-monthly'), undefined);
  assert.equal(generatedKind('term_start_date', '2027-01-01'), undefined);
  assert.equal(generatedKind('name', 'O-00000003'), undefined, 'a number only under a key that names one');
});

const EXAMPLES = 'examples'; // the tests run from the repository's root

const result = (ms: number, steps: number[]): ScenarioResult => ({
  name: 's',
  outcome: 'passed',
  ms,
  target: 'Local sandbox (fresh)',
  steps: steps.map((s, index) => ({
    index,
    label: `${index}`,
    kind: 'preview',
    outcome: 'passed',
    ms: s,
    tries: 1,
    path: [],
    failures: [],
  })),
});

test("a run's time line: the parts add up to the run's whole time, each said", () => {
  const results = [result(109, [30, 20, 9]), result(38, [10, 8])];
  const spent = { total: 10_900, files: 420, history: 12, setup: 35 };
  const parts = runParts(results, spent, true);
  assert.equal(
    parts.reduce((n, p) => n + p.ms, 0),
    10_900,
  );
  assert.deepEqual(
    parts.map(p => p.ms),
    [77, 58, 12, 420, 35, 10_900 - 147 - 420 - 35],
  );
  assert.equal(
    runTimeLine(results, spent, true),
    "Ran 2 scenarios (5 steps) in 10.9 s: 77 ms the steps' requests and checks, 58 ms starting and closing a fresh Local sandbox per scenario, 12 ms recording the steps in History, 420 ms finding and checking the scenario files, 35 ms loading the run and choosing its connection, 10.3 s the Testing view's updates. The Testing view's figure also counts its messages to and from the extension.",
  );
});
