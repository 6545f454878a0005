// Random requests to the Local sandbox, as plain data (so a failing sequence prints readably): the steps of a
// property sequence. sandboxRequests.ts makes each an HTTP request.
import fc from 'fast-check';
import { validPayload } from './payloadArbitraries';
import { realDate, type Json } from './zodArbitraries';

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
export type NewSubscription = typeof newSubscription extends fc.Arbitrary<infer T> ? T : never;
export type LineItemSpec = typeof lineItem extends fc.Arbitrary<infer T> ? T : never;

/** An account on the order: a new one, or one acknowledged earlier (by index) or seeded. */
const orderAccount = fc.oneof(
  fc.record({ kind: fc.constant('new' as const), currency: fc.constantFrom('USD', 'EUR') }),
  fc.record({ kind: fc.constant('known' as const), index: fc.nat() }),
);

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
