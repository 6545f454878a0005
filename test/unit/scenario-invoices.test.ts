// Scenario checks on billing documents (`expect.invoices`): the answer's documents in date order against the
// list expected, through the runner on a service on loopback that answers as the reference says, and on the
// Local sandbox; an answer without `billing_documents` fails with a message that says why, never passes.
import { describe, test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import * as path from 'node:path';
import { TEMPLATES } from '../../src/schemas';
import type { AddressInfo } from 'node:net';
import { BillingClient } from '../../src/client';
import { checkAnswer, readScenario, runScenarios, type ScenarioFile } from '../../src/scenarios';
import { scenarioJsonSchema } from '../../src/scenarios/jsonSchema';
import { v2Answer, v2Document, v2Item, SEATS } from './billingAnswers';

const dir = path.resolve('examples/scenarios');
const scenario = (s: unknown): ScenarioFile =>
  readScenario(JSON.stringify(s, null, 2), { file: path.join(dir, 'test.scenario.json') });
const at = ['steps', 0, 'expect'];
const asked = {
  metrics: ['delta_metrics', 'billing_documents'],
  number_of_periods: 3,
  account_data: { currency: 'USD' },
};
const THREE = [
  { date: '2027-01-01', total: 350, type: 'invoice' as const },
  { date: '2027-02-01', total: 350 },
  { date: '2027-03-01', total: 350 },
];

describe('checks of billing documents', () => {
  const answer = { status: 201, body: v2Answer() };
  test('the documents expected, in date order, to the cent: passes; date and type may be left out', () => {
    assert.deepEqual(checkAnswer(answer, { invoices: THREE }, at, asked), []);
    assert.deepEqual(checkAnswer(answer, { invoices: THREE.map(i => ({ total: i.total + 0.004 })) }, at, asked), []);
  });
  test('a total, a date or a type that differs: one failure each, at its place in the file, naming the document', () => {
    const wrong = [
      { ...THREE[0], total: 191.94 },
      { ...THREE[1], date: '2027-02-15' },
      { ...THREE[2], type: 'credit_memo' as const },
    ];
    const failures = checkAnswer(answer, { invoices: wrong }, at, asked);
    assert.deepEqual(
      failures.map(f => [f.check, f.expected, f.actual, f.path.join('.')]),
      [
        ['invoices[0] total', 191.94, 350, 'steps.0.expect.invoices.0.total'],
        ['invoices[1] date', '2027-02-15', '2027-02-01', 'steps.0.expect.invoices.1.date'],
        ['invoices[2] type', 'credit_memo', 'invoice', 'steps.0.expect.invoices.2.type'],
      ],
    );
    assert.equal(
      failures[0].message,
      'billing document 1 (invoice 350.00 USD on 2027-01-01): expected total 191.94, got 350',
    );
    assert.equal(
      failures[2].message,
      'billing document 3 (invoice 350.00 USD on 2027-03-01): expected a credit memo, got an invoice',
    );
  });
  // `${data.total}` from a CSV column is text once resolved: a number written as text counts as that number.
  test('an amount a reference gave (a number, or a number as text from a CSV): compared as that number', () => {
    const text = THREE.map(i => ({ ...i, total: String(i.total) }));
    assert.deepEqual(checkAnswer(answer, { invoices: text as never }, at, asked), []);
    const [f] = checkAnswer(answer, { invoices: [{ total: 'n/a' }, ...THREE.slice(1)] as never }, at, asked);
    assert.deepEqual([f.check, f.message.split(': ').at(-1)], ['invoices[0] total', '"n/a" is not a number']);
  });
  test('more or fewer documents than expected: the count fails and lists what came back', () => {
    const [f] = checkAnswer(answer, { invoices: THREE.slice(0, 2) }, at, asked);
    assert.deepEqual(
      [f.check, f.expected, f.actual, f.path.join('.')],
      ['invoices count', 2, 3, 'steps.0.expect.invoices'],
    );
    assert.match(f.message, /^expected 2 billing documents, got 3: invoice 350\.00 USD on 2027-01-01; /);
    const none = { status: 201, body: { ...v2Answer(), billing_documents: [] } };
    assert.deepEqual(checkAnswer(none, { invoices: [] }, at, asked), [], '[]: an answer that bills nothing');
    assert.equal(
      checkAnswer(none, { invoices: [{ total: 350 }] }, at, asked)[0].message,
      'expected 1 billing document, got 0',
    );
  });
  test('an answer without billing_documents fails, saying whether the request asked for them', () => {
    const { billing_documents: _none, ...metricsOnly } = v2Answer();
    const bare = { status: 201, body: metricsOnly };
    for (const expected of [THREE, []]) {
      const [f] = checkAnswer(bare, { invoices: expected }, at, asked);
      assert.equal(f.check, 'invoices', 'even [] fails: no documents listed is not "bills nothing"');
      assert.match(
        f.message,
        /the answer has no "billing_documents": the request asked for them .* but the service did not compute them/,
      );
    }
    const [g] = checkAnswer(bare, { invoices: THREE }, at, { metrics: ['delta_metrics'] });
    assert.match(
      g.message,
      /^expected 3 billing documents, the answer has no "billing_documents": the request did not ask for them: add "billing_documents" to "metrics"/,
    );
    assert.equal(checkAnswer({ status: 200, body: 'text' }, { invoices: [] }, at).length, 1);
  });
  test('a credit memo between invoices is read in date order', () => {
    const credit = v2Document('credit_memo', '2027-01-15', [v2Item(SEATS, ['2027-01-15', '2027-01-31'], 25)]);
    const body = { ...v2Answer(), billing_documents: [credit, ...v2Answer().billing_documents] };
    const expected = [THREE[0], { date: '2027-01-15', total: 25, type: 'credit_memo' as const }, THREE[1], THREE[2]];
    assert.deepEqual(checkAnswer({ status: 201, body }, { invoices: expected }, at, asked), []);
  });
});

describe('the runner checks billing documents', () => {
  let server: http.Server;
  let client: BillingClient;
  const sent: Record<string, unknown>[] = [];
  before(async () => {
    server = http.createServer((req, res) => {
      let text = '';
      req.on('data', d => (text += d));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        if (req.url === '/oauth/token') return res.end(JSON.stringify({ access_token: 'tok', expires_in: 3600 }));
        sent.push(JSON.parse(text));
        res.statusCode = 201;
        res.end(JSON.stringify(v2Answer()));
      });
    });
    await new Promise<void>(r => server.listen(0, '127.0.0.1', () => r()));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    client = new BillingClient({ baseUrl, clientId: 'id', clientSecret: 'secret' });
  });
  after(async () => {
    await client.close();
    await new Promise<void>(r => server.close(() => r()));
  });
  const connection = { name: 'Tenant sandbox', baseUrl: 'http://127.0.0.1', production: false };

  test('an order file step asks for 3 periods; its documents pass, a wrong total fails at its place', async () => {
    const step = (invoices: unknown) => ({ kind: 'preview', file: '../new-customer.order.json', expect: { invoices } });
    const s = scenario({ name: 'bills', steps: [step(THREE), step([{ total: 350 }, { total: 350 }, { total: 360 }])] });
    assert.deepEqual(s.findings, []);
    const [r] = await runScenarios([s], { target: { kind: 'connection', client, connection } });
    assert.deepEqual(
      r.steps.map(x => x.outcome),
      ['passed', 'failed'],
    );
    assert.deepEqual([sent[0].metrics, sent[0].number_of_periods], [['delta_metrics', 'billing_documents'], 3]);
    const [f] = r.steps[1].failures;
    assert.deepEqual([f.check, f.expected, f.actual], ['invoices[2] total', 360, 350]);
    assert.deepEqual(f.path, ['steps', 1, 'expect', 'invoices', 2, 'total']);
  });

  test('an inline body asking for billing documents without a period gets the default 3', async () => {
    const body = {
      account_number: 'A00000001',
      metrics: ['billing_documents'],
      subscriptions: [{ subscription_number: 'S1', renew: {} }],
    };
    const s = scenario({ name: 'inline', steps: [{ kind: 'preview', body, expect: { invoices: THREE } }] });
    assert.deepEqual(s.findings, []);
    const [r] = await runScenarios([s], { target: { kind: 'connection', client, connection } });
    assert.equal(r.outcome, 'passed');
    assert.deepEqual(sent.at(-1), { ...body, number_of_periods: 3 });
  });
});

test('on the Local sandbox: the issue example bills three invoices of 350.00, or fails saying none were computed', async () => {
  const s = scenario({
    name: 'what it bills',
    today: '2027-01-01',
    steps: [{ kind: 'preview', file: '../new-customer.order.json', expect: { invoices: THREE } }],
  });
  const [r] = await runScenarios([s], { target: { kind: 'local' } });
  const answer = r.steps[0].exchange?.answer as { billing_documents?: unknown } | undefined;
  assert.ok(answer, 'the sandbox answered the preview');
  if (Array.isArray(answer.billing_documents)) {
    // The sandbox's billing engine: the "done when" (10 seats at 25.00 plus 100.00 from 2027-01-01).
    assert.equal(r.outcome, 'passed', JSON.stringify(r.steps[0].failures));
  } else {
    assert.equal(r.outcome, 'failed', 'no documents never passes');
    assert.deepEqual(
      r.steps[0].failures.map(f => f.path.join('.')),
      ['steps.0.expect.invoices'],
    );
    assert.match(r.steps[0].failures[0].message, /the request asked for them .* but the service did not compute them/);
  }
});

describe('findings of expect.invoices', () => {
  test('on a step that is no preview, with a date that is none, or with metrics that leave documents out', () => {
    const text = JSON.stringify(
      {
        name: 'mistakes',
        steps: [
          { kind: 'getAccount', accountNumber: 'A00000001', expect: { invoices: [{ total: 1 }] } },
          {
            kind: 'preview',
            file: '../new-customer.order.json',
            expect: { invoices: [{ total: 1, date: '2027-02-30' }] },
          },
          {
            kind: 'preview',
            body: { ...TEMPLATES.find(t => t.id === 'preview')!.body, metrics: ['delta_metrics'] },
            expect: { invoices: [{ total: 1 }] },
          },
          { kind: 'preview', file: '../new-customer.order.json', expect: { invoices: [{ date: '2027-01-01' }] } },
        ],
      },
      null,
      2,
    );
    const f = readScenario(text, { file: path.join(dir, 'x.scenario.json') });
    const found = f.findings.map(x => [
      x.code,
      x.path.join('.'),
      JSON.parse(text.slice(x.offset, x.offset + x.length)),
    ]);
    assert.deepEqual(found, [
      ['invoices-not-preview', 'steps.0.expect.invoices', 'invoices'],
      ['wrong-shape', 'steps.1.expect.invoices.0.date', '2027-02-30'],
      ['invoices-not-asked', 'steps.2.expect.invoices', 'invoices'],
      ['wrong-shape', 'steps.3.expect.invoices.0.total', { date: '2027-01-01' }], // the check without its total
    ]);
    assert.match(f.findings[3].message, /total/);
    assert.match(f.findings[2].message, /leave out "billing_documents", so the answer lists none/);
  });

  test("the editor's JSON Schema offers expect.invoices with its fields", () => {
    const schema = JSON.stringify(scenarioJsonSchema());
    for (const words of ['the billing documents the answer must list', 'Its target date', 'credit_memo'])
      assert.ok(schema.includes(words), words);
  });
});
