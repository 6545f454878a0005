// Random requests to the Local sandbox, as plain data (so a failing sequence prints readably), and how each
// becomes an HTTP request given what the sandbox has acknowledged so far in the run.
import fc from 'fast-check';
import { mutationsOf, validPayload } from './payloadArbitraries';
import { realDate, type Json, type JsonObject } from './zodArbitraries';

/** What the sandbox acknowledged: the numbers a later request may name. */
export interface Known {
  /** Account number -> its currency. */
  accounts: Map<string, string>;
  /** Subscription number -> its owner account number. */
  subscriptions: Map<string, string>;
  orders: string[];
}

export interface HttpRequest {
  method: string;
  /** Path and query, already percent-encoded where it should be. */
  target: string;
  body?: string;
  headers?: Record<string, string>;
}

/** Accounts in a currency the seeded catalog prices (an order on another is a 400). */
const orderable = (known: Known) => [...known.accounts].filter(([, c]) => c === 'USD' || c === 'EUR').map(([n]) => n);
const pick = <T>(list: readonly T[], i: number, fallback: T): T => (list.length ? list[i % list.length] : fallback);
const SEEDED_ACCOUNT = 'A00000001',
  SEEDED_SUBSCRIPTION = 'S00000001',
  SEEDED_ORDER = 'O00000001';

// ---- v2 orders on the seeded catalog: what the sandbox must accept ----

const newSubscription = fc.record({
  plan: fc.constantFrom('plan-team-monthly', 'plan-enterprise-yearly', 'plan-onboarding'),
  seats: fc.integer({ min: 1, max: 500 }),
  term: fc.oneof(
    fc.record({
      type: fc.constant('termed'),
      interval: fc.constantFrom('month', 'year'),
      interval_count: fc.integer({ min: 1, max: 36 }),
    }),
    fc.constant({ type: 'evergreen' }),
  ),
  start: realDate.filter(d => d >= '2020-01-01' && d <= '2035-12-31'),
});
const lineItem = fc.record({
  name: fc.string({ minLength: 1, maxLength: 20 }),
  type: fc.constantFrom('product', 'fee', 'services'),
  cents: fc.integer({ min: 0, max: 10_000_000 }),
  quantity: fc.integer({ min: 1, max: 100 }),
});
type NewSubscription = typeof newSubscription extends fc.Arbitrary<infer T> ? T : never;
type LineItemSpec = typeof lineItem extends fc.Arbitrary<infer T> ? T : never;

/** An account on the order: a new one, or one acknowledged earlier (by index) or seeded. */
const orderAccount = fc.oneof(
  fc.record({ kind: fc.constant('new' as const), currency: fc.constantFrom('USD', 'EUR') }),
  fc.record({ kind: fc.constant('known' as const), index: fc.nat() }),
);

const subscriptionBody = (s: NewSubscription) => ({
  initial_term: s.term,
  renewal_term: s.term,
  start_on: { contract_effective: s.start },
  subscription_plans: [
    {
      plan_id: s.plan,
      ...(s.plan === 'plan-team-monthly' ? { prices: [{ price_id: 'price-team-seats', quantity: s.seats }] } : {}),
    },
  ],
});
const lineItemBody = (l: LineItemSpec) => ({
  name: l.name,
  type: l.type,
  unit_amount: l.cents / 100,
  quantity: l.quantity,
});

export const step = fc.oneof(
  // A new order or preview on the catalog: subscriptions, line items or both.
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constantFrom('v2-create' as const, 'v2-preview' as const),
      account: orderAccount,
      subscriptions: fc.array(newSubscription, { maxLength: 3 }),
      lineItems: fc.array(lineItem, { maxLength: 2 }),
      keyed: fc.boolean(),
    }),
  },
  // A change to a subscription acknowledged earlier (or the seeded one).
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('v2-change' as const, 'v2-change-preview' as const),
      subscription: fc.nat(),
      change: fc.constantFrom('renew', 'cancel', 'pause', 'resume', 'add', 'terms'),
    }),
  },
  // A payload the validator accepts, from the schemas: plans and accounts mostly unknown to the sandbox.
  {
    weight: 2,
    arbitrary: fc
      .constantFrom('order' as const, 'preview' as const, 'account' as const)
      .chain(payload => validPayload[payload].map(value => ({ kind: 'v2-generated' as const, payload, value }))),
  },
  // The same with one mistake: the validator's 400.
  {
    weight: 2,
    arbitrary: fc
      .record({
        payload: fc.constantFrom('order' as const, 'preview' as const, 'account' as const),
        which: fc.nat(),
        variant: fc.nat(),
      })
      .chain(r => validPayload[r.payload].map(value => ({ kind: 'v2-broken' as const, ...r, value }))),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('v2-account' as const), value: validPayload.account }) },
  // v1 orders: a new customer or a change, with fields the sandbox does not know (v1 objects are open).
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom('v1-create' as const, 'v1-preview' as const),
      order: fc.oneof(
        fc.record({ kind: fc.constant('new' as const), seats: fc.integer({ min: 1, max: 500 }) }),
        fc.record({
          kind: fc.constant('change' as const),
          subscription: fc.nat(),
          action: fc.constantFrom('renew', 'cancel', 'suspend', 'resume', 'add', 'terms'),
        }),
      ),
      extra: fc.dictionary(
        fc.string({ maxLength: 10 }).map(k => `x_${k}`),
        fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
        { maxKeys: 3 },
      ),
      keyed: fc.boolean(),
    }),
  },
  // A v1 body with one value anywhere replaced by any JSON, or any JSON at all.
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('v1-junk' as const),
      preview: fc.boolean(),
      at: fc.nat(),
      value: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
      whole: fc.boolean(),
    }),
  },
  // Reads of what was acknowledged, of the seeded data, and of keys that name nothing.
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('get' as const),
      what: fc.constantFrom(
        'v2-order',
        'v2-account',
        'v1-order',
        'v1-subscription',
        'v1-account',
        'query-order',
        'query-account',
        'v2-subscriptions',
        'query-orders',
      ),
      key: fc.oneof(
        fc.nat().map(i => ({ known: i })),
        fc.string({ maxLength: 12 }).map(s => ({ raw: s })),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('unknown-path' as const),
      path: fc.oneof(
        fc.string({ minLength: 1, maxLength: 12 }).map(s => `/v2/${encodeURIComponent(s)}`),
        fc.string({ minLength: 1, maxLength: 12 }).map(s => `/zz-${encodeURIComponent(s)}`),
        fc.constantFrom('/v2/orders/%zz', '/v2/accounts/%E0%A4%A', '/v2', '/', '/v2/orders/a/b'),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('malformed' as const),
      target: fc.constantFrom('/v2/orders', '/v2/orders/preview', '/v2/accounts', '/v1/orders', '/v1/orders/preview'),
      cut: fc.nat(),
      text: fc.constantFrom('{', '{"a":', '[1,', '{"account_number":"A00000001",}', 'nul', '\u0000', ''),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('wrong-method' as const),
      // Not v1 paths, nor v2 operations (GET /v2/orders lists them): another method there may be a catalog
      // operation the sandbox does not serve (its 501) or simulates.
      call: fc.constantFrom(
        'PUT /v2/orders',
        'DELETE /v2/orders',
        'PUT /v2/orders/preview',
        'GET /v2/orders/preview',
        'PATCH /v2/accounts',
        'PUT /v2/accounts',
        'DELETE /v2/subscriptions',
        'GET /oauth/token',
        'PUT /oauth/token',
      ),
    }),
  },
  // The same request again with its Idempotency-Key: the same answer, nothing new.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const), index: fc.nat() }) },
);
export type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

/** What a step expects, beyond "never a 5xx". */
export type Expect = 'accepted' | 'refused' | 'any';

const json = (method: string, target: string, body: unknown, key?: string): HttpRequest => ({
  method,
  target,
  body: typeof body === 'string' ? body : JSON.stringify(body),
  headers: { 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
});

/** Every path to a value in `v`, containers included. */
function pathsOf(v: Json, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => pathsOf(x, [...at, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) pathsOf(x, [...at, k], out);
  return out;
}

type V1OrderSpec = { kind: 'new'; seats: number } | { kind: 'change'; subscription: number; action: string };

function v1Order(order: V1OrderSpec, known: Known, preview: boolean): JsonObject {
  const date = '2027-01-01';
  const options: JsonObject = preview
    ? { previewOptions: { previewTypes: ['ChargeMetrics', 'OrderDeltaMetrics', 'BillingDocs'] } }
    : {};
  if (order.kind === 'new') {
    const create = {
      type: 'CreateSubscription',
      triggerDates: [{ name: 'ContractEffective', triggerDate: date }],
      createSubscription: {
        subscribeToRatePlans: [
          {
            productRatePlanId: 'plan-team-monthly',
            chargeOverrides: [
              { productRatePlanChargeId: 'price-team-seats', pricing: { recurringPerUnit: { quantity: order.seats } } },
            ],
          },
        ],
        terms: {
          initialTerm: { termType: 'TERMED', period: 12, periodType: 'Month', startDate: date },
          renewalSetting: 'RENEW_WITH_SPECIFIC_TERM',
          renewalTerms: [{ period: 12, periodType: 'Month' }],
        },
      },
    };
    const account: JsonObject = preview
      ? { previewAccountInfo: { currency: 'USD', billCycleDay: 1 } }
      : {
          newAccount: {
            name: 'Property Co',
            currency: 'USD',
            billCycleDay: 1,
            billToContact: { firstName: 'Pro', lastName: 'Perty' },
          },
        };
    return { orderDate: date, ...account, subscriptions: [{ orderActions: [create] }], ...options };
  }
  const [number, account] = pick([...known.subscriptions], order.subscription, [SEEDED_SUBSCRIPTION, SEEDED_ACCOUNT]);
  const ACTIONS: Record<string, JsonObject> = {
    renew: { type: 'RenewSubscription' },
    cancel: { type: 'CancelSubscription', cancelSubscription: { cancellationPolicy: 'EndOfCurrentTerm' } },
    suspend: { type: 'Suspend', suspend: { suspendPolicy: 'Today' } },
    resume: { type: 'Resume', resume: { resumePolicy: 'Today' } },
    add: { type: 'AddProduct', addProduct: { productRatePlanId: 'plan-onboarding' } },
    terms: { type: 'TermsAndConditions', termsAndConditions: { autoRenew: false } },
  };
  return {
    orderDate: date,
    existingAccountNumber: account,
    subscriptions: [{ subscriptionNumber: number, orderActions: [ACTIONS[order.action]] }],
    ...options,
  };
}

const V2_CHANGE: Record<string, JsonObject> = {
  renew: { renew: {} },
  cancel: { cancel: {} },
  pause: { pause: {} },
  resume: { resume: {} },
  add: { add_subscription_plans: [{ subscription_plan: { plan_id: 'plan-onboarding' } }] },
  terms: { terms: { auto_renew: false } },
};

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
