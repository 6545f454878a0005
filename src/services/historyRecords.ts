// What the request history keeps of one call the editor made: built from the call (what was sent) and its
// answer or error. The controller, live preview, the comparison and scenario steps record through here; the
// store redacts.
import { ApiError, type ApiResponse } from '../client';
import type { Connection } from '../connections/connectionStore';
import { SIMULATED_NOTE } from '../wire/simulated';
import type { Call, CallInfo } from './calls';
import { contractNotes } from './answerContract';
import { panelError } from './panelStates';
import type { RequestRecord, StoredCall } from './requestHistory';
import type { ScenarioStepRecord } from './scenarioRun';

export type Outcome = { response: ApiResponse<unknown> } | { error: unknown; ms: number };

export function historyRecord(
  ctx: { info: CallInfo; connection: Connection },
  call: Call,
  outcome: Outcome,
  origin?: RequestRecord['origin'],
): RequestRecord {
  const { info, connection } = ctx;
  const stored = storedCall(call);
  const base: RequestRecord = {
    title: info.title,
    method: info.method,
    path: info.path,
    ...(info.target && info.target !== info.path ? { target: info.target } : {}),
    ...(info.file ? { file: info.file } : {}),
    connection: { name: connection.name, kind: connection.kind },
    request: {
      ...(call.kind === 'operation' && Object.keys(call.request.query).length ? { query: call.request.query } : {}),
      ...('response' in outcome ? { headers: outcome.response.request.headers } : {}),
      ...('body' in stored && stored.body !== undefined ? { body: stored.body } : {}),
    },
    call: stored,
    ...(origin ? { origin } : {}),
  };
  if ('response' in outcome) {
    const r = outcome.response;
    const note = r.simulated ? { note: SIMULATED_NOTE } : {};
    const notes = contractNotes(info, r);
    const contract = notes ? { contract: notes } : {};
    return { ...base, status: r.status, ms: r.ms, requestId: r.requestId, answer: r.data, ...note, ...contract };
  }
  const e = outcome.error;
  if (!(e instanceof ApiError))
    return { ...base, ms: outcome.ms, error: { message: String((e as Error)?.message ?? e) } };
  const { message, category, categoryName, code, advice } = panelError(e);
  const error = { message, category, categoryName, code, advice, ...(e.body === undefined ? {} : { body: e.body }) };
  return { ...base, status: e.status, ms: outcome.ms, requestId: e.requestId, error };
}

function storedCall(call: Call): StoredCall {
  switch (call.kind) {
    case 'preview':
      return { kind: 'preview', file: call.file, source: call.source, body: call.body, ...api(call) };
    case 'createOrder':
      return { kind: call.kind, file: call.file, body: call.body, ...api(call) };
    case 'createAccount':
      return { kind: call.kind, file: call.file, body: call.body };
    case 'operation': {
      const { pathParams, query, body } = call.request;
      return { kind: 'operation', operation: call.op.id, pathParams, query, ...(body === undefined ? {} : { body }) };
    }
  }
}

const api = (call: { api?: 'v1' }) => (call.api ? { api: call.api } : {});

/** A scenario step that sent its request (already redacted by the runner); it is not sent again from History. */
export function scenarioStepRecord(step: ScenarioStepRecord, connectionKind: string): RequestRecord {
  const [path, query] = step.path.split('?');
  return {
    title: `${step.scenario} · ${step.step}`,
    method: step.method,
    path,
    ...(query ? { target: step.path } : {}),
    file: step.uri.slice(step.uri.lastIndexOf('/') + 1),
    connection: { name: step.connection, kind: connectionKind },
    request: step.request === undefined ? {} : { body: step.request },
    ...(step.status !== undefined ? { status: step.status } : {}),
    ms: step.ms,
    ...(step.requestId ? { requestId: step.requestId } : {}),
    ...(step.answer !== undefined ? { answer: step.answer } : {}),
    origin: 'scenario',
    scenario: { name: step.scenario, step: step.step },
  };
}
