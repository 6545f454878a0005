// Issue 32 items 2 and 6 (collection; time travel drives it), over loopback HTTP: an account with auto_pay and a
// default payment method is charged its invoice's balance when a bill run posts it, as the vendor's payment run
// does ("Payment runs pick up invoices for accounts that have auto-pay enabled and charges them for the amount on
// the invoice": https://docs.zuora.com/en/zuora-payments/process-payments/process-payments-with-payment-runs/create-payment-runs).
// A card that pays leaves the invoice and the account at 0; one that declines leaves the invoice open and keeps the
// failed payment with its gateway code; an account without auto-pay is not charged; a run asked not to post leaves
// drafts (charged once posted); the clock's moves bill and collect on each bill date, in date order.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { CLOCK_PATH } from '../../src/wire/sandboxClock';
import { TEAM } from './billRunFixtures';
import type { v1Caller } from './sandbox-v1-helpers';
import { conforms, v2Sandbox } from './sandboxV2';

type Call = Awaited<ReturnType<typeof v1Caller>>;

const card = (number: string) => ({
  type: 'card',
  card: { card_number: number, brand: 'visa', expiry_month: 12, expiry_year: 2030 },
});

/** An account (auto-pay or not) with `number` as its default card, and a Team order (350 a month) from `start`. */
async function customer(
  call: Call,
  number: string | undefined,
  autoPay: boolean,
  start = '2027-01-01',
  plan: object = TEAM,
  inline = false, // the card given with the account (payment_method), not added after
) {
  const body = {
    name: 'Collected',
    currency: 'USD',
    bill_cycle_day: 1,
    bill_to: { first_name: 'C', last_name: 'C' },
    ...(autoPay ? { auto_pay: true } : {}),
    ...(inline && number ? { payment_method: card(number) } : {}),
  };
  const account = conforms(await call('POST', '/v2/accounts', body), 201, 'account', 'POST /v2/accounts');
  assert.equal(account.auto_pay, autoPay ? true : undefined);
  if (inline) assert.ok(account.default_payment_method_id, JSON.stringify(account));
  else if (number) {
    const m = await call('POST', '/v2/payment_methods', { account_id: account.id, ...card(number) });
    assert.equal(m.status, 201, JSON.stringify(m.json));
  }
  const order = {
    order_date: start,
    account_number: account.account_number,
    subscriptions: [
      {
        initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
        renewal_term: { type: 'termed', interval: 'month', interval_count: 12 },
        start_on: { contract_effective: start },
        subscription_plans: [plan],
      },
    ],
  };
  assert.equal((await call('POST', '/v2/orders', order)).status, 200);
  return account.id as string;
}

const invoicesOf = async (call: Call, account: string) =>
  conforms(await call('GET', `/v2/invoices?filter[]=account_id.EQ:${account}`), 200, undefined, 'GET /v2/invoices')
    .data as { id: string; balance: number; state: string; document_date: string; total: number }[];

const paymentsOf = async (call: Call, account: string) =>
  conforms(await call('GET', `/v2/payments?filter[]=account_id.EQ:${account}`), 200, undefined, 'GET /v2/payments')
    .data as Record<string, unknown>[];

const balanceOf = async (call: Call, account: string) =>
  conforms(await call('GET', `/v2/accounts/${account}`), 200, 'account', 'GET /v2/accounts/{account_id}')
    .remaining_invoice_balance as number;

const billRun = async (call: Call, body: object) =>
  conforms(await call('POST', '/v2/bill_runs', body), 201, 'billRun', 'POST /v2/bill_runs');

describe('collection in bill runs', () => {
  const { call } = v2Sandbox();

  test('a bill run that posts charges each auto-pay account its invoice: a paying card pays, a declining one is kept failed, no auto-pay is not charged', async () => {
    const pays = await customer(call, '4242424242424242', true);
    const declines = await customer(call, '4000000000000002', true, '2027-01-01', TEAM, true);
    const manual = await customer(call, '4242424242424242', false);
    await billRun(call, { target_date: '2027-01-01', invoice_date: '2027-01-01', post: true });

    const [paid] = await invoicesOf(call, pays);
    assert.deepEqual([paid.total, paid.balance, paid.state], [350, 0, 'posted']);
    assert.equal(await balanceOf(call, pays), 0);
    const [payment] = await paymentsOf(call, pays);
    assert.equal(payment.state, 'processed');
    assert.equal(payment.amount, 350);
    assert.equal(payment.gateway_response_code, 'approve');
    assert.deepEqual(payment.applied_to, [
      { billing_document_id: paid.id, billing_document_type: 'invoice', amount: 350, state: 'processed' },
    ]);

    const [open] = await invoicesOf(call, declines);
    assert.deepEqual([open.balance, open.state], [350, 'posted']);
    assert.equal(await balanceOf(call, declines), 350);
    const [failed] = await paymentsOf(call, declines);
    assert.deepEqual([failed.state, failed.gateway_response_code, failed.amount], ['error', 'generic_decline', 350]);
    assert.equal(failed.amount_applied, 0);

    assert.equal((await invoicesOf(call, manual))[0].balance, 350);
    assert.deepEqual(await paymentsOf(call, manual), []);
    assert.equal(await balanceOf(call, manual), 350);
  });

  test('post: false leaves the invoices drafts, not charged; posting the run later posts and collects them', async () => {
    const pays = await customer(call, '5555555555554444', true);
    const run = await billRun(call, { target_date: '2027-01-01', invoice_date: '2027-01-01', post: false });
    const [draft] = await invoicesOf(call, pays);
    assert.equal(draft.state, 'draft');
    assert.deepEqual(await paymentsOf(call, pays), []);
    assert.equal(await balanceOf(call, pays), 0); // a draft owes nothing yet
    const posted = await call('POST', `/v2/bill_runs/${run.id}/post`, { invoice_date: '2027-01-01' });
    conforms(posted, 200, 'billRun', 'POST /v2/bill_runs/{bill_run_id}/post');
    const [after] = await invoicesOf(call, pays);
    assert.deepEqual([after.state, after.balance], ['posted', 0]);
    const [payment] = await paymentsOf(call, pays);
    assert.deepEqual([payment.state, payment.amount], ['processed', 350]);
  });

  test('PATCH /v2/accounts turns auto_pay on and makes another card the default: that card is charged', async () => {
    const account = await customer(call, '4000000000000002', false); // its first card (the default) declines
    const m = await call('POST', '/v2/payment_methods', { account_id: account, ...card('4242424242424242') });
    const patched = await call('PATCH', `/v2/accounts/${account}`, {
      auto_pay: true,
      default_payment_method_id: m.json.id,
    });
    const read = conforms(patched, 200, 'account', 'PATCH /v2/accounts/{account_id}');
    assert.deepEqual([read.auto_pay, read.default_payment_method_id], [true, m.json.id]);
    await billRun(call, { target_date: '2027-01-01', invoice_date: '2027-01-01', post: true });
    const [payment] = await paymentsOf(call, account);
    assert.deepEqual([payment.state, payment.payment_method_id, payment.amount], ['processed', m.json.id, 350]);
    assert.equal(await balanceOf(call, account), 0);
  });

  test('an order whose account_data has auto_pay and a payment_method: its invoice is collected at the run', async () => {
    const order = {
      order_date: '2027-01-01',
      account_data: {
        name: 'Ordered',
        currency: 'USD',
        bill_cycle_day: 1,
        bill_to: { first_name: 'O', last_name: 'O' },
        auto_pay: true,
        payment_method: card('4242424242424242'),
      },
      subscriptions: [
        {
          initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
          renewal_term: { type: 'termed', interval: 'month', interval_count: 12 },
          start_on: { contract_effective: '2027-01-01' },
          subscription_plans: [TEAM],
        },
      ],
    };
    const made = await call('POST', '/v2/orders', order);
    assert.equal(made.status, 200, JSON.stringify(made.json));
    const account = made.json.account_id as string;
    const read = conforms(
      await call('GET', `/v2/accounts/${account}`),
      200,
      'account',
      'GET /v2/accounts/{account_id}',
    );
    assert.equal(read.auto_pay, true);
    assert.ok(read.default_payment_method_id);
    await billRun(call, { target_date: '2027-01-01', invoice_date: '2027-01-01', post: true });
    const [payment] = await paymentsOf(call, account);
    assert.deepEqual([payment.state, payment.payment_method_id], ['processed', read.default_payment_method_id]);
    assert.equal(await balanceOf(call, account), 0);
  });

  test('a 0 invoice is not charged', async () => {
    const plan = {
      plan_id: 'plan-team-monthly',
      prices: [
        { price_id: 'price-team-seats', quantity: 10, unit_amount: 0 },
        { price_id: 'price-team-platform', unit_amount: 0 },
      ],
    };
    const free = await customer(call, '4242424242424242', true, '2027-01-01', plan);
    await billRun(call, { target_date: '2027-01-01', invoice_date: '2027-01-01', post: true });
    const [zero] = await invoicesOf(call, free);
    assert.deepEqual([zero.total, zero.state], [0, 'posted']);
    assert.deepEqual(await paymentsOf(call, free), []);
  });
});

describe('collection as the clock moves', () => {
  const { call } = v2Sandbox();

  test('two months on: each bill date bills and collects, the payments in date order, each paying its invoice', async () => {
    const account = await customer(call, '4242424242424242', true, '2027-02-01');
    const moved = await call('POST', CLOCK_PATH, { by: '2 months' });
    assert.equal(moved.status, 200, JSON.stringify(moved.json));
    const invoices = (await invoicesOf(call, account)).sort((a, b) => (a.document_date < b.document_date ? -1 : 1));
    assert.deepEqual(
      invoices.map(i => [i.document_date, i.balance]),
      [
        ['2027-02-01', 0],
        ['2027-03-01', 0],
      ],
    );
    const payments = await paymentsOf(call, account);
    assert.deepEqual(
      payments.map(p => [
        p.payment_date,
        p.state,
        p.amount,
        (p.applied_to as { billing_document_id: string }[])[0].billing_document_id,
      ]),
      invoices.map(i => [i.document_date, 'processed', 350, i.id]),
    );
    assert.equal(await balanceOf(call, account), 0);
  });
});
