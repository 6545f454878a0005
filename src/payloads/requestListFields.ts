// The fields a v2 list's `filter[]` and `sort[]` can name: the scalar fields of the objects its answer's `data`
// holds (and one level into an object, written `bill_to[last_name]`), read from the generated response schemas.
// Undefined when the operation answers no such list.
import type { SchemaNode } from '../contract';
import { V2_RESPONSES } from '../contract/responseDataV2';

const SCALAR = new Set(['string', 'number', 'integer', 'boolean']);

export interface ListFields {
  /** What filter[] and sort[] name: the scalar fields, and those one level into an object (`bill_to[last_name]`). */
  fields: string[];
  /** Every property of a listed object, scalar or not (a custom field's object is open: its names are the tenant's). */
  properties: Set<string>;
}

/** Whether `name` (as filter[] and sort[] write it) is no field of the list's objects. */
export function unknownListField(list: ListFields, name: string): boolean {
  if (list.fields.includes(name)) return false;
  const base = name.replace(/\[.*$/, '');
  if (!list.properties.has(base)) return true;
  // `custom_fields[anything__c]`: an object whose names the schema does not list is open
  return name !== base && list.fields.some(f => f.startsWith(`${base}[`));
}

export function listFields(operationId: string): ListFields | undefined {
  const ok = V2_RESPONSES.operations[operationId]?.['200'];
  const item = ok ? resolve(resolve(ok).properties?.data ?? {}).items : undefined;
  if (!item) return undefined;
  const out: string[] = [];
  const all = propertiesOf(item);
  for (const [name, node] of Object.entries(all)) {
    const n = resolve(node);
    if (n.type === 'object' || n.properties) {
      for (const [inner, child] of Object.entries(propertiesOf(n))) if (isScalar(child)) out.push(`${name}[${inner}]`);
    } else if (isScalar(n)) out.push(name);
  }
  return out.length ? { fields: out, properties: new Set(Object.keys(all)) } : undefined;
}

function resolve(node: SchemaNode): SchemaNode {
  let n = node;
  for (let i = 0; n.$ref && i < 20; i++) n = V2_RESPONSES.schemas[n.$ref] ?? {};
  return n;
}

/** Its properties, with those of each part of an allOf. */
function propertiesOf(node: SchemaNode): Record<string, SchemaNode> {
  const n = resolve(node);
  return Object.assign({}, ...(n.allOf ?? []).map(propertiesOf), n.properties ?? {});
}

const isScalar = (node: SchemaNode) => {
  const n = resolve(node);
  return n.type !== undefined && SCALAR.has(n.type);
};
