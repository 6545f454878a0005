// v1 bodies: the fields the service looks up, an empty one an error (the service answers 400) and a template's
// placeholder left in any text field a warning (schemas/idValues has the words). The v1 reference says
// nothing of which fields are looked up, so they are named here: catalog and object ids that only ever
// name what exists, and the few names that are looked up in some bodies and new in others (`accountNumber`
// of a payment names an account, of POST /v1/accounts is the new account's; a Bacs payment method's is a
// bank account number), only where they are looked up.
import type { PathSegment } from '../schemas/findings';
import { checkIdValue, isPlaceholder, placeholderFinding } from '../schemas/idValues';
import { isObj, type Obj } from '../schemas/objects';
import type { RawFinding } from '../schemas/rules';

/** Names that, wherever they sit in a v1 body, name an existing object. */
const LOOKED_UP = new Set([
  'productRatePlanId',
  'productRatePlanNumber',
  'productRatePlanChargeId',
  'productRatePlanChargeNumber',
  'newProductRatePlanId',
  'newProductRatePlanNumber',
  'existingAccountNumber',
  'existingAccountId',
  'subscriptionOwnerAccountNumber',
  'invoiceOwnerAccountNumber',
  'invoiceOwnerAccountKey',
  'destinationAccountNumber',
  'destinationInvoiceAccountNumber',
  'destinationAccountKey',
  'accountId',
  'ratePlanId',
  'invoiceId',
  'debitMemoId',
  'creditMemoId',
  'paymentMethodId',
]);

/** `accountKey` of an existing account, except in the sign-up bodies that create the account. */
const ACCOUNT_KEY = 'accountKey';
/** Operations whose top-level `accountNumber` names the account the body acts on. */
const ACCOUNT_NUMBER_AT_TOP = new Set([
  'POST /v1/payments',
  'POST /v1/contacts',
  'POST /v1/credit-memos',
  'POST /v1/debit-memos',
  'POST /v1/invoices',
  'POST /v1/operations/billing-preview',
  'POST /v1/payment-schedules',
  'POST /v1/adjustments',
  'POST /v1/adjustments/preview',
]);
const ORDERS = new Set(['POST /v1/orders', 'POST /v1/orders/preview']);

/** The body's looked-up fields that are empty (errors) or still a placeholder (warnings); `at`: the body's path. */
export function idValueFindings(operationId: string, body: unknown, at: PathSegment[]): RawFinding[] {
  const out: RawFinding[] = [];
  if (!isObj(body)) return out;
  const signUp = operationId.includes('sign-up');
  const order = ORDERS.has(operationId);
  const from = at.length;
  // One pass over every member of every object (a body may hold 100,000 fields); iterative, as a body nests
  // as deep as the checker lets it, farther than the stack would.
  const stack: [Obj, PathSegment[], string | undefined][] = [[body, at, undefined]];
  while (stack.length) {
    const [holder, holderPath, parentKey] = stack.pop()!;
    for (const key in holder) {
      const v = holder[key];
      if (typeof v !== 'string') {
        if (isObj(v)) stack.push([v, [...holderPath, key], key]);
        else if (Array.isArray(v)) v.forEach((e, i) => isObj(e) && stack.push([e, [...holderPath, key, i], key]));
        continue;
      }
      const lookedUp =
        LOOKED_UP.has(key) ||
        (key === ACCOUNT_KEY && !signUp) ||
        (key === 'accountNumber' && holderPath.length === from && ACCOUNT_NUMBER_AT_TOP.has(operationId)) ||
        (order && key === 'chargeNumber' && parentKey === 'chargeUpdates') ||
        (order && key === 'subscriptionNumber' && parentKey === 'subscriptions' && changesOnly(holder));
      if (lookedUp) checkIdValue(v, key, () => [...holderPath, key], out, from);
      else if (v !== '' && isPlaceholder(key, v)) out.push(placeholderFinding([...holderPath, key], v, from));
    }
  }
  return out;
}

/** An order's subscription entry whose actions all act on an existing subscription (no CreateSubscription). */
function changesOnly(s: Obj): boolean {
  const actions = s.orderActions;
  return (
    Array.isArray(actions) &&
    actions.length > 0 &&
    actions.every(a => isObj(a) && typeof a.type === 'string' && a.type !== 'CreateSubscription')
  );
}
