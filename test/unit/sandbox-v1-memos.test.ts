// Issue 32 item 1 in v1, over loopback HTTP: credit and debit memos made, applied, refunded and an invoice written
// off through the v1 operations, on the one store: v1 and v2 give the same figures for the same state (a credit
// memo's applied, unapplied and refunded amounts; a debit memo's balance; the invoice's balance). Every v1 answer
// conforms to the reference's v1 schema and to its generated response contract.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { answerDepartures } from '../../src/contract/answerCheck';
import { v1Caller } from './sandbox-v1-helpers';
import { referenceChecker } from './sandbox-reference';
import { billedTeamCustomer, v2Sandbox } from './sandboxV2';

const v1 = referenceChecker('v1-openapi.yaml', { required: true });
type Call = Awaited<ReturnType<typeof v1Caller>>;

/** The answer succeeded and conforms to `schema` and to the operation's response contract. */
async function v1ok(call: Call, method: string, path: string, op: string, schema: string, body?: object) {
  const r = await call(method, path, body);
  assert.equal(r.status, 200, JSON.stringify(r.json));
  assert.deepEqual(v1.mismatches(r.json, schema), [], schema);
  assert.deepEqual(answerDepartures(op, 200, r.json).departures, [], op);
  return r.json;
}

async function billedCustomer(call: Call) {
  const { account, invoice } = await billedTeamCustomer(call);
  return { account, number: invoice.account_number, invoice: invoice.invoice_number, items: invoice.items.data };
}

describe('v1 memos on the store v2 reads', () => {
  const { call } = v2Sandbox();

  test('a credit memo from an invoice for half (v1), applied (v1): v1 and v2 show the same figures', async () => {
    const { account, invoice, items } = await billedCustomer(call);
    const body = {
      autoPost: true,
      reasonCode: 'Correcting invoice',
      items: items.map(i => ({ invoiceItemId: i.id, amount: i.amount / 2, skuName: 'half' })),
    };
    const op = 'POST /v1/credit-memos/invoice/{invoiceKey}';
    const cm = await v1ok(call, 'POST', `/v1/credit-memos/invoice/${invoice}`, op, 'GETCreditMemoType', body);
    assert.deepEqual([cm.status, cm.amount, cm.unappliedAmount, cm.sourceType], ['Posted', 175, 175, 'Invoice']);
    const inv2 = (await call('GET', `/v2/invoices/${invoice}`)).json;
    const applied = await v1ok(
      call,
      'PUT',
      `/v1/credit-memos/${cm.number}/apply`,
      'PUT /v1/credit-memos/{creditMemoKey}/apply',
      'GETCreditMemoType',
      { invoices: [{ invoiceId: inv2.id, amount: 100 }] },
    );
    assert.deepEqual([applied.appliedAmount, applied.unappliedAmount], [100, 75]);
    const inV2 = (await call('GET', `/v2/credit_memos/${cm.id}`)).json;
    assert.deepEqual([inV2.total - inV2.balance, inV2.balance, inV2.amount_refunded], [100, 75, 0]);
    const invoiceV1 = (await call('GET', `/v1/invoices/${invoice}`)).json;
    const invoiceV2 = (await call('GET', `/v2/invoices/${invoice}`)).json;
    assert.deepEqual([invoiceV1.balance, invoiceV2.balance, invoiceV1.creditMemoAmount], [250, 250, 100]);
    const money = (await call('GET', `/v2/accounts/${account}`)).json;
    assert.deepEqual([money.remaining_credit_memo_balance, money.remaining_invoice_balance], [75, 250]);
    // GET /v1/accounts/{key} answers the same figures in its metrics
    const { metrics } = (await call('GET', `/v1/accounts/${account}`)).json;
    assert.deepEqual(
      [metrics.balance, metrics.totalInvoiceBalance, metrics.unappliedCreditMemoAmount, metrics.creditBalance],
      ['250', '250', '75', '0'],
    );
    const list = await v1ok(
      call,
      'GET',
      `/v1/credit-memos?accountId=${account}`,
      'GET /v1/credit-memos',
      'GETCreditMemoCollectionType',
    );
    assert.deepEqual(
      list.creditmemos.map((m: { number: string }) => m.number),
      [cm.number],
    );
    const memoItems = await v1ok(
      call,
      'GET',
      `/v1/credit-memos/${cm.id}/items`,
      'GET /v1/credit-memos/{creditMemoKey}/items',
      'GETCreditMemoItemsListType',
    );
    assert.deepEqual(
      memoItems.items.map((i: { amount: number }) => i.amount),
      [125, 50],
    );
  });

  test('a refund of a credit memo (v1): the memo refunded in both families, the refund listed in v2', async () => {
    const { number } = await billedCustomer(call);
    const cm = await v1ok(call, 'POST', '/v1/credit-memos', 'POST /v1/credit-memos', 'GETCreditMemoType', {
      accountNumber: number,
      autoPost: true,
      charges: [{ productRatePlanChargeId: 'price-team-seats', quantity: 2 }],
    });
    assert.deepEqual([cm.amount, cm.sourceType], [50, 'Standalone']); // the price's 25 a seat, twice
    const r = await v1ok(
      call,
      'POST',
      `/v1/credit-memos/${cm.id}/refund`,
      'POST /v1/credit-memos/{creditMemoKey}/refund',
      'GETRefundCreditMemoType',
      { totalAmount: 20.2, type: 'External', refundDate: '2027-01-02' },
    );
    assert.deepEqual([r.creditMemoId, r.amount, r.type, r.status], [cm.id, 20.2, 'External', 'Processed']);
    const again = (await call('GET', `/v1/credit-memos/${cm.number}`)).json;
    const inV2 = (await call('GET', `/v2/credit_memos/${cm.number}`)).json;
    assert.deepEqual([again.refundAmount, again.unappliedAmount], [20.2, 29.8]);
    assert.deepEqual([inV2.amount_refunded, inV2.balance], [20.2, 29.8]);
    assert.deepEqual((await call('GET', `/v2/refunds/${r.number}`)).json.credit_memo, { id: cm.id, amount: 20.2 });
  });

  test('write-off (v1): a credit memo of that invoice account and balance; the invoice balance 0 in both', async () => {
    const { account, invoice } = await billedCustomer(call);
    const wo = await v1ok(
      call,
      'PUT',
      `/v1/invoices/${invoice}/write-off`,
      'PUT /v1/invoices/{invoiceKey}/write-off',
      'PUTWriteOffInvoiceResponse',
      { reasonCode: 'Write-off' },
    );
    const memo = (await call('GET', `/v1/credit-memos/${wo.creditMemo.id}`)).json;
    assert.deepEqual(
      [memo.accountId, memo.amount, memo.appliedAmount, memo.reasonCode],
      [account, 350, 350, 'Write-off'],
    );
    assert.equal((await call('GET', `/v1/invoices/${invoice}`)).json.balance, 0);
    assert.equal((await call('GET', `/v2/invoices/${invoice}`)).json.balance, 0);
  });

  test('a debit memo (v1) from charges, posted, paid in v2: its balance the same in both families', async () => {
    const { number } = await billedCustomer(call);
    const dm = await v1ok(call, 'POST', '/v1/debit-memos', 'POST /v1/debit-memos', 'GETDebitMemoType', {
      accountNumber: number,
      charges: [{ productRatePlanChargeId: 'price-team-seats', amount: 12.34 }],
    });
    assert.deepEqual([dm.status, dm.balance], ['Draft', 12.34]);
    const posted = await v1ok(
      call,
      'PUT',
      `/v1/debit-memos/${dm.id}/post`,
      'PUT /v1/debit-memos/{debitMemoKey}/post',
      'GETDebitMemoType',
    );
    assert.equal(posted.status, 'Posted');
    await call('POST', `/v2/debit_memos/${dm.id}/pay`, { currency: 'USD', external: true, amount: 10 });
    const inV1 = (await call('GET', `/v1/debit-memos/${dm.number}`)).json;
    const inV2 = (await call('GET', `/v2/debit_memos/${dm.number}`)).json;
    assert.deepEqual([inV1.balance, inV2.balance, inV1.beAppliedAmount, inV2.amount_paid], [2.34, 2.34, 10, 10]);
  });
});
