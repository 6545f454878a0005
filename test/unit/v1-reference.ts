// The real service's v1 OpenAPI description (its committed extract, test/fixtures/reference/v1.json, written by
// scripts/gen-test-reference.mjs; never shipped): which success a catalog operation declares, and its answers
// checked by the one reference checker (sandbox-reference.ts), required fields included.
import { referenceChecker, referenceDoc, type ReferenceChecker, type Schema } from './sandbox-reference';

let loaded: ReferenceChecker | undefined;
const v1 = (): ReferenceChecker => (loaded ??= referenceChecker('v1-openapi.yaml', { required: true }));

/**
 * The success the reference declares for a catalog operation: its lowest 2xx and that answer's JSON schema
 * (the generator found the operation under the reference's own spelling of its path, see its findPath).
 */
export function referenceSuccess(operationId: string): { status: number; schema?: Schema } | undefined {
  return referenceDoc('v1-openapi.yaml').successes?.[operationId];
}

export const mismatches = (value: unknown, schema: Schema, at = 'body'): string[] => v1().mismatches(value, schema, at);
