// Scenarios: the findings of a scenario file (the editor's diagnostics, the CLI's input errors), and the shipped
// examples, each without findings and passing on the Local sandbox.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readScenario, runScenarios, SCENARIO_FINDING_CODES, scenarioRange } from '../../src/scenarios';

const dir = path.resolve('examples/scenarios');
const scenarioText = (s: unknown) => JSON.stringify(s, null, 2);
const local = { target: { kind: 'local' as const } };

describe('findings of a scenario file', () => {
  const text = scenarioText({
    name: 'mistakes',
    colour: 'red',
    today: '2027-02-30',
    steps: [
      { kind: 'refund' },
      { kind: 'operation', name: 'op', operation: 'GET /v1/nothing-here' },
      { kind: 'operation', operation: 'GET /v1/accounts/{account-key}' },
      { kind: 'getOrder', name: 'early', orderNumber: '${later.order_number}' },
      { kind: 'getOrder', name: 'later', orderNumber: '${nobody.order_number}' },
      { kind: 'preview', name: 'later', file: 'missing.preview.json' },
      { kind: 'createOrder', file: '../../test/fixtures/workspace/mistakes.order.json' },
      {
        kind: 'getAccount',
        accountNumber: '${early.x}',
        expect: { values: [{ path: 'a' }, { path: 'b', matches: '(' }], totals: [] },
      },
      {
        kind: 'preview',
        body: {
          account_number: '${early.account_number}',
          metrics: ['delta_metrics'],
          subscriptions: [{ subscription_number: 'S1', renew: {}, colour: 1 }],
        },
      },
    ],
  });
  const f = readScenario(text, { file: path.join(dir, 'x.scenario.json') });
  const at = (code: string) =>
    f.findings.filter(x => x.code === code).map(x => text.slice(x.offset, x.offset + x.length));

  test('each mistake once, at the exact key or value, with a stable code', () => {
    assert.deepEqual(at('wrong-shape'), ['"colour"', '"2027-02-30"']);
    assert.deepEqual(at('unknown-step-kind'), ['"refund"']);
    assert.deepEqual(at('unknown-operation'), ['"GET /v1/nothing-here"']);
    assert.deepEqual(at('missing-path-param'), ['"GET /v1/accounts/{account-key}"']);
    assert.deepEqual(at('later-step'), ['"${later.order_number}"']);
    assert.deepEqual(at('unknown-step'), ['"${nobody.order_number}"']);
    assert.deepEqual(at('duplicate-step-name'), ['"later"']);
    assert.deepEqual(at('payload-missing'), ['"missing.preview.json"']);
    assert.deepEqual(at('payload-invalid'), ['"../../test/fixtures/workspace/mistakes.order.json"', '"colour"']);
    assert.deepEqual(
      at('empty-check').map(t => JSON.parse(t)),
      [{ path: 'a' }],
    );
    assert.deepEqual(at('bad-pattern'), ['"("']);
    assert.deepEqual(at('totals-not-preview'), ['"totals"']);
    assert.equal(f.findings.length, 14, JSON.stringify(f.findings.map(x => x.code)));
  });
  test('an invalid payload file says where in it and why', () => {
    const m = f.findings.find(x => x.code === 'payload-invalid')!.message;
    assert.match(
      m,
      /^\.\.\/\.\.\/test\/fixtures\/workspace\/mistakes\.order\.json does not validate as an order: \d+:\d+ .+ \[[\w-]+\] \(and \d+ more\)$/,
    );
  });
  test('a reference in a body is not a wrong type: it is known only at run time', () => {
    assert.ok(!f.findings.some(x => x.path.join('.').startsWith('steps.8.body.account_number')));
  });
  test('an unknown step kind near a known one says "did you mean"; a far one lists the kinds', () => {
    const typo = readScenario(scenarioText({ name: 'x', steps: [{ kind: 'previw', body: {} }, { kind: 'refund' }] }));
    const messages = typo.findings.filter(x => x.code === 'unknown-step-kind').map(x => x.message);
    assert.equal(messages.length, 2, JSON.stringify(typo.findings));
    assert.match(messages[0], /^Unknown step kind: did you mean `preview`\? Use one of preview, /);
    assert.match(messages[1], /^Unknown step kind: use one of preview, createOrder, /);
  });
  test('getOrder / getAccount without their number (or with pathParams) say what they take, not "Invalid input"', () => {
    const s = readScenario(
      scenarioText({
        name: 'x',
        steps: [
          { kind: 'getAccount', pathParams: { 'account-key': 'A00000001' } },
          { kind: 'getOrder', orderNumber: 12 },
          { kind: 'getOrder', order_number: 'O00000001' },
        ],
      }),
    );
    const messages = s.findings.map(x => x.message);
    assert.ok(!messages.some(m => /Invalid input/.test(m)), messages.join('\n'));
    assert.ok(
      messages.includes(
        'getAccount takes "accountNumber": "A…"; this step has none (such as "${signup.account_number}").',
      ),
    );
    assert.ok(
      messages.includes(
        'Unknown field "pathParams" in steps[0] of a scenario. getAccount takes "accountNumber": "A…".',
      ),
    );
    assert.ok(messages.includes('getOrder takes "orderNumber": "O…", as text (such as "${signup.order_number}").'));
    assert.ok(
      messages.includes('Unknown field "order_number" in steps[2] of a scenario. getOrder takes "orderNumber": "O…".'),
    );
  });
  test('not JSON: one finding at the syntax error', () => {
    const text = '{ "name": "x", "steps": [ }';
    const bad = readScenario(text);
    assert.deepEqual(
      bad.findings.map(x => [x.code, x.offset]),
      [['json-syntax', text.indexOf('}')]],
    );
    // In words, as the payload checks say it, not the parser's names (ValueExpected, InvalidSymbol).
    assert.equal(bad.findings[0].message, 'Not valid JSON: value expected.');
    assert.equal(readScenario('{ "name": x }').findings[0].message, 'Not valid JSON: invalid symbol.');
  });
  test('every finding code is documented in docs/FINDINGS.md', () => {
    const doc = fs.readFileSync('docs/FINDINGS.md', 'utf8');
    for (const code of SCENARIO_FINDING_CODES) assert.match(doc, new RegExp(`^#{2,3} ${code}$`, 'm'), code);
  });
  test('scenarioRange gives the editor the place of a result path', () => {
    const r = scenarioRange(text, ['steps', 3, 'orderNumber']);
    assert.equal(text.slice(r.offset, r.offset + r.length), '"${later.order_number}"');
  });
});

describe('examples/scenarios', () => {
  const files = fs.readdirSync(dir).filter(f => f.endsWith('.scenario.json'));
  test('the three journeys are there, each without findings', () => {
    assert.ok(files.length >= 3, files.join(', '));
    for (const f of files) {
      const s = readScenario(fs.readFileSync(path.join(dir, f), 'utf8'), { file: path.join(dir, f) });
      assert.deepEqual(s.findings, [], f);
    }
  });
  test('each passes as shipped', async () => {
    const scenarios = files.map(f =>
      readScenario(fs.readFileSync(path.join(dir, f), 'utf8'), { file: path.join(dir, f) }),
    );
    const results = await runScenarios(scenarios, local);
    for (const r of results)
      assert.equal(r.outcome, 'passed', JSON.stringify(r.steps.filter(s => s.outcome !== 'passed')));
    const kinds = new Set(results.flatMap(r => r.steps.map(s => s.kind)));
    assert.deepEqual([...kinds].sort(), [
      'advance',
      'callout',
      'clock',
      'createAccount',
      'createOrder',
      'getAccount',
      'getOrder',
      'operation',
      'preview',
      'reset',
    ]);
  });
});
