// The request-body schemas of the v1 operations, generated from the reference (scripts/gen-contract.mjs).
// A bundle of its own (esbuild.js LAZY): loaded with the first request file, never at activation.
import data from './v1/requests.json';
import type { RequestData } from './schemaNode';

export const REQUESTS = data as unknown as RequestData;
