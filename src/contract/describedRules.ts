// Rules of v1 bodies that no schema states, by operation. Spec 02 and 03 show no v1 field shapes and the v1
// reference is the compact edition without descriptions, so the only words about these fields are the v2
// reference's about the same objects of the same service: an order's number and the account it is for.
// They are carried over as warnings, never errors, since no v1 text says what the service does.
// docs/FINDINGS.md ("Rules the reference states in words") lists each.
import { formatPath, type PathSegment } from '../schemas/findings';
import { isObj, type Obj } from '../schemas/objects';
import type { RawFinding } from '../schemas/rules';

type Rule = (body: Obj, at: PathSegment[], out: RawFinding[]) => void;

const present = (v: unknown) => v !== undefined && v !== null; // the service reads null as absent

/** `at` is the body's own path (`['body']` in a request file); messages name fields within the body. */
export function describedRuleFindings(operationId: string, body: unknown, at: PathSegment[]): RawFinding[] {
  const rules = RULES[operationId];
  if (!rules || !isObj(body)) return [];
  const out: RawFinding[] = [];
  for (const rule of rules) rule(body, at, out);
  return out;
}

/** v2 order_number: "Ensure that the order number does not contain a slash." */
const orderNumber: Rule = (body, at, out) => {
  const n = body.orderNumber;
  if (typeof n !== 'string' || !n.includes('/')) return;
  out.push({
    code: 'invalid-format',
    severity: 'warning',
    path: [...at, 'orderNumber'],
    target: 'value',
    message:
      `orderNumber ${JSON.stringify(n)} contains a slash, which the service's reference says an order number ` +
      'must not contain (it names the order in paths such as /v1/orders/{orderNumber}): remove the "/".',
  });
};

/** v2 account_data: "If you specify this field, do not specify `account_id`" (and account_number likewise). */
const accountChoice =
  (newAccount: string, what: string): Rule =>
  (body, at, out) => {
    const existing = ['existingAccountNumber', 'existingAccountId'].find(f => present(body[f]));
    if (!existing || !present(body[newAccount])) return;
    out.push({
      code: 'exclusive-fields',
      severity: 'warning',
      path: [...at, newAccount],
      target: 'key',
      message:
        `${newAccount} and ${existing} are both set: ` +
        `use ${existing} for an existing account or ${newAccount} for ${what}, not both.`,
      fix: { kind: 'removeProperty', property: newAccount },
    });
  };

/** v2 subscriptions[].account_number: "If you specify this field, do not specify `account_data`." */
const subscriptionOwnerChoice: Rule = (body, at, out) => {
  if (!Array.isArray(body.subscriptions)) return;
  body.subscriptions.forEach((s, i) => {
    if (!isObj(s) || !Array.isArray(s.orderActions)) return;
    s.orderActions.forEach((a, j) => {
      const create = isObj(a) ? a.createSubscription : undefined;
      if (!isObj(create) || !present(create.subscriptionOwnerAccountNumber)) return;
      if (!present(create.newSubscriptionOwnerAccount)) return;
      const where = ['subscriptions', i, 'orderActions', j, 'createSubscription'];
      out.push({
        code: 'exclusive-fields',
        severity: 'warning',
        path: [...at, ...where, 'newSubscriptionOwnerAccount'],
        target: 'key',
        message:
          `${formatPath([...where, 'newSubscriptionOwnerAccount'])} and ` +
          `${formatPath([...where, 'subscriptionOwnerAccountNumber'])} are both set: ` +
          'name an existing owner account or describe a new one, not both.',
        fix: { kind: 'removeProperty', property: 'newSubscriptionOwnerAccount' },
      });
    });
  });
};

const RULES: Readonly<Record<string, readonly Rule[]>> = {
  'POST /v1/orders': [orderNumber, accountChoice('newAccount', 'a new one'), subscriptionOwnerChoice],
  'POST /v1/orders/preview': [
    orderNumber,
    accountChoice('previewAccountInfo', 'the account data of a preview'),
    subscriptionOwnerChoice,
  ],
};
