// The object query API (/object-query/...): accounts, orders and subscriptions a page at a time, or one by key.
// Orders and subscriptions are filtered by their account (`accountId.EQ:` as the service has it, or the
// `accountNumber.EQ:` the tree sends); `expand[]=account` puts the order's account in each row.
import { notFound } from '../http/errors';
import { bounds, cursorAt, page, pageWhere } from '../http/paging';
import { accountCandidates } from './seededFilter';
import { ok, type Reply, type Route } from '../http/router';
import type { AccountRec, OrderRec, Store } from '../state/store';
import { accountFilter } from './filters';
import { objAccount, objOrder, objSubscription } from './objectViews';
import { accountByKey, orderByKey } from '../state/lookup';
import { ordersOf, subscriptionList, subscriptionsOf } from '../state/seededLookup';

export function queryRoutes(store: Store): Route[] {
  return [
    { method: 'GET', path: '/object-query/accounts', handle: call => queryAccounts(store, call.query) },
    { method: 'GET', path: '/object-query/orders', handle: call => queryOrders(store, call.query) },
    { method: 'GET', path: '/object-query/subscriptions', handle: call => querySubscriptions(store, call.query) },
    { method: 'GET', path: '/object-query/accounts/{key}', handle: call => queryAccount(store, call.params.key) },
    {
      method: 'GET',
      path: '/object-query/orders/{key}',
      handle: call => queryOrder(store, call.params.key, call.query),
    },
  ];
}

/** Accounts a page at a time, filtered here by `filter[]` (name.SW:Acme, accountNumber.SW:A0001...). */
function queryAccounts(store: Store, query: URLSearchParams): Reply {
  const keep = accountFilter(query);
  const candidates = keep && accountCandidates(store, query.getAll('filter[]'), 'query');
  if (!keep || !candidates) return ok(pageWhere(store.accountList, query, keep, objAccount));
  // A big seeded tenant: only the accounts that can match are tested (transient rows: the test and view only read).
  const { start, size } = bounds(query, 'pageSize');
  const data: ReturnType<typeof objAccount>[] = [];
  for (const i of candidates(start)) {
    const a = store.accountList.peekAt(i)!;
    if (!keep(a)) continue;
    if (data.length === size) return ok({ data, nextPage: cursorAt(i) });
    data.push(objAccount(a));
  }
  return ok({ data, nextPage: null });
}

function queryOrders(store: Store, query: URLSearchParams): Reply {
  const acct = accountOfFilter(store, query);
  const orders = acct === undefined ? store.orderList : ordersOf(store, acct);
  return ok(page(orders, query, orderView(store, query)));
}

function querySubscriptions(store: Store, query: URLSearchParams): Reply {
  const acct = accountOfFilter(store, query);
  const subs = acct === undefined ? subscriptionList(store) : subscriptionsOf(store, acct);
  return ok(page(subs, query, s => objSubscription(s, accountOf(store, s.account_number)?.id)));
}

/** By number or by id, as the object query API takes either. */
function queryAccount(store: Store, key: string): Reply {
  const account = accountOf(store, key);
  if (!account) throw notFound(undefined, `No account ${key}.`);
  return ok(objAccount(account));
}

function queryOrder(store: Store, key: string, query: URLSearchParams): Reply {
  const order = orderByKey(store, key);
  if (!order) throw notFound(undefined, `No order ${key}.`);
  return ok(orderView(store, query)(order));
}

const accountOf = (store: Store, key: string): AccountRec | undefined => accountByKey(store, key);

function orderView(store: Store, query: URLSearchParams): (o: OrderRec) => ReturnType<typeof objOrder> {
  const expand = query.getAll('expand[]').some(e => e.toLowerCase() === 'account');
  return o => {
    const account = accountOf(store, o.account_number);
    return objOrder(o, account?.id, expand ? account : undefined);
  };
}

/** The account number an `accountId.EQ:` or `accountNumber.EQ:` clause names ('' when it names none). */
function accountOfFilter(store: Store, q: URLSearchParams): string | undefined {
  for (const f of q.getAll('filter[]')) {
    const m = /^(accountId|accountNumber)\.EQ:(.+)$/i.exec(f);
    if (m) return accountOf(store, m[2])?.account_number ?? '';
  }
  const key = q.get('accountNumber');
  return key === null ? undefined : (accountOf(store, key)?.account_number ?? '');
}
