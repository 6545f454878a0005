// `schema: true`: the answer conforms to its operation's response schema in the service's contract. The v1
// operations have theirs (src/contract, generated from the reference); the v2 quickstart operations have
// none in the project yet, so the check fails saying so rather than passing unchecked.
import { checkValue, Shapes } from '../contract';
import { RESPONSES } from '../contract/responseData';

/** What is wrong with the answer: one line per mistake the contract's checker calls an error. */
export type SchemaVerdict = { ok: true } | { ok: false; why: string[] };

let shapes: Shapes | undefined;

/** Whether a body answered with `status` to `operationId` (`GET /v1/accounts/{account-key}`) fits its schema. */
export function conformsToResponse(operationId: string | undefined, status: number, body: unknown): SchemaVerdict {
  const answers = operationId ? RESPONSES.operations[operationId] : undefined;
  if (!operationId || !answers) {
    return { ok: false, why: [`no response schema for ${operationId ?? 'this step'} in the project's contract`] };
  }
  if (!Object.hasOwn(answers, String(status))) {
    const declared = Object.keys(answers).join(', ') || 'none';
    return {
      ok: false,
      why: [`the contract declares no ${status} answer for ${operationId} (it declares ${declared})`],
    };
  }
  const node = answers[String(status)];
  if (!node) {
    // No JSON schema for this status (204, a file): only an empty answer fits.
    return body === undefined
      ? { ok: true }
      : { ok: false, why: [`${operationId} answers ${status} without a JSON body`] };
  }
  shapes ??= new Shapes(RESPONSES.schemas);
  const errors = checkValue(shapes, node, body, []).filter(f => (f.severity ?? 'error') === 'error');
  if (!errors.length) return { ok: true };
  return { ok: false, why: errors.map(f => f.message) };
}
