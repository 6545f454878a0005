// Issue 31 item 2 (billing): the Local sandbox serves v2 invoices, their items and actions, bill run actions and the
// catalog (products, plans, prices) from its state, over loopback HTTP; every answer checked against the reference's
// own schema (its committed extract, not the product's contract data).
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { CLOCK_PATH } from '../../src/wire/sandboxClock';
import { newCustomer, TEAM } from './billRunFixtures';
import { referenceChecker, type Schema } from './sandbox-reference';
import { tokenOf } from './sandboxToken';
import { billedTeamCustomer } from './sandboxV2';

const v2 = referenceChecker('quickstart-v2-openapi.yaml', { required: true });
const v1 = referenceChecker('v1-openapi.yaml', { required: true });
const listOf = (name: string): Schema => ({
  type: 'object',
  properties: { next_page: { type: 'string', nullable: true }, data: { type: 'array', items: { $ref: name } } },
});

type Answer = { status: number; json: ReturnType<typeof JSON.parse> };
type Call = (method: string, path: string, body?: unknown) => Promise<Answer>;

async function caller(sb: Sandbox): Promise<Call> {
  const token = await tokenOf(sb);
  return async (method, path, body) => {
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const r = await fetch(`${sb.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    return { status: r.status, json: text ? JSON.parse(text) : undefined };
  };
}

/** A new Team customer from 2027-01-01 (350 a month), billed today: its account id and first invoice. */
const billedCustomer = billedTeamCustomer;

const invoicesOf = async (call: Call, account: string) =>
  (await call('GET', `/v2/invoices?filter[]=account_id.EQ:${account}`)).json.data as Record<string, unknown>[];

describe('v2 invoices, served from the store', () => {
  let sb: Sandbox;
  let call: Call;
  before(async () => {
    sb = await startSandbox({ today: '2027-01-01' });
    call = await caller(sb);
  });
  after(() => sb.close());

  test('unpost, cancel (a posted one refused: unpost it first), and the next bill bills the canceled lines again', async () => {
    const { account, invoice } = await billedCustomer(call);
    const refused = await call('POST', `/v2/invoices/${invoice.id}/cancel`);
    assert.equal(refused.status, 400);
    assert.match(refused.json.errors[0].message, /is posted: unpost it first, then cancel it/);
    assert.deepEqual([refused.json.errors[0].code, refused.json.errors[0].parameter], ['invalid_state', 'invoice_id']);
    const draft = await call('POST', `/v2/invoices/${invoice.invoice_number}/unpost`);
    assert.equal(draft.status, 200, JSON.stringify(draft.json));
    assert.deepEqual(v2.mismatches(draft.json, 'invoice'), []);
    assert.deepEqual([draft.json.id, draft.json.state, draft.json.balance], [invoice.id, 'draft', 350]);
    const canceled = await call('POST', `/v2/invoices/${invoice.id}/cancel`);
    assert.deepEqual(v2.mismatches(canceled.json, 'invoice'), []);
    assert.deepEqual([canceled.json.state, canceled.json.balance, canceled.json.past_due], ['canceled', 0, false]);
    assert.equal((await call('POST', `/v2/invoices/${invoice.id}/post`)).status, 400, 'a canceled one stays so');
    // Not a billing document any more; its lines are billed again, once.
    const gone = await call('GET', `/v2/billing_documents/${invoice.id}`);
    assert.equal(gone.status, 404);
    assert.match(gone.json.errors[0].message, new RegExp(`was canceled: .* read it at /v2/invoices/${invoice.id}`));
    const again = await call('POST', `/v2/accounts/${account}/bill`, {});
    assert.deepEqual(
      again.json.invoices.data.map((i: { total: number }) => i.total),
      [350],
    );
    assert.deepEqual((await call('POST', `/v2/accounts/${account}/bill`, {})).json.invoices.data, []);
    assert.deepEqual(
      (await invoicesOf(call, account)).map(i => i.state),
      ['canceled', 'posted'],
    );
    // v1 reads the same state.
    const inV1 = (await call('GET', `/v1/invoices/${invoice.id}`)).json;
    assert.deepEqual(v1.mismatches(inV1, 'GetInvoiceResponse'), []);
    assert.deepEqual([inV1.status, inV1.balance], ['Canceled', 0]);
    const number = (await call('GET', `/v2/accounts/${account}`)).json.account_number;
    const canceledRows = await call('GET', `/v1/billing-documents?accountNumber=${number}&status=Canceled`);
    assert.deepEqual(
      canceledRows.json.documents.map((d: { id: string; status: string }) => `${d.id} ${d.status}`),
      [`${invoice.id} Canceled`],
    );
  });

  test('reverse: a credit memo of its total names the invoice, whose balance is then nothing; its lines bill again', async () => {
    const { account, invoice } = await billedCustomer(call);
    const r = await call('POST', `/v2/invoices/${invoice.id}/reverse?expand[]=items`, { document_date: '2027-01-01' });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.deepEqual(v2.mismatches(r.json, 'invoice'), []);
    assert.deepEqual([r.json.id, r.json.state, r.json.balance, r.json.total], [invoice.id, 'posted', 0, 350]);
    assert.deepEqual(
      r.json.items.data.map((i: { remaining_balance: number }) => i.remaining_balance),
      [0, 0],
    );
    const memos = await call('GET', `/v2/billing_documents?filter[]=account_id.EQ:${account}&expand[]=items`);
    assert.deepEqual(v2.mismatches(memos.json, 'billingDocumentListResponse'), []);
    const memo = memos.json.data.find((d: { type: string }) => d.type === 'credit_memo');
    assert.deepEqual([memo.invoice_id, memo.total, memo.items.data.length], [invoice.id, 350, 2]);
    assert.equal((await call('POST', `/v2/invoices/${invoice.id}/reverse`, {})).status, 400, 'once');
    assert.equal((await call('POST', `/v2/invoices/${invoice.id}/unpost`)).status, 400, 'a reversed one stays');
    const inV1 = (await call('GET', `/v1/invoices/${invoice.invoice_number}`)).json;
    assert.deepEqual([inV1.status, inV1.balance, inV1.creditMemoAmount], ['Posted', 0, 350]);
    const again = await call('POST', `/v2/accounts/${account}/bill`, {});
    assert.deepEqual(
      again.json.invoices.data.map((i: { total: number }) => i.total),
      [350],
    );
  });

  test('GET /v2/invoice_items and /v2/billing_document_items: every item, one invoice by filter[], paged', async () => {
    const { invoice } = await billedCustomer(call);
    const items = await call('GET', `/v2/invoice_items?filter[]=invoice_id.EQ:${invoice.id}`);
    assert.equal(items.status, 200, JSON.stringify(items.json));
    assert.deepEqual(v2.mismatches(items.json, 'invoiceItemListResponse'), []);
    assert.deepEqual(
      items.json.data.map((i: { name: string; amount: number }) => `${i.name} ${i.amount}`),
      ['Seats 250', 'Platform fee 100'],
    );
    const page = await call(
      'GET',
      `/v2/billing_document_items?filter[]=billing_document_id.EQ:${invoice.id}&page_size=1`,
    );
    assert.deepEqual(v2.mismatches(page.json, 'billingDocumentItemListResponse'), []);
    assert.equal(page.json.data.length, 1);
    assert.equal(page.json.data[0].type, 'invoice');
    assert.ok(page.json.next_page);
    const bad = await call('GET', '/v2/invoice_items?filter[]=colour.EQ:red');
    assert.deepEqual([bad.status, bad.json.errors[0].parameter], [400, 'filter[]']);
  });
});

describe('v2 bill run actions, served from the store', () => {
  let sb: Sandbox;
  let call: Call;
  before(async () => {
    sb = await startSandbox({ today: '2027-01-01' });
    call = await caller(sb);
  });
  after(() => sb.close());

  test('cancel once its invoices are unposted (they are canceled with it), then delete: a 404 after', async () => {
    const order = await call('POST', '/v2/orders', newCustomer([TEAM], '2027-01-01'));
    const account = order.json.account_id as string;
    const run = await call('POST', '/v2/bill_runs', {
      target_date: '2027-01-01',
      invoice_date: '2027-01-01',
      account_id: account,
    });
    assert.equal(run.status, 201, JSON.stringify(run.json));
    const [invoice] = await invoicesOf(call, account);
    assert.equal((await call('DELETE', `/v2/bill_runs/${run.json.id}`)).status, 400, 'cancel it first');
    const refused = await call('POST', `/v2/bill_runs/${run.json.id}/cancel`);
    assert.equal(refused.status, 400);
    assert.match(refused.json.errors[0].message, new RegExp(`posted documents \\(${invoice.invoice_number}\\)`));
    await call('POST', `/v2/invoices/${invoice.id}/unpost`);
    const canceled = await call('POST', `/v2/bill_runs/${run.json.bill_run_number}/cancel`);
    assert.equal(canceled.status, 200, JSON.stringify(canceled.json));
    assert.deepEqual(v2.mismatches(canceled.json, 'billRun'), []);
    assert.deepEqual([canceled.json.id, canceled.json.state], [run.json.id, 'canceled']);
    assert.deepEqual(
      (await invoicesOf(call, account)).map(i => i.state),
      ['canceled'],
    );
    const gone = await call('DELETE', `/v2/bill_runs/${run.json.id}`);
    assert.deepEqual([gone.status, gone.json], [204, undefined]);
    assert.equal((await call('GET', `/v2/bill_runs/${run.json.id}`)).status, 404);
    assert.equal((await call('GET', `/v1/bill-runs/${run.json.id}`)).status, 404, 'in either family');
    const list = await call('GET', '/v2/bill_runs');
    assert.ok(!list.json.data.some((r: { id: string }) => r.id === run.json.id), 'not listed');
  });

  test('post: its draft invoices posted with it, dated its invoice_date; a posted run is not posted again', async () => {
    const order = await call('POST', '/v2/orders', newCustomer([TEAM], '2027-01-01'));
    const account = order.json.account_id as string;
    const body = { target_date: '2027-01-01', invoice_date: '2027-01-01', account_id: account };
    const run = await call('POST', '/v2/bill_runs', body);
    const [invoice] = await invoicesOf(call, account);
    await call('POST', `/v2/invoices/${invoice.id}/unpost`);
    const missing = await call('POST', `/v2/bill_runs/${run.json.id}/post`);
    assert.deepEqual([missing.status, missing.json.errors[0]?.parameter], [400, 'invoice_date']);
    const posted = await call('POST', `/v2/bill_runs/${run.json.id}/post`, { invoice_date: '2027-02-01' });
    assert.equal(posted.status, 200, JSON.stringify(posted.json));
    assert.deepEqual(v2.mismatches(posted.json, 'billRun'), []);
    assert.equal(posted.json.state, 'posted');
    const after = (await call('GET', `/v2/invoices/${invoice.id}`)).json;
    assert.deepEqual([after.state, after.document_date, after.due_date], ['posted', '2027-02-01', '2027-02-01']);
    assert.equal(posted.json.invoice_date, '2027-02-01', 'the date it was posted with');
    const runV1 = (await call('GET', `/v1/bill-runs/${run.json.id}`)).json;
    assert.deepEqual(v1.mismatches(runV1, 'GetBillRunResponseType'), []);
    assert.deepEqual([runV1.status, runV1.invoiceDate], ['Posted', '2027-02-01']);
    const twice = await call('POST', `/v2/bill_runs/${run.json.id}/post`, { invoice_date: '2027-02-01' });
    assert.match(twice.json.errors[0].message, /is posted: only a completed one is posted/);
  });
});

test('a bill run that issued a credit memo is not canceled: the sandbox keeps credit memos posted, and says so', async () => {
  const sb = await startSandbox({ today: '2027-01-01' });
  try {
    const call = await caller(sb);
    const order = await call('POST', '/v2/orders', newCustomer([TEAM], '2027-01-01'));
    const number = order.json.subscriptions[0].subscription_number as string;
    await call('POST', CLOCK_PATH, { to: '2027-01-10' }); // bills January
    const expand = 'expand[]=subscription_plans.subscription_items';
    const plan = (await call('GET', `/v2/subscriptions/${number}?${expand}`)).json.subscription_plans.data[0];
    const seats = plan.subscription_items.data.find((i: { price_id: string }) => i.price_id === 'price-team-seats');
    const fewer = {
      subscription_plan: {
        subscription_plan_id: plan.id,
        subscription_items: [{ subscription_item_number: seats.subscription_item_number, quantity: 2 }],
      },
    };
    const change = {
      account_id: order.json.account_id,
      order_date: '2027-01-10',
      subscriptions: [{ subscription_number: number, update_subscription_plans: [fewer] }],
    };
    assert.equal((await call('POST', '/v2/orders', change)).status, 200);
    const body = { target_date: '2027-01-10', invoice_date: '2027-01-10', account_id: order.json.account_id };
    const run = await call('POST', '/v2/bill_runs', body);
    assert.deepEqual([run.json.invoices_generated, run.json.credit_memos_generated], [1, 1]);
    const refused = await call('POST', `/v2/bill_runs/${run.json.id}/cancel`);
    assert.equal(refused.status, 400);
    assert.match(
      refused.json.errors[0].message,
      /issued credit memos \(CM\d{8}\), which the Local sandbox keeps posted/,
    );
    assert.match(refused.json.errors[0].message, /Reverse its invoices instead, or use a real environment/);
  } finally {
    await sb.close();
  }
});

describe('the v2 catalog, served from the sandbox', () => {
  let sb: Sandbox;
  let call: Call;
  before(async () => {
    sb = await startSandbox({ today: '2027-01-01' });
    call = await caller(sb);
  });
  after(() => sb.close());

  test('products, plans and prices by id and listed, filtered and sorted; an unknown id is a 404', async () => {
    const products = await call('GET', '/v2/products?expand[]=plans&sort[]=name.asc');
    assert.equal(products.status, 200, JSON.stringify(products.json));
    assert.deepEqual(v2.mismatches(products.json, listOf('product')), []);
    const names = products.json.data.map((p: { name: string }) => p.name);
    assert.deepEqual(names, [...names].sort());
    const team = products.json.data.find((p: { plans: { data: { id: string }[] } }) =>
      p.plans.data.some(plan => plan.id === 'plan-team-monthly'),
    );
    const one = await call('GET', `/v2/products/${team.id}`);
    assert.deepEqual(v2.mismatches(one.json, 'product'), []);
    assert.deepEqual([one.json.id, one.json.plans], [team.id, undefined]);
    const plan = await call('GET', '/v2/plans/plan-team-monthly?expand[]=prices&expand[]=product');
    assert.deepEqual(v2.mismatches(plan.json, 'plan'), []);
    assert.deepEqual([plan.json.id, plan.json.product.id], ['plan-team-monthly', team.id]);
    const byNumber = await call('GET', `/v2/plans/${plan.json.plan_number}`);
    assert.equal(byNumber.json.id, 'plan-team-monthly');
    const prices = await call('GET', '/v2/prices?filter[]=plan_id.EQ:plan-team-monthly');
    assert.deepEqual(v2.mismatches(prices.json, 'priceListResponse'), []);
    assert.deepEqual(
      prices.json.data.map((p: { id: string }) => p.id),
      plan.json.prices.data.map((p: { id: string }) => p.id),
    );
    const seats = await call('GET', '/v2/prices/price-team-seats');
    assert.deepEqual(v2.mismatches(seats.json, 'price'), []);
    assert.deepEqual(
      [seats.json.id, seats.json.plan_id, seats.json.unit_amounts],
      ['price-team-seats', 'plan-team-monthly', { USD: 25, EUR: seats.json.unit_amounts.EUR }],
    );
    for (const path of ['/v2/products/nope', '/v2/plans/nope', '/v2/prices/nope']) {
      const r = await call('GET', path);
      assert.deepEqual([r.status, r.json.type], [404, 'not_found'], path);
    }
  });
});

describe('what was done to invoices is kept like the rest', () => {
  test('a data file keeps a cancel across a restart: still canceled, its lines billed again once', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bw-v2-actions-')), 'sandbox.json');
    let sb = await startSandbox({ dataFile: file, today: '2027-01-01' });
    let call = await caller(sb);
    const { account, invoice } = await billedCustomer(call);
    await call('POST', `/v2/invoices/${invoice.id}/unpost`);
    await call('POST', `/v2/invoices/${invoice.id}/cancel`);
    await sb.close();
    sb = await startSandbox({ dataFile: file, today: '2027-01-01' });
    try {
      call = await caller(sb);
      assert.equal((await call('GET', `/v2/invoices/${invoice.id}`)).json.state, 'canceled');
      const bill = async () => (await call('POST', `/v2/accounts/${account}/bill`, {})).json.invoices.data;
      assert.deepEqual(
        (await bill()).map((i: { total: number }) => i.total),
        [350],
      );
      assert.deepEqual(await bill(), []);
    } finally {
      await sb.close();
    }
  });

  test('going back in time undoes a cancel taken after that date; forward again bills nothing twice', async () => {
    const sb = await startSandbox({ today: '2027-01-01' });
    try {
      const call = await caller(sb);
      const { account, invoice } = await billedCustomer(call);
      await call('POST', CLOCK_PATH, { to: '2027-01-10' });
      await call('POST', `/v2/invoices/${invoice.id}/unpost`);
      await call('POST', `/v2/invoices/${invoice.id}/cancel`);
      assert.equal((await call('GET', `/v2/invoices/${invoice.id}`)).json.state, 'canceled');
      const back = await call('POST', CLOCK_PATH, { to: '2027-01-05' });
      assert.equal(back.status, 200, JSON.stringify(back.json));
      assert.equal((await call('GET', `/v2/invoices/${invoice.id}`)).json.state, 'posted', 'the cancel came later');
      await call('POST', CLOCK_PATH, { to: '2027-02-01' });
      assert.deepEqual(
        (await invoicesOf(call, account)).map(i => `${i.document_date} ${i.total} ${i.state}`),
        ['2027-01-01 350 posted', '2027-02-01 350 posted'],
      );
    } finally {
      await sb.close();
    }
  });
});
