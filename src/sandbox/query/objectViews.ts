// How stored records answer the object query API (/object-query/...): the v1-family rows the tree reads.
import type { AccountRec, OrderRec, SubscriptionRec } from '../state/store';

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
