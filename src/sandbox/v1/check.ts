// The basic checks of a v1 order body, before anything is looked up: required fields (category 22) and
// values of the wrong type or outside an enum (20), with the required sets of the reference's request schemas.
// Anything else is left to the real service: a field the sandbox does not know is ignored, never refused.
import { isRealDate } from '../../schemas/dates';
import {
  ACTION_TYPES,
  BLOCK_OF,
  LINE_ITEM_TYPES,
  PREVIEW_THRU_TYPES,
  PREVIEW_TYPES,
  type V1Action,
  type V1OrderBody,
  type V1RatePlan,
  type V1Term,
  type V1Terms,
} from './body';
import { CATEGORY, invalid, missing, v1Error, type V1Resource } from './errors';
import { isObj } from '../../schemas/objects';
import { outOfBounds, V1_FIELDS } from '../engine/bounds';

export type V1Kind = 'preview' | 'create';

function object(v: unknown, resource: V1Resource, field: string): void {
  if (v !== undefined && !isObj(v)) throw invalid(resource, field, 'expected an object.');
}
function array(v: unknown, resource: V1Resource, field: string): void {
  if (v !== undefined && !Array.isArray(v)) throw invalid(resource, field, 'expected an array.');
}
function text(v: unknown, resource: V1Resource, field: string): void {
  if (v !== undefined && typeof v !== 'string') throw invalid(resource, field, 'expected a string.');
}
function number(v: unknown, resource: V1Resource, field: string): void {
  if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v)))
    throw invalid(resource, field, 'expected a number.');
}
/** A boolean, or "true"/"false" in quotes, which the service's JSON reader converts (translate.ts does too). */
function bool(v: unknown, resource: V1Resource, field: string): void {
  if (v !== undefined && typeof v !== 'boolean' && v !== 'true' && v !== 'false')
    throw invalid(resource, field, 'expected true or false.');
}
function date(v: unknown, resource: V1Resource, field: string): void {
  text(v, resource, field);
  if (typeof v === 'string' && !isRealDate(v)) throw invalid(resource, field, `"${v}" is not a date (yyyy-mm-dd).`);
}
function oneOf(v: unknown, values: readonly string[], resource: V1Resource, field: string): void {
  if (v !== undefined && !values.includes(v as string)) {
    throw invalid(resource, field, `${JSON.stringify(v)} is not one of ${values.join(', ')}.`);
  }
}

/** The numeric fields the sandbox reads, wherever they sit in a v1 order body. */
const NUMERIC_FIELDS = new Set([
  'listPrice',
  'quantity',
  'period',
  'amountPerUnit',
  'billCycleDay',
  'previewNumberOfPeriods',
]);

/**
 * The service's JSON reader takes a number written in quotes ("12") for a numeric field; so does the sandbox,
 * converting it in place before the checks (the editor warns about the quotes, it never refuses them).
 */
function readQuotedNumbers(v: unknown, depth = 0): void {
  if (depth > 64 || typeof v !== 'object' || v === null) return;
  if (Array.isArray(v)) return v.forEach(x => readQuotedNumbers(x, depth + 1));
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const x = o[k];
    if (typeof x === 'string' && NUMERIC_FIELDS.has(k) && x.trim() !== '' && Number.isFinite(Number(x)))
      o[k] = Number(x);
    else readQuotedNumbers(x, depth + 1);
  }
}

/**
 * Throws the first problem, as the service answers one reason for a body it cannot read; past the types, the dates
 * and amounts the sandbox takes (engine/bounds.ts), today's window.
 */
export function checkOrderBody(raw: unknown, kind: V1Kind, today: string): void {
  checkTypes(raw, kind);
  const out = outOfBounds(raw, V1_FIELDS, today);
  if (out) throw invalid(resourceAt(out.path), out.path, out.message);
}

/** The v1 object a path is in, for the error code. */
const resourceAt = (path: string): V1Resource =>
  /chargeOverrides|chargeUpdates/.test(path)
    ? 'ratePlanCharge'
    : path.startsWith('subscriptions')
      ? 'subscription'
      : 'order';

function checkTypes(raw: unknown, kind: V1Kind): void {
  if (!isObj(raw)) throw v1Error('order', CATEGORY.invalidValue, 'The body must be a JSON object.');
  readQuotedNumbers(raw);
  const body = raw as V1OrderBody;
  if (body.orderDate === undefined) throw missing('order', 'orderDate');
  date(body.orderDate, 'order', 'orderDate');
  checkAccount(body, kind);
  if (kind === 'preview') checkPreviewOptions(body);
  array(body.subscriptions, 'order', 'subscriptions');
  (body.subscriptions ?? []).forEach((s, i) => {
    const at = `subscriptions[${i}]`;
    object(s, 'subscription', at);
    text(s.subscriptionNumber, 'subscription', `${at}.subscriptionNumber`);
    array(s.orderActions, 'subscription', `${at}.orderActions`);
    (s.orderActions ?? []).forEach((a, j) => checkAction(a, `${at}.orderActions[${j}]`));
  });
  array(body.orderLineItems, 'order', 'orderLineItems');
  (body.orderLineItems ?? []).forEach((li, i) => {
    const at = `orderLineItems[${i}]`;
    object(li, 'order', at);
    oneOf(li.itemType, LINE_ITEM_TYPES, 'order', `${at}.itemType`);
    number(li.amountPerUnit, 'order', `${at}.amountPerUnit`);
    number(li.quantity, 'order', `${at}.quantity`);
    date(li.transactionStartDate, 'order', `${at}.transactionStartDate`);
  });
}

function checkAccount(body: V1OrderBody, kind: V1Kind): void {
  text(body.existingAccountNumber, 'account', 'existingAccountNumber');
  text(body.existingAccountId, 'account', 'existingAccountId');
  object(body.newAccount, 'account', 'newAccount');
  object(body.previewAccountInfo, 'account', 'previewAccountInfo');
  const existing = body.existingAccountNumber !== undefined || body.existingAccountId !== undefined;
  if (existing) return;
  if (kind === 'preview' && body.previewAccountInfo) {
    for (const f of ['currency', 'billCycleDay'] as const) {
      if (body.previewAccountInfo[f] === undefined) throw missing('account', `previewAccountInfo.${f}`);
    }
    return;
  }
  const a = body.newAccount;
  if (!a) {
    const alternatives =
      kind === 'preview' ? 'existingAccountNumber or previewAccountInfo' : 'existingAccountNumber or newAccount';
    throw missing('account', alternatives, ' (the order needs an account)');
  }
  for (const f of ['name', 'currency', 'billCycleDay', 'billToContact'] as const) {
    if (a[f] === undefined) throw missing('account', `newAccount.${f}`);
  }
  object(a.billToContact, 'account', 'newAccount.billToContact');
  for (const f of ['firstName', 'lastName'] as const) {
    if (a.billToContact![f] === undefined) throw missing('account', `newAccount.billToContact.${f}`);
  }
}

function checkPreviewOptions(body: V1OrderBody): void {
  const o = body.previewOptions;
  if (o === undefined) throw missing('order', 'previewOptions');
  object(o, 'order', 'previewOptions');
  array(o.previewTypes, 'order', 'previewOptions.previewTypes');
  (o.previewTypes ?? []).forEach((t, i) => oneOf(t, PREVIEW_TYPES, 'order', `previewOptions.previewTypes[${i}]`));
  oneOf(o.previewThruType, PREVIEW_THRU_TYPES, 'order', 'previewOptions.previewThruType');
  date(o.specificPreviewThruDate, 'order', 'previewOptions.specificPreviewThruDate');
  if (o.previewThruType === 'SpecificDate' && o.specificPreviewThruDate === undefined) {
    throw missing('order', 'previewOptions.specificPreviewThruDate', ' when previewThruType is SpecificDate');
  }
  const n = o.previewNumberOfPeriods;
  if (n !== undefined && (!Number.isInteger(n) || n < 1)) {
    throw invalid('order', 'previewOptions.previewNumberOfPeriods', 'expected a whole number, 1 or more.');
  }
}

const CANCELLATION_POLICIES = ['EndOfCurrentTerm', 'EndOfLastInvoicePeriod', 'SpecificDate'];
/**
 * Far longer than any real term (100 000 years at most), far short of where the sandbox's date arithmetic gives
 * up: a longer term would be kept with an end date of NaN.
 */
const MAX_TERM_PERIODS = 100_000;

/** The block each type must carry; RenewSubscription's has no required field, so it may be left out. */
const BLOCK_OPTIONAL = new Set(['RenewSubscription']);
/** A field the reference requires inside a block. */
const REQUIRED_IN_BLOCK: Partial<Record<keyof V1Action, string>> = {
  cancelSubscription: 'cancellationPolicy',
  suspend: 'suspendPolicy',
  resume: 'resumePolicy',
};

function checkAction(a: V1Action, at: string): void {
  object(a, 'subscription', at);
  if (a.type === undefined) throw missing('subscription', `${at}.type`);
  oneOf(a.type, ACTION_TYPES, 'subscription', `${at}.type`);
  array(a.triggerDates, 'subscription', `${at}.triggerDates`);
  (a.triggerDates ?? []).forEach((t, k) => {
    object(t, 'subscription', `${at}.triggerDates[${k}]`);
    date(t.triggerDate, 'subscription', `${at}.triggerDates[${k}].triggerDate`);
  });
  const block = BLOCK_OF[a.type];
  if (a[block] === undefined) {
    if (BLOCK_OPTIONAL.has(a.type)) return;
    throw missing('subscription', `${at}.${block}`, ` for an action of type ${a.type}`);
  }
  object(a[block], 'subscription', `${at}.${block}`);
  const required = REQUIRED_IN_BLOCK[block];
  if (required && (a[block] as Record<string, unknown>)[required] === undefined) {
    throw missing('subscription', `${at}.${block}.${required}`);
  }
  if (a.cancelSubscription) {
    const c = a.cancelSubscription;
    oneOf(c.cancellationPolicy, CANCELLATION_POLICIES, 'subscription', `${at}.cancelSubscription.cancellationPolicy`);
    date(c.cancellationEffectiveDate, 'subscription', `${at}.cancelSubscription.cancellationEffectiveDate`);
  }
  if (a.updateProduct) {
    const u = a.updateProduct;
    array(u.chargeUpdates, 'ratePlanCharge', `${at}.updateProduct.chargeUpdates`);
    (u.chargeUpdates ?? []).forEach((c, k) => object(c, 'ratePlanCharge', `${at}.updateProduct.chargeUpdates[${k}]`));
  }
  if (a.createSubscription) {
    const c = a.createSubscription;
    array(c.subscribeToRatePlans, 'ratePlan', `${at}.createSubscription.subscribeToRatePlans`);
    (c.subscribeToRatePlans ?? []).forEach((p, k) =>
      checkRatePlan(p, `${at}.createSubscription.subscribeToRatePlans[${k}]`),
    );
    if (c.terms !== undefined) {
      object(c.terms, 'subscription', `${at}.createSubscription.terms`);
      if (c.terms.initialTerm === undefined)
        throw missing('subscription', `${at}.createSubscription.terms.initialTerm`);
      checkTerm(c.terms.initialTerm, `${at}.createSubscription.terms.initialTerm`, true);
      checkRenewal(c.terms, `${at}.createSubscription.terms`);
    }
  }
  if (a.addProduct) checkRatePlan(a.addProduct, `${at}.addProduct`);
  if (a.termsAndConditions) {
    if (a.termsAndConditions.lastTerm)
      checkTerm(a.termsAndConditions.lastTerm, `${at}.termsAndConditions.lastTerm`, false);
    checkRenewal(a.termsAndConditions, `${at}.termsAndConditions`);
  }
}

/** What the subscription keeps for its renewals: a value of the wrong kind would be stored and break it later. */
function checkRenewal(t: V1Terms, at: string): void {
  bool(t.autoRenew, 'subscription', `${at}.autoRenew`);
  array(t.renewalTerms, 'subscription', `${at}.renewalTerms`);
  (t.renewalTerms ?? []).forEach((r, k) => checkTerm(r, `${at}.renewalTerms[${k}]`, false));
}

function checkRatePlan(p: V1RatePlan, at: string): void {
  object(p, 'ratePlan', at);
  if (p.productRatePlanId === undefined && p.productRatePlanNumber === undefined) {
    throw missing('ratePlan', `${at}.productRatePlanId`);
  }
  array(p.chargeOverrides, 'ratePlanCharge', `${at}.chargeOverrides`);
  (p.chargeOverrides ?? []).forEach((c, k) => {
    object(c, 'ratePlanCharge', `${at}.chargeOverrides[${k}]`);
    if (c.productRatePlanChargeId === undefined) {
      throw missing('ratePlanCharge', `${at}.chargeOverrides[${k}].productRatePlanChargeId`);
    }
  });
}

function checkTerm(t: V1Term, at: string, typeRequired: boolean): void {
  object(t, 'subscription', at);
  if (typeRequired && t.termType === undefined) throw missing('subscription', `${at}.termType`);
  oneOf(t.termType, ['TERMED', 'EVERGREEN'], 'subscription', `${at}.termType`);
  oneOf(t.periodType, ['Month', 'Year', 'Day', 'Week'], 'subscription', `${at}.periodType`);
  if (t.period !== undefined && (!Number.isInteger(t.period) || t.period < 1 || t.period > MAX_TERM_PERIODS)) {
    throw invalid('subscription', `${at}.period`, `expected a whole number from 1 to ${MAX_TERM_PERIODS}.`);
  }
  date(t.startDate, 'subscription', `${at}.startDate`);
}
