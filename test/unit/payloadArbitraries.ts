// Valid v2 payloads (order, preview, account) for property tests. Below an entry the fields come from the zod
// schemas (zodArbitraries.ts); what the cross-field rules link (src/schemas/rules.ts) is written here:
// who owns the order, new subscription or change, a plan's `plan_id` or `plan_number`, start before end.
import fc from 'fast-check';
import {
  Account,
  lineItem as buildLineItem,
  orderRequest,
  previewAccount,
  previewRequest,
  priceEntry,
  subscriptionPlanRequest,
  subscriptionRequest,
  type PayloadKind,
} from '../../src/schemas/shapes';
import { CHANGE_FIELDS, OWNER_FIELDS } from '../../src/schemas/rules';
import {
  elementSchema,
  fieldSchema,
  objectArbitrary,
  schemaMutations,
  deleteAt,
  type Json,
  type JsonObject,
  type Mutation,
  type Path,
} from './zodArbitraries';

// The schemas, built here (the validator builds each when a payload first needs it).
const LineItem = buildLineItem();
const OrderRequest = orderRequest();
const PreviewAccount = previewAccount();
const PreviewRequest = previewRequest();
const PriceEntry = priceEntry();
const SubscriptionPlanRequest = subscriptionPlanRequest();
const SubscriptionRequest = subscriptionRequest();

/** Fields of a subscription entry whatever it does. */
const COMMON = [
  'description',
  'currency',
  'auto_renew',
  'invoice_separately',
  'invoice_owner_account_number',
  'processing_options',
  'custom_fields',
  'bill_to_id',
  'sold_to_id',
  'payment_terms',
  'billing_document_settings',
] as const;
const NEW_FIELDS = ['initial_term', 'renewal_term', 'start_on'] as const;
const CHANGES = CHANGE_FIELDS;
const OWNERS = OWNER_FIELDS;

/** `end_date` on or after `start_date` where an entry has both (the date-order rule). */
function inOrder(o: JsonObject): JsonObject {
  const { start_date: s, end_date: e } = o;
  if (typeof s === 'string' && typeof e === 'string' && e < s) return { ...o, start_date: e, end_date: s };
  return o;
}

/** A drawdown's conversion rate is a positive number (the reference's words; describedRules.ts). */
function positiveRate(o: JsonObject): JsonObject {
  const d = o.drawdown;
  if (isObject(d) && typeof d.conversion_rate === 'number' && !(d.conversion_rate > 0))
    return { ...o, drawdown: { ...d, conversion_rate: 1 } };
  return o;
}

const price = objectArbitrary(PriceEntry).map(inOrder).map(positiveRate);
/** A plan names its catalog plan by `plan_id` or by `plan_number` (or both). */
const plan = fc.constantFrom(['plan_id'], ['plan_number'], ['plan_id', 'plan_number']).chain(names =>
  objectArbitrary(SubscriptionPlanRequest, {
    require: names,
    override: { prices: fc.array(price, { maxLength: 2 }) },
  }),
);
const plans = (minLength: number) => fc.array(plan, { minLength, maxLength: 2 });
const lineItem = objectArbitrary(LineItem).map(inOrder);

/**
 * A replacement names the plan it replaces once (`subscription_plan_id` or `previous_plan_id`), and one at a
 * `specific_date` gives its `start_on` (the reference's words; describedRules.ts).
 */
function asReplacement(o: JsonObject): JsonObject {
  const r = { ...o };
  if (r.subscription_plan_id !== undefined) delete r.previous_plan_id;
  if (r.replace_at === 'specific_date' && r.start_on === undefined) r.start_on = { contract_effective: '2027-01-01' };
  return r;
}

/** A container holding `subscription_plan` (add, replace): its plan is a plan of the rule above. */
const holdingPlan = (container: 'add_subscription_plans' | 'replace_subscription_plans') =>
  fc.array(
    objectArbitrary(elementSchema(fieldSchema(SubscriptionRequest, container)), {
      override: { subscription_plan: plan },
    }).map(o => (container === 'replace_subscription_plans' ? asReplacement(o) : o)),
    { maxLength: 2 },
  );

type Owner = (typeof OWNERS)[number];
const ownerOf = (owner: Owner | undefined): Record<string, fc.Arbitrary<Json>> =>
  owner ? { [owner]: owner === 'account_data' ? objectArbitrary(Account) : fc.string({ maxLength: 12 }) } : {};

/** A new subscription: its plans (one at least), and the terms and start it may give. */
function newSubscription(owner?: Owner): fc.Arbitrary<JsonObject> {
  const pick = [...COMMON, ...NEW_FIELDS, 'subscription_plans', 'subscription_number', ...(owner ? [owner] : [])];
  return objectArbitrary(SubscriptionRequest, {
    pick,
    require: ['subscription_plans', ...(owner ? [owner] : [])],
    override: { subscription_plans: plans(1), ...ownerOf(owner) },
  });
}

/** A change to an existing subscription: its number and one change container at least. */
function change(owner?: Owner): fc.Arbitrary<JsonObject> {
  return fc.constantFrom(...CHANGES).chain(first =>
    objectArbitrary(SubscriptionRequest, {
      pick: [...COMMON, ...CHANGES, 'subscription_number', ...(owner ? [owner] : [])],
      require: ['subscription_number', first, ...(owner ? [owner] : [])],
      override: {
        add_subscription_plans: holdingPlan('add_subscription_plans'),
        replace_subscription_plans: holdingPlan('replace_subscription_plans'),
        ...ownerOf(owner),
      },
    }),
  );
}

const entry = (owner?: Owner) => fc.oneof(newSubscription(owner), change(owner));

/** The order's own fields besides its owner, subscriptions and line items. */
const ORDER_REST = ['description', 'category', 'order_number', 'order_date', 'custom_fields'] as const;

/** An order number has no slash (the reference's words; describedRules.ts). */
const withoutSlash = (o: JsonObject): JsonObject =>
  typeof o.order_number === 'string' ? { ...o, order_number: o.order_number.replaceAll('/', '-') } : o;

function orderLike(kind: 'order' | 'preview'): fc.Arbitrary<JsonObject> {
  const schema = kind === 'order' ? OrderRequest : PreviewRequest;
  const rest =
    kind === 'order'
      ? [...ORDER_REST, 'processing_options', 'state']
      : [...ORDER_REST, 'metrics', 'number_of_periods', 'term_end', 'end_date'];
  const accountData = kind === 'order' ? objectArbitrary(Account) : objectArbitrary(PreviewAccount);
  const ownedOrder = fc.record({
    base: objectArbitrary(schema, { pick: rest }),
    owner: fc.oneof(
      fc.record({ account_number: fc.string({ maxLength: 12 }) }),
      fc.record({ account_id: fc.string({ maxLength: 12 }) }),
      fc.record({ account_number: fc.string({ maxLength: 12 }), account_id: fc.string({ maxLength: 12 }) }),
      fc.record({ account_data: accountData }),
    ),
    // Something to order: subscriptions, line items or both.
    lists: fc.oneof(
      fc.record({ subscriptions: fc.array(entry(), { minLength: 1, maxLength: 3 }) }),
      fc.record({ line_items: fc.array(lineItem, { minLength: 1, maxLength: 3 }) }),
      fc.record({
        subscriptions: fc.array(entry(), { minLength: 1, maxLength: 2 }),
        line_items: fc.array(lineItem, { minLength: 1, maxLength: 2 }),
      }),
    ),
  });
  // No owner on the order: each subscription names its own (and there are no line items).
  const selfOwned = fc.record({
    base: objectArbitrary(schema, { pick: rest }),
    owner: fc.constant({}),
    lists: fc.record({
      subscriptions: fc.array(fc.constantFrom(...OWNERS).chain(entry), { minLength: 1, maxLength: 3 }),
    }),
  });
  return fc.oneof({ arbitrary: ownedOrder, weight: 4 }, { arbitrary: selfOwned, weight: 1 }).map(o => ({
    ...withoutSlash(o.base),
    ...o.owner,
    ...o.lists,
  }));
}

/** Fields whose value the service looks up (src/schemas/idValues.ts): "" there names nothing (an error). */
const ID_FIELDS = new Set([
  'account_number',
  'account_id',
  'invoice_owner_account_number',
  'subscription_number',
  'plan_id',
  'plan_number',
  'price_id',
  'subscription_plan_id',
  'previous_plan_id',
  'id',
  'payment_method_id',
  'payment_gateway_id',
  'default_payment_method_id',
  'parent_account_id',
]);

/** Every id field anywhere holds some text (a new object's number may be "", but "x" is as valid there). */
function withIds(v: Json): Json {
  if (Array.isArray(v)) return v.map(withIds);
  if (!isObject(v)) return v;
  const out: JsonObject = {};
  for (const [k, x] of Object.entries(v)) out[k] = x === '' && ID_FIELDS.has(k) ? 'x' : withIds(x);
  return out;
}

export const validPayload: Record<PayloadKind, fc.Arbitrary<JsonObject>> = {
  order: orderLike('order').map(o => withIds(o) as JsonObject),
  preview: orderLike('preview').map(o => withIds(o) as JsonObject),
  account: objectArbitrary(Account).map(o => withIds(o) as JsonObject),
};

const SCHEMAS = { order: OrderRequest, preview: PreviewRequest, account: Account };

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Every single mistake in `value`: what the schema decides (schemaMutations), and the fields the rules
 * require: a new subscription's `subscription_plans`, a change's `subscription_number`, a plan's only `plan_id`.
 */
export function mutationsOf(kind: PayloadKind, value: JsonObject, pick: number): Mutation[] {
  const out = schemaMutations(SCHEMAS[kind], value, pick);
  const drop = (path: Path): Mutation => ({
    what: `drop ${JSON.stringify(path)}`,
    apply: root => deleteAt(root, path),
    expect: { code: 'missing-field', path },
  });
  const subs = Array.isArray(value.subscriptions) ? value.subscriptions : [];
  subs.forEach((s, i) => {
    if (!isObject(s)) return;
    const at: Path = ['subscriptions', i];
    if (CHANGES.some(c => s[c] !== undefined)) out.push(drop([...at, 'subscription_number']));
    // Without its plans, an entry that names a subscription and gives no other new field is an empty change.
    else if (s.subscription_number === undefined || NEW_FIELDS.some(f => s[f] !== undefined)) {
      out.push(drop([...at, 'subscription_plans']));
    }
    const plansAt: { plan: Json | undefined; path: Path }[] = [];
    if (Array.isArray(s.subscription_plans)) {
      s.subscription_plans.forEach((p, j) => plansAt.push({ plan: p, path: [...at, 'subscription_plans', j] }));
    }
    for (const c of ['add_subscription_plans', 'replace_subscription_plans'] as const) {
      const list = s[c];
      if (!Array.isArray(list)) continue;
      list.forEach((h, j) => {
        if (isObject(h)) plansAt.push({ plan: h.subscription_plan, path: [...at, c, j, 'subscription_plan'] });
      });
    }
    for (const { plan: p, path } of plansAt) {
      if (isObject(p) && p.plan_id !== undefined && p.plan_number === undefined) out.push(drop([...path, 'plan_id']));
    }
  });
  return out;
}
