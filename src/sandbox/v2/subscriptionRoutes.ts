// v2 subscriptions by state: the create, the list and the read by id or number, PATCH, pause, resume, cancel,
// activate and keep (nothing pending here: both say so), and the versions. Every change runs through the order engine as the same entry in an order would (one
// order is recorded), so bill runs, time travel (a pause's resume date) and GET /v2/orders see it.
import { outOfBounds, V2_FIELDS } from '../engine/bounds';
import { runOrder } from '../engine/orders';
import type { EngineBody } from '../engine/orderTypes';
import { badRequest, notFound, ServiceError, serviceErrorOf } from '../http/errors';
import type { RouteDeps } from '../http/routeDeps';
import { ok, type Route } from '../http/router';
import { accountByKey, subscriptionByKey } from '../state/lookup';
import type { Store, SubscriptionRec } from '../state/store';
import { entryFindings, invalidState, notServed, realDates, withBody } from './bodies';
import { listPage, listPageYielding } from './listQuery';
import { accountOf, expansion, subscriptionView } from './subscriptionViews';
import { ordersTouching, subscriptionList, subscriptionsOf } from '../state/seededLookup';
import { indicesOf, isSeededList } from '../state/seededCollections';

type Body = Record<string, unknown>;

/** The fields of a change the engine makes (the rest are the subscription's own: description, custom fields). */
const CHANGES_WITH_ACTIONS = [
  'terms',
  'add_subscription_plans',
  'update_subscription_plans',
  'remove_subscription_plans',
  'renew',
  'cancel',
  'pause',
  'resume',
];

export const subscriptionOrThrow = (store: Store, key: string): SubscriptionRec => {
  const sub = subscriptionByKey(store, key);
  if (!sub) throw notFound('subscription_id', `Subscription ${key} could not be found.`);
  return sub;
};

export function subscriptionRoutes(deps: RouteDeps): Route[] {
  const { store } = deps;
  const view = (s: SubscriptionRec, q: URLSearchParams) => subscriptionView(s, accountOf(store, s), expansion(q));
  const action = (name: 'pause' | 'resume' | 'cancel'): Route => ({
    method: 'POST',
    path: `/v2/subscriptions/{subscription_id}/${name}`,
    handle: call =>
      withBody(deps, call, body, b => {
        const sub = subscriptionOrThrow(store, call.params.subscription_id);
        const entry = { subscription_number: sub.subscription_number, [name]: b };
        entryFindings(entry, sub.account_number, new Date(deps.clock.timestamp()), name);
        realDates(b);
        return ok(view(change(deps, sub, entry, name), call.query));
      }),
  });
  return [
    {
      method: 'POST',
      path: '/v2/subscriptions',
      handle: call =>
        deps.idempotent(call, body, b => {
          const entry = { ...(b as Body) };
          entryFindings(entry, undefined, new Date(deps.clock.timestamp()));
          const made = renamed(undefined, () =>
            deps.commit(() => {
              const out = inEngine(deps, { subscriptions: [entry] as EngineBody['subscriptions'] });
              return keepOwn(deps, out.subscriptions[0].sub, entry);
            }),
          );
          return { status: 201, body: view(made, call.query) };
        }),
    },
    {
      method: 'GET',
      path: '/v2/subscriptions',
      handle: async call => {
        const all = ofAccountFilter(store, call.query) ?? subscriptionList(store);
        // What filters read: the account peeked at, so testing a seeded tenant's rows makes none of its accounts.
        const row = (s: SubscriptionRec) =>
          subscriptionView(s, store.accounts.peek(s.account_number) ?? accountOf(store, s));
        // A big seeded tenant's list filtered otherwise: tested on transient rows up to the page, none made.
        const narrow = () =>
          isSeededList(all) ? { indices: indicesOf(all), at: (i: number) => all.peekAt(i)! } : undefined;
        const spec = { what: 'Subscriptions', sample: SAMPLE(), row, narrow };
        return ok(await listPageYielding(all, call.query, s => view(s, call.query), spec));
      },
    },
    {
      method: 'GET',
      path: '/v2/subscriptions/{subscription_id}',
      handle: call => ok(view(subscriptionOrThrow(store, call.params.subscription_id), call.query)),
    },
    {
      method: 'PATCH',
      path: '/v2/subscriptions/{subscription_id}',
      handle: call =>
        deps.idempotent(call, body, b => {
          const sub = subscriptionOrThrow(store, call.params.subscription_id);
          const patch = b as Body;
          for (const f of ['replace_subscription_plans', 'renewals']) {
            if (patch[f] === undefined) continue;
            throw notServed(
              `The Local sandbox does not serve ${f} in a PATCH: send remove_subscription_plans and ` +
                'add_subscription_plans (or renew) instead.',
            );
          }
          const entry = { ...patch, subscription_number: sub.subscription_number };
          entryFindings(entry, sub.account_number, new Date(deps.clock.timestamp()));
          return ok(view(change(deps, sub, entry), call.query));
        }),
    },
    action('pause'),
    action('resume'),
    action('cancel'),
    {
      method: 'POST',
      path: '/v2/subscriptions/{subscription_id}/activate',
      handle: call =>
        withBody(deps, call, body, () => {
          const sub = subscriptionOrThrow(store, call.params.subscription_id);
          throw invalidState(
            'subscription_id',
            `${sub.subscription_number} is ${sub.state}: the Local sandbox activates a subscription when its order ` +
              'is created, so only a pending one (never made here) needs activating.',
          );
        }),
    },
    {
      method: 'POST',
      path: '/v2/subscriptions/{subscription_id}/keep',
      handle: call =>
        withBody(deps, call, body, () => {
          const sub = subscriptionOrThrow(store, call.params.subscription_id);
          if (sub.state !== 'canceled') {
            throw invalidState(
              'subscription_id',
              `${sub.subscription_number} is ${sub.state}: there is no cancellation to undo.`,
            );
          }
          throw notServed(
            `The Local sandbox cancels at once, with no cancellation pending to undo: ${sub.subscription_number} ` +
              'stays canceled. Move the clock back (time travel) to before the cancel, or order a new subscription.',
          );
        }),
    },
    {
      method: 'GET',
      path: '/v2/subscriptions/{subscription_id}/versions',
      handle: call => {
        const sub = subscriptionOrThrow(store, call.params.subscription_id);
        return ok(listPage(versions(store, sub), call.query, v => v, { what: 'Versions', sample: SAMPLE() }));
      },
    },
  ];
}

const body = (b: unknown): void => {
  if (typeof b !== 'object' || b === null || Array.isArray(b)) {
    throw badRequest('invalid_parameter', undefined, 'The body must be a JSON object.');
  }
};

/**
 * Runs a change as an order on the subscription's account (recorded like any order), then keeps the fields the
 * subscription holds itself; answers the subscription as it now is. The engine's refusals name the caller's fields.
 */
function change(deps: RouteDeps, sub: SubscriptionRec, entry: Body, action?: string): SubscriptionRec {
  const engine = CHANGES_WITH_ACTIONS.some(f => entry[f] !== undefined);
  return renamed(action, () =>
    deps.commit(() => {
      if (engine) {
        const subscriptions = [entry] as EngineBody['subscriptions'];
        inEngine(deps, { account_number: sub.account_number, subscriptions });
      }
      return keepOwn(deps, deps.store.subscriptions.get(sub.subscription_number)!, entry);
    }),
  );
}

/** An order through the engine, within the dates and amounts the sandbox takes (engine/bounds.ts). */
function inEngine(deps: RouteDeps, order: EngineBody) {
  const out = outOfBounds(order, V2_FIELDS, deps.clock.today());
  if (out) throw badRequest('invalid_parameter', out.path, out.message);
  return runOrder(deps.store, order, true, deps.clock, undefined, deps.prices);
}

/** The fields the subscription holds itself (the engine has no action for them), kept as a new record. */
function keepOwn(deps: RouteDeps, now: SubscriptionRec, entry: Body): SubscriptionRec {
  if (entry.description === undefined && entry.custom_fields === undefined) return now;
  const next = structuredClone(now);
  if (entry.description !== undefined) next.description = String(entry.description);
  if (entry.custom_fields !== undefined)
    next.custom_fields = { ...next.custom_fields, ...(entry.custom_fields as Body) };
  next.updated_time = deps.clock.timestamp();
  deps.store.putSubscription(next);
  return next;
}

/** The engine names `subscriptions[0].pause`; the caller wrote `pause` (or, for POST .../pause, the path). */
export function renamed<T>(action: string | undefined, run: () => T): T {
  try {
    return run();
  } catch (error) {
    const e = serviceErrorOf(error);
    if (!(e instanceof ServiceError) || e.status !== 400) throw e;
    const errors = e.v2.errors.map(d => {
      let parameter = d.parameter?.replace(/^subscriptions\[0\]\.?/, '');
      if (action && parameter === action) parameter = 'subscription_id';
      else if (action && parameter?.startsWith(`${action}.`)) parameter = parameter.slice(action.length + 1);
      const message = d.message.split('subscriptions[0].').join('');
      return { ...d, ...(parameter ? { parameter } : {}), message };
    });
    throw new ServiceError(400, { type: e.v2.type, errors }, e.v1, e.headers);
  }
}

/**
 * The versions of a subscription: as each order left it (the orders keep that answer), then as it is now when
 * something else moved it on since (time travel's resumes); the newest is the latest version.
 */
function versions(store: Store, sub: SubscriptionRec): Body[] {
  const account = accountOf(store, sub);
  const byVersion = new Map<number, Body>();
  for (const o of ordersTouching(store, sub.subscription_number)) {
    for (const s of o.subscriptions as Body[]) {
      if (s.subscription_number !== sub.subscription_number) continue;
      const { actions: _a, ...kept } = s;
      byVersion.set(Number(s.version), { ...kept, latest_version: false });
    }
  }
  byVersion.set(sub.version, { ...subscriptionView(sub, account), latest_version: true });
  return [...byVersion.entries()].sort(([a], [b]) => a - b).map(([, v]) => v);
}

let sample: Body | undefined;
/** A subscription with every field its answer can have: what the list can be filtered and sorted by. */
function SAMPLE(): Body {
  const term = { type: 'termed' as const, interval: 'month' as const, interval_count: 1 };
  const s: SubscriptionRec = {
    ...{ id: '', subscription_number: '', account_number: '', state: 'active', version: 1, order_number: '' },
    // Dates set: the answer leaves out an empty one, and the list filters and sorts by what its sample shows.
    ...{ initial_term: term, renewal_term: term, auto_renew: true },
    ...{ current_term_start: '2000-01-01', current_term_end: '2000-12-31' },
    ...{
      contract_effective: '',
      start_date: '',
      end_date: '2000-12-31',
      plans: [],
      created_time: '',
      updated_time: '',
    },
  };
  const a = { id: '', account_number: '', name: '', currency: '', bill_cycle_day: 1, bill_to: {} };
  return (sample ??= subscriptionView(s, { ...a, status: 'active', created_time: '', updated_time: '' }));
}

/** A big seeded tenant's subscriptions filtered by account (the tree's query): only that account's are tested. */
function ofAccountFilter(store: Store, q: URLSearchParams): SubscriptionRec[] | undefined {
  if (!store.seeding) return undefined;
  for (const f of q.getAll('filter[]')) {
    const m = /^account_(id|number)\.EQ:(.+)$/.exec(f);
    if (!m) continue;
    const account = accountByKey(store, m[2]);
    return account ? subscriptionsOf(store, account.account_number) : [];
  }
  return undefined;
}
