// What the Local sandbox answers: the token endpoint, the v2 quickstart and the reads the tree needs.
// Operations of the catalog missing here answer 501 (see server.ts), unknown paths 404.
import { randomUUID } from 'crypto';
import type * as http from 'http';
import type { PayloadKind, PreviewRequestBody } from '../schemas';
import { DESCRIBED_FIELDS, V1_OBJECT_NAMES } from '../catalog/objectNames';
import { catalogResponse } from './catalog';
import type { SandboxClock } from './clock';
import { badRequest, notFound, unauthorized } from './errors';
import { readBody } from './http';
import { createAccount, runOrder } from './orders';
import { accountFilter } from './filters';
import { page, pageWhere } from './paging';
import { plansPage } from './planViews';
import { subscriptionsPage } from './subscriptionList';
import type { Call, Reply, Route } from './router';
import type { Store } from './store';
import type { PriceList } from './subscriptionBuild';
import { accountView, objAccount, objOrder, objSubscription, orderView } from './views';

export const DEMO_CLIENT_ID = 'sandbox-demo-client';
export const DEMO_CLIENT_SECRET = 'sandbox-demo-secret';
const TOKEN_SCOPE = 'entity.local platform.write service.sandbox.read service.sandbox.write tenant.local user.demo';

/** What the handlers need from the running sandbox. */
export interface RouteDeps {
  store: Store;
  /** Today, real or simulated (the `today` option). */
  clock: SandboxClock;
  /** The `prices` option: this tenant's amounts over the catalog's. */
  prices?: PriceList;
  tokenTtlSeconds: number;
  issueToken(): string;
  /** Runs a change to the data; a failed save answers a non-retryable error with nothing kept. */
  commit<T>(change: () => T): T;
  /** Requests counted per method and path (the volume summary). */
  volume: ReadonlyMap<string, number>;
  /** Validates the JSON body, then runs the handler once per Idempotency-Key. */
  idempotent(call: Call, kind: PayloadKind, handler: (body: unknown) => Reply): Promise<Reply>;
}

const ok = (body: unknown): Reply => ({ status: 200, body });

export function sandboxRoutes(deps: RouteDeps): Route[] {
  const { store } = deps;
  return [
    { method: 'POST', path: '/oauth/token', public: true, handle: call => token(deps, call.req) },
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
          body: runOrder(store, body as PreviewRequestBody, false, deps.clock, undefined, deps.prices).preview,
        })),
    },
    {
      method: 'POST',
      path: '/v2/orders',
      handle: call =>
        deps.idempotent(call, 'order', body => {
          const { order, account } = deps.commit(() =>
            runOrder(store, body as PreviewRequestBody, true, deps.clock, undefined, deps.prices),
          );
          return ok(orderView(order!, account?.id));
        }),
    },
    { method: 'GET', path: '/v2/orders/{orderKey}', handle: call => getOrder(store, call.params.orderKey) },
    { method: 'GET', path: '/v2/accounts/{accountKey}', handle: call => getAccount(store, call.params.accountKey) },
    { method: 'GET', path: '/v1/catalog/products', handle: () => ok(catalogResponse()) },
    { method: 'GET', path: '/v2/plans', handle: call => ok(plansPage(call.query)) },
    { method: 'GET', path: '/v2/subscriptions', handle: call => ok(subscriptionsPage(store, call.query)) },
    { method: 'GET', path: '/object-query/accounts', handle: call => queryAccounts(store, call.query) },
    { method: 'GET', path: '/object-query/orders', handle: call => queryOrders(store, call.query) },
    { method: 'GET', path: '/object-query/subscriptions', handle: call => querySubscriptions(store, call.query) },
    { method: 'GET', path: '/object-query/accounts/{key}', handle: call => queryAccount(store, call.params.key) },
    { method: 'GET', path: '/object-query/orders/{key}', handle: call => queryOrder(store, call.params.key) },
    { method: 'GET', path: '/v1/describe/{objectName}', handle: call => describe(call.params.objectName) },
    {
      method: 'GET',
      path: '/system-health/api-requests/volume-summary',
      handle: () => volumeSummary(deps.volume),
    },
  ];
}

async function token(deps: RouteDeps, req: http.IncomingMessage): Promise<Reply> {
  const form = new URLSearchParams(await readBody(req));
  if (form.get('grant_type') !== 'client_credentials') {
    throw badRequest('invalid_parameter', 'grant_type', 'grant_type must be client_credentials.', 20);
  }
  if (form.get('client_id') !== DEMO_CLIENT_ID || form.get('client_secret') !== DEMO_CLIENT_SECRET) {
    throw unauthorized('Invalid client credentials.');
  }
  return ok({
    access_token: deps.issueToken(),
    token_type: 'bearer',
    expires_in: deps.tokenTtlSeconds,
    jti: randomUUID(),
    scope: TOKEN_SCOPE,
  });
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

function describe(name: string): Reply {
  if (!V1_OBJECT_NAMES.includes(name)) {
    throw notFound(
      undefined,
      `"${name}" is not an object API name; see the describe list (Account, Order, Subscription, ...).`,
    );
  }
  const typeOf = (field: string) => (field.endsWith('Date') ? 'date' : 'string');
  const fields = (DESCRIBED_FIELDS[name] ?? []).map(field => ({ name: field, type: typeOf(field) }));
  const note = DESCRIBED_FIELDS[name]
    ? undefined
    : 'Field lists of this object are not available in the local sandbox.';
  return ok({ success: true, object: name, fields, note });
}

function volumeSummary(volume: ReadonlyMap<string, number>): Reply {
  const data = [...volume].map(([key, count]) => {
    const [method, path] = key.split(/ (.*)/s);
    return { method, path, count };
  });
  return ok({ success: true, data });
}

function filterValue(q: URLSearchParams, field: string): string | undefined {
  for (const f of q.getAll('filter[]')) {
    const m = new RegExp(`^${field}\\.EQ:(.+)$`, 'i').exec(f);
    if (m) return m[1];
  }
  return q.get(field) ?? undefined;
}
