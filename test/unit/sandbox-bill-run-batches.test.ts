// A bill run asked for some batches bills only the accounts in them (v2 `batches`, v1 `batches`), as the vendor's
// bill run does ("Batch: the customer accounts in the batches you select are billed"); an account given no batch is
// in Batch1, the vendor's default. Found by the issue 32 tryout: the batches were kept on the run, and every account
// was billed.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { newAccount, teamOrder, v2Sandbox } from './sandboxV2';

describe('bill runs by batch', () => {
  const { call } = v2Sandbox();

  test('v2 and v1: only the batches asked are billed; the others are left for their own run', async () => {
    const customer = async (batch?: string) => {
      const order = await call(
        'POST',
        '/v2/orders',
        teamOrder({ account_data: { ...newAccount, ...(batch ? { batch } : {}) } }),
      );
      assert.equal(order.status, 200, JSON.stringify(order.json));
      return (await call('GET', `/v2/accounts/${order.json.account_id}`)).json.account_number as string;
    };
    const [seven, eight, plain] = [await customer('Batch7'), await customer('Batch8'), await customer()];
    const run = await call('POST', '/v2/bill_runs', {
      target_date: '2027-01-01',
      invoice_date: '2027-01-01',
      batches: ['Batch7'],
    });
    assert.equal(run.status, 201, JSON.stringify(run.json));
    assert.equal(run.json.accounts_processed, 1);
    const billed = async (account: string) =>
      (await call('GET', `/v2/invoices?filter[]=account_number.EQ:${account}`)).json.data.length as number;
    assert.deepEqual([await billed(seven), await billed(eight), await billed(plain)], [1, 0, 0]);
    const v1 = await call('POST', '/v1/bill-runs', { targetDate: '2027-01-01', batches: ['Batch1'] });
    assert.equal(v1.status, 200, JSON.stringify(v1.json));
    // Batch1 holds the accounts given none: this test's third customer, and the seeded one
    assert.deepEqual([await billed(eight), await billed(plain)], [0, 1]);
    assert.equal((await call('GET', `/v1/accounts/${eight}`)).json.basicInfo.batch, 'Batch8');
  });
});
