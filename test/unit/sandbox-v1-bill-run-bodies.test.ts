// Issue 31 item 7: POST /v1/bill-runs takes what the contract takes, over HTTP on loopback. A day of 32 (the
// contract's billCycleDay is any text, and the service does not hold a target day to 31) is answered 200 when
// the clock and the account allow; a filter type of the contract the sandbox does not model is a 501 "not served"
// (use a real environment), never a 400 that calls the body wrong; a type outside the contract stays a 400.
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { NOT_SERVED_HEADER, NOT_SERVED_VALUE } from '../../src/wire/notServed';
import { newCustomerOrder, v1Caller } from './sandbox-v1-helpers';

let sb: Sandbox;
let call: Awaited<ReturnType<typeof v1Caller>>;
let accountId: string;
before(async () => {
  sb = await startSandbox({ today: '2027-01-01' });
  call = await v1Caller(sb);
  const created = await call('POST', '/v1/orders', newCustomerOrder());
  assert.equal(created.status, 200, JSON.stringify(created.json));
  accountId = (await call('GET', `/v1/accounts/${created.json.accountNumber}`)).json.basicInfo.id;
});
after(() => sb.close());

describe('POST /v1/bill-runs', () => {
  test('a day of 32: targetDateDayOfMonth 32 and billCycleDay "32" are answered 200 for an account on today', async () => {
    const filters = [{ filterType: 'Account', accountId }];
    const target = await call('POST', '/v1/bill-runs', {
      targetDate: '2027-01-01',
      targetDateDayOfMonth: 32,
      billRunFilters: filters,
    });
    assert.equal(target.status, 200, JSON.stringify(target.json));
    assert.equal(target.json.status, 'Completed');
    const cycle = await call('POST', '/v1/bill-runs', { targetDate: '2027-01-01', billCycleDay: '32' });
    assert.equal(cycle.status, 200, JSON.stringify(cycle.json));
    assert.equal(cycle.json.billCycleDay, '32');
    // The clock still rules: a target after the sandbox's today is refused, saying how to move it.
    const later = await call('POST', '/v1/bill-runs', { targetDate: '2027-02-01', billCycleDay: '32' });
    assert.equal(later.status, 400);
    assert.match(later.json.reasons[0].message, /bills up to its today, 2027-01-01/);
    // Not a day at all is still the caller's mistake.
    const word = await call('POST', '/v1/bill-runs', { billCycleDay: 'first' });
    assert.equal(word.status, 400);
    assert.match(word.json.reasons[0].message, /billCycleDay/);
  });

  test('a FilterCondition filter (the contract has it, the sandbox does not model it) is a 501 not served', async () => {
    const r = await call('POST', '/v1/bill-runs', {
      targetDate: '2027-01-01',
      billRunFilters: [
        {
          filterType: 'FilterCondition',
          objectType: 'Account',
          condition: { field: 'Batch', operator: 'eq', value: 'Batch2' },
        },
      ],
    });
    assert.equal(r.status, 501, JSON.stringify(r.json));
    assert.equal(r.headers.get(NOT_SERVED_HEADER), NOT_SERVED_VALUE, 'marked, so the client says to use a real one');
    assert.equal(r.json.success, false);
    assert.match(r.json.reasons[0].message, /FilterCondition.*not served by the local sandbox/);
  });

  test('a filter type outside the contract is a 400 naming the field and the types there are', async () => {
    const r = await call('POST', '/v1/bill-runs', { billRunFilters: [{ filterType: 'Batch', accountId }] });
    assert.equal(r.status, 400, JSON.stringify(r.json));
    assert.match(r.json.reasons[0].message, /billRunFilters\[0\]\.filterType.*Account, Subscription, FilterCondition/);
  });
});
