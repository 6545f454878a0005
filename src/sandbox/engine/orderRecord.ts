// How a created order shows its subscriptions: the reference's order subscription, action and item shapes.
import { findPlan } from '../state/activeCatalog';
import { v2Interval } from '../state/catalog';
import { periodAmount, price } from './metrics';
import type { Term } from '../state/subscriptionParts';
import { roundMoney } from '../money/rounding';
import { currentTerm, type AccountRec, type ItemRec, type PlanRec, type SubscriptionRec } from '../state/store';

/** What an order action touched, as the order engine records it. */
export interface ActionRecord {
  action_id: string;
  action: string;
  sequence: number;
  touched: ItemRec[];
}

/** A list the service pages: every list inside an order answers `{next_page, data}`. */
const list = <T>(data: T[]) => ({ next_page: null, data });

/** The service leaves out a date it does not have; it never answers `null` for one. */
const dated = (key: 'end_date', value: string | null) => (value ? { [key]: value } : {});

function termView(t: Term, start?: string, end?: string | null) {
  const interval = t.interval ? { interval: t.interval, interval_count: t.interval_count ?? 1 } : {};
  return { type: t.type, ...interval, ...(start ? { start_date: start } : {}), ...dated('end_date', end ?? null) };
}

/** Who and when, as every object of an order carries it. */
const audit = (sub: SubscriptionRec, actor: string) => ({
  created_time: sub.created_time,
  updated_time: sub.updated_time,
  created_by_id: actor,
  updated_by_id: actor,
});

/** A subscription as GET /v2/orders/{order_number} shows it. */
export function subscriptionView(sub: SubscriptionRec, actions: ActionRecord[], account: AccountRec, actor: string) {
  const startOn = {
    contract_effective: sub.contract_effective,
    service_activation: sub.contract_effective,
    customer_acceptance: sub.contract_effective,
  };
  return {
    id: sub.id,
    ...audit(sub, actor),
    subscription_number: sub.subscription_number,
    state: sub.state,
    account_id: account.id,
    invoice_owner_account_id: account.id,
    auto_renew: sub.auto_renew,
    latest_version: true,
    currency: account.currency,
    initial_term: termView(sub.initial_term),
    current_term: termView(currentTerm(sub), sub.current_term_start, sub.current_term_end),
    renewal_term: termView(sub.renewal_term),
    start_date: sub.start_date,
    ...dated('end_date', sub.end_date),
    description: '',
    ...startOn,
    invoice_separately: false,
    version: sub.version,
    order_number: sub.order_number,
    actions: actions.map(a => ({
      action_id: a.action_id,
      type: a.action,
      sequence: a.sequence,
      start_on: startOn,
      subscription_plans: list(touchedPlans(sub, a).map(p => planView(p, sub, a, actor, account.currency))),
    })),
  };
}

const touchedPlans = (sub: SubscriptionRec, a: ActionRecord) =>
  sub.plans.filter(p => a.touched.some(t => t.subscription_plan_id === p.id));

function planView(p: PlanRec, sub: SubscriptionRec, a: ActionRecord, actor: string, currency: string) {
  return {
    id: p.id,
    subscription_id: sub.id,
    plan_id: p.plan_id,
    name: findPlan(p.plan_id)?.name ?? p.plan_id,
    subscription_items: list(p.items.filter(i => a.touched.includes(i)).map(i => itemView(i, sub, actor, currency))),
  };
}

/** How a recurring item bills: from the subscription's start day, in advance, over the initial term. */
function recurringView(i: ItemRec, sub: SubscriptionRec) {
  const { interval, interval_count } = sub.initial_term;
  return {
    recurring_on: 'account_cycle_date', // the billing engine bills on the account's bill cycle day
    alignment_behavior: 'none',
    ...v2Interval(i.billing_period ?? 'month'),
    ...(i.charge_type === 'usage' ? { usage: true } : { timing: 'in_advance', usage: false }),
    ...(interval ? { duration_interval: interval, duration_interval_count: interval_count ?? 1 } : {}),
  };
}

export function itemView(i: ItemRec, sub: SubscriptionRec, actor: string, currency: string) {
  const active = i.state === 'active';
  return {
    id: i.id,
    subscription_item_number: i.subscription_item_number,
    subscription_plan_id: i.subscription_plan_id,
    price_id: i.price_id,
    name: i.name,
    description: '',
    charged_through_date: i.start_date,
    processed_through_date: i.start_date,
    start_date: i.start_date,
    ...dated('end_date', i.end_date),
    start_event: 'contract_effective',
    tax_inclusive: false,
    unit_of_measure: i.unit_of_measure ?? '',
    quantity: i.quantity,
    unit_amount: i.unit_amount,
    amount: roundMoney(periodAmount(price(i)), currency),
    ...(i.tiers ? { tiers_mode: i.tiers_mode, tiers: i.tiers } : {}),
    ...(i.discount_percent !== undefined ? { discount_percent: i.discount_percent } : {}),
    ...(i.discount_amount !== undefined ? { discount_amount: i.discount_amount } : {}),
    price_base_interval: 'billing_period',
    charge_model: i.charge_model,
    charge_type: i.charge_type,
    active,
    state: active ? 'active' : 'inactive',
    ...(i.custom_fields ? { custom_fields: i.custom_fields } : {}),
    ...audit(sub, actor),
    ...(i.charge_type !== 'one_time' ? { recurring: recurringView(i, sub) } : {}),
  };
}
