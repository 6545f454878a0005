// JSON Schema files for the editor's own JSON IntelliSense, generated from the zod schemas (never by hand).
import * as fs from 'fs';
import * as path from 'path';
import * as z from 'zod';
import { SCHEMAS, type PayloadKind } from './shapes';

export function jsonSchemaFor(kind: PayloadKind): Record<string, unknown> {
  return z.toJSONSchema(SCHEMAS[kind], { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

export function writeSchemaFiles(dir: string): string[] {
  fs.mkdirSync(dir, { recursive: true });
  return (Object.keys(SCHEMAS) as PayloadKind[]).map(kind => {
    const file = path.join(dir, `${kind}.schema.json`);
    fs.writeFileSync(file, JSON.stringify(jsonSchemaFor(kind), null, 1) + '\n');
    return file;
  });
}
