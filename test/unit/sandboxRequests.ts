// How each random step to the Local sandbox (sandboxSteps.ts) becomes an HTTP request given what the sandbox has
// acknowledged so far in the run, and what it must answer.
import { mutationsOf } from './payloadArbitraries';
import {
  json,
  lineItemBody,
  orderable,
  pathsOf,
  pick,
  SEEDED_ACCOUNT,
  SEEDED_ORDER,
  SEEDED_SUBSCRIPTION,
  subscriptionBody,
  V2_CHANGE,
  v1Order,
  type HttpRequest,
  type Known,
} from './sandboxRequestBodies';
import type { Expect, NewSubscription, Step } from './sandboxSteps';
import type { Json } from './zodArbitraries';

/**
 * The HTTP request of a step, and what it must answer: `accepted` (2xx) for a valid order on the catalog or a
 * valid account, `refused` (4xx) for what the validator or the v1 check refuses, `any` else (never a 5xx).
 * `key` is the Idempotency-Key a keyed step sends; `earlier` the requests sent so far in the sequence.
 */
export function requestOf(
  s: Step,
  known: Known,
  key: string,
  earlier: readonly HttpRequest[],
): { req: HttpRequest; expect: Expect } {
  switch (s.kind) {
    case 'v2-create':
    case 'v2-preview': {
      const preview = s.kind === 'v2-preview';
      // Something to order: a subscription when the step drew neither.
      const drawn = s.subscriptions.length || s.lineItems.length ? s.subscriptions : [SOME_SUBSCRIPTION];
      const lists = {
        ...(drawn.length ? { subscriptions: drawn.map(subscriptionBody) } : {}),
        ...(s.lineItems.length ? { line_items: s.lineItems.map(lineItemBody) } : {}),
      };
      const account =
        s.account.kind === 'new'
          ? {
              account_data: preview
                ? { currency: s.account.currency, bill_cycle_day: 1 }
                : {
                    name: 'Property Co',
                    currency: s.account.currency,
                    bill_to: { first_name: 'Pro', last_name: 'Perty' },
                  },
            }
          : { account_number: pick(orderable(known), s.account.index, SEEDED_ACCOUNT) };
      const body = {
        ...(preview ? { metrics: ['delta_metrics'] } : {}),
        order_date: '2027-01-01',
        ...account,
        ...lists,
      };
      const target = preview ? '/v2/orders/preview' : '/v2/orders';
      return { req: json('POST', target, body, s.keyed ? key : undefined), expect: 'accepted' };
    }
    case 'v2-change':
    case 'v2-change-preview': {
      const [number, account] = pick([...known.subscriptions], s.subscription, [SEEDED_SUBSCRIPTION, SEEDED_ACCOUNT]);
      const preview = s.kind === 'v2-change-preview';
      const body = {
        ...(preview ? { metrics: ['delta_metrics'] } : {}),
        account_number: account,
        order_date: '2027-01-01',
        subscriptions: [{ subscription_number: number, ...V2_CHANGE[s.change] }],
      };
      // A state the subscription is not in (cancel twice, resume an active one) is a 400: any answer but a 5xx.
      return { req: json('POST', preview ? '/v2/orders/preview' : '/v2/orders', body), expect: 'any' };
    }
    case 'v2-generated': {
      const target = { order: '/v2/orders', preview: '/v2/orders/preview', account: '/v2/accounts' }[s.payload];
      return { req: json('POST', target, s.value), expect: 'any' };
    }
    case 'v2-broken': {
      const mutations = mutationsOf(s.payload, s.value, s.variant);
      const broken = structuredClone(s.value);
      mutations[s.which % mutations.length].apply(broken);
      const target = { order: '/v2/orders', preview: '/v2/orders/preview', account: '/v2/accounts' }[s.payload];
      return { req: json('POST', target, broken), expect: 'refused' };
    }
    case 'v2-account':
      return { req: json('POST', '/v2/accounts', s.value), expect: 'accepted' };
    case 'v1-create':
    case 'v1-preview': {
      const preview = s.kind === 'v1-preview';
      const body = { ...v1Order(s.order, known, preview), ...s.extra };
      const expect = s.order.kind === 'new' ? 'accepted' : 'any';
      return {
        req: json('POST', preview ? '/v1/orders/preview' : '/v1/orders', body, s.keyed ? key : undefined),
        expect,
      };
    }
    case 'v1-junk': {
      const target = s.preview ? '/v1/orders/preview' : '/v1/orders';
      if (s.whole) return { req: json('POST', target, JSON.stringify(s.value)), expect: 'any' };
      const body = v1Order({ kind: 'new', seats: 3 }, known, s.preview) as Json;
      const paths = pathsOf(body).slice(1);
      const at = paths[s.at % paths.length];
      const holder = at.slice(0, -1).reduce<Json>((v, k) => (v as Record<string, Json>)[k], body) as Record<
        string,
        Json
      >;
      holder[at[at.length - 1]] = s.value;
      return { req: json('POST', target, body), expect: 'any' };
    }
    case 'get':
      return { req: { method: 'GET', target: readTarget(s, known) }, expect: 'any' };
    case 'unknown-path':
      return { req: { method: 'GET', target: s.path }, expect: 'refused' };
    case 'malformed':
      return { req: json('POST', s.target, s.text.slice(0, s.cut % (s.text.length + 1))), expect: 'refused' };
    case 'wrong-method': {
      const [method, target] = s.call.split(' ');
      return { req: { method, target }, expect: 'refused' };
    }
    case 'replay': {
      const keyed = earlier.filter(r => r.headers?.['Idempotency-Key']);
      return { req: pick(keyed, s.index, { method: 'GET', target: `/v2/orders/${SEEDED_ORDER}` }), expect: 'any' };
    }
  }
}

const SOME_SUBSCRIPTION: NewSubscription = {
  plan: 'plan-team-monthly',
  seats: 1,
  term: { type: 'evergreen' },
  start: '2027-01-01',
};

type Read = Extract<Step, { kind: 'get' }>;

function readTarget(s: Read, known: Known): string {
  const key = (list: readonly string[], fallback: string) =>
    'known' in s.key ? pick(list, s.key.known, fallback) : s.key.raw;
  const enc = encodeURIComponent;
  switch (s.what) {
    case 'v2-order':
      return `/v2/orders/${enc(key(known.orders, SEEDED_ORDER))}`;
    case 'v1-order':
      return `/v1/orders/${enc(key(known.orders, SEEDED_ORDER))}`;
    case 'query-order':
      return `/object-query/orders/${enc(key(known.orders, SEEDED_ORDER))}`;
    case 'v2-account':
      return `/v2/accounts/${enc(key([...known.accounts.keys()], SEEDED_ACCOUNT))}`;
    case 'v1-account':
      return `/v1/accounts/${enc(key([...known.accounts.keys()], SEEDED_ACCOUNT))}`;
    case 'query-account':
      return `/object-query/accounts/${enc(key([...known.accounts.keys()], SEEDED_ACCOUNT))}`;
    case 'v1-subscription':
      return `/v1/subscriptions/${enc(key([...known.subscriptions.keys()], SEEDED_SUBSCRIPTION))}`;
    case 'v2-subscriptions':
      return `/v2/subscriptions?page_size=${enc('known' in s.key ? String(1 + (s.key.known % 99)) : s.key.raw)}`;
    case 'query-orders':
      return `/object-query/orders?pageSize=${enc('known' in s.key ? String(1 + (s.key.known % 99)) : s.key.raw)}`;
  }
}
