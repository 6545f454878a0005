// The fields of a v2 payload (or of an object inside it) as an agent reads them: name, type, whether it is
// required, its description and allowed values; from the zod schemas (the one source of truth), as JSON Schema.
import * as z from 'zod';
import type { PathSegment } from './findings';
import { SCHEMAS, type PayloadKind } from './shapes';

/** One field of a request body, in the form the describeOperation tool answers (v1 and v2 alike). */
export interface FieldInfo {
  name: string;
  /** `string`, `number`, `whole number`, `boolean`, `object`, `array of object`, ... */
  type: string;
  required: boolean;
  description?: string;
  /** The allowed values (the first MAX_VALUES), and how many more there are. */
  values?: unknown[];
  moreValues?: number;
  /** An object's (or an array's entries') own field count: describe it with `at` to list them. */
  fields?: number;
}

/** At most this many allowed values per field. */
export const MAX_VALUES = 30;

type Node = Record<string, unknown>;
const schemas = new Map<PayloadKind, Node>();
const schemaOf = (kind: PayloadKind): Node =>
  schemas.get(kind) ??
  schemas
    .set(kind, z.toJSONSchema(SCHEMAS[kind], { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as Node)
    .get(kind)!;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A node with `$ref` followed and its branches' (allOf/anyOf/oneOf) properties merged in. */
function flat(root: Node, node: Node, depth = 0): Node {
  if (depth > 20) return node;
  if (typeof node.$ref === 'string') {
    const name = node.$ref.split('/').pop()!;
    const defs = (root.definitions ?? root.$defs) as Node | undefined;
    const target = defs?.[name];
    return isNode(target) ? flat(root, target, depth + 1) : {};
  }
  const branches = ['allOf', 'anyOf', 'oneOf'].flatMap(k => (Array.isArray(node[k]) ? (node[k] as unknown[]) : []));
  if (!branches.length) return node;
  const out: Node = { ...node, properties: { ...(node.properties as Node | undefined) } };
  for (const b of branches.filter(isNode).map(b => flat(root, b, depth + 1))) {
    Object.assign(out.properties as Node, b.properties as Node | undefined);
    for (const k of ['type', 'enum', 'items', 'description'])
      if (out[k] === undefined && b[k] !== undefined) out[k] = b[k];
  }
  return out;
}

function typeName(root: Node, n: Node): string {
  const t = Array.isArray(n.type) ? n.type.filter(x => x !== 'null').join(' or ') : (n.type as string | undefined);
  if (t === 'integer') return 'whole number';
  if (t === 'array' && isNode(n.items)) return `array of ${typeName(root, flat(root, n.items))}`;
  if (t) return t;
  if (Array.isArray(n.enum)) return typeof n.enum[0] === 'number' ? 'number' : 'string';
  return isNode(n.properties) ? 'object' : 'any';
}

/** The fields of the object at `path` in a `kind` payload (array indexes step into entries); undefined: no object there. */
export function payloadFieldsAt(kind: PayloadKind, path: readonly PathSegment[]): FieldInfo[] | undefined {
  const root = schemaOf(kind);
  let node = flat(root, root);
  for (const seg of path) {
    const next = typeof seg === 'number' ? node.items : (node.properties as Node | undefined)?.[seg];
    if (!isNode(next)) return undefined;
    node = flat(root, next);
  }
  if (node.type === 'array' && isNode(node.items)) node = flat(root, node.items);
  if (!isNode(node.properties)) return undefined;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  return Object.entries(node.properties).map(([name, raw]) => {
    const n = isNode(raw) ? flat(root, raw) : {};
    const description = typeof n.description === 'string' ? n.description : undefined;
    const inner = n.type === 'array' && isNode(n.items) ? flat(root, n.items) : n;
    const values = Array.isArray(n.enum) ? n.enum.filter(v => v !== null) : undefined;
    return {
      name,
      type: typeName(root, n),
      // Some rules are conditional (zod refinements): the description says "Required." where the schema cannot.
      required: required.has(name) || /\bRequired\.?$/.test(description ?? ''),
      ...(description ? { description } : {}),
      ...(values ? { values: values.slice(0, MAX_VALUES) } : {}),
      ...(values && values.length > MAX_VALUES ? { moreValues: values.length - MAX_VALUES } : {}),
      ...(isNode(inner.properties) ? { fields: Object.keys(inner.properties).length } : {}),
    };
  });
}
