// Build time only: the JSON Schema of *.scenario.json for the editor's completion and hover, generated from
// the zod schema and softened like the payload schemas (our validator reports each mistake once). Operation
// ids are offered as completions.
import * as fs from 'fs';
import * as path from 'path';
import * as z from 'zod';
import { OPERATIONS } from '../catalog/catalog';
import { bodiesBy, soften } from '../schemas/jsonSchemas';
import type { PayloadKind } from '../schemas';
import { Scenario } from './schema';

type Node = Record<string, unknown>;

export function scenarioJsonSchema(): Node {
  const strict = z.toJSONSchema(Scenario, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as Node;
  const ids = OPERATIONS.map(o => o.id);
  const offered = JSON.parse(JSON.stringify(strict), (_key, value) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    // A step's `kind` is a literal (`const`, which soften drops as a check): offer it as a value instead.
    if ('const' in value) return { ...value, enum: [value.const] };
    if (String(value.description).startsWith('The operation id')) return { ...value, examples: ids };
    return value;
  });
  return withBodies(soften(offered));
}

/** The payload each step kind sends, for completion and hover in an inline `body`. */
const BODY_OF: Record<string, PayloadKind> = { preview: 'preview', createOrder: 'order', createAccount: 'account' };

/** An inline body completes like a payload file of the step's kind (schemas/jsonSchemas `bodiesBy`). */
function withBodies(schema: Node): Node {
  const steps = (schema.properties as Record<string, Node>).steps;
  const { rules, definitions } = bodiesBy('kind', BODY_OF);
  (steps.items as Node).allOf = rules;
  return { ...schema, definitions: { ...(schema.definitions as Node), ...definitions } };
}

export function writeScenarioSchema(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'scenario.schema.json');
  fs.writeFileSync(file, JSON.stringify(scenarioJsonSchema()) + '\n'); // compact: it holds the three payload schemas
  return file;
}
