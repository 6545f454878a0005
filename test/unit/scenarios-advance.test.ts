// The scenario step `{ "kind": "advance", "to": DATE }` or `{ "by": "3 months" }` (issue 21, item 4): checked
// when the file is read, run on the Local sandbox through its clock control path, refused on a connection.
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { BillingClient } from '../../src/client';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { readScenario, runScenarios, type ScenarioFile } from '../../src/scenarios';

const file = path.resolve('examples/scenarios/test.scenario.json');
const scenario = (s: unknown): ScenarioFile => readScenario(JSON.stringify(s, null, 2), { file });
const local = { target: { kind: 'local' as const } };

/** A 12-month subscription from 2027-01-01 for a new account; `autoRenew` as given. */
const subscribe = (name: string, autoRenew: boolean) => ({
  kind: 'createOrder',
  name,
  body: {
    order_date: '2027-01-01',
    account_data: { name: 'Time', currency: 'USD', bill_to: { first_name: 'T', last_name: 'T' } },
    subscriptions: [
      {
        auto_renew: autoRenew,
        initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
        renewal_term: { type: 'termed', interval: 'month', interval_count: 12 },
        start_on: { contract_effective: '2027-01-01' },
        subscription_plans: [{ plan_id: 'plan-team-monthly' }],
      },
    ],
  },
});
const readSub = (name: string, number: string) => ({
  kind: 'operation',
  name,
  operation: 'GET /v1/subscriptions/{subscription-key}',
  pathParams: { 'subscription-key': number },
});

describe('an advance step', () => {
  test('moves the clock: a renewal and an expiry happen, later steps read them, going back undoes them', async () => {
    const s = scenario({
      name: 'terms end',
      today: '2027-01-01',
      steps: [
        subscribe('renewing', true),
        subscribe('lapsing', false),
        // Up to the day before the terms end: the bill runs of 2027 happen on the way.
        { kind: 'advance', name: 'almost', to: '2027-12-31' },
        {
          kind: 'advance',
          name: 'year',
          by: '32 days',
          expect: {
            values: [
              { path: 'today', equals: '2028-02-01' },
              // On 2028-01-01 the seeded S00000001 renews first, then each of the two in turn, then the bill runs.
              { path: 'events[0].subscription_number', equals: 'S00000001' },
              { path: 'events[1].subscription_number', equals: '${renewing.subscriptions[0].subscription_number}' },
              { path: 'events[1].type', equals: 'renewed' },
              { path: 'events[2].subscription_number', equals: '${lapsing.subscriptions[0].subscription_number}' },
              { path: 'events[2].type', equals: 'expired' },
              { path: 'events[3].type', equals: 'billed' },
            ],
          },
        },
        {
          ...readSub('after', '${renewing.subscriptions[0].subscription_number}'),
          expect: {
            values: [
              { path: 'termStartDate', equals: '2028-01-01' },
              { path: 'version', equals: 2 },
            ],
          },
        },
        {
          ...readSub('expired', '${lapsing.subscriptions[0].subscription_number}'),
          expect: { values: [{ path: 'status', equals: 'Expired' }] },
        },
        { kind: 'advance', to: '2027-01-01', expect: { values: [{ path: 'restored', equals: '2027-01-01' }] } },
        {
          ...readSub('back', '${lapsing.subscriptions[0].subscription_number}'),
          expect: { values: [{ path: 'status', equals: 'Active' }] },
        },
      ],
    });
    assert.deepEqual(s.findings, []);
    const [r] = await runScenarios([s], local);
    assert.equal(
      r.outcome,
      'passed',
      JSON.stringify(
        r.steps.filter(x => x.outcome !== 'passed'),
        null,
        1,
      ),
    );
    const advance = r.steps[3];
    assert.equal(advance.exchange?.method, 'POST');
    assert.match(advance.exchange!.url, /\/_sandbox\/clock$/);
    assert.deepEqual(advance.exchange?.body, { by: '32 days' });
  });

  test('a check on its answer fails like any other (the clock is not where the scenario says)', async () => {
    const s = scenario({
      name: 'wrong date',
      today: '2027-01-01',
      steps: [{ kind: 'advance', to: '2027-06-01', expect: { values: [{ path: 'today', equals: '2027-07-01' }] } }],
    });
    const [r] = await runScenarios([s], local);
    assert.equal(r.outcome, 'failed');
    assert.deepEqual(r.steps[0].failures[0].actual, '2027-06-01');
  });

  test('going back before the sandbox started is an error answer a step can expect (400)', async () => {
    const s = scenario({
      name: 'too early',
      today: '2027-01-01',
      steps: [
        { kind: 'advance', to: '2026-01-01', expect: { status: 400 } },
        { kind: 'advance', by: '1 day' },
      ],
    });
    const [r] = await runScenarios([s], local);
    assert.deepEqual(
      r.steps.map(x => x.outcome),
      ['passed', 'passed'],
    );
  });

  describe('on a connection other than the Local sandbox', () => {
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

    test('the step errors with a clear message, sends nothing, and the steps after it are not sent', async () => {
      const connection = { name: 'Tenant sandbox', baseUrl: sb.url, production: false };
      const s = scenario({
        name: 'elsewhere',
        steps: [
          { kind: 'advance', name: 'later', by: '3 months' },
          { kind: 'getAccount', accountNumber: 'A00000001' },
        ],
      });
      const [r] = await runScenarios([s], { target: { kind: 'connection', client, connection } });
      assert.equal(r.outcome, 'errored');
      assert.deepEqual(
        r.steps.map(x => x.outcome),
        ['errored', 'skipped'],
      );
      assert.equal(
        r.steps[0].error,
        "later moves the Local sandbox's clock; this connection keeps its own date. Run the scenario on the Local sandbox (no --base-url), or on one that `sandbox` started (--base-url with its URL).",
      );
      assert.deepEqual(r.steps[0].errorPath, ['steps', 0, 'kind']);
      assert.equal(sb.clock.today(), '2027-01-01', 'the clock of what answers there did not move');
    });
  });
});

describe('an advance step as the file is read', () => {
  const findingsOf = (step: Record<string, unknown>) =>
    scenario({ name: 'x', steps: [{ kind: 'advance', ...step }] }).findings.map(
      f => `${f.path.join('.')}: ${f.message}`,
    );

  test('"to" a real date or "by" a step it reads: no findings; a reference is read at run time', () => {
    assert.deepEqual(findingsOf({ to: '2027-06-01' }), []);
    assert.deepEqual(findingsOf({ by: '3 months' }), []);
    const s = scenario({
      name: 'x',
      steps: [
        { kind: 'getAccount', name: 'a', accountNumber: 'A00000001' },
        { kind: 'advance', to: '${a.created_time}' },
      ],
    });
    assert.deepEqual(s.findings, []);
  });

  test('neither, both, a date that is not real, a step it cannot read, another field: each an error at its place', () => {
    assert.deepEqual(findingsOf({}), [
      'steps.0.kind: An advance step needs "to" (a date, such as "2027-06-01") or "by" (such as "3 months").',
    ]);
    assert.deepEqual(findingsOf({ to: '2027-06-01', by: '1 day' }), [
      'steps.0.by: An advance step takes "to" or "by", not both.',
    ]);
    assert.deepEqual(findingsOf({ to: '2027-02-30' }), [
      'steps.0.to: "to" must be a real date written YYYY-MM-DD, not "2027-02-30".',
    ]);
    assert.match(findingsOf({ by: 'a while' })[0], /^steps\.0\.by: "a while" is not a step forward/);
    assert.deepEqual(findingsOf({ to: '2027-06-01', when: 'now' }), [
      'steps.0.when: Unknown field "when" in steps[0] of a scenario.',
    ]);
  });

  test('a kind written close to advance is suggested', () => {
    const s = scenario({ name: 'x', steps: [{ kind: 'advence', to: '2027-06-01' }] });
    assert.match(s.findings[0].message, /did you mean `advance`\?/);
  });
});
