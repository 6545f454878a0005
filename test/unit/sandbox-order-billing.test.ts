// Issue 33 (tryout fixF), over loopback HTTP: an order's processing_options bill it with the order, as the service
// does (quickstart v2 reference, processingOptions; the answer's ar_transactions = arTransactionsOrders).
// create_invoice / run_billing bill the account at once through target_date (default: the sandbox's today), dated
// document_date, a draft when draft_invoice; a later clock move bills only the periods after. collect_payment also
// charges the new invoice on the method named or the account's default: a card that pays leaves it paid and the
// account at 0; one that declines keeps the order, the invoice open and the failed payment. No processing_options:
// nothing is billed until the clock's bill run, as before.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLOCK_PATH } from '../../src/wire/sandboxClock';
import { newCustomer, TEAM } from './billRunFixtures';
import { runCli } from './cli';
import type { v1Caller } from './sandbox-v1-helpers';
import { conforms, refused, v2Sandbox } from './sandboxV2';

type Call = Awaited<ReturnType<typeof v1Caller>>;
type Invoice = {
  id: string;
  invoice_number: string;
  total: number;
  balance: number;
  state: string;
  document_date: string;
};

const card = (number: string) => ({
  type: 'card',
  card: { card_number: number, brand: 'visa', expiry_month: 12, expiry_year: 2030 },
});

/** A new Team customer's order (350 a month from 2027-01-01), auto-pay with `cardNumber` when given. */
function order(processing?: object, cardNumber?: string) {
  const body = newCustomer([TEAM], '2027-01-01') as Record<string, unknown> & { account_data: object };
  if (cardNumber) body.account_data = { ...body.account_data, auto_pay: true, payment_method: card(cardNumber) };
  return processing ? { ...body, processing_options: processing } : body;
}

/** The order created (its answer conformed to POST /v2/orders' schema). */
const create = async (call: Call, body: object) => {
  const created = conforms(await call('POST', '/v2/orders', body), 200, 'order', 'POST /v2/orders');
  return { ...created, ar_transactions: created.subscriptions[0].ar_transactions as unknown };
};

const invoicesOf = async (call: Call, account: string) =>
  (
    conforms(await call('GET', `/v2/invoices?filter[]=account_id.EQ:${account}`), 200, undefined, 'GET /v2/invoices')
      .data as Invoice[]
  ).sort((a, b) => (a.document_date < b.document_date ? -1 : 1));

const paymentsOf = async (call: Call, account: string) =>
  conforms(await call('GET', `/v2/payments?filter[]=account_id.EQ:${account}`), 200, undefined, 'GET /v2/payments')
    .data as Record<string, unknown>[];

const balanceOf = async (call: Call, account: string) =>
  (await call('GET', `/v2/accounts/${account}`)).json.remaining_invoice_balance as number;

describe('create_invoice bills with the order; the clock bills only what comes after', () => {
  const { call } = v2Sandbox();

  test('create_invoice bills January at once, dated document_date; a 2-month clock move bills February and March only (1,050.00 in all)', async () => {
    const created = await create(call, order({ collection_method: 'create_invoice', document_date: '2026-12-31' }));
    const account = created.account_id as string;
    const [invoice] = await invoicesOf(call, account);
    assert.ok(invoice, 'an invoice at order time');
    assert.deepEqual([invoice.total, invoice.document_date, invoice.state], [350, '2026-12-31', 'posted']);
    const ar = created.ar_transactions as { invoice_numbers: string[]; invoices: Invoice; payments: unknown[] };
    assert.deepEqual(
      [ar.invoice_numbers, ar.invoices.id, ar.invoices.total],
      [[invoice.invoice_number], invoice.id, 350],
    );
    assert.deepEqual(ar.payments, []);
    const moved = await call('POST', CLOCK_PATH, { by: '2 months' });
    assert.equal(moved.status, 200, JSON.stringify(moved.json));
    const all = await invoicesOf(call, account);
    assert.deepEqual(
      all.map(i => [i.document_date, i.total]),
      [
        ['2026-12-31', 350],
        ['2027-02-01', 350],
        ['2027-03-01', 350],
      ],
    );
    assert.equal(
      all.reduce((s, i) => s + Math.round(i.total * 100), 0),
      105000,
      'no period billed twice',
    );
  });
});

describe('collect_payment, drafts, refusals, and no processing_options', () => {
  const { call } = v2Sandbox();

  test('collect_payment charges the new invoice on the default card: paid, account balance 0, a processed payment', async () => {
    const created = await create(call, order({ collection_method: 'collect_payment' }, '4111111111111111'));
    const account = created.account_id as string;
    const [invoice] = await invoicesOf(call, account);
    assert.deepEqual([invoice.total, invoice.balance, invoice.state], [350, 0, 'posted']); // paid: a v2 invoice stays posted
    assert.equal(await balanceOf(call, account), 0);
    const [payment, ...more] = await paymentsOf(call, account);
    assert.deepEqual(more, []);
    assert.deepEqual([payment.amount, payment.state, payment.payment_date], [350, 'processed', '2027-01-01']);
    const ar = created.ar_transactions as {
      invoice_numbers: string[];
      invoices: Invoice;
      payments: Record<string, unknown>[];
    };
    assert.deepEqual(ar.invoice_numbers, [invoice.invoice_number]);
    assert.deepEqual([ar.invoices.total, ar.invoices.balance], [350, 0], 'the invoice as paid');
    assert.equal(ar.payments.length, 1);
    const [p] = ar.payments;
    assert.deepEqual(
      [p.payment_number, p.amount, p.state],
      [payment.payment_number, ['350.00'], { succeeded: 'processed' }],
    );
    assert.equal((p.payments as { id: string }).id, payment.id);
  });

  test('collect_payment with a declining card keeps the order, the invoice open and the failed payment, and says so', async () => {
    const created = await create(call, order({ collection_method: 'collect_payment' }, '4000000000000002'));
    const account = created.account_id as string;
    const [invoice] = await invoicesOf(call, account);
    assert.deepEqual([invoice.balance, invoice.state], [350, 'posted']);
    assert.equal(await balanceOf(call, account), 350);
    const [payment] = await paymentsOf(call, account);
    assert.equal(payment.state, 'error');
    const [p] = (created.ar_transactions as { payments: { state: { failed?: string } }[] }).payments;
    assert.match(p.state.failed ?? '', /^generic_decline: /);
  });

  test('run_billing of a two-subscription order: one invoice for both (700.00), shown on each subscription of the answer', async () => {
    const body = {
      ...newCustomer([TEAM, TEAM], '2027-01-01'),
      processing_options: { collection_method: 'run_billing' },
    };
    const answer = conforms(await call('POST', '/v2/orders', body), 200, 'order', 'POST /v2/orders');
    const [invoice, ...more] = await invoicesOf(call, answer.account_id as string);
    assert.deepEqual([invoice.total, more], [700, []]);
    const [one, two] = (answer.subscriptions as { ar_transactions: { invoice_numbers: string[] } }[]).map(
      s => s.ar_transactions,
    );
    assert.deepEqual([one.invoice_numbers, two], [[invoice.invoice_number], one]);
  });

  test('draft_invoice leaves the invoice a draft and collects nothing', async () => {
    const asked = { collection_method: 'collect_payment', draft_invoice: true };
    const created = await create(call, order(asked, '4111111111111111'));
    const account = created.account_id as string;
    const [invoice] = await invoicesOf(call, account);
    assert.deepEqual([invoice.total, invoice.state], [350, 'draft']);
    assert.deepEqual(await paymentsOf(call, account), []);
    const ar = created.ar_transactions as { invoice_numbers: string[]; invoices: Invoice; payments: unknown[] };
    assert.deepEqual([ar.invoice_numbers, ar.invoices.state, ar.payments], [[invoice.invoice_number], 'draft', []]);
  });

  test('collect_payment without a payment method, or a target_date after today: a 400 naming the field, nothing kept', async () => {
    const before = (await call('GET', '/v2/orders')).json.data.length as number;
    const none = await call('POST', '/v2/orders', order({ collection_method: 'collect_payment' }));
    assert.match(refused(none, 400, 'missing_parameter', 'processing_options.payment_method_id'), /no default/);
    const later = await call(
      'POST',
      '/v2/orders',
      order({ collection_method: 'run_billing', target_date: '2027-02-01' }),
    );
    assert.match(refused(later, 400, 'invalid_parameter', 'processing_options.target_date'), /2027-01-01/);
    assert.equal((await call('GET', '/v2/orders')).json.data.length, before);
  });

  test('no processing_options: nothing billed with the order, no ar_transactions (as before)', async () => {
    const created = await create(call, order(undefined, '4111111111111111'));
    assert.equal(created.ar_transactions, undefined);
    assert.deepEqual(await invoicesOf(call, created.account_id as string), []);
  });
});

describe('the CLI create of an order that bills with it', () => {
  const { sb } = v2Sandbox();

  test('create prints what the order billed and collected: the invoice, its amount and balance, the payment', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-order-billing-'));
    const file = path.join(dir, 'pay-now.order.json');
    fs.writeFileSync(file, JSON.stringify(order({ collection_method: 'collect_payment' }, '4111111111111111')));
    const env = { BILLING_CLIENT_ID: sb().clientId, BILLING_CLIENT_SECRET: sb().clientSecret };
    const r = await runCli(['create', file, '--base-url', sb().url], env);
    fs.rmSync(dir, { recursive: true, force: true });
    assert.equal(r.status, 0, r.stderr);
    const [created, billed, collected, ...more] = r.stdout.trimEnd().split('\n');
    // The account the order made, by its number (v2's answer names it by id only; found by a tryout).
    const account = /^created order O\d{8} for new account (A\d{8}) with /.exec(created)?.[1];
    assert.ok(account && [...sb().store.accounts.keys()].includes(account), created);
    assert.match(billed, /^billed INV\d+: 350\.00 USD, balance 0\.00 USD$/);
    assert.match(collected, /^collected P-?\d+ 350\.00 USD$/);
    assert.deepEqual(more, []);
  });
});
