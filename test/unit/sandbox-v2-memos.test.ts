// Issue 32 item 1 (memos, invoice pay, write-off and balances), over loopback HTTP: v2 credit memos from an invoice
// and from charges, posted, applied to invoices and debit memos, unapplied, refunded; debit memos paid by a payment;
// an invoice paid and written off. Balances move as the vendor describes ("Application of credit memos to invoices
// and debit memos", https://docs.zuora.com/en/zuora-billing/bill-your-customer/invoice-settlement/
// credit-memos-and-debit-memos/application-of-credit-memos-to-invoices-and-debit-memos, and the memos' "Basic
// information": a credit memo's balance is its unapplied amount, a debit memo's what is owed on it): invoice balance
// = total - payments applied - credit memos applied; the account's balance = its posted invoices' and debit memos'
// balances. Every answer conforms to the reference's schema.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox } from '../../src/sandbox';
import { CLOCK_PATH } from '../../src/wire/sandboxClock';
import { v1Caller } from './sandbox-v1-helpers';
import { billedTeamCustomer, conforms, refused, v2Sandbox } from './sandboxV2';

type Call = Awaited<ReturnType<typeof v1Caller>>;

/** A new Team customer (350 a month from 2027-01-01: Seats 250, Platform fee 100) billed today. */
async function billedCustomer(call: Call) {
  const { account, invoice } = await billedTeamCustomer(call);
  return { account, invoice: invoice.id, items: invoice.items.data };
}

const invoice = async (call: Call, id: string) =>
  conforms(await call('GET', `/v2/invoices/${id}`), 200, 'invoice', 'GET /v2/invoices/{invoice_id}');
const accountOf = async (call: Call, id: string) =>
  conforms(await call('GET', `/v2/accounts/${id}`), 200, 'account', 'GET /v2/accounts/{account_id}');
const memo = async (call: Call, id: string) =>
  conforms(await call('GET', `/v2/credit_memos/${id}`), 200, 'creditMemo', 'GET /v2/credit_memos/{credit_memo_id}');

async function creditMemo(call: Call, body: object) {
  return conforms(await call('POST', '/v2/credit_memos', body), 201, 'creditMemo', 'POST /v2/credit_memos');
}
async function debitMemo(call: Call, body: object) {
  return conforms(await call('POST', '/v2/debit_memos', body), 201, 'debitMemo', 'POST /v2/debit_memos');
}
const act = async (call: Call, path: string, body?: object) => {
  const op = `POST ${path.replace(/\/v2\/(credit|debit)_memos\/[^/]+/, '/v2/$1_memos/{$1_memo_id}')}`;
  const r = await call('POST', path, body);
  return conforms(r, 200, path.includes('credit_memos') ? 'creditMemo' : 'debitMemo', op);
};

describe('v2 credit and debit memos, kept in the store', () => {
  const { call } = v2Sandbox();

  test('a credit memo from an invoice for half, posted and applied: the invoice balance halves, the account balance follows', async () => {
    const { account, invoice: inv, items } = await billedCustomer(call);
    const seats = items.find(i => i.amount === 250)!;
    const fee = items.find(i => i.amount === 100)!;
    const body = {
      invoice_id: inv,
      reason_code: 'Correcting invoice',
      items: [
        { invoice_item_id: seats.id, amount: 125, service_start: '2027-01-01' },
        { invoice_item_id: fee.id, amount: 50, service_start: '2027-01-01' },
      ],
    };
    const draft = await creditMemo(call, body);
    assert.deepEqual([draft.state, draft.total, draft.account_id, draft.invoice_id], ['draft', 175, account, inv]);
    const apply = { billing_documents: [{ id: inv, type: 'invoice', amount: 175 }] };
    assert.match(
      refused(await call('POST', `/v2/credit_memos/${draft.id}/apply`, apply), 400, 'invalid_state'),
      /is draft: post it/,
    );
    assert.equal((await act(call, `/v2/credit_memos/${draft.id}/post`)).state, 'posted');
    assert.equal((await accountOf(call, account)).remaining_credit_memo_balance, 175);
    const applied = await act(call, `/v2/credit_memos/${draft.id}/apply`, apply);
    assert.deepEqual(applied.applied_to, [{ billing_document_id: inv, billing_document_type: 'invoice', amount: 175 }]);
    assert.equal(applied.balance, 0);
    assert.equal((await invoice(call, inv)).balance, 175);
    const money = await accountOf(call, account);
    assert.deepEqual([money.remaining_invoice_balance, money.remaining_credit_memo_balance], [175, 0]);
    const inV1 = (await call('GET', `/v1/invoices/${inv}`)).json;
    assert.deepEqual([inV1.balance, inV1.creditMemoAmount, inV1.paymentAmount], [175, 175, 0]);
    const back = await act(call, `/v2/credit_memos/${draft.id}/unapply`, {
      billing_documents: [{ id: inv, type: 'invoice', amount: 75 }],
    });
    assert.equal(back.balance, 75);
    assert.equal((await invoice(call, inv)).balance, 250);
    assert.equal((await accountOf(call, account)).remaining_invoice_balance, 250);
    assert.match(
      refused(await call('POST', `/v2/credit_memos/${draft.id}/unpost`), 400, 'invalid_state'),
      /applied or refunded \(100\): unapply that first/,
    );
  });

  test('a refund of a credit memo: a refund record of the memo, the memo refunded, its balance what is left', async () => {
    const { account } = await billedCustomer(call);
    const cm = await creditMemo(call, {
      account_id: account,
      post: true,
      items: [{ name: 'Goodwill', amount: 40.1, service_start: '2027-01-01' }],
    });
    assert.deepEqual([cm.state, cm.total, cm.balance], ['posted', 40.1, 40.1]);
    const r = await call('POST', '/v2/refunds', {
      amount: 30.05,
      external: true,
      credit_memo: { id: cm.id, amount: 30.05 },
    });
    const refund = conforms(r, 201, 'refund', 'POST /v2/refunds');
    assert.deepEqual(
      [refund.credit_memo, refund.account_id, refund.state],
      [{ id: cm.id, amount: 30.05 }, account, 'processed'],
    );
    const after = await memo(call, cm.credit_memo_number);
    assert.deepEqual([after.amount_refunded, after.balance], [30.05, 10.05]); // exact: not 10.049999999999997
    const read = await call('GET', `/v2/refunds/${refund.refund_number}`);
    assert.equal(conforms(read, 200, 'refund', 'GET /v2/refunds/{refund_id}').id, refund.id);
    const tooMuch = await call('POST', '/v2/refunds', {
      amount: 11,
      external: true,
      credit_memo: { id: cm.id, amount: 11 },
    });
    assert.match(refused(tooMuch, 400, 'invalid_parameter', 'amount'), /more than Credit memo CM\d+ has unapplied/);
    assert.equal((await accountOf(call, account)).remaining_credit_memo_balance, 10.05);
  });

  test('a debit memo paid by a payment: its balance 0, the account balance back to its invoices', async () => {
    const { account } = await billedCustomer(call);
    const dm = await debitMemo(call, {
      account_id: account,
      post: true,
      items: [{ name: 'Late fee', unit_amount: 12.5, quantity: 2, service_start: '2027-01-01' }],
    });
    assert.deepEqual([dm.state, dm.total, dm.balance, dm.paid], ['posted', 25, 25, false]);
    assert.deepEqual(
      [
        (await accountOf(call, account)).remaining_debit_memo_balance,
        (await accountOf(call, account)).remaining_invoice_balance,
      ],
      [25, 350],
    );
    const method = await call('POST', '/v2/payment_methods', {
      account_id: account,
      type: 'card',
      card: { card_number: '4242424242424242', brand: 'visa', expiry_month: 12, expiry_year: 2030 },
    });
    assert.equal(method.status, 201, JSON.stringify(method.json));
    const paid = await act(call, `/v2/debit_memos/${dm.id}/pay`, { currency: 'USD' });
    assert.deepEqual([paid.balance, paid.amount_paid, paid.paid], [0, 25, true]);
    const payments = await call('GET', `/v2/payments?filter[]=account_id.EQ:${account}`);
    assert.deepEqual(
      payments.json.data.map((p: { applied_to: unknown[] }) => p.applied_to),
      [[{ billing_document_id: dm.id, billing_document_type: 'debit_memo', amount: 25, state: 'processed' }]],
    );
    assert.equal((await accountOf(call, account)).remaining_debit_memo_balance, 0);
    const items = await call('GET', `/v2/debit_memo_items?filter[]=debit_memo_id.EQ:${dm.id}`);
    assert.deepEqual(
      conforms(items, 200, undefined, 'GET /v2/debit_memo_items').data.map((i: { amount: number }) => i.amount),
      [25],
    );
  });

  test('an invoice paid with its account default method: a payment of its balance, applied to it', async () => {
    const { account, invoice: inv } = await billedCustomer(call);
    const noMethod = await call('POST', `/v2/invoices/${inv}/pay`, { currency: 'USD' });
    assert.match(refused(noMethod, 400, 'invalid_parameter', 'payment_method_id'), /no default payment method/);
    const declining = await call('POST', '/v2/payment_methods', {
      account_id: account,
      type: 'card',
      card: { card_number: '4000000000000002', brand: 'visa', expiry_month: 12, expiry_year: 2030 },
    });
    const declined = await call('POST', `/v2/invoices/${inv}/pay`, {
      currency: 'USD',
      payment_method_id: declining.json.id,
    });
    assert.match(refused(declined, 400, 'invalid_parameter'), /was declined .*unpaid/);
    const external = await call('POST', `/v2/invoices/${inv}/pay`, { currency: 'USD', external: true, amount: 50 });
    const half = conforms(external, 200, 'invoice', 'POST /v2/invoices/{invoice_id}/pay');
    assert.equal(half.balance, 300);
    const list = await call('GET', `/v2/payments?filter[]=account_id.EQ:${account}`);
    assert.deepEqual(
      list.json.data.map((p: { state: string; amount: number }) => `${p.state} ${p.amount}`),
      ['error 350', 'processed 50'],
    );
  });

  test('write-off: a posted credit memo of the balance, of that invoice account, applied to it; the invoice balance 0', async () => {
    await billedCustomer(call); // another account's invoice first: the memo must not be its
    const { account, invoice: inv } = await billedCustomer(call);
    await call('POST', `/v2/invoices/${inv}/pay`, { currency: 'USD', external: true, amount: 100.3 });
    const r = await call('POST', `/v2/invoices/${inv}/write-off`, { reason_code: 'Write-off' });
    const wo = conforms(r, 200, 'creditMemo', 'POST /v2/invoices/{invoice_id}/write-off');
    assert.deepEqual(
      [wo.account_id, wo.invoice_id, wo.total, wo.state, wo.balance],
      [account, inv, 249.7, 'posted', 0],
    );
    assert.deepEqual(wo.applied_to, [{ billing_document_id: inv, billing_document_type: 'invoice', amount: 249.7 }]);
    const after = await invoice(call, inv);
    assert.deepEqual([after.balance, after.paid], [0, true]);
    assert.equal((await accountOf(call, account)).remaining_invoice_balance, 0);
    const again = await call('POST', `/v2/invoices/${inv}/write-off`, {});
    assert.match(refused(again, 400, 'invalid_state'), /nothing left to pay/);
  });

  test('reverse stays consistent: its credit memo stands applied to the invoice in full, its balance 0', async () => {
    const { invoice: inv } = await billedCustomer(call);
    await call('POST', `/v2/invoices/${inv}/reverse`, {});
    const list = await call('GET', `/v2/credit_memos?filter[]=invoice_id.EQ:${inv}`);
    const [cm] = conforms(list, 200, 'creditMemoListResponse', 'GET /v2/credit_memos').data;
    assert.deepEqual(
      [cm.total, cm.balance, cm.applied_to],
      [350, 0, [{ billing_document_id: inv, billing_document_type: 'invoice', amount: 350 }]],
    );
  });

  test('a credit memo applied to a debit memo; cancel only a draft; a memo is no bill run line', async () => {
    const { account } = await billedCustomer(call);
    const dm = await debitMemo(call, {
      account_id: account,
      post: true,
      items: [{ amount: 20, service_start: '2027-01-01' }],
    });
    const cm = await creditMemo(call, {
      account_id: account,
      post: true,
      items: [{ amount: 15, service_start: '2027-01-01' }],
    });
    await act(call, `/v2/credit_memos/${cm.id}/apply`, {
      billing_documents: [{ id: dm.id, type: 'debit_memo', amount: 15 }],
    });
    const owed = conforms(
      await call('GET', `/v2/debit_memos/${dm.id}`),
      200,
      'debitMemo',
      'GET /v2/debit_memos/{debit_memo_id}',
    );
    assert.equal(owed.balance, 5);
    assert.match(
      refused(await call('POST', `/v2/credit_memos/${cm.id}/cancel`), 400, 'invalid_state'),
      /unpost it first/,
    );
    const cents = await call('POST', '/v2/credit_memos', {
      account_id: account,
      items: [{ amount: 1.005, service_start: '2027-01-01' }],
    });
    assert.match(refused(cents, 400, 'invalid_parameter', 'items[0].amount'), /more decimals than USD takes \(2\)/);
    const draft = await creditMemo(call, { account_id: account, items: [{ amount: 1, service_start: '2027-01-01' }] });
    assert.equal((await act(call, `/v2/credit_memos/${draft.id}/cancel`)).state, 'canceled');
    const again = await call('POST', `/v2/accounts/${account}/bill`, {});
    assert.deepEqual(again.json.invoices.data, [], 'the memos billed nothing again');
  });

  test('the data file keeps memos, their applications and refunds; a clock move back undoes them', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bw-memo-')), 'sandbox.json');
    const sb = await startSandbox({ dataFile: file, today: '2027-01-01' });
    const call1 = await v1Caller(sb);
    const { invoice: inv } = await billedCustomer(call1);
    const cm = await creditMemo(call1, { invoice_id: inv, post: true });
    await act(call1, `/v2/credit_memos/${cm.id}/apply`, {
      billing_documents: [{ id: inv, type: 'invoice', amount: 300 }],
    });
    await sb.close();
    const again = await startSandbox({ dataFile: file });
    const call2 = await v1Caller(again);
    try {
      assert.equal((await invoice(call2, inv)).balance, 50);
      assert.equal((await memo(call2, cm.id)).balance, 50);
      assert.equal((await call2('POST', CLOCK_PATH, { to: '2027-01-10' })).status, 200);
      await call2('POST', '/v2/refunds', { amount: 50, external: true, credit_memo: { id: cm.id, amount: 50 } });
      const wo = (await call2('POST', `/v2/invoices/${inv}/write-off`, {})).json;
      assert.deepEqual([(await memo(call2, cm.id)).balance, (await invoice(call2, inv)).balance], [0, 0]);
      assert.equal((await call2('POST', CLOCK_PATH, { to: '2027-01-01' })).status, 200);
      refused(await call2('GET', `/v2/credit_memos/${wo.id}`), 404, 'resource_not_found');
      assert.deepEqual([(await memo(call2, cm.id)).amount_refunded, (await invoice(call2, inv)).balance], [0, 50]);
    } finally {
      await again.close();
    }
  });
});
