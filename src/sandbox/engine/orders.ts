// Order preview and creation: one engine. It works on copies of the subscriptions an order touches;
// preview throws the copies away, create commits them and records the order.
import type { AccountData, SubscriptionRequestBody } from '../../schemas';
import { SYSTEM_CLOCK, type SandboxClock } from '../state/clock';
import { refused } from './refused';
import { newId } from '../state/ids';
import { accountOf, orderAccount } from './orderAccount';
import { billedChange, inEffectOn, pausedChange, resumedChange, termBilled } from './termBilling';
import { billedOver, monthly, termMonths } from './metrics';
import type { ChargeChange, Term } from '../state/subscriptionParts';
import { exact, neg, sub as minus, ZERO, type Exact } from '../money/exact';
import { tcvBetween, tcvDelta, tcvOver } from './tcv';
import { finiteMoney, lineItemOf } from './orderLines';
import { later } from '../billing/calendar';
import { periodEndPause, stopDate } from './stopDates';
import { subscriptionView } from './orderRecord';
import { extendTerm, pausedBy, pauseOf, resumeDateOf } from './pauses';
import { recordOrderBilling } from './billingHistory';
import { termStarts } from './renewals';
import type { AccountRec, ItemRec, OrderRec, Store, SubscriptionRec } from '../state/store';
import type {
  Action,
  ActionName,
  EngineBody,
  EngineSubscription,
  OrderOutcome,
  PreviewItem,
  SubscriptionResult,
} from './orderTypes';
import {
  buildPlan,
  startingOn,
  newSubscription,
  price,
  termEnd,
  withDefaults,
  type Alloc,
  type OrderContext,
  type PriceList,
} from './subscriptionBuild';

/** An item's change in metrics for one action, exact (rounded once, when answered). */
type Metric = (it: ItemRec) => { mrr?: Exact; tcb: Exact; tcv: Exact };
type Act = (sub: SubscriptionRec, action: ActionName, items: ItemRec[], metric: Metric) => void;

/** POST /v2/accounts: the account alone; no order is recorded. */
export function createAccount(store: Store, d: AccountData, clock: SandboxClock = SYSTEM_CLOCK): AccountRec {
  const account = accountOf(d, store.numbers.next('A'), clock.timestamp());
  store.addAccount(account);
  return account;
}

export function runOrder(
  store: Store,
  body: EngineBody,
  commit: boolean,
  clock: SandboxClock = SYSTEM_CLOCK,
  actor = 'sandbox-client',
  prices?: PriceList,
): OrderOutcome {
  const alloc: Alloc = prefix => (commit ? store.numbers.next(prefix) : null);
  const now = clock.timestamp();
  const orderDate = body.order_date ?? clock.today();
  const { account, newAccount } = orderAccount(store, body, alloc, now);
  const ctx: OrderContext = {
    accountNumber: account.account_number,
    currency: account.currency,
    billCycleDay: account.bill_cycle_day,
    orderDate,
    now,
    alloc,
    ...(prices ? { prices } : {}),
  };
  const results = (body.subscriptions ?? []).map((entry, i) =>
    subscriptionResult(store, entry, `subscriptions[${i}]`, ctx),
  );
  const lineItems = (body.line_items ?? []).map(li => lineItemOf(li, orderDate, alloc, ctx.currency));
  const preview = {
    subscriptions: results.map(r => ({
      ...(r.number ? { subscription_number: r.number } : {}),
      actions: r.actions.map(({ touched: _t, ...a }) => a),
    })),
    line_items: lineItems.map((li, k) => {
      const tcb = finiteMoney(
        exact(li.total),
        ctx.currency,
        `line_items[${k}]`,
        `The amounts of line item "${li.name}"`,
      );
      return { tcb, tcv: tcb };
    }),
  };
  const billing = {
    orderDate,
    billCycleDay: account.bill_cycle_day,
    currency: account.currency,
    billed: (id: string) => store.ledger.lines(id),
  };
  if (!commit) return { preview, subscriptions: results, lineItems, billing };

  if (newAccount) store.addAccount(newAccount);
  const orderNumber = store.numbers.next('O');
  recordOrderBilling(results, orderDate); // what bill runs price each item from
  for (const { sub } of results) {
    sub.order_number = orderNumber;
    store.putSubscription(sub);
  }
  const order: OrderRec = {
    id: newId(),
    order_number: orderNumber,
    account_number: account.account_number,
    account_id: account.id,
    order_date: orderDate,
    description: body.description ?? '',
    created_time: now,
    line_items: lineItems.map(li => ({ id: newId(), ...li, state: 'booked' })),
    subscriptions: results.map(r => subscriptionView(r.sub, r.actions, account, actor)),
  };
  store.addOrder(order);
  return { preview, order, account, subscriptions: results, lineItems, billing };
}

/** One entry of `subscriptions[]`: a new subscription, or changes to a copy of an existing one. */
function subscriptionResult(
  store: Store,
  entry: EngineSubscription,
  at: string,
  ctx: OrderContext,
): SubscriptionResult {
  const actions: Action[] = [];
  const act: Act = (sub, action, items, metric) => {
    const subscription = sub.subscription_number || 'the new subscription';
    const what = (it: ItemRec) => `The amounts of ${it.price_id} on ${subscription}`;
    actions.push({
      action_id: newId(),
      action,
      sequence: actions.length,
      touched: items,
      subscription_items: items.map(it => previewItem(it, metric(it), what(it), at, ctx)),
    });
  };
  let sub: SubscriptionRec;
  let before: SubscriptionRec | undefined;
  if (entry.subscription_number === undefined) {
    sub = newSubscription(entry, at, ctx);
    const months = termMonths(sub.initial_term);
    const items = sub.plans.flatMap(p => p.items);
    const tcb = (it: ItemRec) => termBilled(sub, it, ctx, months);
    act(sub, 'create_subscription', items, it => ({
      mrr: monthly(price(it)),
      tcb: tcb(it),
      tcv: tcvOver(price(it), it.start_date, it.end_date),
    }));
  } else {
    const existing = store.subscriptions.get(entry.subscription_number);
    if (!existing || existing.account_number !== ctx.accountNumber) {
      const message = `No subscription ${entry.subscription_number} on account ${ctx.accountNumber}.`;
      throw refused('invalid_parameter', `${at}.subscription_number`, message);
    }
    before = existing;
    sub = structuredClone(existing);
    sub.version++;
    sub.updated_time = ctx.now;
    applyChanges(sub, entry, at, act, ctx);
  }
  return { number: sub.subscription_number || null, sub, actions, entry, ...(before ? { before } : {}) };
}

function previewItem(
  it: ItemRec,
  m: { mrr?: Exact; tcb: Exact; tcv: Exact },
  what: string,
  at: string,
  ctx: OrderContext,
): PreviewItem {
  const tcb = finiteMoney(m.tcb, ctx.currency, at, what);
  return {
    subscription_item_id: it.id,
    price_id: it.price_id,
    start_date: it.start_date,
    ...(it.end_date ? { end_date: it.end_date } : {}),
    ...(m.mrr !== undefined ? { mrr: finiteMoney(m.mrr, ctx.currency, at, what) } : {}),
    tcb,
    tcv: finiteMoney(m.tcv, ctx.currency, at, what),
  };
}

/** A state change the subscription's state does not allow: a 400 in category 30. */
function rule(ok: boolean, parameter: string, message: string): void {
  if (!ok) throw refused('invalid_state', parameter, message, 30);
}

/** The changes an order makes to an existing subscription (a copy), each reported as an action. */
function applyChanges(sub: SubscriptionRec, entry: EngineSubscription, at: string, act: Act, ctx: OrderContext): void {
  const months = termMonths(sub.initial_term);
  const active = () => sub.plans.filter(p => !p.removed).flatMap(p => p.items.filter(i => i.state === 'active'));
  const planById = (id: string | undefined, parameter: string) => {
    const p = sub.plans.find(x => x.id === id && !x.removed);
    if (!p) {
      throw refused('invalid_parameter', parameter, `No subscription plan ${id} on ${sub.subscription_number}.`);
    }
    return p;
  };
  entry.add_subscription_plans?.forEach((a, j) => {
    const where = `${at}.add_subscription_plans[${j}].subscription_plan`;
    const on = a.start_on?.contract_effective ?? ctx.orderDate; // as its billing documents take it (orderBilling)
    const p = startingOn(buildPlan(a.subscription_plan, where, sub.current_term_start, sub.initial_term, ctx), on);
    sub.plans.push(p);
    const tcb = (it: ItemRec) => termBilled(sub, it, ctx, months);
    act(sub, 'add_subscription_plan', p.items, it => ({
      mrr: monthly(price(it)),
      tcb: tcb(it),
      tcv: tcvOver(price(it), later(it.start_date, on), it.end_date),
    }));
  });
  entry.update_subscription_plans?.forEach((u, j) => {
    const where = `${at}.update_subscription_plans[${j}].subscription_plan`;
    const p = planById(u.subscription_plan.subscription_plan_id, `${where}.subscription_plan_id`);
    const touched: ItemRec[] = [];
    const deltas = new Map<ItemRec, { mrr: Exact; on: string; was: ItemRec }>();
    (u.subscription_plan.subscription_items ?? []).forEach((si, k) => {
      const it = p.items.find(x => x.subscription_item_number === si.subscription_item_number);
      if (!it) {
        const parameter = `${where}.subscription_items[${k}].subscription_item_number`;
        throw refused('invalid_parameter', parameter, `No item ${si.subscription_item_number} in plan ${p.id}.`);
      }
      const was = { ...it };
      const before = monthly(price(it)) ?? ZERO;
      it.unit_amount = si.unit_amount ?? it.unit_amount;
      it.quantity = si.quantity ?? it.quantity; // more or fewer seats
      const on = later(it.start_date, si.start_date ?? u.start_date ?? u.start_on?.contract_effective ?? ctx.orderDate);
      deltas.set(it, { mrr: minus(monthly(price(it)) ?? ZERO, before), on, was });
      touched.push(it);
    });
    act(sub, 'update_subscription_plan', touched, it => {
      const d = deltas.get(it)!;
      const change = { kind: 'update' as const, on: d.on, quantity: it.quantity, unitAmount: it.unit_amount };
      const tcb = billedChange(sub, d.was, ctx, months, change, it);
      return { mrr: d.mrr, tcb, tcv: tcvDelta(d.mrr, d.on, inEffectOn(sub, d.on).item(it).end_date) };
    });
  });
  entry.remove_subscription_plans?.forEach((r, j) => {
    const id = typeof r.subscription_plan_id === 'string' ? r.subscription_plan_id : undefined;
    const p = planById(id, `${at}.remove_subscription_plans[${j}].subscription_plan_id`);
    p.removed = true;
    for (const it of p.items) it.state = 'removed';
    const on = r.start_on?.contract_effective ?? ctx.orderDate;
    act(sub, 'remove_subscription_plan', p.items, it => ({
      mrr: negative(monthly(price(it))),
      tcb: billedChange(sub, it, ctx, months, { kind: 'stop', on }, it),
      tcv: neg(removedTcv(inEffectOn(sub, on).item(it), on)),
    }));
  });
  if (entry.terms) applyTerms(sub, entry.terms, act);
  if (entry.owner_transfer) {
    sub.account_number = entry.owner_transfer.account_number;
    act(sub, 'owner_transfer', active(), () => ({ mrr: ZERO, tcb: ZERO, tcv: ZERO }));
  }
  if (entry.renew) {
    rule(sub.state !== 'canceled', `${at}.renew`, `${sub.subscription_number} is canceled and cannot be renewed.`);
    const renewalMonths = termMonths(sub.renewal_term);
    const ends = new Map<ItemRec, string | null>(active().map(it => [it, it.end_date]));
    if (sub.current_term_end) {
      const ending = sub.current_term_end;
      sub.renewed_on = [...termStarts(sub), ending];
      sub.current_term_start = ending;
      sub.current_term_end = termEnd(sub.current_term_start, sub.renewal_term);
      sub.end_date = sub.current_term_end;
      // The items that ran to the end of the term run on to the end of the new one (what the renewal bills).
      for (const it of active()) if (it.end_date === ending) it.end_date = sub.current_term_end;
    }
    act(sub, 'renew', active(), it => ({
      mrr: ZERO,
      tcb: billedOver(price(it), renewalMonths),
      // The renewal term's value: from the old end to the new one (evergreen: a year of it).
      tcv:
        ends.get(it) && it.end_date !== ends.get(it)
          ? tcvOver(price(it), ends.get(it)!, it.end_date)
          : billedOver(price(it), renewalMonths),
    }));
  }
  if (entry.cancel) {
    rule(sub.state !== 'canceled', `${at}.cancel`, `${sub.subscription_number} is already canceled.`);
    const items = active();
    // What it takes off is counted over the term in effect on its date: renewed on its end, when it renewed.
    const counted = { ...sub, auto_renew: sub.auto_renew };
    sub.state = 'canceled';
    sub.auto_renew = false;
    const cancel = entry.cancel;
    // The subscription ends when its cancellation takes effect (its last item's stop, or its term's end).
    const stops = items.map(it => stopDate(it, cancel, ctx)).filter((d): d is string => d !== null);
    const ends = cancel.cancel_at === 'subscription_term_end' || !stops.length ? null : stops.sort().at(-1)!;
    if (ends) sub.end_date = ends;
    act(sub, 'cancel', items, it => {
      const on = stopDate(it, cancel, ctx);
      return {
        mrr: negative(monthly(price(it))),
        tcb: on === null ? ZERO : billedChange(counted, it, ctx, months, { kind: 'stop', on }, it),
        tcv: on === null ? ZERO : neg(removedTcv(inEffectOn(counted, on).item(it), on)),
      };
    });
  }
  if (entry.pause) {
    const message = `${sub.subscription_number} is ${sub.state}; only an active subscription can be paused.`;
    rule(sub.state === 'active', `${at}.pause`, message);
    const planned = `${sub.subscription_number} is already to be paused on ${sub.pause?.pause_date}.`;
    rule(!sub.pause, `${at}.pause`, planned);
    const periodEnd = entry.pause.pause_at === 'invoice_period_end' ? periodEndPause(active(), ctx) : undefined;
    const pause = pauseOf(entry.pause, periodEnd ?? ctx.orderDate);
    const termEnds = sub.current_term_end;
    const after = `${sub.subscription_number}'s term ends ${termEnds}: a pause from ${pause.pause_date} comes after it.`;
    rule(termEnds === null || pause.pause_date <= termEnds, `${at}.pause.pause_date`, after);
    sub.state = pausedBy(pause, ctx.now) ? 'paused' : 'active'; // a later date: the clock pauses it then
    sub.pause = pause; // time travel pauses it on a later date, and resumes it on its resume date
    const stop: ChargeChange =
      entry.pause.pause_at === 'invoice_period_end'
        ? { on: ctx.orderDate, kind: 'stop', atPeriodEnd: true }
        : { on: pause.pause_date, kind: 'stop' };
    act(sub, 'pause', active(), it => ({
      mrr: negative(monthly(price(it))),
      tcb: pausedChange(sub, it, ctx, months, stop, pause),
      tcv: ZERO,
    }));
  }
  if (entry.resume) {
    const message = `${sub.subscription_number} is ${sub.state}; only a paused subscription can be resumed.`;
    rule(sub.state === 'paused', `${at}.resume`, message);
    const was = sub.pause;
    const on = resumeDateOf(entry.resume, was, ctx.orderDate);
    const since = `${at}.resume.resume_date`;
    rule(
      !was || on >= was.pause_date,
      since,
      `${sub.subscription_number} is paused from ${was?.pause_date}: it cannot resume before.`,
    );
    const resumed = was && { pause_date: was.pause_date, resume_date: on, extend_term: entry.resume.extend_term };
    // What it bills is counted over the term as the pause left it; then `extend_term` lengthens the term.
    const tcb = new Map(active().map(it => [it, resumed ? resumedChange(sub, it, ctx, was, resumed) : ZERO]));
    if (resumed && on > ctx.now.slice(0, 10)) {
      sub.pause = resumed; // a later date: paused until the clock reaches it, which resumes it (and extends the term)
    } else {
      if (resumed) extendTerm(sub, resumed, on);
      sub.state = 'active';
      delete sub.pause;
    }
    act(sub, 'resume', active(), it => ({ mrr: monthly(price(it)) ?? ZERO, tcb: tcb.get(it) ?? ZERO, tcv: ZERO }));
  }
}

/** Terms and conditions: the term's length (billing changes by the difference), renewal term, auto-renew. */
function applyTerms(sub: SubscriptionRec, terms: NonNullable<SubscriptionRequestBody['terms']>, act: Act): void {
  const before = termMonths(sub.initial_term);
  const ends = new Map(sub.plans.flatMap(p => p.items).map(it => [it, it.end_date]));
  if (terms.current_term) {
    const ending = sub.current_term_end;
    sub.initial_term = withDefaults(terms.current_term as Partial<Term>);
    sub.current_term_end = termEnd(sub.current_term_start, sub.initial_term);
    sub.end_date = sub.current_term_end;
    for (const it of sub.plans.flatMap(p => p.items)) {
      if (it.state === 'active' && it.end_date === ending) it.end_date = sub.current_term_end;
    }
  }
  if (terms.renewal_term) sub.renewal_term = withDefaults(terms.renewal_term as Partial<Term>);
  if (terms.auto_renew !== undefined) sub.auto_renew = terms.auto_renew;
  const after = termMonths(sub.initial_term);
  const items = sub.plans.filter(p => !p.removed).flatMap(p => p.items.filter(i => i.state === 'active'));
  act(sub, 'terms', items, it => ({
    mrr: ZERO,
    tcb: minus(billedOver(price(it), after), billedOver(price(it), before)),
    tcv: tcvBetween(price(it), it.start_date, ends.get(it) ?? null, it.end_date),
  }));
}

const negative = (n: Exact | undefined) => (n === undefined ? undefined : neg(n));

/** What an item stopped on `on` no longer brings in: its TCV from then to its end (one-time: its amount). */
const removedTcv = (it: ItemRec, on: string): Exact => tcvOver(price(it), later(it.start_date, on), it.end_date);
