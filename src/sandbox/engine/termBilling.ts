// The TCB of a new recurring item: what the billing engine bills for it over the term it starts in, a partial
// first and last period prorated by day as its invoices will be. So the preview's TCB and the invoices agree to
// the cent whatever the start date and the lengths of the months (17/31 of January and 14/29 of a leap February
// are not one period).
import { billingDocuments } from '../billing/documents';
import { charge } from '../billing/orderBilling';
import type { ItemRec, SubscriptionRec } from '../state/store';
import { billedOver, price } from './metrics';
import { sub, type Exact } from '../billing/exact';
import { sumOf } from '../billing/rounding';

export function termBilled(
  subscription: SubscriptionRec,
  it: ItemRec,
  account: { billCycleDay: number; currency: string },
  months: Exact,
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
        { termEnd: subscription.current_term_end, charges: [charge(subscription, it, it.start_date, [])] },
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
