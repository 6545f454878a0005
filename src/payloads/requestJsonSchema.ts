// Build time only: the JSON Schema of *.request.json for the editor's completion and hover, softened like the
// payload schemas (our validator reports each mistake once). `operation` offers every catalog operation; the
// body of a v2 operation completes like a payload file of its kind (`if` the operation is X `then` the body
// is X's softened schema). v1 bodies complete from the contract (languageFeatures/requestFieldFeatures).
import * as fs from 'fs';
import * as path from 'path';
import { OPERATIONS } from '../catalog/catalog';
import { bodiesBy } from '../schemas/jsonSchemas';
import { V2_BODY_KINDS } from './requestFindings';

type Node = Record<string, unknown>;

export function requestJsonSchema(): Node {
  const { rules, definitions } = bodiesBy('operation', V2_BODY_KINDS);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    properties: {
      operation: {
        description: 'The operation to send: "METHOD /path" as the Endpoints view lists it.',
        examples: OPERATIONS.map(o => o.id),
      },
      pathParams: { description: "The values of the path's {parameters}, by name." },
      query: { description: 'Query parameters, by name.' },
      body: { description: "What is sent: checked against the operation's contract as you type." },
    },
    allOf: rules,
    definitions,
  };
}

export function writeRequestSchema(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'request.schema.json');
  fs.writeFileSync(file, JSON.stringify(requestJsonSchema()) + '\n'); // compact: it holds the three payload schemas
  return file;
}
