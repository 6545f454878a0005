// The TCB of a new recurring item: what the billing engine bills for it over the term it starts in, a partial
// first and last period prorated by day as its invoices will be. So the preview's TCB and the invoices agree to
// the cent whatever the start date and the lengths of the months (17/31 of January and 14/29 of a leap February
// are not one period).
import { billingDocuments } from '../billing/documents';
import { charge } from '../billing/orderBilling';
import type { ItemRec, SubscriptionRec } from '../state/store';
import { billedOver, price } from './metrics';

export function termBilled(sub: SubscriptionRec, it: ItemRec, billCycleDay: number, months: number): number {
  // Usage commits nothing and a one-time charge bills its amount: the metrics already say so exactly.
  if (it.charge_type !== 'recurring') return billedOver(price(it), months);
  let docs;
  try {
    docs = billingDocuments({
      billCycleDay,
      through: { termEnd: true },
      subscriptions: [{ termEnd: sub.current_term_end, charges: [charge(sub, it, it.start_date, [])] }],
    });
  } catch (e) {
    // Beyond what the engine prices (a century of periods, amounts past a double): the metric by months,
    // which finiteMoney then checks like any other.
    if (e instanceof RangeError) return billedOver(price(it), months);
    throw e;
  }
  return docs.reduce((sum, d) => sum + (d.type === 'invoice' ? d.total : -d.total), 0);
}
