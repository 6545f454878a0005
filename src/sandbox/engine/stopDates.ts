// When a cancellation stops an item, for its TCV: on its date, at the end of the billing period that holds the
// order date, or (at the term's end) not within the term at all.
import type { SubscriptionRequestBody } from '../../schemas';
import { periods } from '../billing/calendar';
import { MONTHS_IN } from '../state/catalog';
import type { ItemRec } from '../state/store';
import type { OrderContext } from './subscriptionBuild';

type Cancel = NonNullable<SubscriptionRequestBody['cancel']>;

/** The date the item stops on; null when it runs to the end of its term. */
export function stopDate(it: ItemRec, cancel: Cancel, ctx: OrderContext): string | null {
  if (cancel.cancel_at === 'subscription_term_end') return null;
  if (cancel.cancel_at !== 'invoice_period_end' || it.charge_type === 'one_time') {
    return cancel.cancel_date ?? ctx.orderDate;
  }
  const months = MONTHS_IN[it.billing_period ?? 'month'];
  for (const p of periods(it.start_date, months, ctx.billCycleDay)) if (p.end > ctx.orderDate) return p.end;
  return null;
}

/**
 * Where `pause_at: invoice_period_end` pauses the subscription: when the last of its recurring items' billing periods
 * holding the order date ends (each bills to its own period's end); the order date when none is recurring.
 */
export function periodEndPause(items: readonly ItemRec[], ctx: OrderContext): string {
  let last = ctx.orderDate;
  for (const it of items) {
    if (it.charge_type !== 'recurring') continue;
    const end = stopDate(it, { cancel_at: 'invoice_period_end' }, ctx);
    if (end !== null && end > last) last = end;
  }
  return last;
}
