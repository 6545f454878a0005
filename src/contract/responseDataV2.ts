// The response schemas of the v2 operations the extension sends, generated from the quickstart reference
// (scripts/gen-contract.mjs). A bundle of its own (esbuild.js LAZY): loaded with the first answer checked.
import data from './v2/responses.json';
import type { ResponseData } from './schemaNode';

export const V2_RESPONSES = data as unknown as ResponseData;
