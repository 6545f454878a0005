// The bodies of the Local sandbox requests the property steps send (sandboxSteps.ts), given what the sandbox
// has acknowledged so far in the run.
import type { LineItemSpec, NewSubscription } from './sandboxSteps';
import type { Json, JsonObject } from './zodArbitraries';

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
export const orderable = (known: Known) =>
  [...known.accounts].filter(([, c]) => c === 'USD' || c === 'EUR').map(([n]) => n);
export const pick = <T>(list: readonly T[], i: number, fallback: T): T =>
  list.length ? list[i % list.length] : fallback;
export const SEEDED_ACCOUNT = 'A00000001',
  SEEDED_SUBSCRIPTION = 'S00000001',
  SEEDED_ORDER = 'O00000001';

export const subscriptionBody = (s: NewSubscription) => ({
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
export const lineItemBody = (l: LineItemSpec) => ({
  name: l.name,
  type: l.type,
  unit_amount: l.cents / 100,
  quantity: l.quantity,
});

export const json = (method: string, target: string, body: unknown, key?: string): HttpRequest => ({
  method,
  target,
  body: typeof body === 'string' ? body : JSON.stringify(body),
  headers: { 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
});

/** Every path to a value in `v`, containers included. */
export function pathsOf(v: Json, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => pathsOf(x, [...at, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) pathsOf(x, [...at, k], out);
  return out;
}

type V1OrderSpec = { kind: 'new'; seats: number } | { kind: 'change'; subscription: number; action: string };

export function v1Order(order: V1OrderSpec, known: Known, preview: boolean): JsonObject {
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

export const V2_CHANGE: Record<string, JsonObject> = {
  renew: { renew: {} },
  cancel: { cancel: {} },
  pause: { pause: {} },
  resume: { resume: {} },
  add: { add_subscription_plans: [{ subscription_plan: { plan_id: 'plan-onboarding' } }] },
  terms: { terms: { auto_renew: false } },
};
