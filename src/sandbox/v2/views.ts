// How stored records answer in v2: the reference's account and order retrieve shapes.
import type { AccountRec, OrderRec } from '../state/store';

const ACTOR = 'sandbox-client';

export const accountView = (a: AccountRec) => ({
  id: a.id,
  account_number: a.account_number,
  name: a.name,
  currency: a.currency,
  bill_cycle_day: a.bill_cycle_day,
  bill_to: a.bill_to,
  ...(a.sold_to ? { sold_to: a.sold_to } : {}),
  enabled: a.status === 'active', // the reference's account has no state: `enabled`
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
