// The v2 tests' shared parts: one Local sandbox per file (today 2027-01-01) with a caller, and the checks that an
// answer conforms to the reference's schema and to the operation's generated response contract, or is refused.
import { after, before } from 'node:test';
import * as assert from 'node:assert/strict';
import { answerDepartures } from '../../src/contract/answerCheck';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { referenceChecker } from './sandbox-reference';
import { newCustomer, TEAM } from './billRunFixtures';
import { v1Caller, type Answer } from './sandbox-v1-helpers';

export const v2 = referenceChecker('quickstart-v2-openapi.yaml', { required: true });

/** The file's sandbox and caller, once its tests run. */
export function v2Sandbox(): { sb: () => Sandbox; call: Awaited<ReturnType<typeof v1Caller>> } {
  let sb: Sandbox | undefined;
  let caller: Awaited<ReturnType<typeof v1Caller>> | undefined;
  before(async () => {
    sb = await startSandbox({ today: '2027-01-01' });
    caller = await v1Caller(sb);
  });
  after(() => sb?.close());
  return { sb: () => sb!, call: (...args) => caller!(...args) };
}

/**
 * The answer has `status` and conforms to the reference's `schema` (the committed extract, required fields too;
 * undefined: a schema the extract does not hold) and to the operation's generated response contract (answerDepartures: what the editor and the CLI check with).
 */
export function conforms(r: Answer, status: number, schema: string | undefined, op: string): Answer['json'] {
  assert.equal(r.status, status, JSON.stringify(r.json));
  if (schema) assert.deepEqual(v2.mismatches(r.json, schema), [], schema);
  assert.deepEqual(answerDepartures(op, status, r.json).departures, [], op);
  return r.json;
}

/** The answer is a v2 error of `status` and `code` (naming `parameter`); its message. */
export function refused(r: Answer, status: number, code: string, parameter?: string): string {
  assert.equal(r.status, status, JSON.stringify(r.json));
  assert.deepEqual(v2.mismatches(r.json, 'errorResponse'), []);
  assert.equal(r.json.errors[0].code, code, JSON.stringify(r.json));
  if (parameter) assert.equal(r.json.errors[0].parameter, parameter, JSON.stringify(r.json));
  return r.json.errors[0].message;
}

export const newAccount = {
  name: 'Acme Robotics',
  currency: 'USD',
  bill_cycle_day: 1,
  description: 'Robots',
  bill_to: { first_name: 'Ada', last_name: 'Lovelace', address: { city: 'London', country: 'GB' } },
};

/** An order of 10 seats of the Team plan from 2027-01-01 for 12 months, on `account` (its owner fields). */
export const teamOrder = (account: object) => ({
  order_date: '2027-01-01',
  ...account,
  subscriptions: [
    {
      initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
      renewal_term: { type: 'termed', interval: 'month', interval_count: 12 },
      start_on: { contract_effective: '2027-01-01' },
      subscription_plans: [{ plan_id: 'plan-team-monthly', prices: [{ price_id: 'price-team-seats', quantity: 10 }] }],
    },
  ],
});

/** The invoice a v2 bill answers, as the tests read it. */
export interface BilledInvoice {
  id: string;
  invoice_number: string;
  account_number: string;
  total: number;
  items: { data: { id: string; amount: number }[] };
}

/** A new Team customer (350 a month from 2027-01-01), billed once through v2: its account id and that invoice. */
export async function billedTeamCustomer(
  call: (method: string, path: string, body?: unknown) => Promise<Pick<Answer, 'status' | 'json'>>,
): Promise<{ account: string; invoice: BilledInvoice }> {
  const order = await call('POST', '/v2/orders', newCustomer([TEAM], '2027-01-01'));
  assert.equal(order.status, 200, JSON.stringify(order.json));
  const account = order.json.account_id as string;
  const bill = await call('POST', `/v2/accounts/${account}/bill`, {});
  assert.equal(bill.status, 200, JSON.stringify(bill.json));
  return { account, invoice: bill.json.invoices.data[0] as BilledInvoice };
}
