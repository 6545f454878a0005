// Resume orders as the vendor's Resume action has them: a resume date later than today keeps the subscription paused
// until the clock reaches it; `resume_at: pause_date` resumes as if never paused; a resume date before the pause is
// refused ("The resume date must be on or after the suspend date"), and v1's Suspend and Resume policies map to them
// (https://docs.zuora.com/zuora-billing/manage-accounts-subscriptions-and-non-subscriptions/manage-subscription-transactions/subscribe-and-amend/amend-subscriptions/subscriptions-resumption).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runOrder } from '../../src/sandbox/engine/orders';
import { orderBillingDocuments } from '../../src/sandbox/engine/orderBilling';
import { resumeOf, suspendOf } from '../../src/sandbox/engine/pauses';
import { billed, brief } from './billRunFixtures';

type Billed = ReturnType<typeof billed>;
const order = (b: Billed, date: string, change: object) => ({
  account_number: b.account.account_number,
  order_date: date,
  subscriptions: [{ subscription_number: b.subscriptions[0], ...change }],
});

/** billed()'s Team subscription (350 a month from 2027-01-01) paused on 2027-02-10 with no resume date; clock on 02-15. */
function paused() {
  const b = billed();
  b.tm.move({ to: '2027-02-01' });
  runOrder(b.store, order(b, '2027-02-01', { pause: { pause_date: '2027-02-10' } }) as never, true, b.clock);
  b.tm.move({ to: '2027-02-15' });
  return { ...b, sub: () => b.store.subscriptions.get(b.subscriptions[0])! };
}

/** The preview's documents through the term's end, then the same order made and the clock moved past it: both. */
function previewThenClock(b: ReturnType<typeof paused>, resume: object) {
  const body = order(b, '2027-02-15', { resume });
  const shown = orderBillingDocuments(runOrder(b.store, body as never, false, b.clock), { termEnd: true });
  const before = new Set(b.documents().map(d => d.id));
  runOrder(b.store, body as never, true, b.clock);
  const states = [b.sub().state];
  b.tm.move({ to: '2028-03-01' });
  const end = b.sub().current_term_start; // the renewal's start: the preview stops at the term's end
  const issued = b.documents().filter(d => !before.has(d.id) && d.document_date < end);
  const brief2 = (d: { type: string; total: number }, date: string) =>
    `${date} ${d.type === 'invoice' ? 'INV' : 'CM'} ${d.total}`;
  return {
    shown: shown.map(d => brief2(d, d.targetDate)),
    issued: issued.map(d => brief2(d, d.document_date)),
    states,
  };
}

describe('resume orders', () => {
  test('a resume dated later keeps it paused until then; the clock resumes it and extends the term once', () => {
    const b = paused();
    const r = previewThenClock(b, { resume_date: '2027-03-01', extend_term: true });
    assert.deepEqual(r.states, ['paused']);
    assert.equal(b.sub().state, 'active');
    // 19 days paused (Feb 10 to Mar 1): the term to 2028-01-20, renewed there.
    assert.equal(b.sub().current_term_start, '2028-01-20');
    assert.equal(r.issued[0], '2027-03-01 INV 350', 'March billed once, not twice');
    assert.deepEqual(r.shown, r.issued);
  });

  test('resume_at pause_date resumes as if never paused: the credited days billed again, once', () => {
    const b = paused();
    assert.deepEqual(brief(b.documents().filter(d => d.document_date === '2027-02-10')), ['CM 2027-02-10 237.5']);
    const r = previewThenClock(b, { resume_at: 'pause_date' });
    // The preview dates the days before today by their service date; the next bill run (Mar 1) bills them with March.
    assert.deepEqual(r.shown.slice(0, 2), ['2027-02-10 INV 237.5', '2027-03-01 INV 350']);
    assert.equal(r.issued[0], '2027-03-01 INV 587.5');
    const total = (xs: string[]) => xs.reduce((n, x) => n + Math.round(Number(x.split(' ')[2]) * 100), 0);
    assert.equal(total(r.shown), total(r.issued));
    assert.deepEqual(r.shown.slice(2), r.issued.slice(1));
  });

  test('a resume date before the pause is refused, naming both', () => {
    const b = paused();
    assert.throws(
      () =>
        runOrder(b.store, order(b, '2027-02-15', { resume: { resume_date: '2027-02-05' } }) as never, false, b.clock),
      /paused from 2027-02-10: it cannot resume before/,
    );
  });
});

describe("v1's Suspend and Resume policies, as the engine's pause and resume", () => {
  const today = '2027-02-15';
  test('Suspend: Today, SpecificDate, EndOfLastInvoicePeriod, FixedPeriodsFromToday', () => {
    assert.deepEqual(suspendOf({ suspendPolicy: 'Today' }, today), {});
    assert.deepEqual(suspendOf({ suspendPolicy: 'SpecificDate', suspendSpecificDate: '2027-03-01' }, today), {
      pause_date: '2027-03-01',
    });
    assert.deepEqual(suspendOf({ suspendPolicy: 'EndOfLastInvoicePeriod' }, today), { pause_at: 'invoice_period_end' });
    const inTwoWeeks = { suspendPolicy: 'FixedPeriodsFromToday', suspendPeriods: 2, suspendPeriodsType: 'Week' };
    assert.deepEqual(suspendOf(inTwoWeeks, today), { pause_date: '2027-03-01' });
  });
  test('Resume: Today, SuspendDate, SpecificDate, FixedPeriodsFromToday, FixedPeriodsFromSuspendDate; extendsTerm', () => {
    const pause = { pause_date: '2027-02-10' };
    assert.deepEqual(resumeOf({ resumePolicy: 'Today' }, pause, today), {});
    assert.deepEqual(resumeOf({ resumePolicy: 'SuspendDate' }, pause, today), { resume_at: 'pause_date' });
    const specific = { resumePolicy: 'SpecificDate', resumeSpecificDate: '2027-04-01', extendsTerm: true };
    assert.deepEqual(resumeOf(specific, pause, today), { resume_date: '2027-04-01', extend_term: true });
    const month = { resumePolicy: 'FixedPeriodsFromToday', resumePeriods: 1, resumePeriodsType: 'Month' };
    assert.deepEqual(resumeOf(month, pause, today), { resume_date: '2027-03-15' });
    const tenDays = { resumePolicy: 'FixedPeriodsFromSuspendDate', resumePeriods: 10, resumePeriodsType: 'Day' };
    assert.deepEqual(resumeOf(tenDays, pause, today), { resume_date: '2027-02-20' });
  });
});
