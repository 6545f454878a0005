// The v1 orders on the same store as v2: preview and create take the v1 body, which is checked (check.ts),
// translated to the engine's (translate.ts) and answered in the v1 shapes; the reads answer any order,
// subscription or account, whichever family made it; bill runs and their documents (billingRoutes.ts). Errors keep
// the v1 body (errors.ts).
import { effectiveServiceVersion } from '../../wire/serviceVersion';
import { runOrder } from '../engine/orders';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Reply, type Route } from '../http/router';
import type { AccountRec, Store } from '../state/store';
import { accountAnswer } from './accountView';
import type { V1OrderBody } from './body';
import { checkOrderBody } from './check';
import { createAnswer } from './createView';
import { asV1, notFoundIn } from './errors';
import { billingRoutesV1 } from './billingRoutes';
import { usageRoutesV1 } from './usageRoutes';
import { accountRoutesV1, keepNewAccountV1 } from './accountRoutes';
import { accountSummary } from './accountSummary';
import { paymentMethodRoutesV1 } from './paymentMethodRoutes';
import { paymentRoutesV1 } from './paymentRoutes';
import { memoRoutesV1 } from './memoRoutes';
import type { Thru } from './invoices';
import { orderAnswer } from './orderView';
import { DEFAULT_PREVIEW_TYPES, previewAnswer } from './previewView';
import { subscriptionAnswer } from './subscriptionView';
import { toEngineBody } from './translate';
import { accountByKey, subscriptionByKey } from '../state/lookup';

export function v1Routes(deps: RouteDeps): Route[] {
  const { store } = deps;
  return [
    {
      method: 'POST',
      path: '/v1/orders/preview',
      handle: call =>
        deps.idempotent(
          call,
          body => checkOrderBody(body, 'preview', deps.clock.today()),
          body => v1(() => preview(deps, body as V1OrderBody)),
        ),
    },
    {
      method: 'POST',
      path: '/v1/orders',
      handle: call => {
        const version = effectiveServiceVersion(header(call.req.headers['service-version']));
        const returnIds = call.query.get('returnIds') === 'true';
        return deps.idempotent(
          call,
          body => checkOrderBody(body, 'create', deps.clock.today()),
          body => v1(() => create(deps, body as V1OrderBody, version, returnIds)),
        );
      },
    },
    { method: 'GET', path: '/v1/orders/{orderNumber}', handle: call => getOrder(store, call.params.orderNumber) },
    {
      method: 'GET',
      path: '/v1/subscriptions/{subscriptionKey}',
      handle: call => getSubscription(store, call.params.subscriptionKey),
    },
    { method: 'GET', path: '/v1/accounts/{accountKey}', handle: call => getAccount(store, call.params.accountKey) },
    {
      method: 'GET',
      path: '/v1/accounts/{accountKey}/summary',
      handle: call => ok(accountSummary(store, accountOf(store, call.params.accountKey))),
    },
    ...billingRoutesV1(deps),
    ...paymentRoutesV1(deps),
    ...usageRoutesV1(deps),
    ...paymentMethodRoutesV1(deps),
    ...accountRoutesV1(deps),
    ...memoRoutesV1(deps),
  ];
}

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Runs a handler; an engine error (worded for v2 fields) gets the v1 object's resource code. */
function v1(run: () => Reply): Reply {
  try {
    return run();
  } catch (e) {
    throw asV1(e);
  }
}

function preview(deps: RouteDeps, body: V1OrderBody): Reply {
  const outcome = runOrder(deps.store, toEngineBody(body, deps.store), false, deps.clock, undefined, deps.prices);
  const o = body.previewOptions ?? {};
  const thru: Thru = {
    type: o.previewThruType ?? 'TermEnd',
    ...(o.previewThruType === 'SpecificDate' ? { date: o.specificPreviewThruDate } : {}),
    periods: o.previewNumberOfPeriods ?? 1,
  };
  return ok(previewAnswer(outcome, o.previewTypes ?? DEFAULT_PREVIEW_TYPES, thru));
}

function create(deps: RouteDeps, body: V1OrderBody, version: string, returnIds: boolean): Reply {
  const { store } = deps;
  const outcome = deps.commit(() => {
    const known = store.accountList.length;
    const made = runOrder(store, toEngineBody(body, store), true, deps.clock, undefined, deps.prices);
    if (made.account && body.newAccount && store.accountList.length > known) {
      keepNewAccountV1(store, made.account, body.newAccount, deps.clock.timestamp()); // autoPay, creditCard...
    }
    return made;
  });
  return ok(createAnswer(outcome, version, returnIds));
}

function getOrder(store: Store, key: string): Reply {
  const order = store.orders.get(key);
  if (!order) throw notFoundIn('unknown', `Order ${key} does not exist.`);
  return ok(orderAnswer(order, store));
}

/** By number or by id, as the service takes either. */
function getSubscription(store: Store, key: string): Reply {
  const sub = subscriptionByKey(store, key);
  if (!sub) throw notFoundIn('unknown', `Subscription ${key} does not exist.`);
  return ok(subscriptionAnswer(sub, store.accounts.get(sub.account_number)));
}

function accountOf(store: Store, key: string): AccountRec {
  const account = accountByKey(store, key);
  if (!account) throw notFoundIn('unknown', `Account ${key} does not exist.`);
  return account;
}

const getAccount = (store: Store, key: string): Reply => ok(accountAnswer(accountOf(store, key), store));
