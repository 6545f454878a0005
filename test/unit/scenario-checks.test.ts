// Issue 22 (scenario core), continued: the new checks of an answer, environment variables and secrets; each run
// for real on the Local sandbox over loopback (retry, captures, tags and each: scenario-steps.test.ts).
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { checkAnswer, jsonReport, junitReport, runScenarios, textReport } from '../../src/scenarios';
import { ACCOUNT, codes, local, scenario, SIGNUP } from './scenarioSteps';

describe('the new checks', () => {
  test('count, type, bounds (numbers and ISO dates), includes, header and schema pass on real answers', async () => {
    const f = scenario({
      name: 'checks',
      today: '2027-01-01',
      steps: [
        ACCOUNT,
        {
          ...SIGNUP,
          expect: {
            values: [
              { path: 'subscriptions', count: 1 },
              { path: 'subscriptions', count: { greaterThan: 0, lessThan: 2 } },
              { path: 'subscriptions', type: 'array' },
              { path: 'order_number', type: 'string' },
              { path: 'subscriptions[0].auto_renew', type: 'boolean' },
              { path: 'subscriptions[0].current_term.interval_count', greaterThan: 11, lessThan: 13 },
              { path: 'order_date', greaterThan: '2026-12-31', lessThan: '2027-01-02' },
              { path: 'order_number', includes: 'O0' },
              { path: 'subscriptions[0].actions[0].subscription_plans.data[0].subscription_items.data', count: 2 },
              { header: 'Service-Request-Id', exists: true },
              { header: 'content-type', matches: '^application/json' },
              { header: 'x-nothing', exists: false },
            ],
          },
        },
        {
          kind: 'operation',
          operation: 'GET /v1/accounts/{account-key}',
          pathParams: { 'account-key': '${customer.account_number}' },
          expect: { schema: true, values: [{ path: 'basicInfo.status', type: 'string' }] },
        },
      ],
    });
    assert.deepEqual(f.findings, []);
    const [r] = await runScenarios([f], local);
    assert.equal(r.outcome, 'passed', textReport([r]));
  });

  test('each failure says where, what was expected and what came back', async () => {
    const f = scenario({
      name: 'failing checks',
      steps: [
        {
          ...ACCOUNT,
          expect: {
            values: [
              { path: 'account_number', count: 2 },
              { path: 'bill_cycle_day', type: 'string' },
              { path: 'bill_cycle_day', greaterThan: 5 },
              { path: 'name', lessThan: 'Acme' },
              { path: 'name', greaterThan: 3 },
              { path: 'name', includes: 'Zebra' },
              { header: 'x-request-id', exists: true },
            ],
          },
        },
      ],
    });
    const [r] = await runScenarios([f], local);
    const failures = r.steps[0].failures.map(x => [x.path.slice(3).join('.'), x.message, x.expected, x.actual]);
    assert.deepEqual(failures, [
      [
        'values.0.count',
        'expected a list of 2 items at account_number, got "A00000002"',
        2,
        r.steps[0].failures[0].actual,
      ],
      ['values.1.type', 'expected a string at bill_cycle_day, got a number (1)', 'string', 'number'],
      ['values.2.greaterThan', 'expected bill_cycle_day greater than 5, got 1', 5, 1],
      ['values.3.lessThan', 'expected name less than "Acme", got "Acme Robotics"', 'Acme', 'Acme Robotics'],
      ['values.4.greaterThan', 'expected a number greater than 3 at name, got "Acme Robotics"', 3, 'Acme Robotics'],
      ['values.5.includes', 'expected name to contain "Zebra", got "Acme Robotics"', 'Zebra', 'Acme Robotics'],
      ['values.6.exists', 'expected a value at header x-request-id, found none', true, undefined],
    ]);
  });

  test('includes: a list holds a value deep-equal (keys in any order); text holds a substring', () => {
    const body = { items: [{ a: 1, b: [2] }, 'x'], text: 'plan-team-monthly' };
    const check = (values: object[]) => checkAnswer({ status: 200, body }, { values: values as never }, ['e']);
    assert.deepEqual(
      check([
        { path: 'items', includes: { b: [2], a: 1 } },
        { path: 'items', includes: 'x' },
      ]),
      [],
    );
    assert.deepEqual(check([{ path: 'text', includes: 'team' }]), []);
    const [miss] = check([{ path: 'items', includes: { a: 2 } }]);
    assert.equal(miss.message, 'expected the list at items to hold {"a":2}, it holds 2 item(s) without it');
    assert.deepEqual([miss.path, miss.expected], [['e', 'values', 0, 'includes'], { a: 2 }]);
    const [notList] = check([{ path: 'text', includes: 3 }]);
    assert.equal(notList.message, 'expected a list holding 3 at text, got "plan-team-monthly"');
  });

  test('duration: measured with the run clock (injected here), against "500ms" or a number of ms', async () => {
    let t = 0;
    const now = () => (t += 1000); // every reading is a second later: each call "takes" a second
    const f = scenario({
      name: 'slow',
      steps: [
        { ...ACCOUNT, expect: { duration: '500ms' } },
        { ...SIGNUP, expect: { duration: 5000 } },
      ],
    });
    const [r] = await runScenarios([f], { ...local, now });
    assert.deepEqual(
      r.steps.map(s => s.outcome),
      ['failed', 'passed'],
    );
    assert.equal(r.steps[0].failures[0].message, 'expected the step to take less than 500 ms, it took 1 s');
    assert.deepEqual(r.steps[0].failures[0].path, ['steps', 0, 'expect', 'duration']);
  });

  test('schema: a v1 or v2 answer that does not fit fails with the field; an operation without a schema says so', () => {
    const v1 = checkAnswer(
      { status: 200, body: { basicInfo: 'none', success: true } },
      { schema: true },
      ['e'],
      undefined,
      {
        operation: 'GET /v1/accounts/{account-key}',
      },
    );
    assert.equal(v1.length, 1);
    assert.match(
      v1[0].message,
      /does not conform to the response schema: `basicInfo` is a string; the contract says object/,
    );
    const v2 = checkAnswer({ status: 201, body: { id: 'x', nickname: 'y' } }, { schema: true }, ['e'], undefined, {
      operation: 'POST /v2/accounts',
    });
    assert.match(v2[0].message, /the contract does not list `nickname`/);
    assert.deepEqual(v2[0].path, ['e', 'schema']);
    const none = checkAnswer({ status: 200, body: {} }, { schema: true }, ['e'], undefined, {
      operation: 'GET /v2/accounts/{account_key}',
    });
    assert.match(none[0].message, /no response schema for GET \/v2\/accounts\/\{account_key\}/);
    const checked = scenario({ name: 'x', steps: [{ ...ACCOUNT, expect: { schema: true } }] });
    assert.deepEqual(checked.findings, [], 'POST /v2/accounts has a response schema');
    const unchecked = scenario({
      name: 'x',
      steps: [{ kind: 'getAccount', accountNumber: 'A00000001', expect: { schema: true } }],
    });
    assert.deepEqual(
      unchecked.findings.map(x => [x.code, x.severity]),
      [['no-response-schema', 'warning']],
    );
  });

  test('findings: a check with neither path nor header, or both; one that checks nothing', () => {
    const f = scenario({
      name: 'x',
      steps: [
        {
          ...ACCOUNT,
          expect: {
            values: [{ exists: true }, { path: 'a', header: 'b', exists: true }, { path: 'a' }],
            duration: 'fast',
          },
        },
      ],
    });
    assert.deepEqual(codes(f), [
      'wrong-shape@steps.0.expect.values.0',
      'wrong-shape@steps.0.expect.values.1.header',
      'empty-check@steps.0.expect.values.2',
      'bad-duration@steps.0.expect.duration',
    ]);
  });
});

describe('environment variables and secrets', () => {
  const SECRET = 'tok-9f2c-SECRET-value';
  const NAMED = 'Hidden Customer Name';
  const GIVEN = 'given-secret-77';
  test('${env.NAME} is read from RunOptions.env; secret values never reach results nor reports', async () => {
    const f = scenario({
      name: 'secrets',
      secrets: ['CUSTOMER_NAME'],
      steps: [
        {
          kind: 'createAccount',
          name: 'customer',
          body: {
            name: '${env.CUSTOMER_NAME}',
            currency: '${env.CURRENCY}',
            bill_to: { first_name: 'A', last_name: 'B', work_email: 'a@example.com', address: { country: 'US' } },
            bill_cycle_day: 1,
          },
          expect: {
            values: [
              { path: 'name', equals: '${env.API_TOKEN}' },
              { path: 'name', matches: `^${GIVEN}$` },
              { path: 'currency', equals: 'USD' },
            ],
          },
        },
        { kind: 'getAccount', accountNumber: '${env.API_TOKEN}' },
      ],
    });
    assert.deepEqual(f.findings, []);
    const env = { CUSTOMER_NAME: NAMED, CURRENCY: 'USD', API_TOKEN: SECRET };
    const results = await runScenarios([f], { ...local, env, secrets: [GIVEN] });
    const [r] = results;
    assert.equal(r.steps[0].outcome, 'failed', textReport(results));
    assert.equal(r.steps[1].outcome, 'errored', 'no account has that number');
    assert.deepEqual(r.steps[0].failures[0].expected, '***');
    for (const [what, text] of [
      ['results', JSON.stringify(results)],
      ['text', textReport(results)],
      ['junit', junitReport(results)],
      ['json', jsonReport(results)],
    ]) {
      for (const secret of [SECRET, NAMED, GIVEN]) assert.ok(!text.includes(secret), `${what} shows ${secret}`);
      assert.ok(text.includes('***'), `${what} masks`);
    }
    assert.equal((r.steps[0].exchange?.body as { currency: string }).currency, 'USD', 'what is not secret stays');
  });

  test('an unset variable errors the step, saying where to set it', async () => {
    const f = scenario({ name: 'unset', steps: [{ kind: 'getAccount', accountNumber: '${env.ACCOUNT_NO}' }] });
    const [r] = await runScenarios([f], { ...local, env: {} });
    assert.equal(r.steps[0].outcome, 'errored');
    assert.match(
      r.steps[0].error!,
      /\$\{env\.ACCOUNT_NO\}: ACCOUNT_NO is not set: set ACCOUNT_NO in the environment or the --dotenv file/,
    );
    assert.deepEqual(r.steps[0].errorPath, ['steps', 0, 'accountNumber']);
  });

  test('findings: ${env} without a name', () => {
    const f = scenario({ name: 'x', steps: [{ kind: 'getAccount', accountNumber: '${env}' }] });
    assert.deepEqual(codes(f), ['bad-env-reference@steps.0.accountNumber']);
  });
});
