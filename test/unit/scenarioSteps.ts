// What the scenario-core tests build scenarios from: a scenario read as a file of examples/scenarios, the Local
// sandbox target, a file's findings as `code@path`, and the steps of a customer signing up for team seats.
import * as path from 'node:path';
import { readScenario, type ScenarioFile } from '../../src/scenarios';

export const dir = path.resolve('examples/scenarios');
export const scenario = (s: unknown): ScenarioFile =>
  readScenario(JSON.stringify(s, null, 2), { file: path.join(dir, 'test.scenario.json') });
export const local = { target: { kind: 'local' as const } };
export const codes = (f: ScenarioFile) => f.findings.map(x => `${x.code}@${x.path.join('.')}`);

export const ACCOUNT = { kind: 'createAccount', name: 'customer', file: '../acme.account.json' };
export const teamOrder = (seats: unknown, account = '${customer.account_number}') => ({
  account_number: account,
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
export const SIGNUP = { kind: 'createOrder', name: 'signup', body: teamOrder(10) };
