// Bill runs on the Local sandbox (issue 21, item 4): invoices fall due as its clock moves, each account billed on
// the dates its items bill on, from the billing engine; a change credits and bills again from its date; going back
// restores; nothing is billed twice. The time machine and the store directly here (an injected clock, no waits);
// the endpoints over loopback HTTP below.
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
import { runOrder } from '../../src/sandbox/engine/orders';
import { accountScope, billAccount, pendingLines } from '../../src/sandbox/invoicing/billRun';
import { Store } from '../../src/sandbox/state/store';
import { TimeMachine } from '../../src/sandbox/timeTravel/timeMachine';
import { clockSummary } from '../../src/client/clockText';
import { orderBillingDocuments } from '../../src/sandbox/engine/orderBilling';
import type { BilledRef } from '../../src/sandbox/engine/billedBefore';
import type { BillingItem } from '../../src/sandbox/billing';
import { billed, brief, changeSeats, FIVE_PLANS, lines, newCustomer, owed, TEAM } from './billRunFixtures';

describe('bill runs as the clock moves', () => {
  test('Done when: 10 seats + the platform fee from 2027-01-01, moved to 2027-04-01: invoices of 350 on Jan, Feb, Mar, Apr 1', () => {
    const { tm, documents, account } = billed();
    const answer = tm.move({ to: '2027-04-01' });
    assert.deepEqual(brief(documents()), [
      'INV 2027-01-01 350',
      'INV 2027-02-01 350',
      'INV 2027-03-01 350',
      'INV 2027-04-01 350',
    ]);
    assert.deepEqual(lines(documents()[1]), [
      'Seats charge 2027-02-01..2027-02-28 x10 250',
      'Platform fee charge 2027-02-01..2027-02-28 x1 100',
    ]);
    // Each is an event of the move, in date order, with its number and total.
    const events = answer.events.filter(e => e.type === 'billed');
    assert.deepEqual(
      events.map(e => `${e.date} ${e.type === 'billed' ? `${e.document_number} ${e.total}` : ''}`),
      documents().map(d => `${d.document_date} ${d.number} 350`),
    );
    assert.deepEqual(events[0], {
      date: '2027-01-01',
      type: 'billed',
      account_number: account.account_number,
      document_number: 'INV00000001',
      document_type: 'invoice',
      total: 350,
      currency: 'USD',
      message: `INV00000001 to ${account.account_number}: 350.00 USD (2 items)`,
    });
    assert.match(
      clockSummary(answer),
      new RegExp(`\\. 4 invoices billed for 2027-01-01\\.\\.2027-04-01: ${account.account_number} \\(×4\\)\\.$`),
    );
  });

  test('a start between bill cycle days bills its partial period on its own date, as the preview shows it', () => {
    const { tm, documents } = billed(newCustomer([TEAM], '2027-01-15'));
    tm.move({ to: '2027-02-01' });
    assert.deepEqual(brief(documents()), ['INV 2027-01-15 191.94', 'INV 2027-02-01 350']);
  });

  test('a change mid-period after some bills: the unused days credited and billed again at the new seats, from its date', () => {
    const { store, tm, documents, subscriptions } = billed();
    tm.move({ to: '2027-02-15' });
    changeSeats(store, subscriptions[0], '2027-02-15', 20);
    tm.move({ to: '2027-03-01' });
    const docs = documents();
    assert.deepEqual(brief(docs), [
      'INV 2027-01-01 350',
      'INV 2027-02-01 350',
      'INV 2027-02-15 125',
      'INV 2027-03-01 600',
    ]);
    assert.deepEqual(lines(docs[2]), [
      'Seats credit 2027-02-15..2027-02-28 x10 -125',
      'Seats charge 2027-02-15..2027-02-28 x20 250',
    ]);
  });

  test('fewer seats mid-period: the bill gives back more than it bills, a credit memo of the credit and an invoice', () => {
    const { store, tm, documents, subscriptions } = billed();
    tm.move({ to: '2027-02-15' });
    changeSeats(store, subscriptions[0], '2027-02-15', 2);
    tm.move({ to: '2027-02-16' });
    const [memo, invoice] = documents().slice(2);
    // The memo gives back the 10 seats' unused days (125.00, shown positive); the 2 seats are billed on an invoice.
    assert.deepEqual([memo.type, memo.number, memo.total], ['credit_memo', 'CM00000001', 125]);
    assert.deepEqual(lines(memo), ['Seats credit 2027-02-15..2027-02-28 x10 -125']);
    assert.deepEqual([invoice.type, invoice.total], ['invoice', 25]);
    assert.deepEqual(lines(invoice), ['Seats charge 2027-02-15..2027-02-28 x2 25']);
  });

  test('a change dated before the last bill: on the next bill date, what was billed at the old seats is given back', () => {
    const { store, tm, documents, subscriptions } = billed();
    tm.move({ to: '2027-04-10' });
    changeSeats(store, subscriptions[0], '2027-03-10', 20); // dated back, after Mar 1 and Apr 1 were billed
    tm.move({ to: '2027-05-01' });
    const docs = documents();
    assert.deepEqual(brief(docs).slice(4), ['INV 2027-05-01 1027.42']);
    assert.deepEqual(lines(docs[4]), [
      'Seats credit 2027-03-10..2027-03-31 x10 -177.42',
      'Seats charge 2027-03-10..2027-03-31 x20 354.84',
      'Seats charge R 2027-04-01..2027-04-30 x10 -250',
      'Seats charge 2027-04-01..2027-04-30 x20 500',
      'Seats charge 2027-05-01..2027-05-31 x20 500',
      'Platform fee charge 2027-05-01..2027-05-31 x1 100',
    ]);
    // What was billed is what the history prices: Jan and Feb at 10, from Mar 10 at 20.
    const expected = 350 * 2 + (250 * 9) / 31 + (500 * 22) / 31 + 100 + 600 * 2;
    assert.equal(owed(docs), Math.round(expected * 100));
  });

  test("the preview of a change dated back past bill runs gives back the old seats' periods and adds up to the next bill", () => {
    const { store, tm, documents, subscriptions } = billed();
    tm.move({ to: '2027-04-10' }); // January to April billed at 10 seats
    const preview = changeSeats(store, subscriptions[0], '2027-03-10', 20, false);
    const shown = orderBillingDocuments(preview, { endDate: '2027-05-01' });
    const line = (i: BillingItem<BilledRef>) =>
      `${i.ref.kind === 'subscription_item' ? i.ref.item.name : ''} ${i.kind} ${i.serviceStart}..${i.serviceEnd} x${i.quantity} ${i.amount}`;
    assert.deepEqual(
      shown.map(d => [d.type, d.targetDate, d.total, d.items.map(line)]),
      [
        [
          'invoice',
          '2027-03-10',
          177.42,
          ['Seats credit 2027-03-10..2027-03-31 x10 -177.42', 'Seats charge 2027-03-10..2027-03-31 x20 354.84'],
        ],
        [
          'invoice',
          '2027-04-01',
          250,
          ['Seats credit 2027-04-01..2027-04-30 x10 -250', 'Seats charge 2027-04-01..2027-04-30 x20 500'],
        ],
        [
          'invoice',
          '2027-05-01',
          600,
          ['Seats charge 2027-05-01..2027-05-31 x20 500', 'Platform fee charge 2027-05-01..2027-05-31 x1 100'],
        ],
      ],
      "April's platform fee, billed already and unchanged, is not shown again",
    );
    // Made, then billed: the bill run on May 1 issues what the preview showed, to the cent.
    changeSeats(store, subscriptions[0], '2027-03-10', 20);
    tm.move({ to: '2027-05-01' });
    const next = documents().at(-1)!;
    assert.equal(
      next.total,
      shown.reduce((sum, d) => sum + d.total, 0),
    );
  });

  test('a renewal and a bill on the same date: the term renews first, then the new term is billed', () => {
    const { tm, subscriptions } = billed(newCustomer([TEAM], '2027-01-01', 12));
    const answer = tm.move({ to: '2028-01-01' });
    const onThatDay = answer.events.filter(e => e.date === '2028-01-01').map(e => e.type);
    assert.deepEqual(onThatDay, ['renewed', 'billed']);
    assert.equal(answer.events.filter(e => e.type === 'billed').length, 13, 'twelve months, then the renewed term');
    assert.ok(subscriptions.length === 1);
  });

  test('a term that ends without renewing bills nothing after it', () => {
    const { tm, documents } = billed(newCustomer([TEAM], '2027-01-01', 3, false));
    tm.move({ to: '2027-07-01' });
    assert.deepEqual(brief(documents()), ['INV 2027-01-01 350', 'INV 2027-02-01 350', 'INV 2027-03-01 350']);
  });

  test('a pause credits its unused days; its resume date bills again from that day', () => {
    const { store, tm, documents, subscriptions, account } = billed();
    tm.move({ to: '2027-02-10' });
    const pause = { pause_date: '2027-02-15', resume_behavior: { resume_date: '2027-03-15' } };
    runOrder(
      store,
      {
        account_number: account.account_number,
        order_date: '2027-02-10',
        subscriptions: [{ subscription_number: subscriptions[0], pause }],
      } as never,
      true,
    );
    tm.move({ to: '2027-04-01' });
    // Feb 15 to Mar 1 given back (14 of 28 days); Mar 15 to Apr 1 billed (17 of 31 days of 350).
    assert.deepEqual(brief(documents()).slice(2), ['CM 2027-02-15 175', 'INV 2027-03-15 191.94', 'INV 2027-04-01 350']);
    assert.equal(store.subscriptions.get(subscriptions[0])!.state, 'active');
  });
});

describe('nothing twice, nothing rewritten', () => {
  test('moving day by day issues the same documents as one move; a bill run after them has nothing to bill', () => {
    const once = billed();
    once.tm.move({ to: '2027-03-01' });
    const daily = billed();
    for (let d = 0; d < 59; d++) daily.tm.move({ by: { count: 1, unit: 'day' } });
    assert.equal(daily.clock.today(), '2027-03-01');
    const shape = (docs: typeof once.store.documentList) => docs.map(d => [d.number, d.document_date, lines(d)]);
    assert.deepEqual(shape(daily.documents()), shape(once.documents()));

    const { store, account } = once;
    const scope = accountScope(store, account.account_number);
    assert.deepEqual(pendingLines(store, account, scope, '2027-03-01'), []);
    const again = billAccount(store, account, scope, { targetDate: '2027-03-01', now: '2027-03-01T00:00:00Z' });
    assert.deepEqual(again, [], 'no document: everything due was billed');
  });

  test('going back removes the later invoices; going forward again bills the same ones again', () => {
    const { store, tm, documents } = billed();
    tm.move({ to: '2027-04-01' });
    const first = documents().map(d => ({ ...d, items: d.items.map(({ id: _i, ...i }) => i), id: '' }));
    const back = tm.move({ to: '2027-02-15' });
    assert.deepEqual(
      back.events.map(e => `${e.date} ${e.type}`),
      ['2027-01-01 billed', '2027-02-01 billed'],
    );
    assert.deepEqual(brief(documents()), ['INV 2027-01-01 350', 'INV 2027-02-01 350']);
    assert.equal(store.numbers.counters.INV, 2, 'the later numbers are free again');
    tm.move({ to: '2027-04-01' });
    const again = documents().map(d => ({ ...d, items: d.items.map(({ id: _i, ...i }) => i), id: '' }));
    assert.deepEqual(again, first);
  });

  test('a save that fails during a move keeps no invoice, number or ledger line', () => {
    const { store, clock, documents } = billed();
    const before = store.serialise();
    let failing = true;
    const tm = new TimeMachine({
      store,
      clock,
      commit: change =>
        store.commit(() => {
          const r = change();
          if (failing) throw new Error('disk full');
          return r;
        }),
    });
    assert.throws(() => tm.move({ to: '2027-03-01' }), /disk full/);
    assert.equal(store.serialise(), before);
    assert.deepEqual(documents(), []);
    failing = false;
    tm.move({ to: '2027-03-01' });
    assert.deepEqual(brief(documents()), ['INV 2027-01-01 350', 'INV 2027-02-01 350', 'INV 2027-03-01 350']);
  });

  test('a bill run whose save fails is not kept: neither its record nor its number', () => {
    const { store } = billed();
    const before = store.serialise();
    const run = { id: 'r1', number: 'BR-00000001', ranAt: '2027-01-01T00:00:00Z', targetDate: '2027-01-01' };
    const asked = { post: false, email: false, renew: false, emailZeroAmount: true };
    const counts = { accountsProcessed: 1, invoices: 0, creditMemos: 0 };
    const rec = { ...run, documentDate: '2027-01-01', asked, family: 'v2' as const, body: {}, ...counts };
    const failing = () =>
      store.commit(() => {
        store.numbers.next('BR-');
        store.addBillRun(rec);
        throw new Error('disk full');
      });
    assert.throws(failing, /disk full/);
    assert.equal(store.serialise(), before);
    assert.deepEqual(
      [store.billRunList.length, store.billRuns.has('r1'), store.billRuns.has('BR-00000001')],
      [0, false, false],
    );
  });

  test('a move past what the engine prices (a century of monthly periods) leaves the account as it was, named with why', () => {
    const { store, tm, clock, documents, account } = billed();
    const answer = tm.move({ to: '2128-01-01' });
    assert.equal(clock.today(), '2128-01-01', 'the move is not refused: other accounts would be billed');
    assert.deepEqual(documents(), [], 'nothing billed for it');
    assert.equal(store.ledger.billedThrough(account.account_number), undefined);
    assert.deepEqual(
      answer.unbilled?.map(u => u.account_number),
      [account.account_number],
    );
    assert.match(answer.unbilled![0].reason, /^bill runs price at most 1200 billing periods .* through 2128-01-01/);
    assert.match(clockSummary(answer), new RegExp(`Not billed: ${account.account_number}\\.`));
  });

  test('serialise and replaceWith carry the invoices and what each item billed', () => {
    const { store, tm, documents, account } = billed();
    tm.move({ to: '2027-03-01' });
    const copy = new Store();
    copy.replaceWith(store.serialise());
    assert.deepEqual(copy.documentList, documents());
    assert.equal(copy.documents.get('INV00000002')?.document_date, '2027-02-01');
    assert.equal(copy.ledger.billedThrough(account.account_number), '2027-03-01');
    assert.deepEqual(pendingLines(copy, account, accountScope(copy, account.account_number), '2027-03-01'), []);
  });
});

describe('a 36-month term of five subscriptions', () => {
  test('its invoices add up to the TCB the preview showed for it, to the cent', () => {
    const order = newCustomer(FIVE_PLANS, '2027-01-01', 36, true);
    const preview = runOrder(new Store(), order as never, false);
    const tcb = preview.preview.subscriptions
      .flatMap(s => s.actions.flatMap(a => a.subscription_items))
      .reduce((n, i) => n + Math.round(i.tcb.net_amount * 100), 0);
    const { tm, documents } = billed(order);
    const answer = tm.move({ by: { count: 36, unit: 'month' } });
    const inTerm = documents().filter(d => d.document_date < '2030-01-01');
    assert.equal(owed(inTerm), tcb);
    assert.equal(inTerm.length, 36, 'one invoice a month: the yearly and quarterly prices on their months');
    assert.ok(answer.events.some(e => e.type === 'renewed' && e.date === '2030-01-01'));
  });

  test('from mid-February into a leap year, the TCB is what the prorated invoices add up to, to the cent', () => {
    // 14/28 of February 2027 then 14/29 of February 2028: not one whole period, so not 12 x the month.
    const order = newCustomer(FIVE_PLANS, '2027-02-15', 12, false);
    const preview = runOrder(new Store(), order as never, false);
    const tcb = preview.preview.subscriptions
      .flatMap(s => s.actions.flatMap(a => a.subscription_items))
      .reduce((n, i) => n + Math.round(i.tcb.net_amount * 100), 0);
    const { tm, documents } = billed(order);
    tm.move({ to: '2028-03-01' });
    assert.equal(owed(documents()), tcb);
    assert.notEqual(tcb % 100, 0, 'prorated: not whole dollars');
  });
});

// ---- the endpoints, over loopback ----

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
      [r.json.state, r.json.bill_run_number, r.json.invoices_generated, r.json.credit_memos_generated],
      ['completed', 'BR-00000001', 1, 0],
      'only the new customer had something due',
    );
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
    assert.deepEqual(
      [run.json.status, run.json.billRunNumber, run.json.targetDate],
      ['Completed', 'BR-00000003', '2027-04-10'],
    );

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
    assert.deepEqual(
      all.json.data.map((r: { bill_run_number: string }) => r.bill_run_number),
      ['BR-00000001', 'BR-00000002'],
    );
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
