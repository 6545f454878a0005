// A schema node as the checker, templates and completion see it: `$ref`s followed and `allOf` merged into
// one flat shape (properties and required sets united), kept per node so each is worked out once.
import { isObj } from '../schemas/objects';
import type { SchemaNode, SchemaType } from './schemaNode';

export interface Shape extends Omit<SchemaNode, '$ref' | 'allOf' | 'properties' | 'required' | 'type'> {
  type?: SchemaType;
  properties: Record<string, SchemaNode>;
  required: string[];
  /** oneOf/anyOf branches: the value must match one of them. */
  variants?: SchemaNode[];
}

export class Shapes {
  private readonly cache = new WeakMap<SchemaNode, Shape>();

  constructor(private readonly schemas: Record<string, SchemaNode>) {}

  /** The component named `name`, or an open node when the contract does not hold it. */
  named(name: string): SchemaNode {
    return this.schemas[name] ?? {};
  }

  of(node: SchemaNode, seen: ReadonlySet<string> = new Set()): Shape {
    const cached = this.cache.get(node);
    if (cached) return cached;
    let shape: Shape;
    if (node.$ref) {
      // A component that (through allOf) includes itself stops there: open rather than endless.
      shape = seen.has(node.$ref)
        ? { properties: {}, required: [] }
        : this.of(this.named(node.$ref), new Set([...seen, node.$ref]));
    } else {
      const { allOf, properties, required, oneOf, anyOf, ...own } = node;
      shape = { ...own, properties: { ...properties }, required: [...(required ?? [])] };
      for (const part of allOf ?? []) merge(shape, this.of(part, seen));
      const variants = oneOf ?? anyOf;
      if (variants) shape.variants = variants;
      shape.type ??= inferType(shape);
    }
    this.cache.set(node, shape);
    return shape;
  }
}

function merge(into: Shape, part: Shape): void {
  for (const [k, v] of Object.entries(part)) {
    if (k === 'properties') into.properties = { ...(v as Shape['properties']), ...into.properties };
    else if (k === 'required') into.required = [...new Set([...into.required, ...(v as string[])])];
    else if ((into as unknown as Record<string, unknown>)[k] === undefined)
      (into as unknown as Record<string, unknown>)[k] = v;
  }
}

function inferType(s: Shape): SchemaType | undefined {
  if (Object.keys(s.properties).length || s.additionalProperties) return 'object';
  if (s.items) return 'array';
  const first = s.enum?.find(v => v !== null);
  if (typeof first === 'string') return 'string';
  if (typeof first === 'number') return 'number';
  if (typeof first === 'boolean') return 'boolean';
  return undefined;
}

/** Whether an object shape lists its fields (so a field it does not list is unknown to the service). */
export const listsFields = (s: Shape): boolean => Object.keys(s.properties).length > 0;

/** A oneOf/anyOf shape's fields without its branches: what every branch adds to. */
export const withoutBranches = (s: Shape): SchemaNode => {
  const { variants: _, ...rest } = s;
  return rest as SchemaNode;
};

/** The branch a oneOf/anyOf's discriminator names for `value`'s tag, if it has one and names one. */
export function namedBranch(s: Shape, value: unknown): SchemaNode | undefined {
  const d = s.discriminator;
  const tag = d && isObj(value) ? value[d.propertyName] : undefined;
  const target = typeof tag === 'string' && d?.mapping && Object.hasOwn(d.mapping, tag) ? d.mapping[tag] : undefined;
  return target ? { $ref: target } : undefined;
}

/** A value's fields for the first branch: the branch merged with the shape's own fields, and the tag that picks it. */
export function firstBranch(s: Shape): { node: SchemaNode; tag?: { property: string; value: string } } {
  const first = s.variants![0];
  const node: SchemaNode = { allOf: [first, withoutBranches(s)] };
  const d = s.discriminator;
  if (!d) return { node };
  const named = Object.entries(d.mapping ?? {}).find(([, target]) => target === first.$ref)?.[0];
  const value = named ?? first.$ref;
  return value === undefined ? { node } : { node, tag: { property: d.propertyName, value } };
}
