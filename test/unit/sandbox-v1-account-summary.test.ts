// GET /v1/accounts/{key}/summary from the kept records (found by the issue 32 tryout: the contract's simulation
// answered a made-up balance, 18.67 where the account owed 175): the same balance GET /v1/accounts/{key} and v2
// answer, the posted invoices with their balances, the payments with what each paid, the subscriptions and usage.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { answerDepartures } from '../../src/contract/answerCheck';
import { newCustomer, TEAM } from './billRunFixtures';
import { referenceChecker } from './sandbox-reference';
import { v2Sandbox } from './sandboxV2';

const v1 = referenceChecker('v1-openapi.yaml', { required: true });

describe('GET /v1/accounts/{key}/summary', () => {
  const { call } = v2Sandbox();

  test('an invoice of 350 with 100 paid by card: balance 250 everywhere, the invoice and payment listed', async () => {
    const order = await call('POST', '/v2/orders', newCustomer([TEAM], '2027-01-01'));
    const account = order.json.account_id as string;
    const invoice = (await call('POST', `/v2/accounts/${account}/bill`, {})).json.invoices.data[0];
    const card = { card_number: '4242424242424242', brand: 'visa', expiry_month: 1, expiry_year: 2031 };
    const method = await call('POST', '/v2/payment_methods', { account_id: account, type: 'card', card });
    const paid = await call('POST', '/v2/payments', {
      account_id: account,
      payment_method_id: method.json.id,
      amount: 100,
      currency: 'USD',
      payment_date: '2027-01-01',
      billing_documents: [{ id: invoice.id, type: 'invoice', amount: 100 }],
    });
    assert.equal(paid.status, 201, JSON.stringify(paid.json));
    const r = await call('GET', `/v1/accounts/${invoice.account_number}/summary`);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.deepEqual(v1.mismatches(r.json, 'GETAccountSummaryType'), []);
    assert.deepEqual(answerDepartures('GET /v1/accounts/{account-key}/summary', 200, r.json).departures, []);
    const s = r.json;
    const metrics = (await call('GET', `/v1/accounts/${account}`)).json.metrics;
    const v2 = (await call('GET', `/v2/accounts/${account}`)).json;
    assert.deepEqual([s.basicInfo.balance, metrics.balance, v2.remaining_invoice_balance], ['250', '250', 250]);
    assert.deepEqual(
      s.invoices.map((i: Record<string, unknown>) => [i.invoiceNumber, i.amount, i.balance, i.status]),
      [[invoice.invoice_number, 350, '250', 'Posted']],
    );
    assert.deepEqual(s.payments[0].paidInvoices, [
      { invoiceId: invoice.id, invoiceNumber: invoice.invoice_number, appliedPaymentAmount: '100' },
    ]);
    assert.deepEqual([s.basicInfo.lastPaymentAmount, s.basicInfo.lastInvoiceDate], ['100', '2027-01-01']);
    assert.deepEqual(
      s.subscriptions.map((x: Record<string, unknown>) => [x.status, x.termType, x.initialTerm]),
      [['Active', 'TERMED', '12']],
    );
    assert.equal(s.subscriptions[0].ratePlans[0].productRatePlanId, 'plan-team-monthly');
    assert.equal((await call('GET', '/v1/accounts/A404/summary')).status, 404);
  });

  test('GET /v1/refunds lists the kept refunds (was simulated: an invented refund)', async () => {
    const order = await call('POST', '/v2/orders', newCustomer([TEAM], '2027-01-01'));
    const account = order.json.account_id as string;
    const card = { card_number: '5555555555554444', brand: 'mastercard', expiry_month: 3, expiry_year: 2032 };
    const method = await call('POST', '/v2/payment_methods', { account_id: account, type: 'card', card });
    const body = { account_id: account, payment_method_id: method.json.id, amount: 40, currency: 'USD' };
    const paid = await call('POST', '/v2/payments', { ...body, payment_date: '2027-01-01', billing_documents: [] });
    const refund = await call('POST', '/v2/refunds', { payment_id: paid.json.id, amount: 15 });
    assert.equal(refund.status, 201, JSON.stringify(refund.json));
    const list = await call('GET', '/v1/refunds?pageSize=40');
    assert.equal(list.status, 200);
    assert.deepEqual(v1.mismatches(list.json, 'GETRefundCollectionType'), []);
    const ours = list.json.refunds.find((r: { number: string }) => r.number === refund.json.refund_number);
    assert.equal(ours?.amount, 15, JSON.stringify(list.json.refunds));
  });
});
