// The object query API (/object-query/...): accounts, orders and subscriptions a page at a time, or one by key.
import { notFound } from '../http/errors';
import { page, pageWhere } from '../http/paging';
import { ok, type Reply, type Route } from '../http/router';
import type { Store } from '../state/store';
import { accountFilter } from './filters';
import { objAccount, objOrder, objSubscription } from './objectViews';

export function queryRoutes(store: Store): Route[] {
  return [
    { method: 'GET', path: '/object-query/accounts', handle: call => queryAccounts(store, call.query) },
    { method: 'GET', path: '/object-query/orders', handle: call => queryOrders(store, call.query) },
    { method: 'GET', path: '/object-query/subscriptions', handle: call => querySubscriptions(store, call.query) },
    { method: 'GET', path: '/object-query/accounts/{key}', handle: call => queryAccount(store, call.params.key) },
    { method: 'GET', path: '/object-query/orders/{key}', handle: call => queryOrder(store, call.params.key) },
  ];
}

/** Accounts a page at a time, filtered here by `filter[]` (name.SW:Acme, accountNumber.SW:A0001...). */
const queryAccounts = (store: Store, query: URLSearchParams) =>
  ok(pageWhere(store.accountList, query, accountFilter(query), objAccount));

function queryOrders(store: Store, query: URLSearchParams): Reply {
  const acct = filterValue(query, 'accountNumber');
  const orders = acct ? store.orderList.filter(o => o.account_number === acct) : store.orderList;
  return ok(page(orders, query, objOrder));
}

function querySubscriptions(store: Store, query: URLSearchParams): Reply {
  const acct = filterValue(query, 'accountNumber');
  const subs = [...store.subscriptions.values()].filter(s => !acct || s.account_number === acct);
  return ok(page(subs, query, objSubscription));
}

/** By number or by id, as the object query API takes either. */
function queryAccount(store: Store, key: string): Reply {
  const account = store.accounts.get(key) ?? store.accountList.find(a => a.id === key);
  if (!account) throw notFound(undefined, `No account ${key}.`);
  return ok(objAccount(account));
}

function queryOrder(store: Store, key: string): Reply {
  const order = store.orders.get(key) ?? store.orderList.find(o => o.id === key);
  if (!order) throw notFound(undefined, `No order ${key}.`);
  return ok(objOrder(order));
}

function filterValue(q: URLSearchParams, field: string): string | undefined {
  for (const f of q.getAll('filter[]')) {
    const m = new RegExp(`^${field}\\.EQ:(.+)$`, 'i').exec(f);
    if (m) return m[1];
  }
  return q.get(field) ?? undefined;
}
