// What an order would bill: its subscriptions (as the order engine leaves them) and line items, as the billing
// engine's input. A new subscription bills from its start. A changed one is taken as billed, in advance, up to
// the first date the order changes it, and what the account's documents billed after that date is not billed
// again, or is given back (billedBefore.ts): from that date on, each change bills from
// its effective date (an update credited and billed again, a removal, cancellation or pause credited) and the
// subscription's own periods follow. Tax is zero.
import type { EngineSubscription, OrderOutcome, SubscriptionResult } from './orderTypes';
import { productOf } from '../state/activeCatalog';
import type { BillingRun, ItemRec, SubscriptionRec } from '../state/store';
import { addMonths } from '../../schemas/dates';
import { later } from '../billing/calendar';
import { billedFrom, lessBilledBefore, stopDates, type BilledRef, type BilledScope } from './billedBefore';
import { billingDocuments } from '../billing/documents';
import { extendedByPause, pausedPast, pauseOf, resumeDateOf, type PauseRequest } from './pauses';
import { renewedThrough, termStarts } from './renewals';
import type {
  BillingDocument,
  BillingPeriod,
  ChargeChange,
  ChargeInput,
  PriceModel,
  SubscriptionInput,
  Through,
} from '../billing/types';

export function orderBillingDocuments(outcome: OrderOutcome, through: Through): BillingDocument<BilledRef>[] {
  const { orderDate, billCycleDay, currency, billed } = outcome.billing;
  const scopes: BilledScope[] = [];
  const subscriptions = outcome.subscriptions.flatMap(r => {
    const inputs = subscriptionInput(r, orderDate);
    const [first] = inputs;
    // A resume bills a new run from its date: what was billed from then on (the pause's credit) is the old run's.
    if (r.before && r.before.state !== 'paused' && first?.from) {
      const from = billed ? billedFrom(first, first.from, billed) : first.from;
      inputs[0] = { ...first, from };
      scopes.push({ sub: r.sub, from });
    }
    return inputs;
  });
  const lineItems: SubscriptionInput<BilledRef>[] = outcome.lineItems.map(li => ({
    charges: [
      {
        ref: { kind: 'line_item', lineItem: li },
        price: { model: 'flat_fee', unitAmount: li.total, quantity: li.quantity },
        start: li.start_date,
      },
    ],
  }));
  const all = [...subscriptions, ...lineItems];
  const documents = billingDocuments({ billCycleDay, currency, through, subscriptions: all });
  return billed && scopes.length ? lessBilledBefore(documents, scopes, billed, stopDates(subscriptions)) : documents;
}

// The catalog's periods and models as the engine names them; a name it does not know bills as per unit / month.
const PERIODS: Record<string, BillingPeriod> = {
  month: 'month',
  quarter: 'quarter',
  semi_annual: 'semi_annual',
  year: 'annual',
  annual: 'annual',
};
const MODELS: Record<string, PriceModel> = {
  per_unit: 'per_unit',
  flat_fee: 'flat_fee',
  tiered: 'tiered',
  volume: 'volume',
  usage: 'usage',
  // A discount item carries what it takes off each period (a negative amount, priced with its plan).
  discount_percentage: 'flat_fee',
  discount_fixed_amount: 'flat_fee',
};

/** The product of a plan in the catalog of the sandbox answering (a copied one, or the seed). */
const productName = (planId: string) => productOf(planId)?.name;

/** How the engine prices an item: its model, and its tiers in the engine's terms where it has some. */
export function priceOf(it: ItemRec): ChargeInput<BilledRef>['price'] {
  const model = it.charge_type === 'usage' ? 'usage' : (MODELS[it.charge_model] ?? 'per_unit');
  const tiers = it.tiers?.map(t => ({
    upTo: t.up_to ?? null,
    ...(t.unit_amount !== undefined ? { unitAmount: t.unit_amount } : {}),
    ...(t.amount !== undefined ? { flatAmount: t.amount } : {}),
  }));
  const tiered = (model === 'tiered' || model === 'volume') && tiers?.length;
  return {
    model: tiered ? model : model === 'tiered' || model === 'volume' ? 'per_unit' : model,
    unitAmount: it.unit_amount,
    quantity: it.quantity,
    ...(tiered ? { tiers } : {}),
  };
}

/** An item as the engine's charge, from `start`, with `changes` (the item's own period and end). */
export function charge(
  sub: SubscriptionRec,
  it: ItemRec,
  start: string,
  changes: ChargeChange[],
): ChargeInput<BilledRef> {
  const plan = sub.plans.find(p => p.id === it.subscription_plan_id);
  const name = plan ? productName(plan.plan_id) : undefined;
  return {
    ref: { kind: 'subscription_item', sub, item: it, ...(name ? { productName: name } : {}) },
    price: priceOf(it),
    ...(it.charge_type !== 'one_time' ? { period: PERIODS[it.billing_period ?? 'month'] ?? 'month' } : {}),
    start,
    end: it.end_date,
    ...(changes.length ? { changes } : {}),
  };
}

/** Whole months of a renewal term, or null when the subscription does not renew (or by days or weeks). */
function renewalMonths(sub: SubscriptionRec): number | null {
  const t = sub.renewal_term;
  if (!sub.auto_renew || t.type !== 'termed') return null;
  const count = t.interval_count ?? 1;
  return t.interval === 'month' ? count : t.interval === 'year' ? 12 * count : null;
}

type Terms = Pick<SubscriptionInput<BilledRef>, 'termEnd' | 'renewalMonths' | 'termStarts'>;

/** The subscription's terms; renewing into an evergreen term, its charges simply run on (see openEnded). */
export function terms(sub: SubscriptionRec): Terms {
  const evergreenNext = sub.auto_renew && sub.renewal_term.type === 'evergreen';
  return {
    termEnd: sub.current_term_end,
    renewalMonths: evergreenNext ? null : renewalMonths(sub),
    termStarts: termStarts(sub),
  };
}

/** The items of the plans still on the subscription. */
export const live = (sub: SubscriptionRec) => sub.plans.filter(p => !p.removed).flatMap(p => p.items);

export type BillingHistory = Record<string, BillingRun[]>;

/** The item histories of a subscription (billingHistory.ts); kept before bill runs: each live item from its start. */
export function historyOf(sub: SubscriptionRec): BillingHistory {
  if (sub.billing) return sub.billing;
  const history: BillingHistory = {};
  for (const it of live(sub)) history[it.id] = [{ start: it.start_date, price: priceOf(it) }];
  return history;
}

/**
 * What one subscription of an order bills, as the engine's input (none: canceled, or paused and not resumed). An
 * existing subscription's items bill from their history (each price it had and every change since, as bill runs
 * price them), the order's changes last; without `history`, only the order's changes (what billingHistory.ts adds).
 */
export function subscriptionInput(
  r: SubscriptionResult,
  orderDate: string,
  history = true,
): SubscriptionInput<BilledRef>[] {
  const after = r.sub;
  if (!r.before) {
    const charges = live(after).map(it => charge(after, it, it.start_date, []));
    return [{ ...terms(after), charges: openEnded(after, charges) }];
  }
  const before = r.before;
  if (before.state === 'canceled') return [];
  if (before.state === 'paused') {
    if (!r.entry.resume) return [];
    const on = resumeDateOf(r.entry.resume, before.pause, orderDate);
    // Resumed later by the clock (still paused): the term as the clock will extend it then.
    const sub = after.pause ? extendedByPause(after, after.pause, on) : after;
    const charges = live(sub).map(it => charge(sub, it, later(it.start_date, on), []));
    return [{ ...terms(sub), from: on, charges: openEnded(sub, charges) }];
  }
  return [changedSubscription(r, before, after, orderDate, history)];
}

/** Renewing into an evergreen term: the charges that run to the term's end never end. */
function openEnded(sub: SubscriptionRec, charges: ChargeInput<BilledRef>[]): ChargeInput<BilledRef>[] {
  if (!(sub.auto_renew && sub.renewal_term.type === 'evergreen' && sub.current_term_end)) return charges;
  return charges.map(c => (c.end === sub.current_term_end ? { ...c, end: null } : c));
}

/** An existing subscription: its items from before the order, each with the changes the order makes and when. */
function changedSubscription(
  r: SubscriptionResult,
  before: SubscriptionRec,
  after: SubscriptionRec,
  orderDate: string,
  withHistory: boolean,
): SubscriptionInput<BilledRef> {
  const e = r.entry;
  const changes = new Map<string, ChargeChange[]>();
  const dates: string[] = [];
  const note = (itemId: string, c: ChargeChange) => {
    changes.set(itemId, [...(changes.get(itemId) ?? []), c]);
    dates.push(c.on);
  };
  const afterItem = new Map(after.plans.flatMap(p => p.items).map(it => [it.id, it]));
  for (const u of e.update_subscription_plans ?? []) {
    const plan = after.plans.find(p => p.id === u.subscription_plan.subscription_plan_id);
    for (const si of u.subscription_plan.subscription_items ?? []) {
      const it = plan?.items.find(x => x.subscription_item_number === si.subscription_item_number);
      if (!it) continue;
      const on = si.start_date ?? u.start_date ?? u.start_on?.contract_effective ?? orderDate;
      note(it.id, { on, kind: 'update', quantity: it.quantity, unitAmount: it.unit_amount });
    }
  }
  for (const rm of e.remove_subscription_plans ?? []) {
    const plan = before.plans.find(p => p.id === rm.subscription_plan_id);
    const on = rm.start_on?.contract_effective ?? orderDate;
    for (const it of plan?.items ?? []) note(it.id, { on, kind: 'stop' });
  }
  const stopAll = wholeStop(e, orderDate);
  if (stopAll) for (const it of live(before)) note(it.id, stopAll);

  const history = withHistory ? historyOf(before) : {};
  const kept = live(before).flatMap(it => {
    const now = afterItem.get(it.id) ?? it;
    // The order's terms (a renewal, a longer term) decide how long the item runs; its amounts change only as noted:
    // as its history says up to the order (a price changed back in January by an earlier order), then as it says.
    const item = { ...it, end_date: now.end_date };
    const own = changes.get(it.id) ?? [];
    const runs = history[it.id] ?? [];
    if (!runs.length) return [charge(after, item, it.start_date, own)];
    const used = it.charge_type === 'one_time' ? runs.slice(0, 1) : runs;
    return used.map((run, k) => {
      const earlier = run.changes ?? [];
      const c = charge(after, item, run.start, k === used.length - 1 ? [...earlier, ...own] : earlier);
      return { ...c, price: run.price };
    });
  });
  const added = (e.add_subscription_plans ?? []).flatMap((a, j) => {
    const plan = after.plans[before.plans.length + j];
    const on = a.start_on?.contract_effective ?? orderDate;
    dates.push(on);
    return (plan?.items ?? []).map(it => charge(after, it, later(it.start_date, on), []));
  });
  const from = dates.length ? dates.reduce((a, b) => (a < b ? a : b)) : orderDate;
  const resumed = e.pause ? resumedAfterPause(e.pause, after, orderDate) : undefined;
  if (resumed) return { ...terms(resumed.sub), from, charges: openEnded(resumed.sub, [...kept, ...resumed.charges]) };
  // A cancellation turns auto-renew off for what follows it; up to its date the subscription renewed as it was.
  const renewing = e.cancel ? { ...after, auto_renew: before.auto_renew } : after;
  const charges = openEnded(renewing, [...kept, ...added]);
  if (e.cancel?.cancel_at === 'subscription_term_end') return endingWithTerm(terms(renewing), from, charges);
  return { ...terms(renewing), from, charges };
}

/**
 * A pause that says when it ends: the subscription as the clock resumes it then (its term longer by the days paused
 * with `extend_term`), and its recurring items billing again from that date, as bill runs will bill them
 * (timeTravel/resumes.ts). Without a resume date, what the pause stops stays stopped.
 */
function resumedAfterPause(p: PauseRequest, after: SubscriptionRec, orderDate: string) {
  const pause = after.pause ?? pauseOf(p, orderDate); // as the order kept it (at a period's end: that date)
  const on = pause.resume_date;
  // A term that ended by the pause's date renewed first (the clock renews it); one ending during the pause ends the
  // subscription (timeTravel/terms.ts): it does not resume.
  const renewed = renewedThrough(after, pause.pause_date);
  if (on === undefined || (renewed.current_term_end !== null && pausedPast(pause, renewed.current_term_end)))
    return undefined;
  const sub = extendedByPause(renewed, pause, on);
  const runsOn = (it: ItemRec) => it.charge_type !== 'one_time' && (it.end_date === null || it.end_date > on);
  return {
    sub,
    charges: live(sub)
      .filter(runsOn)
      .map(it => charge(sub, it, on, [])),
  };
}

/** Canceled at the end of the term in effect on `from` (renewals counted): what ran to the term's end ends there. */
function endingWithTerm(t: Terms, from: string, charges: ChargeInput<BilledRef>[]): SubscriptionInput<BilledRef> {
  const first = t.termEnd ?? null;
  let end = first;
  const termStarts = [...(t.termStarts ?? [])];
  while (end && t.renewalMonths && end <= from) {
    termStarts.push(end); // a renewal before `from`: a term starts there
    end = addMonths(end, t.renewalMonths);
  }
  return { termEnd: end, termStarts, from, charges: charges.map(c => (c.end === first ? { ...c, end } : c)) };
}

/** A cancellation or pause: every item stops on its date (credited), or at the end of its billing period. */
function wholeStop(e: EngineSubscription, orderDate: string): ChargeChange | undefined {
  if (e.cancel) {
    if (e.cancel.cancel_at === 'subscription_term_end') return undefined;
    if (e.cancel.cancel_at === 'invoice_period_end') return { on: orderDate, kind: 'stop', atPeriodEnd: true };
    return { on: e.cancel.cancel_date ?? orderDate, kind: 'stop' };
  }
  if (e.pause) {
    if (e.pause.pause_at === 'invoice_period_end') return { on: orderDate, kind: 'stop', atPeriodEnd: true };
    return { on: e.pause.pause_date ?? orderDate, kind: 'stop' };
  }
  return undefined;
}
