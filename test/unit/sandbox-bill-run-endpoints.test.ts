// Bill runs on the Local sandbox (issue 21, item 4), over loopback HTTP: an account's bill, invoices, billing
// documents and bill runs in both families, each answer checked against the reference; and a data file keeps them
// across a restart. The engine below them (the time machine and the store) is in sandbox-bill-runs.test.ts.
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { localAnswer } from '../../src/catalog';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { CLOCK_PATH } from '../../src/wire/sandboxClock';
import { SIMULATED_HEADER } from '../../src/wire/simulated';
import { referenceChecker } from './sandbox-reference';
import { v1Caller } from './sandbox-v1-helpers';
import { newCustomer, TEAM } from './billRunFixtures';

const v2 = referenceChecker('quickstart-v2-openapi.yaml', { required: true });
const v1 = referenceChecker('v1-openapi.yaml', { required: true });
type Call = Awaited<ReturnType<typeof v1Caller>>;

/** A new customer on the Team plan from `start`, by POST /v2/orders: its account's number and id. */
async function customer(call: Call, start = '2027-01-01') {
  const r = await call('POST', '/v2/orders', newCustomer([TEAM], start));
  assert.equal(r.status, 200, JSON.stringify(r.json));
  const number = r.json.subscriptions[0].subscription_number as string;
  const { basicInfo } = (await call('GET', `/v1/accounts/${r.json.account_id}`)).json;
  return { number: basicInfo.accountNumber as string, id: basicInfo.id as string, subscription: number };
}

describe('the endpoints, over loopback', () => {
  let sb: Sandbox;
  let call: Call;
  let a: Awaited<ReturnType<typeof customer>>;
  before(async () => {
    sb = await startSandbox({ today: '2027-01-01' });
    call = await v1Caller(sb);
    a = await customer(call);
  });
  after(() => sb.close());

  test("POST /v2/accounts/{account_id}/bill: what is due through today, once; the answer is the reference's", async () => {
    const r = await call('POST', `/v2/accounts/${a.number}/bill`, {});
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.deepEqual(v2.mismatches(r.json, 'generateBillingDocumentsAccountResponse'), []);
    const [invoice] = r.json.invoices.data;
    assert.deepEqual([r.json.invoices.data.length, invoice.total, invoice.document_date], [1, 350, '2027-01-01']);
    assert.deepEqual(
      invoice.items.data.map(
        (i: Record<string, unknown>) => `${i.name} ${i.service_start}..${i.service_end} ${i.amount}`,
      ),
      ['Seats 2027-01-01..2027-01-31 250', 'Platform fee 2027-01-01..2027-01-31 100'],
    );
    assert.deepEqual(r.json.credit_memos, { next_page: null, data: [] });
    const again = await call('POST', `/v2/accounts/${a.id}/bill`, { target_date: '2027-01-01' });
    assert.deepEqual(again.json.invoices.data, [], 'nothing twice, by id as by number');
  });

  test('the account bill refuses in the v2 shape: an unknown account (404), a date after today, an unknown field', async () => {
    const missing = await call('POST', '/v2/accounts/A99999999/bill', {});
    assert.equal(missing.status, 404);
    assert.deepEqual(v2.mismatches(missing.json, 'errorResponse'), []);
    assert.deepEqual(missing.json.errors[0], {
      code: 'resource_not_found',
      parameter: 'account_id',
      message: 'Account A99999999 could not be found.',
    });
    const later = await call('POST', `/v2/accounts/${a.number}/bill`, { target_date: '2027-02-01' });
    assert.equal(later.status, 400);
    assert.equal(later.json.errors[0].parameter, 'target_date');
    assert.match(later.json.errors[0].message, /bills up to its today, 2027-01-01.*POST \/_sandbox\/clock/);
    const unknown = await call('POST', `/v2/accounts/${a.number}/bill`, { when: 'now' });
    assert.deepEqual([unknown.status, unknown.json.errors[0].code], [400, 'unknown_parameter']);
  });

  test("the clock moves; GET /v2/invoices lists an account's invoices, paged, filtered, sorted, items on expand[]=items", async () => {
    const moved = await call('POST', CLOCK_PATH, { to: '2027-04-01' });
    const mine = moved.json.events.filter((e: { account_number: string }) => e.account_number === a.number);
    assert.deepEqual(
      mine.map((e: { date: string; type: string; total: number }) => `${e.date} ${e.type} ${e.total}`),
      ['2027-02-01 billed 350', '2027-03-01 billed 350', '2027-04-01 billed 350'],
    );
    const byId = `filter[]=${encodeURIComponent(`account_id.EQ:${a.id}`)}`;
    const first = await call('GET', `/v2/invoices?${byId}&page_size=2`);
    assert.deepEqual(v2.mismatches(first.json, 'invoiceListResponse'), []);
    const second = await call('GET', `/v2/invoices?${byId}&page_size=2&cursor=${first.json.next_page}`);
    assert.equal(second.json.next_page, null);
    const dates = [...first.json.data, ...second.json.data].map((i: { document_date: string }) => i.document_date);
    assert.deepEqual(dates, ['2027-01-01', '2027-02-01', '2027-03-01', '2027-04-01']);
    const byNumber = await call('GET', `/v2/invoices?filter[]=account_number.EQ:${a.number}&expand[]=items`);
    assert.deepEqual(v2.mismatches(byNumber.json, 'invoiceListResponse'), []);
    assert.deepEqual(
      byNumber.json.data.map((i: { items: { data: unknown[] } }) => i.items.data.length),
      [2, 2, 2, 2],
    );
    assert.equal(first.json.data[0].items, undefined, 'items only when asked for');
    const newest = await call('GET', `/v2/invoices?${byId}&sort[]=document_date.desc&page_size=1`);
    assert.equal(newest.json.data[0].document_date, '2027-04-01');
    const after = await call('GET', `/v2/invoices?${byId}&filter[]=document_date.GT:2027-02-01`);
    assert.equal(after.json.data.length, 2);
    const bad = await call('GET', '/v2/invoices?filter[]=colour.EQ:red');
    assert.equal(bad.status, 400);
    assert.equal(bad.json.errors[0].parameter, 'filter[]');
    assert.match(
      bad.json.errors[0].message,
      /cannot be filtered or sorted by "colour"; use .*account_id.*document_date/,
    );
  });

  test('GET /v2/invoices/{invoice_id} by id or number; a credit memo is a billing document, not an invoice', async () => {
    const [first] = (await call('GET', `/v2/invoices?filter[]=account_number.EQ:${a.number}`)).json.data;
    const byId = await call('GET', `/v2/invoices/${first.id}?expand[]=items`);
    assert.deepEqual(v2.mismatches(byId.json, 'invoice'), []);
    assert.equal(byId.json.invoice_number, first.invoice_number);
    assert.equal((await call('GET', `/v2/invoices/${first.invoice_number}`)).json.id, first.id);
    // Fewer seats from Apr 10: the unused days of April given back, billed today on the account's bill.
    await call('POST', CLOCK_PATH, { to: '2027-04-10' });
    const sub = (await call('GET', `/v1/subscriptions/${a.subscription}`)).json;
    const plan = sub.ratePlans[0];
    const seats = plan.ratePlanCharges.find(
      (c: { productRatePlanChargeId: string }) => c.productRatePlanChargeId === 'price-team-seats',
    );
    const change = {
      account_number: a.number,
      order_date: '2027-04-10',
      subscriptions: [
        {
          subscription_number: a.subscription,
          update_subscription_plans: [
            {
              subscription_plan: {
                subscription_plan_id: plan.id,
                subscription_items: [{ subscription_item_number: seats.number, quantity: 2 }],
              },
            },
          ],
        },
      ],
    };
    assert.equal((await call('POST', '/v2/orders', change)).status, 200);
    const bill = await call('POST', `/v2/accounts/${a.number}/bill`, {});
    assert.deepEqual(v2.mismatches(bill.json, 'generateBillingDocumentsAccountResponse'), []);
    const [memo] = bill.json.credit_memos.data;
    assert.equal(memo.total, 175); // 10 seats x 25 x 21/30 given back; the 2 seats (35.00) are billed on an invoice
    assert.deepEqual(
      bill.json.invoices.data.map((i: { total: number }) => i.total),
      [35],
    );
    assert.match(memo.credit_memo_number, /^CM\d{8}$/);
    assert.equal((await call('GET', `/v2/invoices/${memo.id}`)).status, 404);
    const docs = await call(
      'GET',
      `/v2/billing_documents?filter[]=type.EQ:credit_memo&filter[]=account_id.EQ:${a.id}&expand[]=items`,
    );
    assert.deepEqual(v2.mismatches(docs.json, 'billingDocumentListResponse'), []);
    assert.deepEqual(
      docs.json.data.map(
        (d: { billing_document_number: string; state: string }) => `${d.billing_document_number} ${d.state}`,
      ),
      [`${memo.credit_memo_number} open`],
    );
    const one = await call('GET', `/v2/billing_documents/${memo.id}`);
    assert.deepEqual(v2.mismatches(one.json, 'billingDocument'), []);
    assert.equal(one.json.type, 'credit_memo');
    const all = await call('GET', `/v2/billing_documents?filter[]=account_id.EQ:${a.id}`);
    assert.deepEqual(
      all.json.data.map((d: { type: string }) => d.type),
      ['invoice', 'invoice', 'invoice', 'invoice', 'credit_memo', 'invoice'],
    );
  });

  test('POST /v2/bill_runs bills every account through its target date and answers the bill run', async () => {
    const b = await customer(call, '2027-04-10');
    const r = await call('POST', '/v2/bill_runs', { target_date: '2027-04-10', invoice_date: '2027-04-10' });
    assert.equal(r.status, 201, JSON.stringify(r.json));
    assert.deepEqual(v2.mismatches(r.json, 'billRun'), []);
    assert.deepEqual(
      [r.json.state, r.json.invoices_generated, r.json.credit_memos_generated],
      ['completed', 1, 0],
      'only the new customer had something due',
    );
    assert.match(r.json.bill_run_number, /^BR-\d{8}$/, "numbered after the clock's own runs");
    assert.equal(r.json.accounts_processed, sb.store.accountList.length);
    const invoices = await call('GET', `/v2/invoices?filter[]=account_number.EQ:${b.number}`);
    assert.deepEqual(
      invoices.json.data.map((i: { total: number }) => i.total),
      [245], // Apr 10 to May 1: 21 of 30 days of 350
    );
    const one = await call('POST', '/v2/bill_runs', {
      target_date: '2027-04-10',
      invoice_date: '2027-04-10',
      account_number: b.number,
    });
    assert.deepEqual([one.json.accounts_processed, one.json.invoices_generated, one.json.account_id], [1, 0, b.id]);
  });

  test('POST /v2/bill_runs refuses in the v2 shape what it cannot run', async () => {
    const cases: [object, string, string][] = [
      [{ target_date: '2027-04-10' }, 'missing_parameter', 'invoice_date'],
      [{ target_date: '2027-05-01', invoice_date: '2027-05-01' }, 'invalid_parameter', 'target_date'],
      [{ target_date: '2027-04-10', invoice_date: '2027-04-10', colour: 'red' }, 'unknown_parameter', 'colour'],
      [
        { target_date: '2027-04-10', invoice_date: '2027-04-10', account_number: 'A99' },
        'invalid_parameter',
        'account_number',
      ],
      [
        { target_date: '2027-04-10', invoice_date: '2027-04-10', charges_excluded: ['Taxes'] },
        'invalid_parameter',
        'charges_excluded',
      ],
    ];
    for (const [body, code, parameter] of cases) {
      const r = await call('POST', '/v2/bill_runs', body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.deepEqual(v2.mismatches(r.json, 'errorResponse'), []);
      assert.deepEqual([r.json.errors[0].code, r.json.errors[0].parameter], [code, parameter], JSON.stringify(body));
    }
  });

  test("v1: a bill run, an account's billing documents, an invoice and generate, as the v1 reference answers them", async () => {
    const run = await call('POST', '/v1/bill-runs', { targetDate: '2027-04-10', autoPost: true, somethingElse: 1 });
    assert.equal(run.status, 200, JSON.stringify(run.json));
    assert.deepEqual(v1.mismatches(run.json, 'GetBillRunResponseType'), []);
    assert.deepEqual([run.json.status, run.json.targetDate], ['Completed', '2027-04-10']);
    assert.match(run.json.billRunNumber, /^BR-\d{8}$/);

    // Apr 10 gave back more than it billed: a credit memo and an invoice of its own (the 2 seats), then Apr 1's.
    const list = await call('GET', `/v1/billing-documents?accountId=${a.id}&pageSize=3`);
    assert.deepEqual(v1.mismatches(list.json, 'BillingDocumentQueryResponseElementType'), []);
    assert.deepEqual(
      list.json.documents.map(
        (d: { documentDate: string; documentType: string }) => `${d.documentDate} ${d.documentType}`,
      ),
      ['2027-04-10 Invoice', '2027-04-10 CreditMemo', '2027-04-01 Invoice'],
      'the newest first',
    );
    assert.match(list.json.nextPage, /^\/v1\/billing-documents\?.*page=2/);
    const oldest = await call('GET', `/v1/billing-documents?accountNumber=${a.number}&sort=documentDate`);
    assert.equal(oldest.json.documents[0].documentDate, '2027-01-01');

    const invoice = await call('GET', `/v1/invoices/${list.json.documents[2].documentNumber}`);
    assert.deepEqual(v1.mismatches(invoice.json, 'GetInvoiceResponse'), []);
    assert.deepEqual([invoice.json.status, invoice.json.amount, invoice.json.includesRecurring], ['Posted', 350, true]);

    // Its items are the ones it holds (not simulated), paged like the documents.
    const items = await call('GET', `/v1/invoices/${invoice.json.id}/items`);
    assert.equal(items.headers.get(SIMULATED_HEADER), null, 'served from the store');
    assert.deepEqual(v1.mismatches(items.json, 'GETInvoiceItemsResponse'), []);
    assert.deepEqual(
      items.json.invoiceItems.map(
        (i: Record<string, string>) =>
          `${i.chargeName} ${i.chargeType} ${i.serviceStartDate}..${i.serviceEndDate} x${i.quantity} ${i.chargeAmount}`,
      ),
      ['Seats Recurring 2027-04-01..2027-04-30 x10 250.00', 'Platform fee Recurring 2027-04-01..2027-04-30 x1 100.00'],
    );
    const first = await call('GET', `/v1/invoices/${invoice.json.invoiceNumber}/items?pageSize=1`);
    assert.equal(first.json.invoiceItems.length, 1);
    assert.match(first.json.nextPage, /items\?.*page=2/);
    assert.equal((await call('GET', '/v1/invoices/INV99999999/items')).status, 404);

    const generated = await call('POST', `/v1/accounts/${a.number}/billing-documents/generate`, {});
    assert.deepEqual(v1.mismatches(generated.json, 'GenerateBillingDocumentResponseType'), []);
    assert.deepEqual(generated.json, { success: true, invoices: [], creditMemos: [] }, 'nothing twice');
  });

  test('v1 errors keep the v1 shape: no account named, a key that names nothing, a date after today', async () => {
    const none = await call('GET', '/v1/billing-documents');
    assert.equal(none.status, 400);
    assert.equal(none.json.success, false);
    assert.match(none.json.reasons[0].message, /accountId or accountNumber is required/);
    const missing = await call('GET', '/v1/invoices/INV99999999');
    assert.equal(missing.status, 404);
    assert.equal(missing.json.reasons[0].code, 50000040);
    const later = await call('POST', '/v1/bill-runs', { targetDate: '2027-06-01' });
    assert.equal(later.status, 400);
    assert.match(later.json.reasons[0].message, /targetDate.*bills up to its today, 2027-04-10/);
    const account = await call('POST', '/v1/accounts/A99999999/billing-documents/generate', {});
    assert.equal(account.status, 404);
  });

  test('a bill run reads back in either family, by id or number; v2 lists them, filtered, in the order they ran', async () => {
    const ran = await call('POST', '/v1/bill-runs', {
      targetDate: '2027-04-10',
      name: 'April',
      autoPost: true,
      autoEmail: true,
      noEmailForZeroAmountInvoice: true,
      chargeTypeToExclude: ['Usage'],
    });
    const { id, billRunNumber } = ran.json;
    const v1Read = await call('GET', `/v1/bill-runs/${billRunNumber}`);
    assert.deepEqual(v1Read.json, ran.json, 'the v1 retrieve answers what the create did');
    assert.deepEqual((await call('GET', `/v1/bill-runs/${id}`)).json, ran.json, 'by id too');

    const v2Read = await call('GET', `/v2/bill_runs/${id}`);
    assert.equal(v2Read.status, 200, JSON.stringify(v2Read.json));
    assert.deepEqual(v2.mismatches(v2Read.json, 'billRun'), []);
    assert.deepEqual(
      [v2Read.json.bill_run_number, v2Read.json.name, v2Read.json.target_date, v2Read.json.state],
      [billRunNumber, 'April', '2027-04-10', 'completed'],
    );
    const { post, email, renew, email_zero_amount_invoices, charges_excluded } = v2Read.json;
    assert.deepEqual(
      { post, email, renew, email_zero_amount_invoices, charges_excluded },
      { post: true, email: true, renew: false, email_zero_amount_invoices: false, charges_excluded: 'Usage' },
      'what v1 asked, in v2 words',
    );
    const created = await call('POST', '/v2/bill_runs', {
      target_date: '2027-04-10',
      invoice_date: '2027-04-10',
      post: true,
      renew: true,
      charges_excluded: ['OneTime'],
    });
    const back = await call('GET', `/v2/bill_runs/${created.json.bill_run_number}`);
    assert.deepEqual(back.json, created.json, 'the v2 retrieve answers what the create did');
    const inV1 = (await call('GET', `/v1/bill-runs/${created.json.id}`)).json;
    assert.deepEqual(v1.mismatches(inV1, 'GetBillRunResponseType'), []);
    assert.deepEqual(
      [inV1.billRunNumber, inV1.autoPost, inV1.autoEmail, inV1.autoRenewal, inV1.chargeTypeToExclude],
      [created.json.bill_run_number, true, false, true, ['OneTime']],
      'a v2 run reads in v1, what it asked in v1 words',
    );

    const all = await call('GET', '/v2/bill_runs?page_size=2');
    assert.deepEqual(v2.mismatches(all.json.data[0], 'billRun'), []);
    const firstTwo = all.json.data.map((r: { bill_run_number: string }) => r.bill_run_number);
    assert.equal(firstTwo.length, 2);
    assert.deepEqual(firstTwo, [...firstTwo].sort(), 'in the order they ran');
    for (const n of firstTwo) assert.match(n, /^BR-\d{8}$/);
    assert.ok(all.json.next_page, 'more than a page: a cursor to the next');
    const named = await call('GET', '/v2/bill_runs?filter[]=name.EQ:April');
    assert.deepEqual(
      named.json.data.map((r: { id: string }) => r.id),
      [id],
    );
    const refused = await call('GET', '/v2/bill_runs?filter[]=colour.EQ:red');
    assert.equal(refused.status, 400);
    assert.match(refused.json.errors[0].message, /Bill runs cannot be filtered or sorted by "colour"/);

    const none = await call('GET', '/v1/bill-runs/BR-99999999');
    assert.deepEqual([none.status, none.json.success], [404, false]);
    assert.match(none.json.reasons[0].message, /Bill run BR-99999999 does not exist/);
    const noneV2 = await call('GET', '/v2/bill_runs/BR-99999999');
    assert.deepEqual([noneV2.status, noneV2.json.errors[0].parameter], [404, 'bill_run_id']);
  });

  test('the catalog marks the v1 bill run operations as served (the Endpoints view shows them so)', () => {
    for (const id of [
      'POST /v1/bill-runs',
      'GET /v1/bill-runs/{billRunId}',
      'GET /v1/billing-documents',
      'GET /v1/invoices/{invoiceKey}',
      'GET /v1/invoices/{invoiceKey}/items',
      'POST /v1/accounts/{key}/billing-documents/generate',
    ]) {
      const [method, path] = id.split(' ');
      assert.equal(localAnswer({ method, path }), 'served', id);
    }
    assert.equal(localAnswer({ method: 'GET', path: '/v1/invoices/{invoiceKey}/files' }), 'simulated');
  });
});

test('a data file keeps the invoices and the bill runs across a restart, and what each item billed with them', async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bw-bills-')), 'sandbox.json');
  let sb = await startSandbox({ dataFile: file, today: '2027-01-01' });
  let call = await v1Caller(sb);
  const a = await customer(call);
  await call('POST', CLOCK_PATH, { to: '2027-03-01' });
  const listed = async () =>
    (await call('GET', `/v2/invoices?filter[]=account_number.EQ:${a.number}&expand[]=items`)).json.data;
  const before = await listed();
  assert.equal(before.length, 3);
  const run = (await call('POST', '/v2/bill_runs', { target_date: '2027-03-01', invoice_date: '2027-03-01' })).json;
  await sb.close();
  sb = await startSandbox({ dataFile: file });
  try {
    call = await v1Caller(sb);
    assert.equal(sb.clock.today(), '2027-03-01', 'the clock stays where the data went');
    assert.deepEqual(await listed(), before);
    assert.deepEqual((await call('GET', `/v2/bill_runs/${run.id}`)).json, run, 'the bill run too');
    const again = await call('POST', `/v2/accounts/${a.number}/bill`, {});
    assert.deepEqual(again.json.invoices.data, [], 'nothing billed twice after the restart');
  } finally {
    await sb.close();
  }
});
