// Issue 32 item 1 (v1 side) and item 2 in v1, over loopback HTTP: accounts created and changed in v1 keep autoPay
// and a card given with them as the default payment method; v1 payment methods, payments (applied, unapplied,
// canceled), refunds written on the same store as v2 and read back by either family; a v1 bill run with autoPost
// collects from an auto-pay account. Every answer conforms to the reference's schema and to the product's contract.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { answerDepartures } from '../../src/contract/answerCheck';
import { TEAM } from './billRunFixtures';
import { newAccount, newCustomerOrder, type Answer, type v1Caller } from './sandbox-v1-helpers';
import { referenceChecker } from './sandbox-reference';
import { v2Sandbox } from './sandboxV2';

const v1 = referenceChecker('v1-openapi.yaml', { required: true });
type Call = Awaited<ReturnType<typeof v1Caller>>;

/** The answer is a 200 that conforms to `schema` and to the operation's contract; its body. */
function conformsV1(r: Answer, schema: string, op: string): Answer['json'] {
  assert.equal(r.status, 200, JSON.stringify(r.json));
  assert.deepEqual(v1.mismatches(r.json, schema), [], schema);
  assert.deepEqual(answerDepartures(op, 200, r.json).departures, [], op);
  return r.json;
}

const holder = {
  cardHolderName: 'Ada L',
  addressLine1: '1 Main St',
  city: 'London',
  state: 'LDN',
  country: 'GB',
  zipCode: 'N1',
};
const creditCard = (cardNumber: string) => ({
  cardType: 'Visa',
  cardNumber,
  expirationMonth: '12',
  expirationYear: '2030',
  cardHolderInfo: holder,
});

async function createAccount(call: Call, extra: object) {
  const body = {
    name: 'Ada Ltd',
    currency: 'USD',
    billCycleDay: 1,
    billToContact: { firstName: 'Ada', lastName: 'Lovelace', country: 'GB' },
    ...extra,
  };
  return conformsV1(await call('POST', '/v1/accounts', body), 'POSTAccountResponseType', 'POST /v1/accounts');
}

const accountV1 = async (call: Call, key: string) =>
  conformsV1(await call('GET', `/v1/accounts/${key}`), 'GETAccountType', 'GET /v1/accounts/{account-key}');

/** A Team order (350 a month) on the account, billed today by a v1 bill run (autoPost as given): its invoice. */
async function billed(call: Call, accountNumber: string, autoPost?: boolean) {
  const order = {
    order_date: '2027-01-01',
    account_number: accountNumber,
    subscriptions: [
      {
        initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
        renewal_term: { type: 'termed', interval: 'month', interval_count: 12 },
        start_on: { contract_effective: '2027-01-01' },
        subscription_plans: [TEAM],
      },
    ],
  };
  assert.equal((await call('POST', '/v2/orders', order)).status, 200);
  const filters = [{ accountId: accountNumber, filterType: 'Account' }];
  const run = await call('POST', '/v1/bill-runs', {
    targetDate: '2027-01-01',
    billRunFilters: filters,
    ...(autoPost === undefined ? {} : { autoPost }),
  });
  assert.equal(run.status, 200, JSON.stringify(run.json));
  const docs = await call('GET', `/v1/billing-documents?accountNumber=${accountNumber}`);
  return docs.json.documents[0] as { id: string; documentNumber: string };
}

const invoiceV1 = async (call: Call, number: string) => (await call('GET', `/v1/invoices/${number}`)).json;

describe('v1 accounts, payment methods, payments and refunds, on the store v2 reads', () => {
  const { call } = v2Sandbox();

  test('POST /v1/accounts keeps autoPay and its creditCard as the default method; a v1 bill run with autoPost collects', async () => {
    const made = await createAccount(call, { autoPay: true, creditCard: creditCard('4242424242424242') });
    assert.ok(made.paymentMethodId);
    const read = await accountV1(call, made.accountNumber);
    assert.equal(read.billingAndPayment.autoPay, true);
    assert.equal(read.billingAndPayment.defaultPaymentMethodId, made.paymentMethodId);
    const inV2 = (await call('GET', `/v2/accounts/${made.accountId}`)).json;
    assert.deepEqual([inV2.auto_pay, inV2.default_payment_method_id], [true, made.paymentMethodId]);

    const invoice = await billed(call, made.accountNumber, true);
    const paid = await invoiceV1(call, invoice.documentNumber);
    assert.deepEqual([paid.amount, paid.balance, paid.paymentAmount], [350, 0, 350]);
    const after = await accountV1(call, made.accountNumber);
    assert.deepEqual([after.metrics.balance, after.metrics.totalInvoiceBalance], ['0', '0']);
    const listed = conformsV1(
      await call('GET', `/v1/payments?accountId=${made.accountId}`),
      'PaymentCollectionResponseType',
      'GET /v1/payments',
    );
    assert.deepEqual(
      listed.payments.map((p: Record<string, unknown>) => [p.status, p.amount, p.appliedAmount, p.gatewayResponseCode]),
      [['Processed', 350, 350, 'approve']],
    );
  });

  test('PUT /v1/accounts turns autoPay on and makes a method the default; the v1 writes round-trip', async () => {
    const made = await createAccount(call, {
      paymentMethod: { type: 'CreditCard', ...creditCard('4000000000009995') },
    });
    const declining = made.paymentMethodId as string;
    const card = conformsV1(
      await call('POST', '/v1/payment-methods', {
        type: 'CreditCard',
        accountKey: made.accountNumber,
        ...creditCard('5555555555554444'),
      }),
      'POSTPaymentMethodResponse',
      'POST /v1/payment-methods',
    );
    let methods = conformsV1(
      await call('GET', `/v1/accounts/${made.accountNumber}/payment-methods`),
      'GETAccountPaymentMethodType',
      'GET /v1/accounts/{account-key}/payment-methods',
    );
    assert.equal(methods.defaultPaymentMethodId, declining); // the first one, created with the account
    assert.deepEqual(
      methods.returnedPaymentMethodType.map((m: Record<string, unknown>) => [m.id, m.type, m.isDefault, m.cardNumber]),
      [
        [declining, 'CreditCard', true, '************9995'],
        [card.id, 'CreditCard', false, '************4444'],
      ],
    );
    const changed = await call('PUT', `/v1/accounts/${made.accountNumber}`, {
      autoPay: true,
      defaultPaymentMethodId: card.id,
    });
    conformsV1(changed, 'CommonResponse', 'PUT /v1/accounts/{account-key}');
    const read = await accountV1(call, made.accountId);
    assert.deepEqual([read.billingAndPayment.autoPay, read.billingAndPayment.defaultPaymentMethodId], [true, card.id]);

    const invoice = await billed(call, made.accountNumber); // no autoPost: posted as issued, nothing collected
    assert.equal((await invoiceV1(call, invoice.documentNumber)).balance, 350);

    // A declining card: the payment kept in Error with the gateway's code, nothing applied.
    const declined = conformsV1(
      await call('POST', '/v1/payments', {
        type: 'Electronic',
        accountId: made.accountId,
        paymentMethodId: declining,
        amount: 100,
        currency: 'USD',
      }),
      'GETARPaymentTypeWithPaymentOption',
      'POST /v1/payments',
    );
    assert.deepEqual(
      [declined.status, declined.gatewayResponseCode, declined.appliedAmount],
      ['Error', 'insufficient_funds', 0],
    );

    // Electronic on the new default, applied to the invoice named.
    const p = conformsV1(
      await call('POST', '/v1/payments', {
        type: 'Electronic',
        accountNumber: made.accountNumber,
        paymentMethodId: card.id,
        amount: 200.1,
        currency: 'USD',
        effectiveDate: '2027-01-01',
        invoices: [{ invoiceId: invoice.id, amount: 150.1 }],
      }),
      'GETARPaymentTypeWithPaymentOption',
      'POST /v1/payments',
    );
    assert.deepEqual([p.status, p.appliedAmount, p.unappliedAmount], ['Processed', 150.1, 50]);
    assert.equal((await invoiceV1(call, invoice.documentNumber)).balance, 199.9);

    const un = await call('PUT', `/v1/payments/${p.number}/unapply`, {
      invoices: [{ invoiceId: invoice.id, amount: 50.1 }],
    });
    assert.equal(conformsV1(un, 'GETARPaymentType', 'PUT /v1/payments/{paymentKey}/unapply').unappliedAmount, 100.1);
    assert.equal((await invoiceV1(call, invoice.documentNumber)).balance, 250);
    const ap = await call('PUT', `/v1/payments/${p.id}/apply`, {
      invoices: [{ invoiceNumber: invoice.documentNumber, amount: 0.1 }],
    });
    assert.equal(conformsV1(ap, 'GETARPaymentType', 'PUT /v1/payments/{paymentKey}/apply').unappliedAmount, 100);

    const refund = conformsV1(
      await call('POST', `/v1/payments/${p.id}/refunds`, { type: 'Electronic', totalAmount: 60, comment: 'half back' }),
      'GETRefundPaymentType',
      'POST /v1/payments/{paymentKey}/refunds',
    );
    assert.deepEqual(
      [refund.amount, refund.paymentId, refund.status, refund.methodType],
      [60, p.id, 'Processed', 'CreditCard'],
    );
    const readRefund = conformsV1(
      await call('GET', `/v1/refunds/${refund.number}`),
      'GETRefundType',
      'GET /v1/refunds/{refundKey}',
    );
    assert.equal(readRefund.id, refund.id);
    const inV2 = (await call('GET', `/v2/payments/${p.id}`)).json;
    assert.deepEqual([inV2.amount_applied, inV2.amount_refunded, inV2.remaining_balance], [100.1, 60, 40]);

    // An external payment, unapplied, is canceled.
    const ext = conformsV1(
      await call('POST', '/v1/payments', {
        type: 'External',
        accountId: made.accountId,
        amount: 10,
        currency: 'USD',
        invoices: [],
      }),
      'GETARPaymentTypeWithPaymentOption',
      'POST /v1/payments',
    );
    const canceled = conformsV1(
      await call('PUT', `/v1/payments/${ext.id}/cancel`),
      'GETARPaymentType',
      'PUT /v1/payments/{paymentKey}/cancel',
    );
    assert.equal(canceled.status, 'Canceled');

    // A card's expiry changed, then the card removed: the account has no default left.
    const put = await call('PUT', `/v1/payment-methods/${card.id}`, { expirationMonth: 1, expirationYear: 2031 });
    conformsV1(put, 'PUTPaymentMethodResponse', 'PUT /v1/payment-methods/{payment-method-id}');
    methods = (await call('GET', `/v1/accounts/${made.accountNumber}/payment-methods`)).json;
    const kept = methods.returnedPaymentMethodType.find((m: { id: string }) => m.id === card.id);
    assert.deepEqual([kept.expirationMonth, kept.expirationYear], [1, 2031]);
    const del = await call('DELETE', `/v1/payment-methods/${card.id}`);
    conformsV1(del, 'CommonResponse', 'DELETE /v1/payment-methods/{payment-method-id}');
    methods = (await call('GET', `/v1/accounts/${made.accountNumber}/payment-methods`)).json;
    assert.equal(methods.defaultPaymentMethodId, undefined);
    assert.deepEqual(
      methods.returnedPaymentMethodType.map((m: { id: string }) => m.id),
      [declining],
    );
  });

  test('a v1 order whose newAccount has autoPay and a creditCard: the v1 bill run with autoPost charges that card', async () => {
    const body = {
      ...newCustomerOrder(),
      newAccount: { ...newAccount, autoPay: true, creditCard: creditCard('4000000000000002') },
    };
    const order = await call('POST', '/v1/orders', body);
    assert.equal(order.status, 200, JSON.stringify(order.json));
    const accountNumber = order.json.accountNumber as string;
    const read = await accountV1(call, accountNumber);
    assert.equal(read.billingAndPayment.autoPay, true);
    assert.ok(read.billingAndPayment.defaultPaymentMethodId);
    const filters = [{ accountId: accountNumber, filterType: 'Account' }];
    const run = await call('POST', '/v1/bill-runs', {
      targetDate: '2027-01-01',
      billRunFilters: filters,
      autoPost: true,
    });
    assert.equal(run.status, 200, JSON.stringify(run.json));
    const docs = await call('GET', `/v1/billing-documents?accountNumber=${accountNumber}`);
    const invoice = await invoiceV1(call, docs.json.documents[0].documentNumber);
    assert.deepEqual([invoice.amount, invoice.balance], [350, 350]); // the card declined: still owed
    const listed = (await call('GET', `/v1/payments?accountNumber=${accountNumber}`)).json.payments;
    assert.deepEqual(
      listed.map((p: Record<string, unknown>) => [p.status, p.gatewayResponseCode, p.amount]),
      [['Error', 'generic_decline', 350]],
    );
    assert.equal((await accountV1(call, accountNumber)).metrics.balance, '350');
  });

  test('what v1 refuses says what to do: a card that is not one, an unknown method, an electronic payment without one', async () => {
    const made = await createAccount(call, {});
    const bad = await call('POST', '/v1/payment-methods', {
      type: 'CreditCard',
      accountKey: made.accountId,
      ...creditCard('1234'),
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.success, false);
    assert.match(bad.json.reasons[0].message, /4242424242424242/);
    assert.match(bad.json.reasons[0].message, /^cardNumber is not a card number/, "the v1 body's own field");
    const onAccount = await call('POST', '/v1/accounts', {
      name: 'Bad card',
      currency: 'USD',
      billToContact: { firstName: 'A', lastName: 'B' },
      creditCard: creditCard('1234'),
    });
    assert.equal(onAccount.status, 400, JSON.stringify(onAccount.json));
    assert.match(onAccount.json.reasons[0].message, /^creditCard\.cardNumber is not a card number/);
    const unknown = await call('POST', '/v1/payments', {
      type: 'Electronic',
      accountId: made.accountId,
      paymentMethodId: 'nope',
      amount: 1,
      currency: 'USD',
    });
    assert.equal(unknown.status, 404, JSON.stringify(unknown.json));
    const missingMethod = await call('POST', '/v1/payments', {
      type: 'Electronic',
      accountId: made.accountId,
      amount: 1,
      currency: 'USD',
    });
    assert.equal(missingMethod.status, 400);
    assert.match(missingMethod.json.reasons[0].message, /paymentMethodId/);
  });
});
