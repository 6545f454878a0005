// Scenario rules that JSON Schema cannot say. Each is true of the real service: where only spec 01
// states a rule and the service's published schema does not enforce it, the finding is a warning that
// says what the service does instead (docs/FINDINGS.md lists each). They run on the parsed value
// whatever its shape (zod has already reported wrong types), so every access is defensive.
import type { PathSegment } from './findings';
import type { RawFinding } from './rawFinding';
import type { PayloadKind } from './shapes';
import { checkAccount } from './accountRules';
import { checkDescribedRules } from './describedRules';
import { checkV2Ids } from './idValues';
import { checkTerm } from './termRules';
import { isObj, type Obj } from './objects';
import { inContainer } from './wording';
import { isRealDate } from './dates';
import { CHANGE_FIELDS } from './changeFields';

export type { RawFinding };

export const LIMITS = { subscriptions: 50, lineItems: 100 } as const;

const has = (o: Obj, k: string) => o[k] !== undefined;

export const NEW_SUBSCRIPTION_FIELDS = ['initial_term', 'renewal_term', 'start_on', 'subscription_plans'] as const;
export { CHANGE_FIELDS };
export const OWNER_FIELDS = ['account_number', 'account_id', 'account_data'] as const;
const CHANGE_INDEX = new Map<string, number>(CHANGE_FIELDS.map((f, i) => [f, i]));
const NEW_FIELD_NAMES = new Set<string>(NEW_SUBSCRIPTION_FIELDS);
// Lists the hot path walks, made once.
const NEW_TERMS = ['initial_term', 'renewal_term'] as const;
const CHANGED_TERMS = ['current_term', 'renewal_term'] as const;
const PLAN_CONTAINERS = ['add_subscription_plans', 'replace_subscription_plans'] as const;

/** What a quick fix that adds a missing property puts there, by property name. */
export const PLACEHOLDERS: Record<string, unknown> = {
  // an account
  name: 'New account',
  currency: 'USD',
  bill_to: { first_name: 'First', last_name: 'Last' },
  bill_cycle_day: 1,
  first_name: 'First',
  last_name: 'Last',
  account_number: 'A00000001',
  // a payment method
  brand: 'visa',
  expiry_month: 12,
  expiry_year: 2030,
  // a new subscription
  initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
  renewal_term: { type: 'termed', interval: 'month', interval_count: 12 },
  interval: 'month',
  interval_count: 1,
  start_on: { contract_effective: '2026-01-01' },
  contract_effective: '2026-01-01',
  subscription_plans: [{ plan_id: 'PLAN_ID' }],
  plan_id: 'PLAN_ID',
  price_id: 'PRICE_ID',
  // a change to an existing subscription
  subscription_number: 'S00000001',
  subscription_plan_id: 'SP00000001',
  subscription_plan: { plan_id: 'PLAN_ID' },
  subscription_item_number: 'SI00000001',
  subscription_items: [],
  unit_amount: 0,
  // the order
  subscriptions: [],
  metrics: ['delta_metrics'],
  type: 'fee',
};

export function missing(path: PathSegment[], property: string, message?: string): RawFinding {
  return {
    code: 'missing-field',
    path: [...path, property],
    target: 'parentKey',
    message: message ?? `"${property}" is required${inContainer(path)}.`,
    fix: { kind: 'addProperty', property, placeholder: PLACEHOLDERS[property] ?? '' },
  };
}

export function checkRules(value: unknown, kind: PayloadKind, now: Date): RawFinding[] {
  const out: RawFinding[] = [];
  if (!isObj(value)) return out;
  checkDescribedRules(value, kind, out);
  checkV2Ids(value, kind, out);
  if (kind === 'account') {
    checkAccount(value, [], out, now);
    return out;
  }
  checkOwner(value, [], out);
  if (isObj(value.account_data)) checkAccount(value.account_data, ['account_data'], out, now);

  const subs = Array.isArray(value.subscriptions) ? value.subscriptions : [];
  const items = Array.isArray(value.line_items) ? value.line_items : [];
  const subsNotAList = has(value, 'subscriptions') && !Array.isArray(value.subscriptions);
  // An entry that is not an object (or a "subscriptions" that is not a list) is the schema's finding: it cannot
  // say whether the subscriptions own themselves, so it makes no missing owner of the order.
  const subsOwnThemselves =
    items.length === 0 && (subsNotAList || (subs.length > 0 && subs.every(s => !isObj(s) || ownsItself(s))));
  if (!OWNER_FIELDS.some(f => has(value, f)) && !subsOwnThemselves) {
    const message =
      'The order needs "account_number", "account_id" or "account_data" ' +
      '(or each subscription its own owner account).';
    out.push({ ...missing([], 'account_number', message), code: 'missing-account' });
  }
  // A "subscriptions" or "line_items" that is not a list is the schema's finding, not this one.
  const notAList = (['subscriptions', 'line_items'] as const).some(k => has(value, k) && !Array.isArray(value[k]));
  if (subs.length === 0 && items.length === 0 && !notAList) {
    const what = kind === 'preview' ? 'A preview' : 'An order';
    const message = `${what} needs "subscriptions" or "line_items" or both.`;
    out.push({ ...missing([], 'subscriptions', message), code: 'nothing-to-order' });
  }
  if (subs.length > LIMITS.subscriptions) {
    out.push({
      code: 'too-many',
      path: ['subscriptions'],
      target: 'key',
      message: `An order holds at most ${LIMITS.subscriptions} subscriptions; this one has ${subs.length}.`,
    });
  }
  if (items.length > LIMITS.lineItems) {
    out.push({
      code: 'too-many',
      path: ['line_items'],
      target: 'key',
      message: `An order holds at most ${LIMITS.lineItems} line items; this one has ${items.length}.`,
    });
  }
  const at: PathSegment[] = ['subscriptions', 0];
  for (let i = 0; i < subs.length; i++) {
    const s = subs[i];
    if (!isObj(s)) continue;
    at[1] = i; // reused: every finding copies the path it reports
    checkSubscription(s, at, out, value.order_date !== undefined, now);
  }
  items.forEach((item, i) => checkDates(item, () => ['line_items', i], out));

  if (kind === 'preview' && Array.isArray(value.metrics) && value.metrics.length === 0) {
    out.push({
      code: 'missing-metrics',
      severity: 'warning',
      path: ['metrics'],
      target: 'value',
      message:
        '"metrics" is empty, so the preview computes nothing: ' +
        'ask for "delta_metrics", "billing_documents" or both.',
      fix: { kind: 'addMetrics' },
    });
  }
  return out;
}

const ownsItself = (s: Obj) => OWNER_FIELDS.some(f => has(s, f));

/** The service documents `account_data` as an alternative to `account_number` and `account_id`. */
function checkOwner(o: Obj, path: PathSegment[], out: RawFinding[]): void {
  const other = (['account_number', 'account_id'] as const).find(f => has(o, f));
  if (!other || !has(o, 'account_data')) return;
  out.push({
    code: 'account-choice',
    path: [...path, 'account_data'],
    target: 'key',
    message: `Use either "${other}" (an existing account) or "account_data" (a new account), not both.`,
    fix: { kind: 'removeProperty', property: 'account_data' },
  });
}

function checkSubscription(s: Obj, path: PathSegment[], out: RawFinding[], hasOrderDate: boolean, now: Date): void {
  // Hot path (a 1 MB order holds ~1,000 of these): no allocation unless there is something to report.
  // One pass over the few keys present rather than a lookup of every field it could have.
  let changes = 0,
    first = CHANGE_FIELDS.length as number,
    newFields = 0;
  for (const k in s) {
    if (s[k] === undefined || s[k] === null) continue; // null is no change (`pause` is nullable)
    const c = CHANGE_INDEX.get(k);
    if (c !== undefined) {
      changes++;
      if (c < first) first = c;
    } else if (NEW_FIELD_NAMES.has(k)) newFields++;
  }
  const firstChange = changes ? (CHANGE_FIELDS as readonly string[])[first] : '';
  const number = s.subscription_number;
  if (s.account_data !== undefined) {
    checkOwner(s, path, out);
    if (isObj(s.account_data)) checkAccount(s.account_data, [...path, 'account_data'], out, now);
  }
  if (changes > 0 && !has(s, 'subscription_number')) {
    const message = `"${firstChange}" changes an existing subscription: add "subscription_number".`;
    out.push(missing(path, 'subscription_number', message));
  } else if (changes > 0) {
    for (const f of NEW_SUBSCRIPTION_FIELDS) {
      if (!has(s, f)) continue;
      out.push({
        code: 'change-with-new-fields',
        severity: 'warning',
        path: [...path, f],
        target: 'key',
        message:
          `"${f}" describes a new subscription, but this entry changes ${String(number)}: the change containers ` +
          'act on it, and terms of an existing subscription change through "terms".',
        fix: { kind: 'removeProperty', property: f },
      });
    }
  } else if (has(s, 'subscription_number') && newFields === 0) {
    const message =
      `This entry names ${String(number)} but changes nothing: add a change container ` +
      `(${CHANGE_FIELDS.join(', ')}), or "subscription_plans" to create it.`;
    out.push({ ...missing(path, 'add_subscription_plans', message), code: 'empty-change', severity: 'warning' });
  } else {
    checkNewSubscription(s, path, out, hasOrderDate);
  }
  for (const name of NEW_TERMS) {
    if (isObj(s[name])) checkTerm(s[name], path, name, out);
  }
  if (isObj(s.terms)) {
    for (const name of CHANGED_TERMS) {
      if (isObj(s.terms[name])) checkTerm(s.terms[name], [...path, 'terms'], name, out);
    }
  }
  eachPlan(s.subscription_plans, i => [...path, 'subscription_plans', i], out);
  for (const container of PLAN_CONTAINERS) {
    const list = s[container];
    if (!Array.isArray(list)) continue;
    list.forEach((c, i) => {
      if (isObj(c)) eachPlan([c.subscription_plan], () => [...path, container, i, 'subscription_plan'], out);
    });
  }
}

/** A new subscription: its plans are documented as required; the rest only spec 01 asks for. */
function checkNewSubscription(s: Obj, path: PathSegment[], out: RawFinding[], hasOrderDate: boolean): void {
  if (!has(s, 'subscription_plans')) {
    out.push(missing(path, 'subscription_plans', 'A new subscription needs "subscription_plans".'));
  } else if (Array.isArray(s.subscription_plans) && s.subscription_plans.length === 0) {
    out.push({
      code: 'missing-field',
      path: [...path, 'subscription_plans'],
      target: 'value',
      message: 'A new subscription needs at least one plan in "subscription_plans".',
    });
  }
  if (!has(s, 'initial_term')) {
    out.push({
      ...missing(
        path,
        'initial_term',
        'A new subscription without "initial_term" gets the ' +
          "tenant's default subscription term; set it to be sure what is sold.",
      ),
      severity: 'warning',
    });
  }
  const evergreen = isObj(s.initial_term) && s.initial_term.type === 'evergreen';
  if (!has(s, 'renewal_term') && !evergreen) {
    out.push({
      ...missing(
        path,
        'renewal_term',
        'A new subscription without "renewal_term" renews on the ' +
          "tenant's default renewal term; set it to be sure.",
      ),
      severity: 'warning',
    });
  }
  if (!has(s, 'start_on')) {
    const standIn = hasOrderDate ? 'the order\'s "order_date" stands in' : 'the order date stands in';
    out.push({
      ...missing(path, 'start_on', `No "start_on": ${standIn} for the contract effective date.`),
      severity: 'warning',
    });
  }
}

function eachPlan(list: unknown, at: (i: number) => PathSegment[], out: RawFinding[]): void {
  if (!Array.isArray(list)) return;
  list.forEach((plan, i) => {
    if (!isObj(plan)) return;
    if (!has(plan, 'plan_id') && !has(plan, 'plan_number')) {
      out.push(missing(at(i), 'plan_id', 'A plan needs "plan_id" or "plan_number".'));
    }
    if (!Array.isArray(plan.prices)) return;
    for (let j = 0; j < plan.prices.length; j++) {
      // The place is made only for a price with both dates (hot path: most prices have none).
      if (hasBothDates(plan.prices[j])) checkDates(plan.prices[j], () => [...at(i), 'prices', j], out);
    }
  });
}

const hasBothDates = (o: unknown): o is Obj & { start_date: string; end_date: string } =>
  isObj(o) && typeof o.start_date === 'string' && typeof o.end_date === 'string';

function checkDates(o: unknown, at: () => PathSegment[], out: RawFinding[]): void {
  if (!hasBothDates(o)) return;
  // A date that is not real is the schema's finding: compared as text, it would make a second one.
  if (o.end_date >= o.start_date || !isRealDate(o.start_date) || !isRealDate(o.end_date)) return;
  out.push({
    code: 'date-order',
    path: [...at(), 'end_date'],
    target: 'value',
    message: `"end_date" ${o.end_date} is before "start_date" ${o.start_date}.`,
  });
}
