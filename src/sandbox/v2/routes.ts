// The v2 quickstart: account creation, order preview and creation, plans; accounts, contacts, orders and
// subscriptions read and changed by state (their own files); bill runs and what they issue (billingRoutes.ts).
import type { PreviewRequestBody } from '../../schemas';
import { badRequest } from '../http/errors';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Route } from '../http/router';
import { createAccount, runOrder } from '../engine/orders';
import { outOfBounds, V2_FIELDS } from '../engine/bounds';
import type { MethodInput } from '../payments/methods';
import { accountRoutes, detailsOf, keepAccountData, keepDefaultMethod } from './accountRoutes';
import { previewView } from './billingDocuments';
import { billingRoutes } from './billingRoutes';
import { billRunActions } from './billRunActions';
import { catalogRoutes } from './catalogRoutes';
import { invoiceRoutes } from './invoiceRoutes';
import { contactRoutes } from './contactRoutes';
import { arTransactionsView, billedWithOrder, processingOf, withArTransactions } from './orderBilled';
import { orderRoutes } from './orderRoutes';
import { paymentRoutes } from './paymentRoutes';
import { refundRoutes } from './refundRoutes';
import { usageRoutes } from './usageRoutes';
import { memoRoutes } from './memoRoutes';
import { accountMoney } from './paymentViews';
import type { AccountRec } from '../state/store';
import { plansPage } from './planViews';
import { subscriptionPartRoutes } from './subscriptionPartRoutes';
import { subscriptionPreviewRoutes } from './subscriptionPreviewRoutes';
import { subscriptionRoutes } from './subscriptionRoutes';
import { accountView, orderView } from './views';

export function v2Routes(deps: RouteDeps): Route[] {
  const { store } = deps;
  const withMoney = (a: AccountRec) => ({ ...accountView(a), ...accountMoney(store, a) }); // as GET answers it
  return [
    {
      method: 'POST',
      path: '/v2/accounts',
      handle: call =>
        deps.idempotent(call, 'account', body => ({
          status: 201,
          body: withMoney(
            deps.commit(() => {
              const account = createAccount(store, body as never, deps.clock);
              const details = detailsOf(body as Record<string, unknown>);
              if (details) account.details = details; // what the account keeps as given
              const pm = (body as { payment_method?: MethodInput }).payment_method;
              if (pm) keepDefaultMethod(store, account, pm, deps.clock.timestamp());
              return account;
            }),
          ),
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
          const processing = processingOf(body, deps.clock.today());
          const { order, account, billed } = deps.commit(() => {
            const known = store.accountList.length;
            const outcome = runOrder(store, bounded(body, deps), true, deps.clock, undefined, deps.prices);
            const b = body as { account_data?: unknown; subscriptions?: { account_data?: unknown }[] };
            const data = b.account_data ?? b.subscriptions?.find(x => x.account_data)?.account_data;
            if (outcome.account && store.accountList.length > known) {
              keepAccountData(store, outcome.account, data, deps.clock.timestamp()); // auto_pay, payment_method
            }
            const when = { now: deps.clock.timestamp(), today: deps.clock.today() };
            return { ...outcome, billed: processing && billedWithOrder(store, outcome.order!, processing, when) };
          });
          const view = orderView(order!, account?.id);
          return ok(billed ? withArTransactions(view, arTransactionsView(store, billed, deps.clock.today())) : view);
        }),
    },
    { method: 'GET', path: '/v2/plans', handle: call => ok(plansPage(call.query)) },
    ...accountRoutes(deps),
    ...contactRoutes(deps),
    ...orderRoutes(deps),
    ...subscriptionRoutes(deps),
    ...subscriptionPreviewRoutes(deps),
    ...subscriptionPartRoutes(store),
    ...billingRoutes(deps),
    ...invoiceRoutes(deps),
    ...billRunActions(deps),
    ...catalogRoutes(deps),
    ...paymentRoutes(deps),
    ...refundRoutes(deps),
    ...usageRoutes(deps),
    ...memoRoutes(deps),
  ];
}

/** An order or preview body within the dates and amounts the sandbox takes (engine/bounds.ts); else a 400. */
function bounded(body: unknown, deps: RouteDeps): PreviewRequestBody {
  const out = outOfBounds(body, V2_FIELDS, deps.clock.today());
  if (out) throw badRequest('invalid_parameter', out.path, out.message);
  return body as PreviewRequestBody;
}
