// Answers the Local sandbox gives for operations it keeps no state for: built from the operation's success
// response in the contract (status and shape), with what the request sent where the answer shares the field
// (simulateEcho), plausible ids, dates and amounts elsewhere, and marked simulated
// (SIMULATED_HEADER, SIMULATED_NOTE) by whoever sends it. Pure: no HTTP here.
import { RESPONSES } from './responseData';
import { V2_RESPONSES } from './responseDataV2';
import type { ResponseData, SchemaNode } from './schemaNode';
import { Shapes } from './shapes';
import { identitiesOf } from './simulateEcho';
import { simulatedValue, type SimulationContext } from './simulateValues';

export { SIMULATED_HEADER, SIMULATED_NOTE } from '../wire/simulated';

export interface SimulationRequest {
  pathParams: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** YYYY-MM-DD: the sandbox's today, given to every date of the answer. */
  today: string;
  /** What the answerer knows beyond the body (the id of the account it names): said back where the body is silent. */
  known?: Record<string, string>;
}

export interface SimulatedAnswer {
  status: number;
  /** Absent for 204 and for a success the contract gives no JSON schema (a file download, say). */
  body?: unknown;
}

const shapesOf = new WeakMap<ResponseData, Shapes>();

/** The simulated answer to a catalog operation, or undefined when the contract has none (the sandbox says 501). */
export function simulateAnswer(operationId: string, request: SimulationRequest): SimulatedAnswer | undefined {
  const data = operationId.includes(' /v2/') ? V2_RESPONSES : RESPONSES; // each family its own contract
  const answers = data.operations[operationId];
  const status = answers && successStatus(answers);
  if (status === undefined) return undefined;
  const node = answers[String(status)];
  if (!node || status === 204) return { status };
  let shapes = shapesOf.get(data);
  if (!shapes) shapesOf.set(data, (shapes = new Shapes(data.schemas)));
  const ctx: SimulationContext = {
    shapes,
    today: request.today,
    seed: seedOf(operationId, request.pathParams),
    echoes: echoesOf(operationId, request.pathParams),
    idsMade: 0,
    identities: new Map([...Object.entries(request.known ?? {}), ...identitiesOf(request.body)]),
  };
  return { status, body: simulatedValue(ctx, node, '', 0, request.body) };
}

/** The lowest 2xx status the contract declares for the operation. */
export function successStatus(answers: Record<string, SchemaNode | null>): number | undefined {
  const statuses = Object.keys(answers)
    .filter(s => /^2\d\d$/.test(s))
    .map(Number);
  return statuses.length ? Math.min(...statuses) : undefined;
}

const seedOf = (operationId: string, pathParams: Record<string, string>) =>
  [
    operationId,
    ...Object.keys(pathParams)
      .sort()
      .map(k => `${k}=${pathParams[k]}`),
  ].join('|');

// Which fields repeat the path keys. `{invoiceKey}` given an id fills `invoiceId` (and `id` when the path
// ends at it); given a number, `invoiceNumber` (and `number`). `{key}` takes its noun from the segment before.
function echoesOf(operationId: string, pathParams: Record<string, string>): SimulationContext['echoes'] {
  const anywhere = new Map<string, string>();
  const top = new Map<string, string>();
  const segments = operationId.slice(operationId.indexOf(' ') + 1).split('/');
  segments.forEach((segment, i) => {
    const param = /^\{(.+)\}$/.exec(segment)?.[1];
    const value = param === undefined ? undefined : pathParams[param];
    if (!param || !value) return;
    const name = camel(param);
    const [, stem, suffix] = /^(.*?)(id|key|number)?$/i.exec(name)!;
    if (!suffix) return void anywhere.set(name, value);
    const noun = stem || singular(camel(segments[i - 1] ?? ''));
    const isId = /^id$/i.test(suffix) || (/^key$/i.test(suffix) && /^[0-9a-f]{32}$/.test(value));
    if (!/^key$/i.test(suffix)) anywhere.set(name, value);
    if (noun) anywhere.set(noun + (isId ? 'Id' : 'Number'), value);
    if (i === segments.length - 1) top.set(isId ? 'id' : 'number', value);
  });
  return { anywhere, top };
}

const camel = (s: string) => s.replace(/[-_]+([a-zA-Z])/g, (_, c: string) => c.toUpperCase());
const singular = (s: string) => s.replace(/ies$/, 'y').replace(/s$/, '');
