// The path and query parameters of the v2 operations, generated from the quickstart reference. A bundle of its
// own (esbuild.js LAZY): loaded with the first v2 request file that has a query, never at activation.
import data from './v2/parameters.json';
import type { SchemaNode } from './schemaNode';

export interface ParameterData {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema?: SchemaNode;
}

export const V2_PARAMETERS = data as unknown as Record<string, ParameterData[]>;
