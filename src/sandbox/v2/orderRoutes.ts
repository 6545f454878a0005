// v2 orders by state: GET /v2/orders (listQuery.ts) and GET /v2/orders/{order_id} by id or number. Orders here are
// complete as soon as they are created (nothing is pending or scheduled), so activate and cancel answer that; a
// delete, which the service undoes an order's changes with, is not served (501 with what to do instead).
import { notFound } from '../http/errors';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Route } from '../http/router';
import { accountByKey, orderByKey } from '../state/lookup';
import type { OrderRec, Store } from '../state/store';
import { invalidState, notServed, withBody } from './bodies';
import { listPageYielding } from './listQuery';
import { orderView } from './views';
import { orderIndicesOf } from '../state/seededLookup';
import { indicesOf } from '../state/seededCollections';

export const orderOrThrow = (store: Store, key: string): OrderRec => {
  const order = orderByKey(store, key);
  if (!order) throw notFound('order_id', `Order ${key} could not be found.`);
  return order;
};

export function orderRoutes(deps: RouteDeps): Route[] {
  const { store } = deps;
  const view = (o: OrderRec) => orderView(o, o.account_id ?? store.accounts.get(o.account_number)?.id);
  const complete = (o: OrderRec, what: string) =>
    invalidState(
      'order_id',
      `Order ${o.order_number} is complete: the Local sandbox completes an order when it is created, so ${what}`,
    );
  return [
    {
      method: 'GET',
      path: '/v2/orders',
      handle: async call => {
        // A big seeded tenant's orders filtered by account: only that account's (and those made since) are tested.
        const narrow = (filters: string[]) => {
          const m = filters.map(f => /^account_(id|number)\.EQ:(.+)$/.exec(f)).find(x => x);
          const account = m ? accountByKey(store, m[2]) : undefined;
          if (!store.seeding) return undefined;
          const indices = m
            ? account
              ? orderIndicesOf(store, account.account_number)
              : []
            : indicesOf(store.orderList);
          return { indices, at: (i: number) => store.orderList.peekAt(i)! }; // read only: nothing is made
        };
        return ok(
          await listPageYielding(store.orderList, call.query, view, { what: 'Orders', sample: SAMPLE, narrow }),
        );
      },
    },
    {
      method: 'GET',
      path: '/v2/orders/{order_id}',
      handle: call => ok(view(orderOrThrow(store, call.params.order_id))),
    },
    {
      method: 'DELETE',
      path: '/v2/orders/{order_id}',
      handle: call => {
        const o = orderOrThrow(store, call.params.order_id);
        throw notServed(
          `The Local sandbox does not delete orders: ${o.order_number}'s changes stay. Undo them with another order ` +
            '(cancel or remove_subscription_plans), or move the clock back (time travel) to before it.',
        );
      },
    },
    {
      method: 'POST',
      path: '/v2/orders/{order_id}/activate',
      handle: call =>
        withBody(
          deps,
          call,
          () => {},
          () => {
            throw complete(orderOrThrow(store, call.params.order_id), 'there is nothing to activate.');
          },
        ),
    },
    {
      method: 'POST',
      path: '/v2/orders/{order_id}/cancel',
      handle: call =>
        withBody(
          deps,
          call,
          () => {},
          () => {
            const o = orderOrThrow(store, call.params.order_id);
            throw complete(
              o,
              'only a draft, pending or scheduled one could be canceled; cancel its subscriptions instead.',
            );
          },
        ),
    },
  ];
}

/** An order with every field its answer can show: what the list can be filtered and sorted by. */
const SAMPLE = orderView(
  {
    id: '',
    order_number: '',
    account_number: '',
    order_date: '',
    description: '',
    created_time: '',
    line_items: [],
    subscriptions: [],
  },
  'account_id',
);
