// Where a payload names an existing subscription of its account: `subscriptions[i].subscription_number`,
// a change's `subscription_plan_id` (update, remove, replace) and an update's `subscription_item_number`,
// each with what narrows it: the account named in the payload, the entry's subscription, the update's plan.
import { findNodeAtLocation, getLocation, parseTree, type JSONPath, type Node } from 'jsonc-parser';

export type SubscriptionField = 'subscription_number' | 'subscription_plan_id' | 'subscription_item_number';

export interface SubscriptionRef {
  field: SubscriptionField;
  /** The account of the entry: its own `account_number`, else the order's. */
  accountNumber?: string;
  /** For a plan or item: the entry's `subscription_number`. */
  subscriptionNumber?: string;
  /** For an item: the update's `subscription_plan_id`. */
  subscriptionPlanId?: string;
  /** The string value under the cursor (quotes included), when there is one. */
  offset?: number;
  length?: number;
}

function classify(path: JSONPath): { field: SubscriptionField; planPath?: JSONPath } | undefined {
  if (path[0] !== 'subscriptions' || typeof path[1] !== 'number') return undefined;
  const rest = path.slice(2);
  const key = rest[rest.length - 1];
  if (rest.length === 1 && key === 'subscription_number') return { field: key };
  const list = rest[0];
  if (key === 'subscription_plan_id') {
    const update = list === 'update_subscription_plans' && rest.length === 4 && rest[2] === 'subscription_plan';
    const direct = (list === 'remove_subscription_plans' || list === 'replace_subscription_plans') && rest.length === 3;
    return update || direct ? { field: key } : undefined;
  }
  if (key === 'subscription_item_number' && list === 'update_subscription_plans' && rest.length === 6) {
    if (rest[2] === 'subscription_plan' && rest[3] === 'subscription_items') {
      return { field: key, planPath: [...path.slice(0, 5), 'subscription_plan_id'] };
    }
  }
  return undefined;
}

const stringAt = (root: Node | undefined, path: JSONPath) => {
  const node = root && findNodeAtLocation(root, path);
  return node?.type === 'string' ? (node.value as string) : undefined;
};

/** The subscription field whose value is at `offset`, with what narrows its suggestions. */
export function subscriptionRefAt(text: string, offset: number): SubscriptionRef | undefined {
  const loc = getLocation(text, offset);
  if (loc.isAtPropertyKey) return undefined;
  const kind = classify(loc.path);
  if (!kind) return undefined;
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const entry = loc.path.slice(0, 2);
  const accountNumber = stringAt(root, [...entry, 'account_number']) ?? stringAt(root, ['account_number']);
  const subscriptionNumber =
    kind.field === 'subscription_number' ? undefined : stringAt(root, [...entry, 'subscription_number']);
  const subscriptionPlanId = kind.planPath ? stringAt(root, kind.planPath) : undefined;
  const node = loc.previousNode;
  const inString = node?.type === 'string' && offset >= node.offset && offset <= node.offset + node.length;
  return {
    field: kind.field,
    ...(accountNumber ? { accountNumber } : {}),
    ...(subscriptionNumber ? { subscriptionNumber } : {}),
    ...(subscriptionPlanId ? { subscriptionPlanId } : {}),
    ...(inString ? { offset: node.offset, length: node.length } : {}),
  };
}
