// How stored records answer: the v2 retrieve shapes (the reference's account and order) and the v1
// object-query rows the tree reads.
import type { AccountRec, OrderRec, SubscriptionRec } from './store';

const ACTOR = 'sandbox-client';

export const accountView = (a: AccountRec) => ({
  id: a.id,
  account_number: a.account_number,
  name: a.name,
  currency: a.currency,
  bill_cycle_day: a.bill_cycle_day,
  bill_to: a.bill_to,
  ...(a.sold_to ? { sold_to: a.sold_to } : {}),
  state: a.status,
  created_time: a.created_time,
  updated_time: a.updated_time,
});

export const orderView = (o: OrderRec, accountId: string | undefined) => ({
  id: o.id,
  created_time: o.created_time,
  updated_time: o.created_time,
  created_by_id: ACTOR,
  updated_by_id: ACTOR,
  category: 'sale',
  description: o.description,
  order_date: o.order_date,
  order_number: o.order_number,
  ...(accountId ? { account_id: accountId } : {}),
  state: 'complete',
  line_items: { next_page: null, data: o.line_items },
  subscriptions: o.subscriptions,
});

export const objAccount = (a: AccountRec) => ({
  id: a.id,
  accountNumber: a.account_number,
  name: a.name,
  currency: a.currency,
  billCycleDay: a.bill_cycle_day,
  status: 'Active',
  createdDate: a.created_time,
});

export const objOrder = (o: OrderRec) => ({
  id: o.id,
  orderNumber: o.order_number,
  accountNumber: o.account_number,
  orderDate: o.order_date,
  description: o.description,
  status: 'Completed',
  subscriptionNumbers: (o.subscriptions as { subscription_number: string }[]).map(s => s.subscription_number),
  createdDate: o.created_time,
});

export const objSubscription = (s: SubscriptionRec) => ({
  id: s.id,
  subscriptionNumber: s.subscription_number,
  accountNumber: s.account_number,
  status: s.state,
  version: s.version,
  termStartDate: s.current_term_start,
  termEndDate: s.current_term_end,
});
