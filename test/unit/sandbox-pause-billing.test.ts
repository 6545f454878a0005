// What a paused subscription bills, by bill run and by preview. The vendor's rules: a suspended subscription is not
// charged for the suspension; "Extend the current term by the number of days suspended" moves the term's end
// (https://docs.zuora.com/en/zuora-billing/manage-accounts-subscriptions-and-non-subscriptions/manage-subscription-transactions/orders/order-actions-tutorials/subscriptions-resumption/resume-subscriptions-using-the-zuora-ui,
// https://knowledgecenter.zuora.com/Zuora_Billing/Subscriptions/Subscriptions/Suspend_a_Subscription).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runOrder } from '../../src/sandbox/engine/orders';
import { orderBillingDocuments } from '../../src/sandbox/engine/orderBilling';
import { billed, brief, lines, newCustomer, owed } from './billRunFixtures';

/** The Team plan (350 a month, bill cycle day 1) from 2027-01-20 for 12 months, paused 2027-02-10 to 2027-02-20. */
function pausedTeam(resumeBehavior: object) {
  const b = billed(newCustomer(undefined, '2027-01-20', 12));
  const [number] = b.subscriptions;
  b.tm.move({ to: '2027-02-01' });
  const pause = { pause_date: '2027-02-10', resume_behavior: { resume_date: '2027-02-20', ...resumeBehavior } };
  const order = {
    account_number: b.account.account_number,
    order_date: '2027-02-01',
    subscriptions: [{ subscription_number: number, pause }],
  };
  runOrder(b.store, order as never, true, b.clock);
  return { ...b, number };
}

const dated = (docs: ReturnType<ReturnType<typeof billed>['documents']>, from: string, to: string) =>
  docs.filter(d => d.document_date >= from && d.document_date < to);

describe('a pause with extend_term, then renewals', () => {
  test('the renewal bills from the extended term end only: January comes to 350.00, not 350.01', () => {
    const { tm, documents, store, number } = pausedTeam({ extend_term: true });
    tm.move({ to: '2029-02-05' });
    assert.equal(store.subscriptions.get(number)!.current_term_start, '2029-01-30'); // 10 days later, each year
    for (const year of ['2028', '2029']) {
      const january = dated(documents(), `${year}-01-01`, `${year}-02-01`);
      assert.deepEqual(brief(january), [`INV ${year}-01-01 327.42`, `INV ${year}-01-30 22.58`]);
      // Nothing billed before is billed again (no reversal, no split at the term end the pause moved).
      assert.deepEqual(lines(january[1]), [
        `Seats charge ${year}-01-30..${year}-01-31 x10 16.13`,
        `Platform fee charge ${year}-01-30..${year}-01-31 x1 6.45`,
      ]);
      assert.equal(owed(january), 35_000);
    }
  });

  test('without extend_term the term keeps its end and renews on it', () => {
    const { tm, documents } = pausedTeam({});
    tm.move({ to: '2028-02-05' });
    assert.deepEqual(brief(dated(documents(), '2028-01-01', '2028-02-01')), [
      'INV 2028-01-01 214.52',
      'INV 2028-01-20 135.48',
    ]);
  });
});

/** A pause order on the Team subscription of `billed()` (2027-01-01, 12 months), made on `orderDate`. */
const pauseOrder = (b: ReturnType<typeof billed>, orderDate: string, pause: object) => ({
  account_number: b.account.account_number,
  order_date: orderDate,
  subscriptions: [{ subscription_number: b.subscriptions[0], pause }],
});

const total = (d: { type: string; total: number }) => `${d.type === 'invoice' ? 'INV' : 'CM'} ${d.total}`;

describe('a pause preview with a resume date bills what the clock then bills', () => {
  const cases: [string, object][] = [
    ['a resume date', { pause_date: '2027-02-10', resume_behavior: { resume_date: '2027-02-20' } }],
    ['extend_term', { pause_date: '2027-02-10', resume_behavior: { resume_date: '2027-02-20', extend_term: true } }],
    ['a length (2 months)', { pause_date: '2027-03-15', pause_interval: 'month', pause_interval_count: 2 }],
    [
      'at the invoice period end, for a month',
      { pause_at: 'invoice_period_end', pause_interval: 'month', pause_interval_count: 1 },
    ],
  ];
  for (const [name, pause] of cases) {
    test(`${name}: the preview through the term's end equals the bill runs, document by document`, () => {
      const b = billed();
      b.tm.move({ to: '2027-02-01' }); // January and February billed
      const preview = runOrder(b.store, pauseOrder(b, '2027-02-01', pause) as never, false, b.clock);
      const shown = orderBillingDocuments(preview, { termEnd: true });
      const before = new Set(b.documents().map(d => d.id));
      runOrder(b.store, pauseOrder(b, '2027-02-01', pause) as never, true, b.clock);
      b.tm.move({ to: '2028-02-01' }); // past the term's end (the renewal's first invoice is not in the preview)
      const end = b.store.subscriptions.get(b.subscriptions[0])!.current_term_start; // the renewal's start
      // The preview bills from the order's first change on: what the clock bills before the pause is not the order's.
      const from = (pause as { pause_date?: string }).pause_date ?? '2027-02-01';
      const issued = b.documents().filter(d => !before.has(d.id) && d.document_date >= from && d.document_date < end);
      assert.ok(issued.length > 3, 'the clock billed months after the resume');
      assert.deepEqual(
        shown.map(d => `${d.targetDate} ${total(d)}`),
        issued.map(d => `${d.document_date} ${total(d)}`),
      );
    });
  }

  test('pause_at invoice_period_end pauses when the billed period ends: active until 2027-03-01, back on 04-01', () => {
    const b = billed();
    b.tm.move({ to: '2027-02-10' });
    const pause = { pause_at: 'invoice_period_end', pause_interval: 'month', pause_interval_count: 1 };
    runOrder(b.store, pauseOrder(b, '2027-02-10', pause) as never, true, b.clock);
    const sub = () => b.store.subscriptions.get(b.subscriptions[0])!;
    assert.deepEqual([sub().state, sub().pause], ['active', { pause_date: '2027-03-01', resume_date: '2027-04-01' }]);
    b.tm.move({ to: '2027-03-15' });
    assert.equal(sub().state, 'paused');
    b.tm.move({ to: '2027-04-01' });
    assert.equal(sub().state, 'active');
    assert.deepEqual(brief(dated(b.documents(), '2027-02-01', '2027-04-02')), [
      'INV 2027-02-01 350',
      'INV 2027-04-01 350',
    ]);
  });

  test('without a resume date the preview stops at the pause: only its credit', () => {
    const b = billed();
    b.tm.move({ to: '2027-02-01' });
    const preview = runOrder(b.store, pauseOrder(b, '2027-02-01', { pause_date: '2027-02-10' }) as never, false);
    assert.deepEqual(orderBillingDocuments(preview, { termEnd: true }).map(total), ['CM 237.5']);
  });
});

/** The order's delta TCB summed over its pause or resume action's items, in cents. */
function tcbCents(outcome: ReturnType<typeof runOrder>): number {
  const items = outcome.preview.subscriptions.flatMap(s => s.actions.flatMap(a => a.subscription_items));
  return items.reduce((n, i) => n + Math.round(i.tcb.net_amount * 100), 0);
}

describe("a pause's delta TCB is the change in what the bill runs bill over the term (the vendor's Order Delta TCB)", () => {
  // https://docs.zuora.com/en/zuora-billing/manage-accounts-subscriptions-and-non-subscriptions/manage-subscription-transactions/orders/order-delta-metrics-and-order-metrics/order-delta-tcb
  const tcbOf = (pause: object) => {
    const b = billed();
    b.tm.move({ to: '2027-02-01' });
    return tcbCents(runOrder(b.store, pauseOrder(b, '2027-02-01', pause) as never, false, b.clock));
  };
  test('10 days of a 28-day February unbilled: -125.00', () => {
    assert.equal(tcbOf({ pause_date: '2027-02-10', resume_behavior: { resume_date: '2027-02-20' } }), -12_500);
  });
  test('extend_term bills 10 more days at the end (January 2028: 80.65 + 32.26): -12.09', () => {
    const pause = { pause_date: '2027-02-10', resume_behavior: { resume_date: '2027-02-20', extend_term: true } };
    assert.equal(tcbOf(pause), -12_500 + 11_291);
  });
  test('no resume date: the rest of the term unbilled (237.50 of February and 10 months of 350)', () => {
    assert.equal(tcbOf({ pause_date: '2027-02-10' }), -(23_750 + 350_000));
  });
  test('a resume by order adds back what it bills from its date: resumed on 2027-03-01, 10 months of 350', () => {
    const b = pausedByOrder();
    assert.equal(tcbCents(runOrder(b.store, resumeOrder(b, {}) as never, false, b.clock)), 350_000);
  });
  test('a resume by order with extend_term: the term 28 days longer, January 2028 to the 28th billed (316.13)', () => {
    const b = pausedByOrder();
    const resume = resumeOrder(b, { extend_term: true });
    assert.equal(tcbCents(runOrder(b.store, resume as never, false, b.clock)), 350_000 + 31_613);
    runOrder(b.store, resume as never, true, b.clock);
    assert.equal(b.store.subscriptions.get(b.subscriptions[0])!.current_term_end, '2028-01-29');
    b.tm.move({ to: '2028-01-01' });
    assert.deepEqual(brief(dated(b.documents(), '2028-01-01', '2028-02-01')), ['INV 2028-01-01 316.13']);
  });
});

/** billed()'s Team subscription paused from 2027-02-01 with no resume date, the clock on 2027-03-01. */
function pausedByOrder() {
  const b = billed();
  b.tm.move({ to: '2027-02-01' });
  runOrder(b.store, pauseOrder(b, '2027-02-01', { pause_date: '2027-02-01' }) as never, true, b.clock);
  b.tm.move({ to: '2027-03-01' });
  return b;
}

const resumeOrder = (b: ReturnType<typeof billed>, resume: object) => ({
  ...pauseOrder(b, '2027-03-01', {}),
  subscriptions: [{ subscription_number: b.subscriptions[0], resume }],
});

describe('a pause the term ends in ends the subscription ("If the subscription term ends during the suspension period, the subscription ends")', () => {
  // https://docs.zuora.com/en/zuora-billing/manage-accounts-subscriptions-and-non-subscriptions/manage-subscription-transactions/subscribe-and-amend/amend-subscriptions/subscriptions-suspension/considerations-of-suspend-a-subscription
  for (const extend of [false, true]) {
    test(`paused Dec 15 to Jan 15 over the Jan 1 term end${extend ? ', extend_term' : ''}: expired, nothing billed after, as previewed`, () => {
      const b = billed();
      b.tm.move({ to: '2027-12-01' });
      const pause = { pause_date: '2027-12-15', resume_behavior: { resume_date: '2028-01-15', extend_term: extend } };
      const preview = runOrder(b.store, pauseOrder(b, '2027-12-01', pause) as never, false, b.clock);
      assert.deepEqual(orderBillingDocuments(preview, { periods: 3 }).map(total), ['CM 191.94']);
      assert.equal(tcbCents(preview), -19_194);
      runOrder(b.store, pauseOrder(b, '2027-12-01', pause) as never, true, b.clock);
      const moved = b.tm.move({ to: '2028-03-01' });
      const sub = b.store.subscriptions.get(b.subscriptions[0])!;
      assert.deepEqual([sub.state, sub.end_date, sub.pause], ['expired', '2028-01-01', undefined]);
      assert.deepEqual(brief(dated(b.documents(), '2027-12-02', '2028-04-01')), ['CM 2027-12-15 191.94']);
      const said = JSON.stringify(moved);
      assert.ok(said.includes('expired on 2028-01-01: its term ended while paused'), said.slice(0, 400));
    });
  }
});

describe("a pause from the day the term ends (the Local sandbox's seeded subscriptions on its first day)", () => {
  test('the term renews first, the resume bills from Jan 11 (237.09), as previewed; TCB -112.91', () => {
    const b = billed(newCustomer(undefined, '2026-01-01')); // 12 months to 2027-01-01, the store's today
    const pause = { pause_date: '2027-01-01', resume_behavior: { resume_date: '2027-01-11' } };
    const preview = runOrder(b.store, pauseOrder(b, '2027-01-01', pause) as never, false, b.clock);
    assert.equal(tcbCents(preview), -11_291);
    const shown = orderBillingDocuments(preview, { termEnd: true }).map(d => `${d.targetDate} ${total(d)}`);
    runOrder(b.store, pauseOrder(b, '2027-01-01', pause) as never, true, b.clock);
    b.tm.move({ to: '2027-12-31' });
    const sub = b.store.subscriptions.get(b.subscriptions[0])!;
    assert.deepEqual([sub.state, sub.current_term_start, sub.current_term_end], ['active', '2027-01-01', '2028-01-01']);
    const issued = dated(b.documents(), '2027-01-01', '2028-01-01').map(d => `${d.document_date} ${total(d)}`);
    assert.equal(issued[0], '2027-01-11 INV 237.09');
    assert.deepEqual(shown, issued);
  });

  test('with no resume date it stays paused through the renewed term, and ends with it', () => {
    const b = billed(newCustomer(undefined, '2026-01-01'));
    runOrder(b.store, pauseOrder(b, '2027-01-01', { pause_date: '2027-01-01' }) as never, true, b.clock);
    b.tm.move({ to: '2027-06-01' });
    const sub = () => b.store.subscriptions.get(b.subscriptions[0])!;
    assert.deepEqual([sub().state, sub().current_term_end], ['paused', '2028-01-01']);
    b.tm.move({ to: '2028-02-01' });
    assert.deepEqual([sub().state, sub().end_date], ['expired', '2028-01-01']);
    assert.deepEqual(dated(b.documents(), '2027-01-01', '2028-03-01'), []);
  });
});
