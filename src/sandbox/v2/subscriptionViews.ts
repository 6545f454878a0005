// A subscription, its plans and its items as the v2 reads answer them (GET /v2/subscriptions and by id,
// /v2/subscription_plans, /v2/subscription_items, the versions): the order's subscription shape less its actions,
// with the plans and their items when `expand[]` asks (`subscription_plans`, `subscription_plans.subscription_items`).
import { findPlan, productOf } from '../state/activeCatalog';
import { roleContactId } from '../state/lookup';
import type { AccountRec, PlanRec, Store, SubscriptionRec } from '../state/store';
import { itemView as orderItemView, subscriptionView as orderSubscriptionView } from '../engine/orderRecord';

const ACTOR = 'sandbox-client';

export const accountOf = (store: Store, s: SubscriptionRec): AccountRec => store.accounts.get(s.account_number)!;

export const itemView = (i: PlanRec['items'][number], sub: SubscriptionRec, account: AccountRec) =>
  orderItemView(i, sub, ACTOR, account.currency);

export function planView(p: PlanRec, sub: SubscriptionRec, account: AccountRec, items: boolean) {
  const plan = findPlan(p.plan_id);
  const product = productOf(p.plan_id);
  return {
    id: p.id,
    created_by_id: ACTOR,
    updated_by_id: ACTOR,
    created_time: sub.created_time,
    updated_time: sub.updated_time,
    subscription_id: sub.id,
    plan_id: p.plan_id,
    ...(product ? { product_id: product.id } : {}),
    name: plan?.name ?? p.plan_id,
    ...(items ? { subscription_items: { next_page: null, data: p.items.map(i => itemView(i, sub, account)) } } : {}),
  };
}

/** What `expand[]` asks of a subscription: its plans, and their items. */
export function expansion(q: URLSearchParams): { plans: boolean; items: boolean } {
  const asked = new Set(q.getAll('expand[]'));
  const items = asked.has('subscription_plans.subscription_items');
  return { plans: items || asked.has('subscription_plans'), items };
}

export function subscriptionView(s: SubscriptionRec, account: AccountRec, expand = { plans: false, items: false }) {
  const { actions: _actions, ...view } = orderSubscriptionView(s, [], account, ACTOR);
  return {
    ...view,
    description: s.description ?? '',
    ...(s.custom_fields ? { custom_fields: s.custom_fields } : {}),
    bill_to_id: roleContactId(account, 'bill_to'),
    sold_to_id: account.sold_to ? roleContactId(account, 'sold_to') : roleContactId(account, 'bill_to'),
    ...(expand.plans
      ? {
          subscription_plans: {
            next_page: null,
            data: s.plans.filter(p => !p.removed).map(p => planView(p, s, account, expand.items)),
          },
        }
      : {}),
  };
}
