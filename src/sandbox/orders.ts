// Order preview and creation: one engine. It works on copies of the subscriptions an order touches;
// preview throws the copies away, create commits them and records the order.
import type { AccountData, PreviewRequestBody, SubscriptionRequestBody } from '../schemas';
import { addDays, addMonths, today } from '../schemas/dates';
import { findCharge, findPlan, type Charge } from './catalog';
import { badRequest } from './errors';
import { newId } from './ids';
import { billedOver, money, monthly, round2, termMonths, type Money, type Term } from './metrics';
import type { AccountRec, ItemRec, OrderRec, PlanRec, Store, SubscriptionRec } from './store';

// A preview's account_data holds only currency and bill_cycle_day; an order's is a whole account.
type Body = Omit<PreviewRequestBody, 'metrics' | 'account_data'>
  & { metrics?: string[]; account_data?: AccountData | PreviewRequestBody['account_data'] };
/** The service's action names, as both the preview (`action`) and the order (`type`) answer them. */
export type ActionName = 'create_subscription' | 'add_subscription_plan' | 'update_subscription_plan'
  | 'remove_subscription_plan'
  | 'renew' | 'cancel' | 'pause' | 'resume';

interface PreviewItem {
  subscription_item_id: string; price_id: string; start_date: string; end_date?: string;
  mrr?: Money; tcb: Money; tcv: Money;
}
interface Action {
  action_id: string; action: ActionName; sequence: number; subscription_items: PreviewItem[]; touched: ItemRec[];
}
/** A preview's line item carries only its metrics (a one-time amount: no mrr). */
interface PreviewLineItem { tcb: Money; tcv: Money }

export interface OrderOutcome {
  preview: {
    subscriptions: { subscription_number?: string; actions: Omit<Action, 'touched'>[] }[];
    line_items: PreviewLineItem[];
  };
  order?: OrderRec;
  account?: AccountRec;
}

/** A new account from `account_data` (numbered only when it is kept). */
function accountOf(d: AccountData, accountNumber: string, now: string): AccountRec {
  return {
    id: newId(), account_number: accountNumber, name: d.name, currency: d.currency,
    bill_cycle_day: d.bill_cycle_day ?? 1, bill_to: d.bill_to, ...(d.sold_to ? { sold_to: d.sold_to } : {}),
    status: 'active', created_time: now, updated_time: now,
  };
}

/** POST /v2/accounts: the account alone; no order is recorded. */
export function createAccount(store: Store, d: AccountData): AccountRec {
  const account = accountOf(d, store.numbers.next('A'), new Date().toISOString());
  store.addAccount(account);
  return account;
}

export function runOrder(store: Store, body: Body, commit: boolean, actor = 'sandbox-client'): OrderOutcome {
  const number = (prefix: string) => (commit ? store.numbers.next(prefix) : null);
  const now = new Date().toISOString();
  const orderDate = body.order_date ?? today();
  let account: AccountRec;
  let newAccount: AccountRec | undefined;
  if (body.account_number !== undefined) {
    const found = store.accounts.get(body.account_number);
    if (!found) throw badRequest('invalid_parameter', 'account_number', `No account ${body.account_number}.`);
    account = found;
  } else {
    account = newAccount = accountOf(body.account_data as AccountData, number('A') ?? '', now);
  }
  const currency = account.currency;
  const priceOf = (charge: Charge, parameter: string) => {
    const p = charge.prices[currency];
    if (p === undefined) throw badRequest('invalid_parameter', parameter, `Price ${charge.id} has no ${currency} amount; the catalog prices it in ${Object.keys(charge.prices).join(', ')}.`);
    return p;
  };

  const drafts: SubscriptionRec[] = [];
  const results: { number: string | null; sub: SubscriptionRec; actions: Action[] }[] = [];
  (body.subscriptions ?? []).forEach((entry, i) => {
    const at = `subscriptions[${i}]`;
    const actions: Action[] = [];
    const act = (sub: SubscriptionRec, action: ActionName, items: ItemRec[], metric: (it: ItemRec) => { mrr?: number; tcb: number }) => {
      actions.push({
        action_id: newId(), action, sequence: actions.length, touched: items,
        subscription_items: items.map(it => {
          const m = metric(it);
          const what = `The amounts of ${it.price_id} on ${sub.subscription_number || 'the new subscription'}`;
          const tcb = finiteMoney(m.tcb, currency, at, what);
          return {
            subscription_item_id: it.id, price_id: it.price_id, start_date: it.start_date,
            ...(it.end_date ? { end_date: it.end_date } : {}),
            ...(m.mrr !== undefined ? { mrr: finiteMoney(m.mrr, currency, at, what) } : {}),
            tcb, tcv: tcb,
          };
        }),
      });
    };
    let sub: SubscriptionRec;
    if (entry.subscription_number === undefined) {
      sub = newSubscription(entry, at, account.account_number, orderDate, now, number, priceOf);
      const months = termMonths(sub.initial_term);
      act(sub, 'create_subscription', sub.plans.flatMap(p => p.items), it => ({ mrr: monthly(price(it)), tcb: billedOver(price(it), months) }));
    } else {
      const existing = store.subscriptions.get(entry.subscription_number);
      if (!existing || existing.account_number !== account.account_number) {
        throw badRequest('invalid_parameter', `${at}.subscription_number`, `No subscription ${entry.subscription_number} on account ${account.account_number}.`);
      }
      sub = structuredClone(existing);
      sub.version++;
      sub.updated_time = now;
      applyChanges(sub, entry, at, act, number, priceOf);
    }
    drafts.push(sub);
    results.push({ number: sub.subscription_number || null, sub, actions });
  });

  const lineItems = (body.line_items ?? []).map(li => lineItemOf(li, orderDate, number));
  const preview = {
    subscriptions: results.map(r => ({
      ...(r.number ? { subscription_number: r.number } : {}),
      actions: r.actions.map(({ touched: _t, ...a }) => a),
    })),
    line_items: lineItems.map((li, k) => {
      const tcb = finiteMoney(li.total, currency, `line_items[${k}]`, `The amounts of line item "${li.name}"`);
      return { tcb, tcv: tcb };
    }),
  };
  if (!commit) return { preview };

  if (newAccount) store.addAccount(newAccount);
  const orderNumber = store.numbers.next('O');
  for (const d of drafts) {
    d.order_number = orderNumber;
    store.putSubscription(d);
  }
  const order: OrderRec = {
    id: newId(), order_number: orderNumber, account_number: account.account_number, account_id: account.id,
    order_date: orderDate, description: body.description ?? '', created_time: now,
    line_items: lineItems.map(li => ({ id: newId(), ...li, state: 'booked' })),
    subscriptions: results.map(r => subscriptionView(r.sub, r.actions, account, actor)),
  };
  store.addOrder(order);
  return { preview, order, account };
}

/** Money that JSON can carry: a quantity of 1e308 is a clear 400, never a `null` metric. */
function finiteMoney(amount: number, currency: string, parameter: string, what: string): Money {
  const m = money(amount, currency);
  if (!Number.isFinite(m.net_amount)) {
    throw badRequest('invalid_parameter', parameter,
      `${what} are too large to compute: use a smaller quantity or unit amount.`);
  }
  return m;
}

const price = (it: ItemRec) => ({ chargeType: it.charge_type, billingPeriod: it.billing_period, unitAmount: it.unit_amount, quantity: it.quantity });

function termEnd(start: string, term: Term): string | null {
  if (term.type !== 'termed' || !term.interval) return null;
  const n = term.interval_count ?? 1;
  if (term.interval === 'day') return addDays(start, n);
  if (term.interval === 'week') return addDays(start, 7 * n);
  return addMonths(start, term.interval === 'year' ? 12 * n : n);
}

type Alloc = (prefix: string) => string | null;
type PriceOf = (c: Charge, parameter: string) => number;
type PriceInput = { price_id: string; quantity?: number; unit_amount?: number; start_date?: string; end_date?: string };
type PlanInput = { plan_id?: string; prices?: PriceInput[] };

function buildPlan(input: PlanInput, at: string, start: string, term: Term, alloc: Alloc, priceOf: PriceOf): PlanRec {
  const plan = findPlan(input.plan_id ?? '');
  if (!plan) throw badRequest('invalid_parameter', `${at}.plan_id`, `No plan "${input.plan_id}" in the catalog.`);
  const entries = new Map<string, NonNullable<PlanInput['prices']>[number]>();
  (input.prices ?? []).forEach((p, k) => {
    const found = findCharge(p.price_id);
    if (!found || found.plan.id !== plan.id) throw badRequest('invalid_parameter', `${at}.prices[${k}].price_id`, `No price "${p.price_id}" in plan ${plan.id}.`);
    entries.set(p.price_id, p);
  });
  const planId = alloc('SP') ?? newId();
  return {
    id: planId, plan_id: plan.id,
    // Every charge of the plan becomes an item, including the ones the request did not list.
    items: plan.charges.map(c => {
      const e = entries.get(c.id);
      const s = e?.start_date ?? start;
      return {
        id: newId(), subscription_item_number: alloc('SI') ?? '', subscription_plan_id: planId, price_id: c.id, name: c.name,
        charge_model: c.model, charge_type: c.type, ...(c.billingPeriod ? { billing_period: c.billingPeriod } : {}),
        ...(c.unitOfMeasure ? { unit_of_measure: c.unitOfMeasure } : {}),
        quantity: e?.quantity ?? c.defaultQuantity, unit_amount: e?.unit_amount ?? priceOf(c, `${at}.prices`),
        start_date: s, end_date: e?.end_date ?? (c.type === 'one_time' ? s : termEnd(s, term)), state: 'active' as const,
      };
    }),
  };
}

function newSubscription(entry: SubscriptionRequestBody, at: string, accountNumber: string, orderDate: string, now: string, alloc: Alloc, priceOf: PriceOf): SubscriptionRec {
  const start = entry.start_on?.contract_effective ?? orderDate;
  const initial = entry.initial_term as Term, renewal = entry.renewal_term as Term;
  const end = termEnd(start, initial);
  return {
    id: newId(), subscription_number: alloc('S') ?? '', account_number: accountNumber, state: 'active', version: 1,
    initial_term: initial, renewal_term: renewal, current_term_start: start, current_term_end: end,
    contract_effective: start, start_date: start, end_date: end, auto_renew: renewal.type === 'termed' || renewal.type === 'evergreen',
    plans: (entry.subscription_plans ?? []).map((p, j) => buildPlan(p, `${at}.subscription_plans[${j}]`, start, initial, alloc, priceOf)),
    ...(entry.custom_fields ? { custom_fields: entry.custom_fields } : {}), created_time: now, updated_time: now, order_number: '',
  };
}

type Act = (sub: SubscriptionRec, action: ActionName, items: ItemRec[], metric: (it: ItemRec) => { mrr?: number; tcb: number }) => void;

function applyChanges(sub: SubscriptionRec, entry: SubscriptionRequestBody, at: string, act: Act, alloc: Alloc, priceOf: PriceOf): void {
  const months = termMonths(sub.initial_term);
  const active = () => sub.plans.filter(p => !p.removed).flatMap(p => p.items.filter(i => i.state === 'active'));
  const planById = (id: string | undefined, parameter: string) => {
    const p = sub.plans.find(x => x.id === id && !x.removed);
    if (!p) throw badRequest('invalid_parameter', parameter, `No subscription plan ${id} on ${sub.subscription_number}.`);
    return p;
  };
  const rule = (ok: boolean, parameter: string, message: string) => { if (!ok) throw badRequest('invalid_state', parameter, message, 30); };
  entry.add_subscription_plans?.forEach((a, j) => {
    const p = buildPlan(a.subscription_plan, `${at}.add_subscription_plans[${j}].subscription_plan`, sub.current_term_start, sub.initial_term, alloc, priceOf);
    sub.plans.push(p);
    act(sub, 'add_subscription_plan', p.items, it => ({ mrr: monthly(price(it)), tcb: billedOver(price(it), months) }));
  });
  entry.update_subscription_plans?.forEach((u, j) => {
    const where = `${at}.update_subscription_plans[${j}].subscription_plan`;
    const p = planById(u.subscription_plan.subscription_plan_id, `${where}.subscription_plan_id`);
    const touched: ItemRec[] = [], deltas = new Map<ItemRec, number>();
    (u.subscription_plan.subscription_items ?? []).forEach((si, k) => {
      const it = p.items.find(x => x.subscription_item_number === si.subscription_item_number);
      if (!it) throw badRequest('invalid_parameter', `${where}.subscription_items[${k}].subscription_item_number`, `No item ${si.subscription_item_number} in plan ${p.id}.`);
      const before = monthly(price(it)) ?? 0;
      it.unit_amount = si.unit_amount ?? it.unit_amount;
      deltas.set(it, (monthly(price(it)) ?? 0) - before);
      touched.push(it);
    });
    act(sub, 'update_subscription_plan', touched, it => ({
      mrr: round2(deltas.get(it)!), tcb: deltas.get(it)! * months,
    }));
  });
  entry.remove_subscription_plans?.forEach((r, j) => {
    const p = planById(typeof r.subscription_plan_id === 'string' ? r.subscription_plan_id : undefined, `${at}.remove_subscription_plans[${j}].subscription_plan_id`);
    p.removed = true;
    for (const it of p.items) it.state = 'removed';
    act(sub, 'remove_subscription_plan', p.items, it => ({
      mrr: neg(monthly(price(it))), tcb: -billedOver(price(it), months),
    }));
  });
  if (entry.renew) {
    rule(sub.state !== 'canceled', `${at}.renew`, `${sub.subscription_number} is canceled and cannot be renewed.`);
    const renewalMonths = termMonths(sub.renewal_term);
    if (sub.current_term_end) {
      sub.current_term_start = sub.current_term_end;
      sub.current_term_end = termEnd(sub.current_term_start, sub.renewal_term);
      sub.end_date = sub.current_term_end;
    }
    act(sub, 'renew', active(), it => ({ mrr: 0, tcb: billedOver(price(it), renewalMonths) }));
  }
  if (entry.cancel) {
    rule(sub.state !== 'canceled', `${at}.cancel`, `${sub.subscription_number} is already canceled.`);
    const items = active();
    sub.state = 'canceled';
    sub.auto_renew = false;
    act(sub, 'cancel', items, it => ({ mrr: neg(monthly(price(it))), tcb: -billedOver(price(it), months) }));
  }
  if (entry.pause) {
    rule(sub.state === 'active', `${at}.pause`, `${sub.subscription_number} is ${sub.state}; only an active subscription can be paused.`);
    sub.state = 'paused';
    act(sub, 'pause', active(), it => ({ mrr: neg(monthly(price(it))), tcb: 0 }));
  }
  if (entry.resume) {
    rule(sub.state === 'paused', `${at}.resume`, `${sub.subscription_number} is ${sub.state}; only a paused subscription can be resumed.`);
    sub.state = 'active';
    act(sub, 'resume', active(), it => ({ mrr: monthly(price(it)) ?? 0, tcb: 0 }));
  }
}

const neg = (n: number | undefined) => (n === undefined ? undefined : -n);

/** A list the service pages: every list inside an order answers `{next_page, data}`. */
const list = <T>(data: T[]) => ({ next_page: null, data });
/** The service leaves out a date it does not have; it never answers `null` for one. */
const dated = (key: 'end_date', value: string | null) => (value ? { [key]: value } : {});
const termView = (t: Term, start?: string, end?: string | null) => ({
  type: t.type, ...(t.interval ? { interval: t.interval, interval_count: t.interval_count ?? 1 } : {}),
  ...(start ? { start_date: start } : {}), ...dated('end_date', end ?? null),
});

/** A subscription as GET /v2/orders/{order_number} shows it (the reference's order subscription and action). */
function subscriptionView(sub: SubscriptionRec, actions: Action[], account: AccountRec, actor: string) {
  const startOn = {
    contract_effective: sub.contract_effective, service_activation: sub.contract_effective,
    customer_acceptance: sub.contract_effective,
  };
  return {
    id: sub.id, created_time: sub.created_time, updated_time: sub.updated_time, created_by_id: actor, updated_by_id: actor,
    subscription_number: sub.subscription_number, state: sub.state, account_id: account.id,
    invoice_owner_account_id: account.id, auto_renew: sub.auto_renew, latest_version: true, currency: account.currency,
    initial_term: termView(sub.initial_term),
    current_term: termView(sub.initial_term, sub.current_term_start, sub.current_term_end),
    renewal_term: termView(sub.renewal_term), start_date: sub.start_date, ...dated('end_date', sub.end_date),
    description: '', ...startOn, invoice_separately: false, version: sub.version, order_number: sub.order_number,
    actions: actions.map(a => ({
      action_id: a.action_id, type: a.action, sequence: a.sequence, start_on: startOn,
      subscription_plans: list(sub.plans.filter(p => a.touched.some(t => t.subscription_plan_id === p.id)).map(p => ({
        id: p.id, subscription_id: sub.id, plan_id: p.plan_id, name: findPlan(p.plan_id)?.name ?? p.plan_id,
        subscription_items: list(p.items.filter(i => a.touched.includes(i)).map(i => itemView(i, sub, actor))),
      }))),
    })),
  };
}

function itemView(i: ItemRec, sub: SubscriptionRec, actor: string) {
  const recurring = {
    recurring_on: 'subscription_start_day', alignment_behavior: 'none', interval: i.billing_period, interval_count: 1,
    timing: 'in_advance', usage: false,
    ...(sub.initial_term.interval
      ? { duration_interval: sub.initial_term.interval, duration_interval_count: sub.initial_term.interval_count ?? 1 }
      : {}),
  };
  return {
    id: i.id, subscription_item_number: i.subscription_item_number, subscription_plan_id: i.subscription_plan_id,
    price_id: i.price_id, name: i.name, description: '', charged_through_date: i.start_date,
    processed_through_date: i.start_date, start_date: i.start_date, ...dated('end_date', i.end_date),
    start_event: 'contract_effective', tax_inclusive: false, unit_of_measure: i.unit_of_measure ?? '',
    quantity: i.quantity, unit_amount: i.unit_amount, amount: round2(i.unit_amount * i.quantity),
    price_base_interval: 'billing_period', charge_model: i.charge_model, charge_type: i.charge_type,
    active: i.state === 'active', state: i.state === 'active' ? 'active' : 'inactive',
    ...(i.custom_fields ? { custom_fields: i.custom_fields } : {}),
    created_time: sub.created_time, updated_time: sub.updated_time, created_by_id: actor, updated_by_id: actor,
    ...(i.charge_type === 'recurring' ? { recurring } : {}),
  };
}

type LineItemInput = NonNullable<Body['line_items']>[number];

/** An order line item as the order answers it: one-time, its total = unit amount x quantity. */
function lineItemOf(li: LineItemInput, orderDate: string, alloc: Alloc) {
  const unit = li.unit_amount ?? 0, quantity = li.quantity ?? 1;
  const total = round2(unit * quantity);
  const itemNumber = alloc('LI');
  return {
    ...(itemNumber ? { item_number: itemNumber } : {}),
    name: li.name, type: li.type, category: 'sale', unit_amount: unit, quantity,
    start_date: li.start_date ?? orderDate, subtotal: total, total,
  };
}
