// The path and query parameters of every v2 operation (`filter[]`, `sort[]`, `page_size`, `cursor`, ...), generated
// from the quickstart reference (scripts/gen-contract.mjs). A bundle of its own (esbuild.js LAZY).
import data from './v2/parameters.json';
import type { SchemaNode } from './schemaNode';

export interface OperationParameter {
  /** The catalog's name for a path parameter (`order_number`), the reference's for a query one (`filter[]`). */
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: SchemaNode;
}

const PARAMETERS = data as unknown as Record<string, OperationParameter[]>;

/** The parameters of a v2 catalog operation (`GET /v2/invoices`); none for one the reference does not list. */
export const v2Parameters = (operationId: string): readonly OperationParameter[] => PARAMETERS[operationId] ?? [];
