// A change dated on (or after) the end of a term that auto-renews falls in the renewal term, as the vendor renews
// "on the first day of the next subscription renewal term" (https://docs.zuora.com/en/zuora-billing/bill-your-customer/bill-runs/overview-of-bill-runs/bill-runs-creation/bill-run-processing-rules):
// its delta TCB and TCV count that term, as its billing documents bill it. The Local sandbox starts on its seeded
// subscriptions' term end (2027-01-01), so every shipped change example is such a change: they showed TCB 0.00.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runOrder } from '../../src/sandbox/engine/orders';
import { orderBillingDocuments } from '../../src/sandbox/engine/orderBilling';
import { billed, changeSeats, newCustomer } from './billRunFixtures';

type Outcome = ReturnType<typeof runOrder>;
const items = (o: Outcome) => o.preview.subscriptions.flatMap(s => s.actions.flatMap(a => a.subscription_items));
const cents = (o: Outcome, k: 'tcb' | 'tcv') => items(o).reduce((n, i) => n + Math.round(i[k]!.net_amount * 100), 0);
const net = (o: Outcome) =>
  orderBillingDocuments(o, { periods: 12 }).reduce(
    (n, d) => n + Math.round(d.total * 100) * (d.type === 'invoice' ? 1 : -1),
    0,
  );

/** The Team plan (10 seats at 25 and the 100 fee) from 2026-01-01 for 12 months, on 2027-01-01: its term's end. */
const atTermEnd = (autoRenew = true) => billed(newCustomer(undefined, '2026-01-01', 12, autoRenew));

describe('a change on the day its term ends', () => {
  test('8 seats from the term end of one that renews: 12 months of -50.00, as its 12 invoices bill (3,600.00)', () => {
    const b = atTermEnd();
    const preview = changeSeats(b.store, b.subscriptions[0], '2027-01-01', 8, false);
    assert.equal(cents(preview, 'tcb'), -60_000);
    assert.equal(cents(preview, 'tcv'), -60_000);
    assert.equal(net(preview), 420_000 - 60_000);
  });

  test('a cancellation on it: the renewal term it would have billed (-4,200.00)', () => {
    const b = atTermEnd();
    const cancel = { cancel_at: 'specific_date', cancel_date: '2027-01-01' };
    const order = {
      account_number: b.account.account_number,
      order_date: '2027-01-01',
      subscriptions: [{ subscription_number: b.subscriptions[0], cancel }],
    };
    const preview = runOrder(b.store, order as never, false, b.clock);
    assert.equal(cents(preview, 'tcb'), -420_000);
    assert.equal(cents(preview, 'tcv'), -420_000);
  });

  test('one that does not renew ends there: the change moves nothing (0.00), and nothing is billed', () => {
    const b = atTermEnd(false);
    const preview = changeSeats(b.store, b.subscriptions[0], '2027-01-01', 8, false);
    assert.equal(cents(preview, 'tcb'), 0);
    assert.equal(net(preview), 0);
  });

  test('within the term nothing rolls: 8 seats from 2026-07-01 take 6 months of 50.00 off (-300.00)', () => {
    const b = atTermEnd();
    const preview = changeSeats(b.store, b.subscriptions[0], '2026-07-01', 8, false);
    assert.equal(cents(preview, 'tcb'), -30_000);
  });
});
