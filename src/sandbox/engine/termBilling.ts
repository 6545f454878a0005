// The TCB of a new recurring item: what the billing engine bills for it over the term it starts in, a partial
// first and last period prorated by day as its invoices will be. So the preview's TCB and the invoices agree to
// the cent whatever the start date and the lengths of the months (17/31 of January and 14/29 of a leap February
// are not one period).
import { billingDocuments } from '../billing/documents';
import { charge } from './orderBilling';
import type { ItemRec, PauseRec, SubscriptionRec } from '../state/store';
import { billedOver, price } from './metrics';
import { neg, sub, ZERO, type Exact } from '../money/exact';
import type { ChargeChange, ChargeInput } from '../billing/types';
import type { BilledRef } from './billedBefore';
import { extendedByPause, pausedPast } from './pauses';
import { addMonths } from '../../schemas/dates';
import { termEnd } from './subscriptionBuild';
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
  const { sub: s, item } = inEffectOn(subscription, change.on);
  const end = it.charge_type === 'recurring' ? s.current_term_end : null;
  if (end && change.on >= end) return ZERO;
  // Over its term as the bill runs bill it; a one-time charge or an evergreen subscription as its TCB counts.
  const billed = (x: ItemRec) => (end ? termBilled(s, item(x), account, months) : billedOver(price(x), months));
  const before = billed(it);
  if (!end || change.on <= it.start_date) return sub(change.kind === 'stop' ? ZERO : billed(after), before);
  return sub(termBilled(s, item(it), account, months, [change]), before);
}

/**
 * The subscription with the term in effect on `on`: one that auto-renews and whose term ended by then renewed on
 * its term's end (the vendor renews on the first day of the renewal term), as its billing documents bill it; its
 * items that ran to the old end run to the new one (`item`). A change dated on the last term's end is in the next.
 */
export function inEffectOn(s: SubscriptionRec, on: string): { sub: SubscriptionRec; item: (it: ItemRec) => ItemRec } {
  const ended = s.current_term_end;
  if (!s.auto_renew || ended === null || ended > on) return { sub: s, item: it => it };
  let end: string | null = ended;
  while (end !== null && end <= on) {
    const next = termEnd(end, s.renewal_term);
    end = next !== null && next > end ? next : null; // a renewal term with no length: evergreen from then on
  }
  const rolled = { ...s, current_term_end: end, end_date: end };
  return { sub: rolled, item: it => (it.end_date === ended ? { ...it, end_date: end } : it) };
}

/**
 * What a pause moves the item's billing over its term by (Order Delta TCB, as above): credited from its `stop`,
 * billed again from its resume date over the term `extend_term` makes longer; without a resume date, nothing more.
 * An evergreen subscription counts a year from the pause, as a stop of one counts a year of the item.
 */
export function pausedChange(
  before: SubscriptionRec,
  was: ItemRec,
  account: { billCycleDay: number; currency: string },
  months: Exact,
  stop: ChargeChange,
  pause: PauseRec,
): Exact {
  if (was.charge_type !== 'recurring') return ZERO; // usage commits nothing; a one-time charge is billed already
  const { sub: subscription, item } = inEffectOn(before, stop.on);
  const it = item(was);
  const termEnds = subscription.current_term_end;
  if (termEnds !== null && stop.on >= termEnds) return ZERO;
  if (termEnds === null && pause.resume_date === undefined) return neg(billedOver(price(it), months));
  const end = termEnds ?? addMonths(stop.on, 12);
  return guarded(() => {
    const before = netBilled(account, end, [charge(subscription, it, it.start_date, [])]);
    return sub(billedAsPaused(subscription, it, account, end, stop, pause), before);
  });
}

/**
 * What resuming by order (`resumed`: its date, and whether it extends the term) moves the item's billing by:
 * billed from then on, where the pause (`was`) left it stopped or resuming on its own date.
 */
export function resumedChange(
  subscription: SubscriptionRec,
  it: ItemRec,
  account: { billCycleDay: number; currency: string },
  was: PauseRec,
  resumed: PauseRec & { resume_date: string },
): Exact {
  if (it.charge_type !== 'recurring') return ZERO;
  const end = subscription.current_term_end ?? addMonths(was.pause_date, 12);
  if (resumed.resume_date >= end) return ZERO;
  const stop: ChargeChange = { on: was.pause_date, kind: 'stop' };
  return guarded(() =>
    sub(
      billedAsPaused(subscription, it, account, end, stop, resumed),
      billedAsPaused(subscription, it, account, end, stop, was),
    ),
  );
}

/** The item as a pause leaves it, billed over its term to `end` (or the longer one `extend_term` makes). */
function billedAsPaused(
  subscription: SubscriptionRec,
  it: ItemRec,
  account: { billCycleDay: number; currency: string },
  end: string,
  stop: ChargeChange,
  pause: PauseRec,
): Exact {
  const charges = [charge(subscription, it, it.start_date, [stop])];
  const on = pause.resume_date;
  // Not resuming by the term's end: the subscription ends paused (timeTravel/terms.ts).
  if (on === undefined || pausedPast(pause, end)) return netBilled(account, end, charges);
  const resumed = subscription.current_term_end === null ? subscription : extendedByPause(subscription, pause, on);
  // `it` may run to a term its record has not reached yet (inEffectOn): it runs on to the term the resume extends.
  const runsToEnd = it.end_date !== null && it.end_date === subscription.current_term_end;
  const item = runsToEnd ? { ...it, end_date: resumed.current_term_end } : it;
  if (item.end_date === null || item.end_date > on) charges.push(charge(resumed, item, on, []));
  return netBilled(account, resumed.current_term_end ?? end, charges);
}

/** Invoiced less credited, through `termEnd`. */
function netBilled(
  account: { billCycleDay: number; currency: string },
  termEnd: string,
  charges: ChargeInput<BilledRef>[],
): Exact {
  const docs = billingDocuments({
    billCycleDay: account.billCycleDay,
    currency: account.currency,
    through: { termEnd: true },
    subscriptions: [{ termEnd, charges }],
  });
  const totals = (invoice: boolean) => docs.filter(d => (d.type === 'invoice') === invoice).map(d => d.total);
  return sub(sumOf(totals(true)), sumOf(totals(false)));
}

/** Beyond what the engine prices (a century of periods, amounts past a double): no change counted. */
function guarded(f: () => Exact): Exact {
  try {
    return f();
  } catch (e) {
    if (e instanceof RangeError) return ZERO;
    throw e;
  }
}
