// The TCB of a new recurring item: what the billing engine bills for it over the term it starts in, a partial
// first and last period prorated by day as its invoices will be. So the preview's TCB and the invoices agree to
// the cent whatever the start date and the lengths of the months (17/31 of January and 14/29 of a leap February
// are not one period).
import { billingDocuments } from '../billing/documents';
import { charge } from './orderBilling';
import type { ItemRec, SubscriptionRec } from '../state/store';
import { billedOver, price } from './metrics';
import { sub, ZERO, type Exact } from '../money/exact';
import type { ChargeChange } from '../billing/types';
import { sumOf } from '../money/rounding';

export function termBilled(
  subscription: SubscriptionRec,
  it: ItemRec,
  account: { billCycleDay: number; currency: string },
  months: Exact,
  changes: ChargeChange[] = [],
): Exact {
  // Usage commits nothing and a one-time charge bills its amount: the metrics already say so exactly.
  if (it.charge_type !== 'recurring') return billedOver(price(it), months);
  let docs;
  try {
    docs = billingDocuments({
      billCycleDay: account.billCycleDay,
      currency: account.currency,
      through: { termEnd: true },
      subscriptions: [
        { termEnd: subscription.current_term_end, charges: [charge(subscription, it, it.start_date, changes)] },
      ],
    });
  } catch (e) {
    // Beyond what the engine prices (a century of periods, amounts past a double): the metric by months,
    // which finiteMoney then checks like any other.
    if (e instanceof RangeError) return billedOver(price(it), months);
    throw e;
  }
  const totals = (invoice: boolean) => docs.filter(d => (d.type === 'invoice') === invoice).map(d => d.total);
  return sub(sumOf(totals(true)), sumOf(totals(false)));
}

/**
 * What a change dated `on` moves the item's billing over its term by, as the bill runs will bill it (a stop credits
 * the rest of its period, an update credits it and bills it again): the vendor's Order Delta TCB, "the change in
 * estimated billing" from the change on (removing a discount on 4/1 of a calendar-year term moves TCB by 9 months):
 *   https://docs.zuora.com/en/zuora-billing/manage-accounts-subscriptions-and-non-subscriptions/
 *     manage-subscription-transactions/orders/order-delta-metrics-and-order-metrics/order-delta-tcb
 *   https://docs.zuora.com/zuora-platform/data/reporting/data-sources-and-exports/data-source-reference/order-tcb-data-source
 * `it` is the item before the change. An evergreen subscription moves by a year of the change, as its TCB counts.
 */
export function billedChange(
  subscription: SubscriptionRec,
  it: ItemRec,
  account: { billCycleDay: number; currency: string },
  months: Exact,
  change: ChargeChange,
  after: ItemRec,
): Exact {
  if (it.charge_type === 'usage') return ZERO;
  if (it.charge_type === 'one_time' && it.start_date < change.on) return ZERO; // billed already
  const termEnd = it.charge_type === 'recurring' ? subscription.current_term_end : null;
  if (termEnd && change.on >= termEnd) return ZERO;
  // Over its term as the bill runs bill it; a one-time charge or an evergreen subscription as its TCB counts.
  const billed = (x: ItemRec) =>
    termEnd ? termBilled(subscription, x, account, months) : billedOver(price(x), months);
  const before = billed(it);
  if (!termEnd || change.on <= it.start_date) return sub(change.kind === 'stop' ? ZERO : billed(after), before);
  return sub(termBilled(subscription, it, account, months, [change]), before);
}
