// The response schemas of the v1 operations, generated from the reference (scripts/gen-contract.mjs).
// A bundle of its own (esbuild.js LAZY): loaded when the Local sandbox answers from the contract.
import data from './v1/responses.json';
import type { ResponseData } from './schemaNode';

export const RESPONSES = data as unknown as ResponseData;
