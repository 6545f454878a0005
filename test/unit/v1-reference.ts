// The real service's v1 OpenAPI description (../shared/reference, read at test time, never shipped): which
// success a catalog operation declares, and its answers checked by the one reference checker
// (sandbox-reference.ts), required fields included.
import * as fs from 'node:fs';
import { referenceChecker, type ReferenceChecker, type ReferenceDoc, type Schema } from './sandbox-reference';

const FILE = '../shared/reference/v1-openapi.yaml';
/** Why tests that need the reference are skipped, or false when it is here. */
export const NO_V1_REFERENCE: string | false = fs.existsSync(FILE) ? false : `${FILE} is absent`;

let loaded: ReferenceChecker | undefined;
const v1 = (): ReferenceChecker => (loaded ??= referenceChecker('v1-openapi.yaml', { required: true }));

/** The success the reference declares for a catalog operation: its lowest 2xx and that answer's JSON schema. */
export function referenceSuccess(operationId: string): { status: number; schema?: Schema } | undefined {
  const [method, catalogPath] = operationId.split(' ');
  const op = findPath(v1().doc, catalogPath)?.[method.toLowerCase()];
  const statuses = Object.keys(op?.responses ?? {}).filter(s => /^2\d\d$/.test(s));
  if (!op || !statuses.length) return undefined;
  const status = Math.min(...statuses.map(Number));
  return { status, schema: op.responses![String(status)].content?.['application/json']?.schema };
}

// The README: the catalog's `/v1/e-invoice/` is the reference's `/v1/einvoice/`, one debit-memo path is
// under `/v1/debit-memos/`, and some path parameters are named differently (compared here without names).
function findPath(doc: ReferenceDoc, catalogPath: string) {
  const paths = doc.paths;
  if (paths[catalogPath]) return paths[catalogPath];
  const bare = (p: string) => p.replace(/\{[^}]*\}/g, '{}').replace(/(.)\/$/, '$1');
  const wanted = bare(catalogPath)
    .replace('/v1/e-invoice/', '/v1/einvoice/')
    .replace(/^\/v1\/debitmemos\/\{\}\/write-off$/, '/v1/debit-memos/{}/write-off');
  const found = Object.keys(paths).find(p => bare(p) === wanted);
  return found ? paths[found] : undefined;
}

export const mismatches = (value: unknown, schema: Schema, at = 'body'): string[] => v1().mismatches(value, schema, at);
