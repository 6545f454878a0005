// Every finding for a *.request.json file, at its exact place in the file: JSON syntax, the operation, and
// its body checked against the operation's contract (v1: the generated schemas, open objects; v2: the generated
// schemas, closed objects, except the order and account bodies, checked by the same validator as the payload
// files), its v2 query parameters, plus fields used outside their service-version range. A finding's path
// is within the file (`body.subscriptions[0].orderActions[0].type`).
import { findOperation } from '../catalog';
import { didYouMeanOperation } from '../catalog/nearest';
import { requestContract } from '../contract';
import { describedRuleFindings } from '../contract/describedRules';
import {
  checkVersionedFields,
  locatedFindings,
  payloadFindings,
  type Finding,
  type PayloadKind,
  type RawFinding,
} from '../schemas';
import { isObj } from '../schemas/objects';
import { pathParamFindings } from './requestPathParams';
import { queryFindings } from './requestQuery';

/** The v2 operations whose bodies are the payload files' kinds. */
export const V2_BODY_KINDS: Readonly<Record<string, PayloadKind>> = {
  'POST /v2/orders': 'order',
  'POST /v2/orders/preview': 'preview',
  'POST /v2/accounts': 'account',
};

export interface RequestFindingsOptions {
  /** The service-version header the request is sent with (billingWorkbench.serviceVersion). */
  serviceVersion?: string;
  now?: Date;
}

export function requestFindings(text: string, options: RequestFindingsOptions = {}): Finding[] {
  if (text.trim() === '') return []; // a blank new file is not a mistake yet
  return locatedFindings(text, (value, syntaxErrors) => {
    if (isObj(value)) return fileFindings(value, options);
    if (syntaxErrors) return []; // the syntax findings say it
    const message = 'A request file is a JSON object: { "operation": "METHOD /path", "body": { ... } }.';
    return [{ code: 'wrong-root', path: [], target: 'value', message }];
  });
}

function fileFindings(file: Record<string, unknown>, options: RequestFindingsOptions): RawFinding[] {
  const operation = file.operation;
  if (operation === undefined) {
    const message = '"operation" is required: the operation to send, "METHOD /path" as listed in the Endpoints view.';
    return [{ code: 'missing-field', path: ['operation'], target: 'parentKey', message }];
  }
  const [method = '', path = ''] = typeof operation === 'string' ? operation.split(' ') : [];
  const op = findOperation(method, path);
  if (!op) {
    const mean = typeof operation === 'string' ? didYouMeanOperation(method, path) : '';
    const message = `Unknown operation ${JSON.stringify(operation)}.${mean} Use "METHOD /path" as listed in the Endpoints view.`;
    return [{ code: 'unknown-operation', path: ['operation'], target: 'value', message }];
  }
  const body = file.body;
  const versioned: RawFinding[] = checkVersionedFields(body, op.id, options.serviceVersion).map(f => ({
    code: 'versioned-field',
    path: ['body', ...f.path],
    target: 'key',
    message: f.message,
  }));
  const shadowed = new Set(versioned.map(f => f.path.join('\u0000')));
  const schema = bodyFindings(op.id, body, options.now);
  return [
    ...schema.filter(f => !shadowed.has(f.path.join('\u0000'))),
    ...versioned,
    ...queryFindings(op.id, file.query),
    ...pathParamFindings(op, file.pathParams),
  ];
}

/** An operation's body against its contract (the three v2 payload bodies by the payload validator), under `body`. */
export function bodyFindings(operationId: string, body: unknown, now?: Date): RawFinding[] {
  const kind = V2_BODY_KINDS[operationId];
  return kind
    ? v2Findings(body, kind, now)
    : [
        ...requestContract(operationId).check(operationId, body, ['body']),
        ...describedRuleFindings(operationId, body, ['body']),
      ];
}

/** A v2 body is checked by the payload validator; its findings move under `body`. */
function v2Findings(body: unknown, kind: PayloadKind, now: Date | undefined): RawFinding[] {
  if (body === undefined) return [];
  if (!isObj(body)) {
    const message = `"body" must be a JSON object (the ${kind} payload).`;
    return [{ code: 'wrong-type', path: ['body'], target: 'value', message }];
  }
  return payloadFindings(body, kind, { now }).map(f => ({ ...f, path: ['body', ...f.path] }));
}
