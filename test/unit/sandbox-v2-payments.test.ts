// Issue 32 item 1 (payments and balances), over loopback HTTP: v2 payment methods (card, ACH, bank transfer) with
// the README's test cards, payments taken (electronic: charged, a test card declines as documented and the failed
// payment is kept; external: recorded), applied to the oldest open invoice or the ones named, unapplied and
// canceled, the invoice's balance moving; kept in the store like its other records (a failed save keeps nothing,
// the data file keeps them, a clock move back undoes them). Every answer conforms to the reference's schema.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox } from '../../src/sandbox';
import { CLOCK_PATH } from '../../src/wire/sandboxClock';
import { v1Caller } from './sandbox-v1-helpers';
import { tokenOf } from './sandboxToken';
import { billedTeamCustomer, conforms, refused, v2Sandbox } from './sandboxV2';
import { referenceChecker } from './sandbox-reference';
import { answerDepartures } from '../../src/contract/answerCheck';
import { fullDiskWriter } from './dataFileHelpers';

const v1 = referenceChecker('v1-openapi.yaml', { required: true });

type Call = Awaited<ReturnType<typeof v1Caller>>;

const card = (number: string, expiry_year = 2030) => ({
  type: 'card',
  card: { card_number: number, brand: 'visa', expiry_month: 12, expiry_year },
});

/** A new Team customer (350 a month from 2027-01-01) billed today: its account id and first invoice's id. */
async function billedCustomer(call: Call) {
  const { account, invoice } = await billedTeamCustomer(call);
  return { account, invoice: invoice.id };
}

/** DELETE /v2/payment_methods/{id}: a 204, no body. */
async function remove(url: string, token: string, id: string) {
  const r = await fetch(`${url}/v2/payment_methods/${id}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${token}` },
  });
  assert.equal(r.status, 204, await r.text());
}

const accountOf = async (call: Call, id: string) =>
  conforms(await call('GET', `/v2/accounts/${id}`), 200, 'account', 'GET /v2/accounts/{account_id}');

const invoice = async (call: Call, id: string) =>
  conforms(await call('GET', `/v2/invoices/${id}`), 200, 'invoice', 'GET /v2/invoices/{invoice_id}');

async function methodOf(call: Call, account: string, body: object) {
  const r = await call('POST', '/v2/payment_methods', { account_id: account, ...body });
  return conforms(r, 201, 'paymentMethod', 'POST /v2/payment_methods');
}

async function pay(call: Call, body: object) {
  return conforms(await call('POST', '/v2/payments', body), 201, 'payment', 'POST /v2/payments');
}

const payment = (account: string, method: string, amount: number) => ({
  account_id: account,
  payment_method_id: method,
  amount,
  currency: 'USD',
  payment_date: '2027-01-01',
});

describe('v2 payments, kept in the store', () => {
  const { sb, call } = v2Sandbox();

  test('a card that pays is charged: the payment is applied to the oldest open invoice and its balance falls', async () => {
    const { account, invoice: inv } = await billedCustomer(call);
    assert.equal((await invoice(call, inv)).balance, 350);
    const m = await methodOf(call, account, card('4242 4242 4242 4242'));
    assert.deepEqual(m.card, { brand: 'visa', expiry_month: 12, expiry_year: 2030, last_4: '4242' });
    assert.ok(!JSON.stringify(m).includes('4242424242424242'), 'the card number is never answered');
    const p = await pay(call, payment(account, m.id, 100.1));
    assert.equal(p.state, 'processed');
    assert.equal(p.gateway_response_code, 'approve');
    assert.deepEqual(p.applied_to, [
      { billing_document_id: inv, billing_document_type: 'invoice', amount: 100.1, state: 'processed' },
    ]);
    assert.equal(p.amount_applied, 100.1);
    assert.equal(p.remaining_balance, 0);
    const after = await invoice(call, inv);
    assert.equal(after.balance, 249.9); // exact: 350 - 100.1, not 249.89999999999998
    assert.equal(after.paid, false);
    const items = await call('GET', `/v2/invoice_items?filter[]=invoice_id.EQ:${inv}`);
    const left = conforms(items, 200, undefined, 'GET /v2/invoice_items').data.map(
      (i: { amount: number; remaining_balance: number }) => [i.amount, i.remaining_balance],
    );
    assert.deepEqual(left, [
      [250, 149.9],
      [100, 100],
    ]); // the payment taken from the first item first
    const inV1 = (await call('GET', `/v1/invoices/${after.invoice_number}`)).json;
    assert.deepEqual([inV1.balance, inV1.paymentAmount], [249.9, 100.1]);
    const read = conforms(
      await call('GET', `/v2/payments/${p.payment_number}`),
      200,
      'payment',
      'GET /v2/payments/{payment_id}',
    );
    assert.equal(read.id, p.id);
    assert.equal((await accountOf(call, account)).remaining_invoice_balance, 249.9);
    const rest = await pay(call, payment(account, m.id, 249.9));
    assert.equal(rest.amount_applied, 249.9);
    const paid = await invoice(call, inv);
    assert.equal(paid.balance, 0);
    assert.equal(paid.paid, true);
    assert.equal((await accountOf(call, account)).remaining_invoice_balance, 0);
    const paymentV1 = await call('GET', `/v1/payments/${p.payment_number}`);
    assert.equal(paymentV1.status, 200, JSON.stringify(paymentV1.json));
    assert.deepEqual(v1.mismatches(paymentV1.json, 'GETARPaymentType'), []);
    assert.deepEqual(answerDepartures('GET /v1/payments/{paymentKey}', 200, paymentV1.json).departures, []);
    const { id, appliedAmount, unappliedAmount, status, type } = paymentV1.json;
    assert.deepEqual(
      { id, appliedAmount, unappliedAmount, status, type },
      {
        id: p.id,
        appliedAmount: 100.1,
        unappliedAmount: 0,
        status: 'Processed',
        type: 'Electronic',
      },
    );
  });

  test('the test cards decline as the README says; the failed payment is kept in state error, applied to nothing', async () => {
    const { account, invoice: inv } = await billedCustomer(call);
    const cases: [object, string][] = [
      [card('4000000000000002'), 'generic_decline'],
      [card('4000000000009995'), 'insufficient_funds'],
      [card('4000000000000069'), 'expired_card'],
      [card('4242424242424242', 2026), 'expired_card'], // past its expiry (today is 2027-01-01)
    ];
    for (const [body, code] of cases) {
      const m = await methodOf(call, account, body);
      const p = await pay(call, payment(account, m.id, 50));
      assert.equal(p.state, 'error', code);
      assert.equal(p.gateway_state, 'failed');
      assert.equal(p.gateway_response_code, code);
      assert.deepEqual(p.applied_to, []);
      const again = conforms(
        await call('GET', `/v2/payment_methods/${m.id}`),
        200,
        'paymentMethod',
        'GET /v2/payment_methods/{payment_method_id}',
      );
      assert.equal(again.total_number_of_error_payments, 1);
      assert.equal(again.last_transaction_status, 'Error');
    }
    assert.equal((await invoice(call, inv)).balance, 350);
    const errors = await call('GET', `/v2/payments?filter[]=account_id.EQ:${account}&filter[]=state.EQ:error`);
    assert.equal(conforms(errors, 200, undefined, 'GET /v2/payments').data.length, 4);
  });

  test('ACH and bank transfer methods are kept with their numbers masked; an external payment is recorded', async () => {
    const { account, invoice: inv } = await billedCustomer(call);
    const ach = await methodOf(call, account, {
      type: 'ach_debit',
      ach_debit: {
        bank_aba_code: '110000000',
        bank_account_name: 'Ada Lovelace',
        bank_account_number: '000123456789',
        bank_account_type: 'checking',
        bank_name: 'Test Bank',
      },
    });
    assert.equal(ach.ach_debit.bank_account_number, '********6789');
    const sepa = await methodOf(call, account, {
      type: 'sepa_debit',
      sepa_debit: { IBAN: 'DE89 3704 0044 0532 0130 00' },
    });
    assert.equal(sepa.sepa_debit.IBAN, '******************3000');
    const p = await pay(call, { ...payment(account, ach.id, 20), external: true });
    assert.equal(p.external, true);
    assert.equal(p.state, 'processed');
    assert.equal((await invoice(call, inv)).balance, 330);
  });

  test('apply, unapply, cancel and refund move the balances; what the rules refuse is a 400 saying what to do', async () => {
    const { account, invoice: inv } = await billedCustomer(call);
    const m = await methodOf(call, account, card('4242424242424242'));
    const docs = (amount: number) => ({ billing_documents: [{ id: inv, type: 'invoice', amount }] });
    const p = await pay(call, { ...payment(account, m.id, 100), ...docs(60) });
    assert.equal(p.amount_applied, 60);
    assert.equal(p.remaining_balance, 40);
    assert.equal((await invoice(call, inv)).balance, 290);
    const applied = await call('PUT', `/v2/payments/${p.id}/apply`, docs(40));
    assert.equal(conforms(applied, 200, 'payment', 'PUT /v2/payments/{payment_id}/apply').remaining_balance, 0);
    assert.match(
      refused(await call('PUT', `/v2/payments/${p.id}/apply`, docs(1)), 400, 'invalid_parameter'),
      /more than the payment has left/,
    );
    assert.match(refused(await call('POST', `/v2/payments/${p.id}/cancel`), 400, 'invalid_state'), /unapply it first/);
    const unpost = await call('POST', `/v2/invoices/${inv}/unpost`);
    assert.match(
      refused(unpost, 400, 'invalid_state', 'invoice_id'),
      /has payments applied \(100\): unapply them first/,
    );
    const un = await call('PUT', `/v2/payments/${p.id}/unapply`, docs(100));
    assert.equal(conforms(un, 200, 'payment', 'PUT /v2/payments/{payment_id}/unapply').amount_applied, 0);
    const again = await call('PUT', `/v2/payments/${p.id}/unapply`, docs(1));
    assert.match(
      refused(again, 400, 'invalid_parameter'),
      /has nothing applied to INV\d{8}: there is nothing to unapply/,
    );
    assert.equal((await invoice(call, inv)).balance, 350);
    const canceled = await call('POST', `/v2/payments/${p.id}/cancel`);
    assert.equal(conforms(canceled, 200, 'payment', 'POST /v2/payments/{payment_id}/cancel').state, 'canceled');
    const q = await pay(call, { ...payment(account, m.id, 100), billing_documents: [] });
    const refund = await call('POST', '/v2/refunds', { payment_id: q.id, amount: 30, reason_code: 'Standard Refund' });
    const r = conforms(refund, 201, 'refund', 'POST /v2/refunds');
    assert.deepEqual([r.payment_id, r.amount, r.state, r.refund_method_type], [q.id, 30, 'processed', 'credit_card']);
    const read = await call('GET', `/v2/refunds/${r.refund_number}`);
    assert.equal(conforms(read, 200, 'refund', 'GET /v2/refunds/{refund_id}').id, r.id);
    const after = conforms(await call('GET', `/v2/payments/${q.id}`), 200, 'payment', 'GET /v2/payments/{payment_id}');
    assert.deepEqual([after.amount_refunded, after.remaining_balance], [30, 70]);
    const tooMuch = await call('POST', '/v2/refunds', { payment_id: q.id, amount: 70.01 });
    assert.match(refused(tooMuch, 400, 'invalid_parameter', 'amount'), /more than payment P-\d+ has unapplied \(70\)/);
    assert.match(refused(await call('POST', `/v2/payments/${q.id}/cancel`), 400, 'invalid_state'), /refunded/);
    refused(
      await call('POST', '/v2/payment_methods', { account_id: account, ...card('4242424242424241') }),
      400,
      'invalid_parameter',
      'card.card_number',
    );
    refused(
      await call('POST', '/v2/payments', { ...payment(account, m.id, 1), ...docs(351) }),
      400,
      'invalid_parameter',
      'billing_documents[0].amount',
    );
  });

  test("the account's first method is its default until another is made so; a removed one is gone", async () => {
    const { account } = await billedCustomer(call);
    const m = await methodOf(call, account, card('4242424242424242'));
    assert.equal((await accountOf(call, account)).default_payment_method_id, m.id);
    const other = await methodOf(call, account, { ...card('5555555555554444'), is_default: true });
    assert.equal((await accountOf(call, account)).default_payment_method_id, other.id);
    await remove(sb().url, await tokenOf(sb()), other.id);
    assert.equal((await accountOf(call, account)).default_payment_method_id, undefined);
    const patched = await call('PATCH', `/v2/payment_methods/${m.id}`, {
      card: { expiry_month: 3, expiry_year: 2031 },
    });
    assert.equal(
      conforms(patched, 200, 'paymentMethod', 'PATCH /v2/payment_methods/{payment_method_id}').card.expiry_year,
      2031,
    );
    const listed = await call('GET', `/v2/payment_methods?filter[]=account_id.EQ:${account}`);
    assert.deepEqual(
      conforms(listed, 200, undefined, 'GET /v2/payment_methods').data.map((x: { id: string }) => x.id),
      [m.id],
    );
    await remove(sb().url, await tokenOf(sb()), m.id);
    refused(await call('GET', `/v2/payment_methods/${m.id}`), 404, 'resource_not_found');
    const charged = await call('POST', '/v2/payments', payment(account, m.id, 5));
    assert.match(refused(charged, 400, 'invalid_parameter', 'payment_method_id'), /No payment method .* to charge/);
  });
});

describe("payments are kept like the store's other records", () => {
  test('the data file keeps methods and payments; a clock move back undoes them', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bw-pay-')), 'sandbox.json');
    const sb = await startSandbox({ dataFile: file, today: '2027-01-01' });
    const call = await v1Caller(sb);
    const { account, invoice: inv } = await billedCustomer(call);
    const m = await methodOf(call, account, card('4242424242424242'));
    const applied = { billing_documents: [{ id: inv, type: 'invoice', amount: 50 }] };
    const kept = await pay(call, { ...payment(account, m.id, 50.5), ...applied }); // 0.5 left to refund
    await sb.close();
    const again = await startSandbox({ dataFile: file });
    const call2 = await v1Caller(again);
    try {
      assert.equal((await call2('GET', `/v2/payments/${kept.id}`)).status, 200);
      assert.equal((await invoice(call2, inv)).balance, 300);
      assert.equal((await call2('POST', CLOCK_PATH, { to: '2027-01-10' })).status, 200);
      const later = await pay(call2, { ...payment(account, m.id, 25), payment_date: '2027-01-10' });
      await remove(again.url, await tokenOf(again), m.id);
      const refund = (await call2('POST', '/v2/refunds', { payment_id: kept.id, amount: 0.5 })).json;
      assert.equal(refund.amount, 0.5, JSON.stringify(refund));
      assert.equal((await invoice(call2, inv)).balance, 275);
      assert.equal((await call2('POST', CLOCK_PATH, { to: '2027-01-01' })).status, 200);
      refused(await call2('GET', `/v2/payments/${later.id}`), 404, 'resource_not_found');
      assert.equal((await call2('GET', `/v2/payments/${kept.id}`)).json.amount_refunded, 0);
      refused(await call2('GET', `/v2/refunds/${refund.id}`), 404, 'resource_not_found');
      assert.equal((await call2('GET', `/v2/payment_methods/${m.id}`)).status, 200); // its removal undone too
      assert.equal((await invoice(call2, inv)).balance, 300);
    } finally {
      await again.close();
    }
  });

  test('a payment whose save fails keeps nothing: no payment, the balance as it was', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bw-pay-')), 'sandbox.json');
    let full = false;
    const writer = fullDiskWriter(() => full);
    const sb = await startSandbox({ dataFile: file, today: '2027-01-01', writer });
    const call = await v1Caller(sb);
    try {
      const { account, invoice: inv } = await billedCustomer(call);
      const m = await methodOf(call, account, card('4242424242424242'));
      full = true;
      assert.equal((await call('POST', '/v2/payments', payment(account, m.id, 50))).status, 500);
      full = false;
      assert.equal((await invoice(call, inv)).balance, 350);
      const listed = await call('GET', `/v2/payments?filter[]=account_id.EQ:${account}`);
      assert.deepEqual(listed.json.data, []);
    } finally {
      await sb.close();
    }
  });
});
