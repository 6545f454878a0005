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
  const withIds = JSON.parse(JSON.stringify(strict), (_key, value) =>
    value &&
    typeof value === 'object' &&
    typeof value.description === 'string' &&
    value.description.startsWith('The operation id')
      ? { ...value, examples: ids }
      : value,
  );
  return soften(withIds);
}

export function writeScenarioSchema(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'scenario.schema.json');
  fs.writeFileSync(file, JSON.stringify(scenarioJsonSchema(), null, 1) + '\n');
  return file;
}
