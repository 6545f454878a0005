// The generated contract's schema nodes (scripts/gen-contract.mjs): OpenAPI 3.0 schema keywords that carry
// facts, with `$ref` naming a component of the same file. An empty node accepts anything (the reference's
// few references to files it does not contain are generated as open).

export type SchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';

export interface SchemaNode {
  $ref?: string;
  type?: SchemaType;
  nullable?: boolean;
  enum?: unknown[];
  format?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  required?: string[];
  properties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  allOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
}

/** One generated file: the operations' root nodes and the components they reach. */
export interface ContractData<Root> {
  operations: Record<string, Root>;
  schemas: Record<string, SchemaNode>;
}

export interface RequestData extends ContractData<SchemaNode> {
  /** Operations whose body is not JSON (a file upload): their media type. */
  media: Record<string, string>;
}

export interface ResponseData extends ContractData<Record<string, SchemaNode | null>> {
  /** Catalog ids whose reference path is spelt differently (`/v1/e-invoice/...` is `/v1/einvoice/...`). */
  referencePaths: Record<string, string>;
}
