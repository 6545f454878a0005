// Issue 22, Save as Scenario: requests made by hand on the Local sandbox (recorded as the editor records them)
// become a scenario that reads without errors and passes on a fresh Local sandbox, the numbers the service made
// written as references to the answers that gave them; inputs echoed back stay as they were, nothing secret is
// written, and requests that cannot be steps are left out with the reason.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findOperation } from '../../src/catalog';
import { BillingClient } from '../../src/client';
import { createBody, previewBody } from '../../src/payloads';
import { startSandbox } from '../../src/sandbox';
import { readScenario, runScenarios } from '../../src/scenarios';
import { scenarioFromHistory, scenarioText, type HistoryRequest } from '../../src/scenarios/fromHistory';
import { describe as describeCall, invoke, type Call } from '../../src/services/calls';
import { historyRecord } from '../../src/services/historyRecords';
import { RequestHistory, type HistoryEntry } from '../../src/services/requestHistory';
import { MemoryState } from './memoryState';

const TODAY = '2027-01-01';
const example = (name: string) => JSON.parse(fs.readFileSync(path.join('examples', name), 'utf8'));

/** Writes the scenario next to nothing (bodies are inline) and reads it as the editor and the CLI do. */
function read(text: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-from-history-'));
  const file = path.join(dir, 'saved.scenario.json');
  fs.writeFileSync(file, text);
  return { file: readScenario(text, { file, projectRoot: dir }), dir };
}

test('history of a preview, an order, a read and a change on the Local sandbox: saved, it passes on a fresh one', async () => {
  const sb = await startSandbox({ today: TODAY });
  const client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  let clock = Date.parse(`${TODAY}T09:00:00Z`);
  const history = new RequestHistory(new MemoryState(), () => (clock += 1000));
  const connection = { id: 'local', name: 'Local sandbox', kind: 'local' as const, baseUrl: sb.url };
  /** Sends as the request controller does and records as it records (redacted with the client's redactor). */
  const send = async (call: Call) => {
    const response = await invoke(client, call, new AbortController().signal);
    history.record(historyRecord({ info: describeCall(call), connection }, call, { response }), client.redactor);
    return response.data as Record<string, unknown>;
  };
  const order = example('new-customer.order.json');
  let dir: string | undefined;
  try {
    const file = 'new-customer.order.json';
    await send({
      kind: 'preview',
      file,
      source: 'file:///w/new-customer.order.json',
      body: previewBody(order, 'order') as never,
    });
    const created = (await send({ kind: 'createOrder', file, body: createBody(order) as never })) as {
      order_number: string;
      account_id: string;
      subscriptions: { subscription_number: string }[];
    };
    const op = findOperation('GET', '/v2/orders/{order_number}')!;
    const pathParams = { order_number: created.order_number };
    const target = `/v2/orders/${created.order_number}`;
    await send({ kind: 'operation', op, request: { pathParams, query: {} }, target });
    const addPlan = example('add-plan.order.json');
    delete addPlan.account_number; // the order's answer names its account by id
    addPlan.account_id = created.account_id;
    addPlan.subscriptions[0].subscription_number = created.subscriptions[0].subscription_number;
    const source = 'file:///w/add-plan.order.json';
    await send({ kind: 'preview', file: 'add-plan.order.json', source, body: previewBody(addPlan, 'order') as never });

    const entries: readonly HistoryEntry[] = history.entries(); // newest first, as the view lists them
    const { scenario, left, masked } = scenarioFromHistory(entries, 'From the History');
    assert.deepEqual(left, []);
    assert.deepEqual(masked, []);
    assert.equal(scenario.today, TODAY, 'the date the requests were made on');
    const steps = scenario.steps as Record<string, unknown>[];
    assert.deepEqual(
      steps.map(s => `${s.name} ${s.kind} ${(s.expect as { status: number }).status}`),
      ['preview preview 201', 'order createOrder 200', 'readOrder getOrder 200', 'preview2 preview 201'],
      'oldest first, each of its most specific kind, checked for the status it got',
    );
    assert.equal(steps[2].orderNumber, '${order.order_number}');
    const change = steps[3].body as { account_id: string; subscriptions: Record<string, unknown>[] };
    assert.equal(change.account_id, '${order.account_id}');
    assert.equal(change.subscriptions[0].subscription_number, '${order.subscriptions[0].subscription_number}');
    assert.deepEqual(steps[0].body, previewBody(order, 'order'), 'the body as sent, inline');

    const text = scenarioText(scenario);
    for (const secret of [sb.clientSecret, ...sb.issuedTokens()]) assert.ok(!text.includes(secret));
    assert.doesNotMatch(text, /authorization|Bearer|headers/i);
    const r = read(text);
    dir = r.dir;
    assert.deepEqual(
      r.file.findings.filter(f => f.severity === 'error'),
      [],
    );
    const [result] = await runScenarios([r.file], { target: { kind: 'local' } });
    assert.equal(result.outcome, 'passed', JSON.stringify(result.steps.filter(s => s.outcome !== 'passed')));
    assert.deepEqual(
      result.steps.map(s => `${s.label} ${s.outcome}`),
      ['preview passed', 'order passed', 'readOrder passed', 'preview2 passed'],
    );
    const sentAgain = result.steps[0].exchange?.body;
    assert.deepEqual(sentAgain, previewBody(order, 'order'), 'the runner sends the preview the History sent');
  } finally {
    await client.close();
    await sb.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
});

const LOCAL = { name: 'Local sandbox', kind: 'local' };
const entry = (at: number, r: Partial<HistoryRequest>): HistoryRequest => ({
  at,
  title: `request ${at}`,
  method: 'POST',
  path: '/v2/orders',
  connection: LOCAL,
  request: {},
  status: 200,
  ...r,
});

test('an input the answer echoes (a plan id, an account number sent in) stays as written; a made number becomes a reference', () => {
  const body = { account_number: 'A00000009', subscriptions: [{ plan_id: 'plan-team-monthly' }] };
  const answer = { account_number: 'A00000009', order_number: 'O00000042', plan_id: 'plan-team-monthly' };
  const later = { account_number: 'A00000009', plan_id: 'plan-team-monthly', note: 'O00000042' };
  const { scenario } = scenarioFromHistory(
    [
      entry(2, { call: { kind: 'createOrder', body: later } }),
      entry(1, { call: { kind: 'createOrder', body }, answer }),
    ],
    'Echoes',
  );
  const steps = scenario.steps as { body: Record<string, unknown> }[];
  assert.deepEqual(steps[1].body, {
    account_number: 'A00000009',
    plan_id: 'plan-team-monthly',
    note: '${order.order_number}',
  });
});

test('v1 calls and other operations: operation steps by their catalog id, path and query values referenced', () => {
  const { scenario } = scenarioFromHistory(
    [
      entry(1, {
        call: { kind: 'createOrder', api: 'v1', body: { existingAccountNumber: 'A1' } },
        answer: { orderNumber: 'O-77', subscriptions: [{ subscriptionNumber: 'S-88' }] },
      }),
      entry(2, {
        method: 'GET',
        call: {
          kind: 'operation',
          operation: 'GET /v1/orders/{orderNumber}',
          pathParams: { orderNumber: 'O-77' },
          query: { subscription: 'S-88' },
        },
      }),
      entry(3, { call: { kind: 'preview', api: 'v1', body: { x: 1 } }, status: 400, error: { message: 'bad' } }),
    ],
    'v1',
  );
  assert.equal(scenario.today, '1970-01-01');
  assert.deepEqual(
    scenario.steps.map(s => [s.name, s.kind, 'operation' in s ? s.operation : undefined, s.expect?.status]),
    [
      ['postOrders', 'operation', 'POST /v1/orders', 200],
      ['getOrders', 'operation', 'GET /v1/orders/{orderNumber}', 200],
      ['postPreview', 'operation', 'POST /v1/orders/preview', 400],
    ],
  );
  const read = scenario.steps[1] as { pathParams: unknown; query: unknown };
  assert.deepEqual(read.pathParams, { orderNumber: '${postOrders.orderNumber}' });
  assert.deepEqual(read.query, { subscription: '${postOrders.subscriptions[0].subscriptionNumber}' });
  const r = readScenario(scenarioText(scenario), {});
  assert.deepEqual(
    r.findings.filter(f => f.severity === 'error').map(f => f.message),
    [],
  );
});

test('a request with no answer, or none the History can send again, is left out and says why; an error answer is no source', () => {
  const { scenario, left } = scenarioFromHistory(
    [
      entry(1, {
        title: 'Preview of a',
        call: { kind: 'preview', body: {} },
        status: undefined,
        error: { message: 'ECONNREFUSED' },
      }),
      entry(2, { title: 'GET /v1/x', method: 'GET', path: '/v1/things/T1' }),
      entry(3, {
        call: { kind: 'createAccount', body: {} },
        status: 400,
        error: { message: 'no' },
        answer: { id: 'ERR-1234' },
      }),
      entry(4, { call: { kind: 'createAccount', body: { note: 'ERR-1234' } }, status: 201 }),
    ],
    'Left out',
  );
  assert.deepEqual(left, [
    { title: 'Preview of a', why: 'it has no answer to check (ECONNREFUSED)' },
    { title: 'GET /v1/x', why: 'GET /v1/things/T1 cannot be sent again: the History keeps no operation for it' },
  ]);
  assert.deepEqual(
    scenario.steps.map(s => [s.name, s.kind, s.expect?.status]),
    [
      ['account', 'createAccount', 400],
      ['account2', 'createAccount', 201],
    ],
  );
  assert.deepEqual((scenario.steps[1] as { body: unknown }).body, { note: 'ERR-1234' });
});

test('a scenario step recorded in the History (its concrete path only) becomes the step kind of that path', () => {
  const { scenario } = scenarioFromHistory(
    [
      entry(1, { path: '/v2/orders', request: { body: { a: 1 } }, answer: { order_number: 'O00000001' } }),
      entry(2, { method: 'GET', path: '/v2/orders/O00000001' }),
    ],
    'Steps',
  );
  assert.deepEqual(
    scenario.steps.map(s => [s.kind, 'orderNumber' in s ? s.orderNumber : undefined]),
    [
      ['createOrder', undefined],
      ['getOrder', '${order.order_number}'],
    ],
  );
});

test('a secret the History missed is masked in the file and the step is named to be filled in; on a connection, no `today`', () => {
  const conn = { name: 'Staging', kind: 'sandbox' };
  const { scenario, masked } = scenarioFromHistory(
    [
      entry(1, {
        connection: conn,
        call: { kind: 'createAccount', body: { name: 'Acme', client_secret: 'sEcReT-9911', api_key: 'k-1234' } },
        status: 201,
      }),
    ],
    'Secrets',
  );
  const text = scenarioText(scenario);
  assert.doesNotMatch(text, /sEcReT-9911|k-1234/);
  assert.deepEqual(masked, ['account']);
  assert.equal(scenario.today, undefined);
  assert.match(scenario.description ?? '', /1 request made on Staging/);
});
