// JSON Schema files for the editor's own JSON IntelliSense, generated from the zod schemas (never by hand).
// They serve completion and hover only: our validator reports every mistake once, so the generated
// schema is softened until the JSON language service can find nothing to report (see `soften`).
import * as fs from 'fs';
import * as path from 'path';
import * as z from 'zod';
import { SCHEMAS, type PayloadKind } from './shapes';
import { LISTED_VALUES } from './wording';

type Node = Record<string, unknown>;

export function jsonSchemaFor(kind: PayloadKind): Record<string, unknown> {
  const strict = z.toJSONSchema(SCHEMAS[kind], { target: 'draft-7', io: 'input', unrepresentable: 'any' });
  return soften(strict as Node);
}

export function writeSchemaFiles(dir: string): string[] {
  fs.mkdirSync(dir, { recursive: true });
  return (Object.keys(SCHEMAS) as PayloadKind[]).map(kind => {
    const file = path.join(dir, `${kind}.schema.json`);
    fs.writeFileSync(file, JSON.stringify(jsonSchemaFor(kind), null, 1) + '\n');
    return file;
  });
}

const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];
/** Keywords that can only ever fail a value: dropped. */
const CHECKS = [
  'required',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'propertyNames',
  'const',
  'not',
  'contains',
  'if',
  'then',
  'else',
  'dependencies',
];
/** Keywords that hold one subschema, and those that hold a list or a map of them. */
const ONE = ['items', 'additionalProperties', 'additionalItems'];
const LISTS = ['anyOf', 'allOf'];
const MAPS = ['properties', 'patternProperties', 'definitions', '$defs'];

/**
 * Keeps names, descriptions and suggested values; removes every way to fail. Enum values become
 * `examples` (still offered as completions, never checked). A scalar field without examples keeps a
 * `type` that lists its real type first, which the language service uses to build an inserted value,
 * then every other type, so no value is of a wrong type.
 */
export function soften(node: Node): Node {
  const out: Node = {};
  for (const [key, value] of Object.entries(node)) {
    if (CHECKS.includes(key)) continue;
    if (key === 'enum' && Array.isArray(value)) {
      out.examples = [...new Set([...((out.examples as unknown[]) ?? []), ...value])];
    } else if (key === 'examples' && Array.isArray(value)) {
      out.examples = [...new Set([...value, ...((out.examples as unknown[]) ?? [])])];
    } else if (key === 'type') {
      const first = Array.isArray(value) ? value.map(String) : [String(value)];
      out.type = [...new Set([...first, ...JSON_TYPES])];
    } else if (ONE.includes(key)) {
      if (isNode(value)) out[key] = soften(value); // `false` (closed) is dropped: the validator says it once
    } else if (key === 'oneOf' || LISTS.includes(key)) {
      // oneOf fails when two branches match: anyOf of branches that cannot fail never does.
      if (Array.isArray(value)) out[key === 'oneOf' ? 'anyOf' : key] = value.map(v => (isNode(v) ? soften(v) : v));
    } else if (MAPS.includes(key) && isNode(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isNode(v) ? soften(v) : v]));
    } else {
      out[key] = value;
    }
  }
  // Where the inserted value comes from examples, properties or items, `type` only adds noise (true,
  // false and null offered for a string field): drop it.
  if (out.examples || out.properties || out.items) delete out.type;
  const values = Array.isArray(node.enum) ? node.enum : [];
  // A finding names only a few of a long list (wording.ts); the field's hover shows every value.
  if (values.length > LISTED_VALUES) {
    const all = values.map(v => `\`${String(v)}\``).join(', ');
    out.markdownDescription = `${typeof node.description === 'string' ? `${node.description}\n\n` : ''}One of ${values.length} values: ${all}.`;
  }
  return out;
}

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An inline `body` completes like a payload file of its kind: `if` the object's `prop` is X `then` its body is
 * the softened payload schema of `kinds[X]` (in `definitions`). `if` never reports anything itself, and a
 * softened `then` cannot fail. Used by the scenario steps and the request files.
 */
export function bodiesBy(
  prop: string,
  kinds: Readonly<Record<string, PayloadKind>>,
): { rules: Node[]; definitions: Node } {
  const definitions: Node = {};
  const rules = Object.entries(kinds).map(([value, kind]) => {
    definitions[`${kind}Body`] ??= jsonSchemaFor(kind);
    return {
      if: { properties: { [prop]: { const: value } }, required: [prop] },
      then: { properties: { body: { $ref: `#/definitions/${kind}Body` } } },
    };
  });
  return { rules, definitions };
}
