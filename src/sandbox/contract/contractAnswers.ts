// The contract responder: every catalog operation the sandbox keeps no state for is answered from the
// contract. Its body is checked against the request schema first (a bad one gets the 400 the service
// gives, v1-shaped, one reason per mistake); then the answer is simulated from the success response's
// schema and marked so (SIMULATED_HEADER). Without a response in the contract: undefined (the caller's 501).
// The answer says back what the request sent; an account the request names that the sandbox keeps is answered
// by its own id and number (a payment for A00000001 names that account's id, as GET /v1/accounts shows it).
import type { Operation } from '../../catalog';
import { requestContract, simulateAnswer, SIMULATED_HEADER } from '../../contract';
import { V2_RESPONSES } from '../../contract/responseDataV2';
import { FINDING_CODES, formatPath, moreFindingsMessage } from '../../schemas';
import { contractErrors, contractErrorsHere, type ContractErrors } from '../http/offThread';
import { badRequest, ServiceError } from '../http/errors';
import { MAX_JSON_DEPTH, nestingExceeds, parseJson } from '../http/body';
import type { Reply } from '../http/router';

export const SIMULATED_VALUE = 'contract';

export interface ContractRequest {
  op: Operation;
  path: string;
  query: URLSearchParams;
  /** The request's body text ('' when none was sent). */
  text: string;
  today: string;
  /** The sandbox's account by its number or id, when it keeps one. */
  account?: (key: string) => { id: string; account_number: string } | undefined;
}

export async function contractAnswer(r: ContractRequest): Promise<Reply | undefined> {
  const body = await checkedBody(r);
  const pathParams = paramsOf(r.op, r.path);
  const v2 = r.op.path.startsWith('/v2/');
  const known = { ...(v2 ? pathIds(pathParams) : {}), ...knownAccount(r, body, pathParams) };
  const query = Object.fromEntries(r.query);
  const answer = simulateAnswer(r.op.id, { pathParams, query, body, today: r.today, known });
  if (!answer) return undefined;
  if (v2) readById(r.op, pathParams, answer.body);
  return { status: answer.status, body: answer.body, headers: { [SIMULATED_HEADER]: SIMULATED_VALUE } };
}

/** A v2 path's ids (`invoice_id`), said back wherever the answer has a field of that name (an item's invoice). */
const pathIds = (params: Record<string, string>) =>
  Object.fromEntries(Object.entries(params).filter(([name, v]) => /._id$/.test(name) && v));

/**
 * A v2 object read or acted on by id answers that id: `POST /v2/payments/{payment_id}/cancel` is that payment.
 * Not when the answer is another object (an invoice's write-off is a credit memo; a workflow's run is a run): the
 * answer's schema must be the object the path names (`paymentScheduleItem` for `/payment_schedule_items/{id}`).
 */
function readById(op: Operation, params: Record<string, string>, body: unknown): void {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('id' in body)) return;
  const segments = op.path.split('/');
  const isParam = (s: string) => /^\{.+\}$/.test(s);
  const last = segments.length - 1 - [...segments].reverse().findIndex(isParam);
  if (last >= segments.length || segments.length - last > 2) return; // the id, or the id and one action
  const collection =
    segments
      .slice(0, last)
      .filter(s => !isParam(s))
      .pop() ?? '';
  const schema = answerSchemaName(op.id);
  const words = (s: string) =>
    s
      .replace(/([a-z])([A-Z])/g, '$1_$2')
      .toLowerCase()
      .split(/[_-]+/);
  const [own, path] = [words(schema), words(collection)];
  if (!schema || own.length > path.length || !own.every((w, i) => path[i].startsWith(w))) return;
  const value = params[segments[last].slice(1, -1)];
  if (value) (body as Record<string, unknown>).id = value;
}

/**
 * The parsed body, checked against the operation's request schema (a big one off the main thread); throws the
 * service's 400 for errors, the first LISTED_FINDINGS of them listed and the rest counted.
 */
async function checkedBody(r: ContractRequest): Promise<unknown> {
  const contract = requestContract(r.op.id);
  if (!r.text.trim()) {
    if (!contract.bodyOf(r.op.id)) return undefined;
    throw badRequest('invalid_request', undefined, `${r.op.id} takes a JSON body; none was sent.`, 90);
  }
  if (nestingExceeds(r.text, MAX_JSON_DEPTH))
    throw badRequest('malformed_json', undefined, `The body nests deeper than ${MAX_JSON_DEPTH} levels.`, 90);
  const body = parseJson(r.text);
  const found = await contractErrors(r.op.id, r.text, body);
  if (found.listed.length) throw refusal(found);
  return body;
}

/** Checks a parsed body of a served operation against its request schema: the same 400 as the responder's. */
export function checkContractBody(operationId: string, body: unknown): void {
  const found = contractErrorsHere(operationId, body);
  if (found.listed.length) throw refusal(found);
}

/** The service's 400 for a body's errors: one reason per mistake, each naming its field. */
function refusal({ listed: errors, more }: ContractErrors): ServiceError {
  const details: { code: string; parameter?: string; message: string }[] = errors.map(f => ({
    code:
      f.code === 'missing-field'
        ? 'missing_parameter'
        : f.code === 'unknown-field'
          ? 'unknown_parameter'
          : 'invalid_parameter',
    parameter: formatPath(f.path),
    message: f.message,
  }));
  if (more) details.push({ code: 'invalid_parameter', message: moreFindingsMessage(more, 0) });
  return new ServiceError(
    400,
    { type: 'bad_request', errors: details },
    { resource: 500000, category: FINDING_CODES[errors[0].code].category },
  );
}

/** The account the request names (in its body or its path), as the sandbox keeps it: its id and number. */
function knownAccount(r: ContractRequest, body: unknown, pathParams: Record<string, string>) {
  const sent = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const keys = [
    ...['accountNumber', 'accountId', 'accountKey', 'account_number', 'account_id'].map(k => sent[k]),
    ...Object.entries(pathParams).flatMap(([name, v]) => (/^account[-_]?(key|id|number)$/i.test(name) ? [v] : [])),
  ];
  for (const key of keys) {
    const account = typeof key === 'string' && key ? r.account?.(key) : undefined;
    if (account) {
      const [id, number] = [account.id, account.account_number];
      return { accountId: id, accountNumber: number, account_id: id, account_number: number };
    }
  }
  return undefined;
}

/** The name of the schema a v2 operation's success answers (`invoice`); '' when it is not a named one. */
function answerSchemaName(operationId: string): string {
  const answers = V2_RESPONSES.operations[operationId] ?? {};
  const success = Object.keys(answers)
    .filter(s => /^2\d\d$/.test(s))
    .sort()[0];
  const node = success ? answers[success] : undefined;
  return node && '$ref' in node && typeof node.$ref === 'string' ? node.$ref : '';
}

/** The path parameters of a concrete path, by the operation's template (`{invoiceKey}` -> `INV0001`). */
function paramsOf(op: Operation, path: string): Record<string, string> {
  const names = op.pathParams;
  const pattern = op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '([^/]+)');
  const m = new RegExp(`^${pattern}/?$`).exec(path);
  return Object.fromEntries(names.map((n, i) => [n, m ? decoded(m[i + 1]) : '']));
}

function decoded(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s; // a stray `%`: the key as written
  }
}
