// `schema: true`: the answer conforms to its operation's response schema in the service's contract (v1 and v2,
// generated from the reference: src/contract answerDepartures, the same check the editor's panel notes). A
// step whose operation has no schema there fails saying so rather than passing unchecked.
import { answerDepartures, hasResponseContract } from '../contract';
import type { StepData } from './schema';

/** What is wrong with the answer: one line per departure from the contract. */
export type SchemaVerdict = { ok: true } | { ok: false; why: string[] };

/** The catalog operation each step kind calls (an `operation` step names its own). */
const STEP_OPERATIONS: Partial<Record<StepData['kind'], string>> = {
  preview: 'POST /v2/orders/preview',
  createOrder: 'POST /v2/orders',
  createAccount: 'POST /v2/accounts',
  getOrder: 'GET /v2/orders/{order_number}',
  getAccount: 'GET /v2/accounts/{account_key}',
};
export const stepOperation = (kind: StepData['kind']): string | undefined => STEP_OPERATIONS[kind];

/** Whether the contract holds a response schema for the operation. */
export const hasSchema = (operationId: string): boolean => hasResponseContract(operationId);

/** Whether a body answered with `status` to `operationId` (`GET /v1/accounts/{account-key}`) fits its schema. */
export function conformsToResponse(operationId: string | undefined, status: number, body: unknown): SchemaVerdict {
  if (!operationId || !hasResponseContract(operationId)) {
    return { ok: false, why: [`no response schema for ${operationId ?? 'this step'} in the project's contract`] };
  }
  const { departures, more } = answerDepartures(operationId, status, body);
  if (!departures.length) return { ok: true };
  return { ok: false, why: [...departures.map(d => d.message), ...(more ? [`and ${more} more`] : [])] };
}
