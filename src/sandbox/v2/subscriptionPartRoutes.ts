// The parts of subscriptions, read on their own: GET /v2/subscription_plans (with their items when
// `expand[]=subscription_items`), GET /v2/subscription_plans/{subscription_plan_id}, GET /v2/subscription_items.
// Plans and items removed by an order stay listed (an item answers its state), as the service keeps them.
import { notFound } from '../http/errors';
import { ok, type Route } from '../http/router';
import type { AccountRec, ItemRec, PlanRec, Store, SubscriptionRec } from '../state/store';
import { listPage } from './listQuery';
import { accountOf, itemView, planView } from './subscriptionViews';

interface PlanRef {
  plan: PlanRec;
  sub: SubscriptionRec;
  account: AccountRec;
}
interface ItemRef extends PlanRef {
  item: ItemRec;
}

const plansOf = (store: Store): PlanRef[] =>
  [...store.subscriptions.values()].flatMap(sub => {
    const account = accountOf(store, sub);
    return sub.plans.map(plan => ({ plan, sub, account }));
  });

const withItems = (q: URLSearchParams) => q.getAll('expand[]').includes('subscription_items');

export function subscriptionPartRoutes(store: Store): Route[] {
  const planOf = (r: PlanRef, items: boolean) => planView(r.plan, r.sub, r.account, items);
  return [
    {
      method: 'GET',
      path: '/v2/subscription_plans',
      handle: call => {
        const items = withItems(call.query);
        const spec = { what: 'Subscription plans', sample: PLAN_SAMPLE(), row: (r: PlanRef) => planOf(r, false) };
        return ok(listPage(plansOf(store), call.query, r => planOf(r, items), spec));
      },
    },
    {
      method: 'GET',
      path: '/v2/subscription_plans/{subscription_plan_id}',
      handle: call => {
        const id = call.params.subscription_plan_id;
        const found = plansOf(store).find(r => r.plan.id === id);
        if (!found) throw notFound('subscription_plan_id', `Subscription plan ${id} could not be found.`);
        return ok(planOf(found, withItems(call.query)));
      },
    },
    {
      method: 'GET',
      path: '/v2/subscription_items',
      handle: call => {
        const all: ItemRef[] = plansOf(store).flatMap(r => r.plan.items.map(item => ({ ...r, item })));
        const view = (r: ItemRef) => itemView(r.item, r.sub, r.account);
        return ok(listPage(all, call.query, view, { what: 'Subscription items', sample: ITEM_SAMPLE() }));
      },
    },
  ];
}

const SUB: SubscriptionRec = {
  ...{ id: '', subscription_number: '', account_number: '', state: 'active', version: 1, order_number: '' },
  ...{ initial_term: { type: 'evergreen' }, renewal_term: { type: 'evergreen' }, current_term_start: '' },
  ...{ current_term_end: null, auto_renew: true, contract_effective: '', start_date: '', end_date: null },
  ...{ plans: [], created_time: '', updated_time: '' },
};
const ACCOUNT: AccountRec = {
  ...{ id: '', account_number: '', name: '', currency: 'USD', bill_cycle_day: 1, bill_to: {}, status: 'active' },
  ...{ created_time: '', updated_time: '' },
};
const ITEM: ItemRec = {
  ...{ id: '', subscription_item_number: '', subscription_plan_id: '', price_id: '', name: '' },
  ...{ charge_model: 'per_unit', charge_type: 'recurring', unit_of_measure: '', quantity: 1, unit_amount: 1 },
  ...{ discount_percent: 0, discount_amount: 0, start_date: '', end_date: '2030-01-01', state: 'active' },
};

let planSample: Record<string, unknown> | undefined;
let itemSample: Record<string, unknown> | undefined;
/** A plan and an item with every field their answers can show: what their lists can be filtered and sorted by. */
const PLAN_SAMPLE = () =>
  (planSample ??= { ...planView({ id: '', plan_id: '', items: [] }, SUB, ACCOUNT, false), product_id: '' });
const ITEM_SAMPLE = () => (itemSample ??= itemView(ITEM, SUB, ACCOUNT));
