// Bill runs on the Local sandbox (issue 21, item 4): invoices fall due as its clock moves, each account billed on
// the dates its items bill on, from the billing engine; a change credits and bills again from its date; going back
// restores; nothing is billed twice. The time machine and the store directly here (an injected clock, no waits);
// the endpoints over loopback HTTP in sandbox-bill-run-endpoints.test.ts.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { runOrder } from '../../src/sandbox/engine/orders';
import { accountScope, billAccount, pendingLines } from '../../src/sandbox/invoicing/billRun';
import { Store } from '../../src/sandbox/state/store';
import { clockSummary } from '../../src/client/clockText';
import { orderBillingDocuments } from '../../src/sandbox/engine/orderBilling';
import type { BilledRef } from '../../src/sandbox/engine/billedBefore';
import type { BillingItem } from '../../src/sandbox/billing';
import { machineWithFailingSaves } from './timeTravelFixtures';
import {
  billed,
  brief,
  changeSeatItem,
  changeSeats,
  FIVE_PLANS,
  lines,
  newCustomer,
  owed,
  TEAM,
} from './billRunFixtures';

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

  // A preview bills N periods (number_of_periods): what was billed past them, for charges that still run then, is
  // neither billed again nor given back there (found by a tryout: 3 periods of a change dated back 6 months gave
  // back the last 3 whole, the unchanged platform fee too, and billed nothing for them: -750.00 for a -150.00 change).
  test('the preview of a change dated back 6 bill runs, for 3 periods: those 3 credited and billed again, none after', () => {
    const { store, tm, subscriptions } = billed();
    tm.move({ to: '2027-06-01' }); // January to June billed at 10 seats
    const preview = changeSeats(store, subscriptions[0], '2027-01-01', 8, false);
    const shown = orderBillingDocuments(preview, { periods: 3 });
    const line = (i: BillingItem<BilledRef>) =>
      `${i.ref.kind === 'subscription_item' ? i.ref.item.name : ''} ${i.kind} ${i.serviceStart} x${i.quantity} ${i.amount}`;
    assert.deepEqual(
      shown.map(d => `${d.type} ${d.targetDate} ${d.total}: ${d.items.map(line).join(', ')}`),
      ['2027-01-01', '2027-02-01', '2027-03-01'].flatMap(date => [
        `credit_memo ${date} 250: Seats credit ${date} x10 250`,
        `invoice ${date} 200: Seats charge ${date} x8 200`,
      ]),
    );
  });

  test('the preview of a cancellation dated back past bill runs gives back every period billed after it, past its window', () => {
    const { store, tm, subscriptions, account } = billed();
    tm.move({ to: '2027-06-01' });
    const order = {
      account_number: account.account_number,
      order_date: '2027-03-01',
      subscriptions: [
        { subscription_number: subscriptions[0], cancel: { cancel_at: 'specific_date', cancel_date: '2027-03-01' } },
      ],
    };
    const shown = orderBillingDocuments(runOrder(store, order as never, false), { periods: 1 });
    // March to June given back, as the next bill run would (350 a month: 10 seats and the platform fee).
    assert.deepEqual(
      shown.map(d => `${d.type} ${d.targetDate} ${d.total}`),
      [
        'credit_memo 2027-03-01 350',
        'credit_memo 2027-04-01 350',
        'credit_memo 2027-05-01 350',
        'credit_memo 2027-06-01 350',
      ],
    );
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

  // A tryout: the seats' price changed back to Jan 15 (30), then to Jan 20 (35), by two orders. The preview read the
  // item's price as one from its start: a price never billed was credited, and the earlier order left out.
  const priced = (d: { type: string; targetDate: string; total: number; items: BillingItem<BilledRef>[] }) =>
    `${d.type} ${d.targetDate} ${d.total}: ${d.items.map(i => `${i.kind} @${i.unitAmount} ${i.amount}`).join(', ')}`;
  test('the same back-dated price change made again previews as the bill run bills it: nothing owed for its days', () => {
    const { store, tm, documents, subscriptions } = billed();
    tm.move({ to: '2027-03-01' });
    changeSeatItem(store, subscriptions[0], '2027-01-15', { unit_amount: 30 });
    changeSeatItem(store, subscriptions[0], '2027-01-20', { unit_amount: 35 });
    tm.move({ to: '2027-04-01' }); // both billed
    const again = changeSeatItem(store, subscriptions[0], '2027-01-20', { unit_amount: 35 }, false);
    const shown = orderBillingDocuments(again, { endDate: '2027-04-01' });
    assert.deepEqual(shown.map(priced), ['invoice 2027-01-20 0: credit @35 -135.48, charge @35 135.48']);
    changeSeatItem(store, subscriptions[0], '2027-01-20', { unit_amount: 35 });
    tm.move({ to: '2027-05-01' });
    assert.deepEqual(
      brief(documents()).slice(4),
      ['INV 2027-05-01 450'],
      'the bill run: the same, nothing owed for it',
    );
  });

  test('a back-dated price change with an earlier one not yet billed: the preview shows both, the next bill run', () => {
    const { store, tm, documents, subscriptions } = billed();
    tm.move({ to: '2027-03-01' });
    changeSeatItem(store, subscriptions[0], '2027-01-15', { unit_amount: 30 }); // billed on Apr 1 with the next
    const preview = changeSeatItem(store, subscriptions[0], '2027-01-20', { unit_amount: 35 }, false);
    const shown = orderBillingDocuments(preview, { endDate: '2027-04-01' });
    assert.deepEqual(shown.map(priced).slice(0, 2), [
      'invoice 2027-01-15 27.42: credit @25 -137.1, charge @30 164.52',
      'invoice 2027-01-20 19.35: credit @30 -116.13, charge @35 135.48',
    ]);
    changeSeatItem(store, subscriptions[0], '2027-01-20', { unit_amount: 35 });
    tm.move({ to: '2027-04-01' });
    const sum = shown.reduce((n, d) => n + Math.round(d.total * 100) * (d.type === 'invoice' ? 1 : -1), 0);
    assert.equal(documents().at(-1)!.total, 696.77);
    assert.equal(sum, 69677, 'the preview adds up to the bill run, to the cent');
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
    const { tm, saves } = machineWithFailingSaves(store, clock);
    saves.failing = true;
    assert.throws(() => tm.move({ to: '2027-03-01' }), /disk full/);
    assert.equal(store.serialise(), before);
    assert.deepEqual(documents(), []);
    saves.failing = false;
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
