// Rules the service's v2 reference states only in a field's description, never in its schema
// (docs/FINDINGS.md, "Rules the reference states in words"). An error only where the words say the service
// refuses ("must", "only one of", "ensure ... does not"); a warning where they describe a field without
// saying what the service does otherwise. Like rules.ts they read the parsed value whatever its shape, so
// every access is defensive, and they build a path only when there is something to report there.
import { isRealDate } from './dates';
import { formatPath, type FindingCode, type FixHint, type PathSegment } from './findings';
import type { Target } from './locate';
import { isObj, type Obj } from './objects';
import { PAYMENT_METHOD_TYPES } from './paymentMethod';
import type { RawFinding } from './rawFinding';
import type { PayloadKind } from './shapes';

type Out = RawFinding[];
const PLAN_CONTAINERS = ['add_subscription_plans', 'replace_subscription_plans'] as const; // made once
type At = () => PathSegment[];

const error = (code: FindingCode, path: PathSegment[], target: Target, message: string, fix?: FixHint): RawFinding =>
  fix ? { code, path, target, message, fix } : { code, path, target, message };
const warning = (code: FindingCode, path: PathSegment[], target: Target, message: string, fix?: FixHint) => ({
  ...error(code, path, target, message, fix),
  severity: 'warning' as const,
});

export function checkDescribedRules(value: Obj, kind: PayloadKind, out: Out): void {
  if (kind === 'account') return checkAccountWords(value, [], out);
  checkOrderNumber(value, out);
  if (isObj(value.account_data)) checkAccountWords(value.account_data, ['account_data'], out);
  if (Array.isArray(value.subscriptions)) {
    value.subscriptions.forEach((s, i) => isObj(s) && checkSubscriptionWords(s, ['subscriptions', i], out));
  }
  if (Array.isArray(value.line_items)) checkLineItems(value, value.line_items, kind, out);
}

/** order_number: "Ensure that the order number does not contain a slash." */
function checkOrderNumber(o: Obj, out: Out): void {
  const n = o.order_number;
  if (typeof n !== 'string' || !n.includes('/')) return;
  const message =
    `order_number ${JSON.stringify(n)} contains a slash, which the service's reference says an order number ` +
    'must not contain: remove the "/", or leave order_number out to get a generated number.';
  out.push(error('invalid-format', ['order_number'], 'value', message));
}

function checkAccountWords(a: Obj, path: PathSegment[], out: Out): void {
  if (isObj(a.tax_identifier)) checkVatId(a.tax_identifier.id, [...path, 'tax_identifier', 'id'], out);
  if (isObj(a.tax_certificate)) {
    checkVatId(a.tax_certificate.tax_identifier, [...path, 'tax_certificate', 'tax_identifier'], out);
  }
  if (isObj(a.payment_method)) checkPaymentMethod(a.payment_method, [...path, 'payment_method'], out);
}

/** "Each VAT ID must begin with the code of the country code and followed by a block of digits or characters." */
function checkVatId(v: unknown, path: PathSegment[], out: Out): void {
  if (typeof v !== 'string' || v === '' || /^[A-Za-z]{2}./.test(v)) return;
  const message =
    `${formatPath(path)} ${JSON.stringify(v)} should begin with its two-letter country code, ` +
    'followed by the number (DE123456789); a tax engine may refuse it as written.';
  // A warning: the words state a form, and whether the service itself refuses another is not said.
  out.push(warning('invalid-format', path, 'value', message));
}

/** Details blocks of a payment method, each named like the `type` it goes with. */
const BLOCKS = [
  'card',
  'cc_ref',
  'apple_pay',
  'google_pay',
  'paypal_express_native',
  'paypal_express',
  'paypal_adaptive',
  'sepa_debit',
  'ach_debit',
  'betalings_debit',
  'autogiro_debit',
  'bacs_debit',
  'au_becs_debit',
  'nz_becs_debit',
  'pad_debit',
] as const;
/** Types whose block has another name (the Adyen wallets); no type is named google_pay. */
const WALLET_BLOCK: Readonly<Record<string, string>> = { adyen_apple_pay: 'apple_pay', adyen_google_pay: 'google_pay' };
const KNOWN_TYPES = new Set<string>(PAYMENT_METHOD_TYPES);
const OWN_BLOCK = new Set<string>(BLOCKS);

function checkPaymentMethod(pm: Obj, path: PathSegment[], out: Out): void {
  checkPaymentBlocks(pm, path, out);
  const at = (...more: PathSegment[]) => [...path, ...more];
  if (isObj(pm.card) && typeof pm.card.card_number === 'string' && /[\s-]/.test(pm.card.card_number)) {
    // "The card number, as a string without any separators." (Never echoed: it may be a real one.)
    const where = at('card', 'card_number');
    const message = `${formatPath(where)} has spaces or dashes: the service takes a card number without separators.`;
    out.push(warning('invalid-format', where, 'value', message));
  }
  const bin = pm.bank_identification_number;
  if (typeof bin === 'string' && !/^\d{6}(\d{2})?$/.test(bin)) {
    // "The first six or eight digits of the payment method's number."
    const where = at('bank_identification_number');
    const message =
      `${formatPath(where)} ${JSON.stringify(bin)} is not six or eight digits: ` +
      'it is the first six or eight digits of the card or account number.';
    out.push(warning('invalid-format', where, 'value', message));
  }
  const aba = isObj(pm.ach_debit) ? pm.ach_debit.bank_aba_code : undefined;
  if (typeof aba === 'string' && !/^\d{9}$/.test(aba)) {
    // "The nine-digit routing number or ABA number used by banks."
    const where = at('ach_debit', 'bank_aba_code');
    const message = `${formatPath(where)} ${JSON.stringify(aba)} is not nine digits: an ABA routing number has nine.`;
    out.push(warning('invalid-format', where, 'value', message));
  }
  if (isObj(pm.apple_pay) && pm.apple_pay.payment_id !== undefined) {
    // "Only available in the response of the Create Payment Method API request."
    const where = at('apple_pay', 'payment_id');
    const message = `${formatPath(where)} is only ever set by the service, in its answer: remove it from the request.`;
    out.push(warning('ignored-field', where, 'key', message, { kind: 'removeProperty', property: 'payment_id' }));
  }
}

/** `type`: "An additional hash is included on the payment method with a name matching this value." */
function checkPaymentBlocks(pm: Obj, path: PathSegment[], out: Out): void {
  const type = pm.type;
  const present = BLOCKS.filter(b => pm[b] !== undefined);
  const typeName = formatPath([...path, 'type']);
  if (type === undefined) {
    const block = present[0];
    if (!block) return;
    const typeOf = block === 'google_pay' ? 'adyen_google_pay' : block;
    const message =
      `${typeName} is missing, but ${formatPath(path)} has "${block}" details: ` +
      `set it to "${typeOf}", the type they belong to.`;
    const fix: FixHint = { kind: 'addProperty', property: 'type', placeholder: typeOf };
    out.push(warning('required-when', [...path, 'type'], 'parentKey', message, fix));
    return;
  }
  if (typeof type !== 'string' || !KNOWN_TYPES.has(type)) return; // the schema reports the value
  const own = WALLET_BLOCK[type] ?? (OWN_BLOCK.has(type) ? type : undefined);
  for (const block of present) {
    if (block === own) continue;
    const todo = own && pm[own] === undefined ? `Move them to "${own}"` : 'Remove them';
    const message =
      `${formatPath([...path, block])} holds "${block}" details, but ${typeName} is "${type}": the service ` +
      `reads the details from the block named like the type. ${todo}, or change the type.`;
    out.push(warning('payment-type-mismatch', [...path, block], 'key', message));
  }
  if (own && OWN_BLOCK.has(type) && present.length === 0) {
    const message = `${formatPath([...path, type])} is missing, but ${typeName} is "${type}": add the ${type} details.`;
    const fix: FixHint = { kind: 'addProperty', property: type, placeholder: {} };
    out.push(warning('required-when', [...path, type], 'parentKey', message, fix));
  }
}

function checkSubscriptionWords(s: Obj, path: PathSegment[], out: Out): void {
  if (isObj(s.account_data)) checkAccountWords(s.account_data, [...path, 'account_data'], out);
  eachPlanPrices(s.subscription_plans, i => [...path, 'subscription_plans', i], out);
  for (const container of PLAN_CONTAINERS) {
    const list = s[container];
    if (!Array.isArray(list)) continue;
    list.forEach((c, i) => {
      if (!isObj(c)) return;
      const at = () => [...path, container, i];
      if (container === 'replace_subscription_plans') checkReplace(c, at, out);
      eachPlanPrices([c.subscription_plan], () => [...at(), 'subscription_plan'], out);
    });
  }
  if (Array.isArray(s.update_subscription_plans)) {
    s.update_subscription_plans.forEach((u, i) => {
      const plan = isObj(u) ? u.subscription_plan : undefined;
      if (!isObj(plan) || !Array.isArray(plan.subscription_items)) return;
      const at = () => [...path, 'update_subscription_plans', i, 'subscription_plan', 'subscription_items'];
      plan.subscription_items.forEach((item, j) => checkItem(item, () => [...at(), j], out));
    });
  }
  checkChangeDates(s, path, out);
}

function eachPlanPrices(plans: unknown, at: (i: number) => PathSegment[], out: Out): void {
  if (!Array.isArray(plans)) return;
  for (let i = 0; i < plans.length; i++) {
    const plan: unknown = plans[i];
    if (!isObj(plan) || !Array.isArray(plan.prices)) continue;
    for (let j = 0; j < plan.prices.length; j++) {
      // The place is made only for a price with something to check (hot path: most have none).
      if (itemHasRules(plan.prices[j])) checkItem(plan.prices[j], () => [...at(i), 'prices', j], out);
    }
  }
}

/** Whether checkItem has anything to look at in `p`. */
const itemHasRules = (p: unknown): boolean =>
  isObj(p) && (p.recurring !== undefined || p.tiers !== undefined || p.drawdown !== undefined);

/** A price entry, or an update of a subscription item. */
function checkItem(p: unknown, at: At, out: Out): void {
  if (!isObj(p)) return;
  if (isObj(p.recurring)) checkRecurring(p.recurring, at, out);
  if (Array.isArray(p.tiers)) checkTiers(p.tiers, at, out);
  const rate = isObj(p.drawdown) ? p.drawdown.conversion_rate : undefined;
  if (typeof rate === 'number' && !(rate > 0)) {
    // "Must be a positive number (>0)."
    const path = [...at(), 'drawdown', 'conversion_rate'];
    const message =
      `${formatPath(path)} must be a positive number, not ${rate}: ` +
      'it is how many usage units make one drawdown unit (1 when they are the same unit).';
    out.push(error('out-of-range', path, 'value', message));
  }
}

function checkRecurring(r: Obj, at: At, out: Out): void {
  // timing: "The field is not used with one-time or usage-based prices."
  if (r.usage === true && r.timing !== undefined) {
    const path = [...at(), 'recurring', 'timing'];
    const message =
      `${formatPath(path)} has no effect: ${formatPath(path.slice(0, -1))}.usage is true, and the service ` +
      'uses timing only for recurring prices, not usage ones. Remove it.';
    out.push(warning('ignored-field', path, 'key', message, { kind: 'removeProperty', property: 'timing' }));
  }
  // rating_group: "Only applicable to usage prices."
  if (r.usage === false && r.rating_group !== undefined) {
    const path = [...at(), 'recurring', 'rating_group'];
    const message =
      `${formatPath(path)} applies only to usage prices, but ${formatPath(path.slice(0, -1))}.usage is false. ` +
      'Remove it, or set usage to true.';
    out.push(warning('ignored-field', path, 'key', message, { kind: 'removeProperty', property: 'rating_group' }));
  }
}

/** up_to: "The lower bound of a tier is the upper bound of the previous tier plus one." */
function checkTiers(tiers: unknown[], at: At, out: Out): void {
  let previous: number | undefined;
  tiers.forEach((t, i) => {
    const upTo = isObj(t) ? t.up_to : undefined;
    if (typeof upTo !== 'number') {
      previous = undefined;
      return;
    }
    if (previous !== undefined && upTo <= previous) {
      const path = [...at(), 'tiers', i, 'up_to'];
      const message =
        `${formatPath(path)} ${upTo} is not above the previous tier's up_to ${previous}: a tier starts one above ` +
        "the previous tier's upper bound, so this one holds no units. List the tiers in rising order of up_to.";
      out.push(warning('tier-order', path, 'value', message));
    }
    previous = upTo;
  });
}

function checkReplace(r: Obj, at: At, out: Out): void {
  const name = (field: string) => formatPath([...at(), field]);
  if (r.subscription_plan_id !== undefined && r.previous_plan_id !== undefined) {
    // "Only provide one of `previous_plan_id` or `subscription_plan_id` in your request, not both."
    const message =
      `${name('subscription_plan_id')} and ${name('previous_plan_id')} are both set: give only one of them, ` +
      'the subscription plan to replace or the plan it was made from.';
    const fix: FixHint = { kind: 'removeProperty', property: 'previous_plan_id' };
    out.push(error('exclusive-fields', [...at(), 'previous_plan_id'], 'key', message, fix));
  }
  if (r.replace_at === 'specific_date' && r.start_on === undefined) {
    // "When setting this field to `specific_date`, you must also specify a date for the `contract_effective`
    // date in the `start_on` field." (A start_on without contract_effective is the schema's finding.)
    const message =
      `${name('start_on')}.contract_effective is required when ${name('replace_at')} is "specific_date": ` +
      'add "start_on" with the date of the replacement.';
    const fix: FixHint = {
      kind: 'addProperty',
      property: 'start_on',
      placeholder: { contract_effective: '2026-01-01' },
    };
    out.push(error('required-when', [...at(), 'start_on'], 'parentKey', message, fix));
  }
  if (r.replace_at === 'end_of_billing_period' && r.start_on !== undefined) {
    // "When setting this field to `end_of_billing_period`, you cannot set the billing start dates [...] as the
    // system will automatically set the start dates to the end of billing period." It names no field: a
    // warning on the action's own dates.
    const message =
      `${name('start_on')} is set, but ${name('replace_at')} is "end_of_billing_period": the service then sets ` +
      'the start dates itself and says they cannot be set. Remove start_on, or replace at "specific_date".';
    const fix: FixHint = { kind: 'removeProperty', property: 'start_on' };
    out.push(warning('exclusive-fields', [...at(), 'start_on'], 'key', message, fix));
  }
}

/** cancel_date, pause_date, resume_date: "Date on which ...", typed only as strings. */
function checkChangeDates(s: Obj, path: PathSegment[], out: Out): void {
  const pause = s.pause;
  if (isObj(s.cancel)) {
    checkDateText(s.cancel, 'cancel_date', () => [...path, 'cancel'], out);
    // cancel_at: "Can be either the end of the subscription term or the end of the billing period."
    whenTwice(s.cancel, [...path, 'cancel'], ['cancel_at', 'cancel_date'], 'the cancellation takes effect', out);
  }
  if (isObj(s.resume)) {
    checkDateText(s.resume, 'resume_date', () => [...path, 'resume'], out);
    // resume_at: "You can use this field to resume a paused subscription from the pause date."
    whenTwice(s.resume, [...path, 'resume'], ['resume_at', 'resume_date'], 'the subscription resumes', out);
  }
  if (!isObj(pause)) return;
  checkDateText(pause, 'pause_date', () => [...path, 'pause'], out);
  if (isObj(pause.resume_behavior)) {
    const at = [...path, 'pause', 'resume_behavior'];
    checkDateText(pause.resume_behavior, 'resume_date', () => at, out);
    whenTwice(pause.resume_behavior, at, ['resume_at', 'resume_date'], 'the subscription resumes', out);
  }
  // pause_at: "Can be either the end of the current billing period or a specific date."
  whenTwice(pause, [...path, 'pause'], ['pause_at', 'pause_date'], 'the pause starts', out);
}

/** A change says when twice: by a named moment (`*_at`) and by a date (`*_date`). The service takes one. */
function whenTwice(o: Obj, at: PathSegment[], [named, dated]: [string, string], what: string, out: Out): void {
  if (o[named] === undefined || o[dated] === undefined) return;
  const message =
    `${formatPath([...at, named])} and ${formatPath([...at, dated])} are both set: ${what} either at a named ` +
    `moment (${named}) or on a specific date (${dated}). Keep one.`;
  out.push(warning('exclusive-fields', [...at, dated], 'key', message));
}

function checkDateText(o: Obj, field: string, at: At, out: Out): void {
  const v = o[field];
  if (typeof v !== 'string' || isRealDate(v)) return;
  const path = [...at(), field];
  const message =
    `${formatPath(path)} ${JSON.stringify(v)} is not a real date written YYYY-MM-DD: ` +
    'the service describes it as a date, and writes its dates that way.';
  out.push(warning('invalid-date', path, 'value', message));
}

const BILLING_METHODS = new Set(['create_invoice', 'collect_payment', 'run_billing']);

function checkLineItems(order: Obj, items: unknown[], kind: PayloadKind, out: Out): void {
  const orderDate = typeof order.order_date === 'string' && isRealDate(order.order_date) ? order.order_date : '';
  const po = order.processing_options; // a preview has none (the schema says so)
  const method = kind === 'order' && isObj(po) && typeof po.collection_method === 'string' ? po.collection_method : '';
  items.forEach((item, i) => {
    if (!isObj(item)) return;
    const end = item.end_date;
    // start_date: "The default value of this field is the order date." end_date: "should always equal or be
    // later than the value of the `start_date` field." (rules.ts compares the two when both are given.)
    if (orderDate && item.start_date === undefined && typeof end === 'string' && isRealDate(end) && end < orderDate) {
      const path = ['line_items', i, 'end_date'];
      const message =
        `${formatPath(path)} ${end} is before order_date ${orderDate}, which is the line item's start date ` +
        'when "start_date" is left out: set start_date, or an end date on or after it.';
      out.push(warning('date-order', path, 'value', message));
    }
    // state: "If you want to generate billing documents for order line items, you must set this field to
    // `sent_to_billing`." The order's processing options say it wants them; a state set on purpose is left alone.
    if (BILLING_METHODS.has(method) && item.state === undefined) {
      const path = ['line_items', i, 'state'];
      const message =
        `${formatPath(path)} is not set, but processing_options.collection_method is "${method}": the service ` +
        'bills a line item only in state "sent_to_billing". Set it to bill this item with the order.';
      const fix: FixHint = { kind: 'addProperty', property: 'state', placeholder: 'sent_to_billing' };
      out.push(warning('required-when', path, 'parentKey', message, fix));
    }
  });
}
