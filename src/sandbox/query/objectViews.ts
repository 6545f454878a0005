// How stored records answer the object query API (/object-query/...): the rows the tree reads, in the fields the
// contract lists for them (ExpandedAccount, ExpandedOrders, ExpandedSubscription). Those schemas take any other
// field only as an object, so an order names its account by `accountId` (its number comes with
// `expand[]=account`) and a subscription's number is its `name`, as the Subscription object has it.
import type { AccountRec, OrderRec, SubscriptionRec, SubscriptionState } from '../state/store';

export const objAccount = (a: AccountRec) => ({
  id: a.id,
  accountNumber: a.account_number,
  name: a.name,
  currency: a.currency,
  billCycleDay: a.bill_cycle_day,
  status: 'Active',
  createdDate: a.created_time,
});

/** `account`: the order's account when the query expands it (`expand[]=account`). */
export const objOrder = (o: OrderRec, accountId: string | undefined, account?: AccountRec) => ({
  id: o.id,
  orderNumber: o.order_number,
  ...(accountId ? { accountId } : {}),
  orderDate: o.order_date,
  status: 'Completed',
  createdDate: o.created_time,
  ...(account ? { account: objAccount(account) } : {}),
});

// The Subscription object's statuses: it has no Expired, a term that ended without renewing stays Active there.
const STATUS_OF: Record<SubscriptionState, string> = {
  active: 'Active',
  canceled: 'Cancelled',
  paused: 'Suspended',
  expired: 'Active',
};

export const objSubscription = (s: SubscriptionRec, accountId: string | undefined) => ({
  id: s.id,
  name: s.subscription_number,
  ...(accountId ? { accountId } : {}),
  status: STATUS_OF[s.state],
  version: s.version,
  termType: s.current_term_end ? 'TERMED' : 'EVERGREEN',
  termStartDate: s.current_term_start,
  ...(s.current_term_end ? { termEndDate: s.current_term_end } : {}),
});
