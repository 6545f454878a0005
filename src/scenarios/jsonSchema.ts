// Build time only: the JSON Schema of *.scenario.json for the editor's completion and hover, generated from
// the zod schema and softened like the payload schemas (our validator reports each mistake once). Operation
// ids are offered as completions.
import * as fs from 'fs';
import * as path from 'path';
import * as z from 'zod';
import { OPERATIONS } from '../catalog/catalog';
import { soften } from '../schemas/jsonSchemas';
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
  return soften(offered);
}

export function writeScenarioSchema(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'scenario.schema.json');
  fs.writeFileSync(file, JSON.stringify(scenarioJsonSchema(), null, 1) + '\n');
  return file;
}
