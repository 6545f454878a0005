// The v2 quickstart: accounts, order preview and creation, order and account reads, plans and subscriptions;
// bill runs and the invoices and credit memos they issue (billingRoutes.ts).
import type { PreviewRequestBody } from '../../schemas';
import { badRequest, notFound } from '../http/errors';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Reply, type Route } from '../http/router';
import { createAccount, runOrder } from '../engine/orders';
import { outOfBounds, V2_FIELDS } from '../engine/bounds';
import type { Store } from '../state/store';
import { previewView } from './billingDocuments';
import { billingRoutes } from './billingRoutes';
import { billRunActions } from './billRunActions';
import { catalogRoutes } from './catalogRoutes';
import { invoiceRoutes } from './invoiceRoutes';
import { plansPage } from './planViews';
import { subscriptionsPage } from './subscriptionList';
import { accountView, orderView } from './views';

export function v2Routes(deps: RouteDeps): Route[] {
  const { store } = deps;
  return [
    {
      method: 'POST',
      path: '/v2/accounts',
      handle: call =>
        deps.idempotent(call, 'account', body => ({
          status: 201,
          body: accountView(deps.commit(() => createAccount(store, body as never, deps.clock))),
        })),
    },
    {
      method: 'POST',
      path: '/v2/orders/preview',
      handle: call =>
        deps.idempotent(call, 'preview', body => ({
          status: 201,
          body: previewView(
            runOrder(store, bounded(body, deps), false, deps.clock, undefined, deps.prices),
            body as PreviewRequestBody,
          ),
        })),
    },
    {
      method: 'POST',
      path: '/v2/orders',
      handle: call =>
        deps.idempotent(call, 'order', body => {
          const { order, account } = deps.commit(() =>
            runOrder(store, bounded(body, deps), true, deps.clock, undefined, deps.prices),
          );
          return ok(orderView(order!, account?.id));
        }),
    },
    { method: 'GET', path: '/v2/orders/{orderKey}', handle: call => getOrder(store, call.params.orderKey) },
    { method: 'GET', path: '/v2/accounts/{accountKey}', handle: call => getAccount(store, call.params.accountKey) },
    { method: 'GET', path: '/v2/plans', handle: call => ok(plansPage(call.query)) },
    { method: 'GET', path: '/v2/subscriptions', handle: call => ok(subscriptionsPage(store, call.query)) },
    ...billingRoutes(deps),
    ...invoiceRoutes(deps),
    ...billRunActions(deps),
    ...catalogRoutes(deps),
  ];
}

/** An order or preview body within the dates and amounts the sandbox takes (engine/bounds.ts); else a 400. */
function bounded(body: unknown, deps: RouteDeps): PreviewRequestBody {
  const out = outOfBounds(body, V2_FIELDS, deps.clock.today());
  if (out) throw badRequest('invalid_parameter', out.path, out.message);
  return body as PreviewRequestBody;
}

function getOrder(store: Store, key: string): Reply {
  const order = store.orders.get(key);
  if (!order) throw notFound('order_number', `Order ${key} could not be found.`);
  return ok(orderView(order, order.account_id ?? store.accounts.get(order.account_number)?.id));
}

function getAccount(store: Store, key: string): Reply {
  const account = store.accounts.get(key);
  if (!account) throw notFound('account_number', `Account ${key} could not be found.`);
  return ok(accountView(account));
}
