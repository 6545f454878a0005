// GET /v2/subscriptions as the reference answers it: paged ({next_page, data}), `filter[]=account_id.EQ:<id>`,
// with the subscription plans and their items when `expand[]` asks for them (`subscription_plans`,
// `subscription_plans.subscription_items`). The editor completes subscription, plan and item numbers from it.
import { findPlan } from '../state/catalog';
import { pageV2 } from '../http/paging';
import type { AccountRec, ItemRec, PlanRec, SubscriptionRec } from '../state/store';
import type { Store } from '../state/store';

/** The value of `filter[]=field.EQ:value`, the reference's filter form. */
function filterEq(q: URLSearchParams, field: string): string | undefined {
  for (const f of q.getAll('filter[]')) {
    if (f.startsWith(`${field}.EQ:`)) return f.slice(field.length + 4);
  }
  return undefined;
}

const itemView = (i: ItemRec) => ({
  id: i.id,
  subscription_item_number: i.subscription_item_number,
  subscription_plan_id: i.subscription_plan_id,
  price_id: i.price_id,
  name: i.name,
  charge_model: i.charge_model,
  charge_type: i.charge_type,
  quantity: i.quantity,
  unit_amount: i.unit_amount,
  start_date: i.start_date,
  ...(i.end_date ? { end_date: i.end_date } : {}),
  active: i.state === 'active',
  state: i.state === 'active' ? 'active' : 'inactive',
});

const planView = (p: PlanRec, sub: SubscriptionRec, items: boolean) => ({
  id: p.id,
  subscription_id: sub.id,
  plan_id: p.plan_id,
  name: findPlan(p.plan_id)?.name ?? p.plan_id,
  ...(items ? { subscription_items: { next_page: null, data: p.items.map(itemView) } } : {}),
});

function subscriptionView(s: SubscriptionRec, account: AccountRec | undefined, expand: ReadonlySet<string>) {
  const items = expand.has('subscription_plans.subscription_items');
  const plans = items || expand.has('subscription_plans');
  return {
    id: s.id,
    subscription_number: s.subscription_number,
    state: s.state,
    version: s.version,
    ...(account ? { account_id: account.id, currency: account.currency } : {}),
    start_date: s.start_date,
    ...(s.end_date ? { end_date: s.end_date } : {}),
    order_number: s.order_number,
    created_time: s.created_time,
    updated_time: s.updated_time,
    ...(plans
      ? {
          subscription_plans: {
            next_page: null,
            data: s.plans.filter(p => !p.removed).map(p => planView(p, s, items)),
          },
        }
      : {}),
  };
}

export function subscriptionsPage(store: Store, q: URLSearchParams) {
  const accountId = filterEq(q, 'account_id');
  const account = accountId ? store.accountList.find(a => a.id === accountId) : undefined;
  const subs = [...store.subscriptions.values()].filter(
    s => !accountId || s.account_number === account?.account_number,
  );
  const expand = new Set(q.getAll('expand[]'));
  return pageV2(subs, q, s => subscriptionView(s, store.accounts.get(s.account_number), expand));
}
