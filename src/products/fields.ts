// Where a payload names the catalog: `plan_id` / `plan_number` of a plan entry (subscription_plans[j], or
// the subscription_plan of an add or replace), a replace's `previous_plan_id`, `price_id` of an entry's
// prices (with the plan of the same entry) and of a line item. Read from jsonc-parser's tolerant tree, so
// a file with syntax errors still gets completion and checks.
import { findNodeAtLocation, getLocation, parseTree, type JSONPath, type Node } from 'jsonc-parser';

export type CatalogField = 'plan_id' | 'plan_number' | 'price_id';
/** The plan an entry names, by id or by number. */
export interface PlanRef {
  field: 'plan_id' | 'plan_number';
  value: string;
}
export interface CatalogRef {
  field: CatalogField;
  /** The JSON key as written (`previous_plan_id` is a plan id). */
  key: string;
  path: JSONPath;
  /** The string value; undefined when the value is not a string (yet). */
  value?: string;
  /** The value's range in the text, quotes included. */
  offset?: number;
  length?: number;
  /** For a price of a plan entry: the plan of the same entry, when it names one. */
  plan?: PlanRef;
}

const PLAN_LISTS = new Set(['add_subscription_plans', 'replace_subscription_plans']);

/** Is `p` the path of a plan entry of a subscription? */
function isPlanEntry(p: JSONPath): boolean {
  const n = p.length;
  if (p[n - 2] === 'subscription_plans' && typeof p[n - 1] === 'number') return p[n - 4] === 'subscriptions';
  return p[n - 1] === 'subscription_plan' && PLAN_LISTS.has(String(p[n - 3])) && p[n - 5] === 'subscriptions';
}

/** What the value at `path` names in the catalog, and for a price the path of its plan entry. */
function classify(path: JSONPath): { field: CatalogField; planEntry?: JSONPath } | undefined {
  const key = path[path.length - 1];
  const parent = path.slice(0, -1);
  if (key === 'plan_id' || key === 'plan_number') return isPlanEntry(parent) ? { field: key } : undefined;
  if (key === 'previous_plan_id')
    return parent[parent.length - 2] === 'replace_subscription_plans' ? { field: 'plan_id' } : undefined;
  if (key !== 'price_id') return undefined;
  const entry = parent.slice(0, -2);
  if (parent[parent.length - 2] === 'prices' && typeof parent[parent.length - 1] === 'number' && isPlanEntry(entry)) {
    return { field: 'price_id', planEntry: entry };
  }
  return parent.length === 2 && parent[0] === 'line_items' ? { field: 'price_id' } : undefined;
}

const tree = (text: string) => parseTree(text, [], { allowTrailingComma: true, disallowComments: false });

function planOf(root: Node | undefined, entry: JSONPath | undefined): PlanRef | undefined {
  if (!root || !entry) return undefined;
  for (const field of ['plan_id', 'plan_number'] as const) {
    const node = findNodeAtLocation(root, [...entry, field]);
    if (node?.type === 'string') return { field, value: node.value as string };
  }
  return undefined;
}

function refOf(root: Node | undefined, path: JSONPath, valueNode: Node | undefined): CatalogRef | undefined {
  const kind = classify(path);
  if (!kind) return undefined;
  const plan = planOf(root, kind.planEntry);
  const isString = valueNode?.type === 'string';
  return {
    field: kind.field,
    key: String(path[path.length - 1]),
    path,
    ...(isString ? { value: valueNode.value as string, offset: valueNode.offset, length: valueNode.length } : {}),
    ...(plan ? { plan } : {}),
  };
}

/** Every catalog reference of the payload, in text order. */
export function catalogRefs(text: string): CatalogRef[] {
  const root = tree(text);
  const out: CatalogRef[] = [];
  const walk = (node: Node, path: JSONPath) => {
    if (node.type === 'object') {
      for (const prop of node.children ?? []) {
        const [key, value] = prop.children ?? [];
        if (!key || !value) continue;
        const at = [...path, key.value as string];
        const ref = refOf(root, at, value);
        if (ref) out.push(ref);
        else walk(value, at);
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((child, i) => walk(child, [...path, i]));
    }
  };
  if (root) walk(root, []);
  return out;
}

/**
 * The catalog field whose value is at `offset` (the cursor), for completion and hover: its value's range
 * when there is one (the string under the cursor), else none (completion inserts at the cursor).
 */
export function catalogRefAt(text: string, offset: number): CatalogRef | undefined {
  const loc = getLocation(text, offset);
  if (loc.isAtPropertyKey || loc.path.length === 0) return undefined;
  const node = loc.previousNode;
  const valueNode =
    node && node.type !== 'property' && offset >= node.offset && offset <= node.offset + node.length ? node : undefined;
  return refOf(tree(text), loc.path, valueNode);
}

/** Does the text name a catalog field at all? (A payload without one need not fetch the catalog.) */
export const mentionsCatalog = (text: string) => /"(plan_id|plan_number|previous_plan_id|price_id)"/.test(text);
