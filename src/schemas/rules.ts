// Rules of spec 01's scenario table that JSON Schema cannot say. They run on the parsed value whatever
// its shape (zod has already reported wrong types), so every access is defensive.
import type { FindingCode, FixHint, PathSegment, Severity } from './findings';
import type { Target } from './locate';
import type { PayloadKind } from './shapes';
import { passesLuhn } from './card';

export interface RawFinding {
  code: FindingCode;
  message: string;
  path: PathSegment[];
  target: Target;
  severity?: Severity;
  fix?: FixHint;
}

export const LIMITS = { subscriptions: 50, lineItems: 100 } as const;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const has = (o: Obj, k: string) => o[k] !== undefined;

const NEW_SUBSCRIPTION_FIELDS = ['initial_term', 'renewal_term', 'start_on', 'subscription_plans'] as const;
const CHANGE_FIELDS = ['add_subscription_plans', 'update_subscription_plans', 'remove_subscription_plans', 'renew', 'cancel', 'pause', 'resume'] as const;

export const PLACEHOLDERS: Record<string, unknown> = {
  name: 'New account', currency: 'USD', bill_to: { first_name: 'First', last_name: 'Last' },
  first_name: 'First', last_name: 'Last', plan_id: 'PLAN_ID', price_id: 'PRICE_ID', type: 'fee',
  initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
  renewal_term: { type: 'termed', interval: 'month', interval_count: 12 },
  start_on: { contract_effective: '2026-01-01' }, contract_effective: '2026-01-01',
  subscription_plans: [{ plan_id: 'PLAN_ID' }], metrics: ['delta_metrics'], interval: 'month', interval_count: 1,
  account_number: 'A00000001', subscription_number: 'S00000001', subscription_item_number: 'SI00000001',
  subscription_plan_id: 'SP00000001', unit_amount: 0, subscription_plan: { plan_id: 'PLAN_ID' },
  subscription_items: [], subscriptions: [],
};

export function missing(path: PathSegment[], property: string, message?: string): RawFinding {
  const where = path.length ? ` in ${String(path[path.length - 1])}` : '';
  return {
    code: 'missing-field', path: [...path, property], target: 'parentKey',
    message: message ?? `"${property}" is required${where}.`,
    fix: { kind: 'addProperty', property, placeholder: PLACEHOLDERS[property] ?? '' },
  };
}

export function checkRules(value: unknown, kind: PayloadKind, now: Date): RawFinding[] {
  const out: RawFinding[] = [];
  if (!isObj(value)) return out;
  if (kind === 'account') {
    checkAccount(value, [], out, now);
    return out;
  }
  const hasNumber = has(value, 'account_number'), hasData = has(value, 'account_data');
  if (hasNumber && hasData) {
    out.push({ code: 'account-choice', path: ['account_data'], target: 'key',
      message: 'Use either "account_number" (an existing account) or "account_data" (a new account), not both.',
      fix: { kind: 'removeProperty', property: 'account_data' } });
  } else if (!hasNumber && !hasData) {
    out.push({ ...missing([], 'account_number', 'The order needs "account_number" (an existing account) or "account_data" (a new account).'), code: 'missing-account' });
  }
  if (isObj(value.account_data)) checkAccount(value.account_data, ['account_data'], out, now);

  const subs = Array.isArray(value.subscriptions) ? value.subscriptions : [];
  const items = Array.isArray(value.line_items) ? value.line_items : [];
  if (subs.length === 0 && items.length === 0 && !(has(value, 'subscriptions') && !Array.isArray(value.subscriptions))) {
    out.push({ ...missing([], 'subscriptions', kind === 'preview'
      ? 'A preview needs "subscriptions" or "line_items" or both.'
      : 'An order needs "subscriptions" or "line_items" or both.'), code: 'nothing-to-order' });
  }
  if (subs.length > LIMITS.subscriptions) out.push({ code: 'too-many', path: ['subscriptions'], target: 'key', message: `An order holds at most ${LIMITS.subscriptions} subscriptions; this one has ${subs.length}.` });
  if (items.length > LIMITS.lineItems) out.push({ code: 'too-many', path: ['line_items'], target: 'key', message: `An order holds at most ${LIMITS.lineItems} line items; this one has ${items.length}.` });
  const at: PathSegment[] = ['subscriptions', 0];
  for (let i = 0; i < subs.length; i++) {
    const s = subs[i];
    if (!isObj(s)) continue;
    at[1] = i; // reused: every finding copies the path it reports
    checkSubscription(s, at, out);
  }

  if (kind === 'preview' && Array.isArray(value.metrics) && !value.metrics.includes('delta_metrics')) {
    out.push({ code: 'missing-metrics', path: ['metrics'], target: 'value', message: '"metrics" must contain "delta_metrics".', fix: { kind: 'addMetrics' } });
  }
  return out;
}

function checkSubscription(s: Obj, path: PathSegment[], out: RawFinding[]): void {
  // Hot path (a 1 MB order holds ~1,000 of these): no allocation unless there is something to report.
  let changes = 0, firstChange = '';
  for (const f of CHANGE_FIELDS) if (s[f] !== undefined) { if (!changes) firstChange = f; changes++; }
  if (has(s, 'subscription_number')) {
    for (const f of NEW_SUBSCRIPTION_FIELDS) {
      if (has(s, f)) out.push({ code: 'change-with-new-fields', path: [...path, f], target: 'key',
        message: `"${f}" belongs to a new subscription; a change to ${String(s.subscription_number)} takes only change containers (${CHANGE_FIELDS.join(', ')}).`,
        fix: { kind: 'removeProperty', property: f } });
    }
    if (changes === 0) out.push({ ...missing(path, 'add_subscription_plans', `A change to subscription ${String(s.subscription_number)} needs at least one of ${CHANGE_FIELDS.join(', ')}.`), code: 'empty-change' });
  } else if (changes > 0) {
    out.push(missing(path, 'subscription_number', `"${firstChange}" changes an existing subscription: add "subscription_number".`));
  } else {
    for (const f of NEW_SUBSCRIPTION_FIELDS) if (!has(s, f)) out.push(missing(path, f, `"${f}" is required for a new subscription.`));
    if (Array.isArray(s.subscription_plans) && s.subscription_plans.length === 0) {
      out.push({ code: 'missing-field', path: [...path, 'subscription_plans'], target: 'value', message: 'A new subscription needs at least one plan in "subscription_plans".' });
    }
  }
  if (isObj(s.initial_term)) checkTerm(s.initial_term, path, 'initial_term', out);
  if (isObj(s.renewal_term)) checkTerm(s.renewal_term, path, 'renewal_term', out);
  if (Array.isArray(s.subscription_plans)) {
    s.subscription_plans.forEach((p, i) => checkPrices(p, () => [...path, 'subscription_plans', i], out));
  }
  if (Array.isArray(s.add_subscription_plans)) {
    s.add_subscription_plans.forEach((a, i) => checkPrices(isObj(a) ? a.subscription_plan : undefined, () => [...path, 'add_subscription_plans', i, 'subscription_plan'], out));
  }
}

function checkPrices(plan: unknown, at: () => PathSegment[], out: RawFinding[]): void {
  if (!isObj(plan) || !Array.isArray(plan.prices)) return;
  plan.prices.forEach((price, j) => {
    if (isObj(price) && typeof price.start_date === 'string' && typeof price.end_date === 'string' && price.end_date < price.start_date) {
      out.push({ code: 'date-order', path: [...at(), 'prices', j, 'end_date'], target: 'value', message: `"end_date" ${price.end_date} is before "start_date" ${price.start_date}.` });
    }
  });
}

function checkTerm(t: Obj, parent: PathSegment[], name: string, out: RawFinding[]): void {
  if (t.type === 'termed') {
    for (const f of ['interval', 'interval_count']) if (!has(t, f)) out.push(missing([...parent, name], f, `A termed ${name} needs "${f}".`));
  } else if (t.type === 'evergreen') {
    for (const f of ['interval', 'interval_count']) {
      if (has(t, f)) out.push({ code: 'evergreen-with-interval', path: [...parent, name, f], target: 'key', message: `An evergreen term takes only "type": remove "${f}".`, fix: { kind: 'dropTermFields' } });
    }
  }
}

function checkAccount(a: Obj, path: PathSegment[], out: RawFinding[], now: Date): void {
  const pm = a.payment_method;
  if (!isObj(pm) || !isObj(pm.card)) return;
  const card = pm.card, at = [...path, 'payment_method', 'card'];
  if (typeof card.card_number === 'string') {
    out.push({ code: 'card-data-in-file', severity: 'warning', path: [...at, 'card_number'], target: 'value',
      message: 'Card data does not belong in a file: use a test card number, and never commit a real one.' });
    if (!passesLuhn(card.card_number)) out.push({ code: 'card-luhn', severity: 'warning', path: [...at, 'card_number'], target: 'value', message: 'This card number fails the Luhn check; the service will reject it.' });
  }
  const m = card.expiry_month, y = card.expiry_year;
  if (typeof m === 'number' && typeof y === 'number' && m >= 1 && m <= 12) {
    const nowY = now.getUTCFullYear(), nowM = now.getUTCMonth() + 1;
    if (y < nowY || (y === nowY && m < nowM)) {
      out.push({ code: 'card-expired', severity: 'warning', path: [...at, 'expiry_year'], target: 'value', message: `The card expired in ${String(m).padStart(2, '0')}/${y}.` });
    }
  }
}
