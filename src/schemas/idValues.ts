// Values of the fields the service looks up (a plan, a price, an account, a subscription...): an empty one
// names nothing and the service answers 400, so it is an error; a template's placeholder left in one
// (`invoiceId-1`, `PLAN_ID`) is sent as written and names nothing either, so it is a warning that says
// what to put there. Only fields whose value is looked up get either: a new number (`account_data.
// account_number`, the number of a new subscription) is the tenant's to choose, and "" there is not ours
// to judge. Both families use these words; the v2 paths are here, the v1 ones in contract/idValues.
import { formatPath, type PathSegment } from './findings';
import { isObj, type Obj } from './objects';
import type { RawFinding } from './rawFinding';
import { CHANGE_FIELDS } from './changeFields';

/** "plan id" for `plan_id`, "product rate plan id" for `productRatePlanId`. */
export function idWords(name: string): string {
  return name
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/**
 * Placeholders the project's templates and quick fixes write: the contract's `<field>-1` for an id, key or
 * number and `<field> value` for any other text (contract/placeholder), a `...Id-1` of a curated template
 * under a field of another name (`productRatePlanId: "ratePlanId-1"`), and the v2 "add the missing field"
 * quick fix's `PLAN_ID` and `PRICE_ID`.
 */
export function isPlaceholder(field: string, value: string): boolean {
  // Read for every text of a body (100,000 fields, say): nothing is made unless the value ends as one does.
  if (value.endsWith('-1')) {
    const named = value.length === field.length + 2 && value.startsWith(field);
    return named || /^[a-z][A-Za-z]*(Id|Key|Number)-1$/.test(value);
  }
  if (value.endsWith(' value')) return value.length === field.length + 6 && value.startsWith(field);
  return V2_PLACEHOLDERS.has(value);
}
const V2_PLACEHOLDERS = new Set(['PLAN_ID', 'PRICE_ID']);

/** `path` (whole, for the place) is named in messages from `from` on (`body.` is not said in a request file). */
export function emptyIdFinding(path: PathSegment[], from = 0): RawFinding {
  const field = String(path[path.length - 1]),
    what = idWords(field);
  return {
    code: 'empty-id',
    path,
    target: 'value',
    message:
      `${formatPath(path.slice(from))} is empty: the service looks it up and answers 400 for an empty ${what}. ` +
      `Write the ${what}.`,
  };
}

export function placeholderFinding(path: PathSegment[], value: string, from = 0): RawFinding {
  const what = idWords(String(path[path.length - 1]));
  return {
    code: 'placeholder',
    severity: 'warning',
    path,
    target: 'value',
    message:
      `${formatPath(path.slice(from))} is still the template's placeholder ${JSON.stringify(value)}: ` +
      `replace the placeholder with the real ${what} before sending.`,
  };
}

/** One looked-up field's value: "" is an error, a placeholder a warning, anything else is the service's to judge. */
export function checkIdValue(
  value: unknown,
  field: string,
  path: () => PathSegment[],
  out: RawFinding[],
  from = 0,
): void {
  if (typeof value !== 'string') return; // not text: the schema's finding
  if (value === '') out.push(emptyIdFinding(path(), from));
  else if (isPlaceholder(field, value)) out.push(placeholderFinding(path(), value, from));
}

// ---- v2: the looked-up fields of orders, previews and accounts, by where they sit.

const PLAN_IDS = ['plan_id', 'plan_number'] as const;
const OWNER_IDS = ['account_number', 'account_id'] as const;
const PAYMENT_IDS = ['payment_method_id', 'payment_gateway_id'] as const;
const ACCOUNT_IDS = ['default_payment_method_id', 'parent_account_id'] as const;

type Out = RawFinding[];
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The looked-up ids of a v2 order, preview or account payload. Hot path: it reads only where ids sit. */
export function checkV2Ids(value: Obj, kind: 'order' | 'preview' | 'account', out: Out): void {
  if (kind === 'account') return fields(value, ACCOUNT_IDS, [], out);
  fields(value, OWNER_IDS, [], out);
  if (isObj(value.processing_options)) fields(value.processing_options, PAYMENT_IDS, ['processing_options'], out);
  list(value.line_items).forEach((item, i) => {
    if (isObj(item)) fields(item, ['price_id'], ['line_items', i], out);
  });
  list(value.subscriptions).forEach((s, i) => {
    if (isObj(s)) subscriptionIds(s, ['subscriptions', i], out);
  });
}

function subscriptionIds(s: Obj, at: PathSegment[], out: Out): void {
  fields(s, [...OWNER_IDS, 'invoice_owner_account_number'], at, out);
  // A change names an existing subscription; a new one may be given its own number.
  if (CHANGE_FIELDS.some(c => s[c] !== undefined && s[c] !== null)) fields(s, ['subscription_number'], at, out);
  if (isObj(s.processing_options)) fields(s.processing_options, PAYMENT_IDS, [...at, 'processing_options'], out);
  list(s.subscription_plans).forEach((p, i) => planIds(p, [...at, 'subscription_plans', i], out));
  list(s.add_subscription_plans).forEach((c, i) => {
    if (isObj(c)) planIds(c.subscription_plan, [...at, 'add_subscription_plans', i, 'subscription_plan'], out);
  });
  list(s.replace_subscription_plans).forEach((c, i) => {
    if (!isObj(c)) return;
    const where = [...at, 'replace_subscription_plans', i];
    fields(c, ['subscription_plan_id', 'previous_plan_id'], where, out);
    planIds(c.subscription_plan, [...where, 'subscription_plan'], out);
  });
  list(s.update_subscription_plans).forEach((c, i) => {
    const plan = isObj(c) ? c.subscription_plan : undefined;
    if (!isObj(plan)) return;
    const where = [...at, 'update_subscription_plans', i, 'subscription_plan'];
    fields(plan, ['subscription_plan_id'], where, out);
    list(plan.subscription_items).forEach((item, j) => {
      if (isObj(item)) fields(item, ['id'], [...where, 'subscription_items', j], out);
    });
  });
  list(s.remove_subscription_plans).forEach((c, i) => {
    if (isObj(c)) fields(c, ['subscription_plan_id'], [...at, 'remove_subscription_plans', i], out);
  });
  if (isObj(s.cancel) && isObj(s.cancel.processing_options)) {
    fields(s.cancel.processing_options, PAYMENT_IDS, [...at, 'cancel', 'processing_options'], out);
  }
}

function planIds(plan: unknown, at: PathSegment[], out: Out): void {
  if (!isObj(plan)) return;
  fields(plan, PLAN_IDS, at, out);
  list(plan.prices).forEach((p, j) => {
    if (isObj(p)) fields(p, ['price_id'], [...at, 'prices', j], out);
  });
}

function fields(o: Obj, names: readonly string[], at: PathSegment[], out: Out): void {
  for (const name of names) {
    const v = o[name];
    if (typeof v === 'string') checkIdValue(v, name, () => [...at, name], out);
  }
}
