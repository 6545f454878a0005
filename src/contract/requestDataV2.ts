// The request-body schemas of the v2 operations, generated from the quickstart reference (scripts/gen-contract.mjs).
// A bundle of its own (esbuild.js LAZY): loaded with the first v2 request file, never at activation.
import data from './v2/requests.json';
import type { RequestData } from './schemaNode';

export const V2_REQUESTS = data as unknown as RequestData;
