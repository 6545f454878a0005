// Runs scenarios over a BillingClient, step by step, telling what happens as events (the editor's Testing
// view and the CLI's reporters listen) and stopping at once when the signal aborts. On the Local sandbox each
// scenario gets a fresh sandbox of its own (in memory, at the scenario's `today`); on any other connection a
// run that writes asks `confirm` first.
import { BillingClient, type ApiError, type ApiResponse, type ClockRequest, type Surface } from '../client';
import { startSandbox } from '../sandbox';
import { previewBody } from '../payloads';
import { kindFromFileName, type PathSegment } from '../schemas';
import { SIMULATED_NOTE } from '../wire/simulated';
import { checkAnswer, type Answer, type CheckFailure } from './checks';
import { resolveReferences, UnresolvedReference } from './references';
import { writes, type ExpectData } from './schema';
import type { PreparedStep, ScenarioFile } from './scenarioFile';

export type StepOutcome = 'passed' | 'failed' | 'errored' | 'skipped';

export interface StepResult {
  index: number;
  label: string;
  kind: string;
  outcome: StepOutcome;
  ms: number;
  /** Where the step is in the scenario file (`['steps', 2]`); failures carry their own paths. */
  path: PathSegment[];
  failures: CheckFailure[];
  /** Why the step could not be sent or answered with an error nobody expected (errored), or was skipped. */
  error?: string;
  /** Why it errored: the service could not be reached, answered an error no check expected, or the scenario is wrong. */
  errorKind?: StepErrorKind;
  /** How many times the step was sent (retries). */
  tries?: number;
  /** Where the error is in the scenario (an unresolved reference points at its string). */
  errorPath?: PathSegment[];
  /** What was sent and answered, redacted (the editor's History can record it as it is). */
  exchange?: { method: string; url: string; status?: number; requestId?: string; body?: unknown; answer?: unknown };
  /** The answer was simulated from the contract by the Local sandbox (SIMULATED_NOTE). */
  note?: string;
}

/** unreachable: network or timeout; unexpected-answer: an HTTP error no step expected; scenario: the file asks
 * for what cannot be done (an unresolved reference, advance off the Local sandbox). The CLI exits 3 for the first two. */
export type StepErrorKind = 'unreachable' | 'unexpected-answer' | 'scenario';

export interface ScenarioResult {
  name: string;
  file?: string;
  outcome: 'passed' | 'failed' | 'errored' | 'skipped';
  ms: number;
  steps: StepResult[];
  /** Where it ran: the connection's name, or "Local sandbox (fresh, today 2027-01-01)". */
  target: string;
  /** Why it was not run (findings in the file, writing not confirmed, cancelled). */
  error?: string;
}

export type RunEvent =
  | { type: 'scenarioStart'; scenario: ScenarioFile; name: string }
  | { type: 'stepStart'; scenario: ScenarioFile; step: PreparedStep; path: PathSegment[] }
  | { type: 'stepEnd'; scenario: ScenarioFile; result: StepResult }
  | { type: 'scenarioEnd'; scenario: ScenarioFile; result: ScenarioResult };

/** The connection a run writes to, for the question asked before it. */
export interface ConnectionInfo {
  name: string;
  baseUrl: string;
  production: boolean;
}
export interface WriteQuestion {
  connection: ConnectionInfo;
  /** Scenario name -> labels of the steps that write. */
  writes: { scenario: string; steps: string[] }[];
}

export type RunTarget = { kind: 'local' } | { kind: 'connection'; client: BillingClient; connection: ConnectionInfo };

export interface RunOptions {
  target: RunTarget;
  signal?: AbortSignal;
  onEvent?: (e: RunEvent) => void;
  /** Asked once per run, before the first step, when a scenario writes on a connection (not the Local sandbox). */
  confirm?: (q: WriteQuestion) => boolean | Promise<boolean>;
  /** Whose words the Local sandbox client's errors use (the editor's commands or the CLI's flags). */
  surface?: Surface;
  /** Milliseconds now (tests inject a clock; durations are measured with it). */
  now?: () => number;
  /** The values `${env.NAME}` reads. */
  env?: Record<string, string | undefined>;
  /** Values to mask in results and reports. */
  secrets?: string[];
}

/** Runs the scenarios in order; a scenario with findings of severity error is not run (errored). */
export async function runScenarios(files: ScenarioFile[], opts: RunOptions): Promise<ScenarioResult[]> {
  let allowed = true;
  if (opts.target.kind === 'connection') {
    const w = files
      .map(f => ({ scenario: nameOf(f), steps: f.steps.filter(s => writes(s.step)).map(s => s.label) }))
      .filter(x => x.steps.length);
    if (w.length) allowed = !!opts.confirm && (await opts.confirm({ connection: opts.target.connection, writes: w }));
  }
  const results: ScenarioResult[] = [];
  for (const f of files) {
    if (opts.signal?.aborted) results.push(skipped(f, 'Cancelled.', opts));
    else if (!allowed && f.steps.some(s => writes(s.step))) {
      results.push(skipped(f, 'Not run: it writes, and writing to this connection was not confirmed.', opts));
    } else results.push(await runScenario(f, opts));
  }
  return results;
}

export async function runScenario(f: ScenarioFile, opts: RunOptions): Promise<ScenarioResult> {
  const now = opts.now ?? Date.now;
  const name = nameOf(f);
  opts.onEvent?.({ type: 'scenarioStart', scenario: f, name });
  const started = now();
  const errors = f.findings.filter(x => x.severity === 'error');
  if (errors.length || !f.scenario) {
    const why = errors.map(e => e.message).join(' ') || 'Not a scenario.';
    return finish(f, opts, started, `Not run: ${why}`, 'errored');
  }
  const today = f.scenario.today;
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  let client: BillingClient;
  let target: string;
  if (opts.target.kind === 'local') {
    sandbox = await startSandbox({ today }); // in memory: nothing of another run is seen, nothing is kept
    client = new BillingClient({
      baseUrl: sandbox.url,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      surface: opts.surface,
    });
    target = `Local sandbox (fresh${today ? `, today ${today}` : ''})`;
  } else {
    client = opts.target.client;
    // A real environment has its own date: `today` is simulated on the Local sandbox only.
    target = opts.target.connection.name + (today ? ` (its own today, not ${today})` : '');
  }
  const steps: StepResult[] = [];
  try {
    const answers = new Map<string, unknown>();
    let stop: string | undefined;
    for (const step of f.steps) {
      stop ??= opts.signal?.aborted ? 'Cancelled.' : undefined;
      if (stop) {
        const skippedStep = skipStep(step, stop);
        steps.push(skippedStep);
        opts.onEvent?.({ type: 'stepEnd', scenario: f, result: skippedStep }); // never started: shown as skipped
        continue;
      }
      opts.onEvent?.({ type: 'stepStart', scenario: f, step, path: ['steps', step.index] });
      const r = await runStep(step, client, answers, opts.signal, now, opts.target.kind === 'local');
      steps.push(r);
      opts.onEvent?.({ type: 'stepEnd', scenario: f, result: r });
      // Later steps build on this one's answer: after an error they are not sent (no writes on a wrong basis).
      if (r.outcome === 'errored') stop = `Not sent: ${r.label} errored.`;
      if (r.outcome === 'skipped') stop = r.error;
    }
  } finally {
    if (sandbox) {
      await client.close();
      await sandbox.close();
    }
  }
  const outcome = steps.some(s => s.outcome === 'errored')
    ? 'errored'
    : steps.some(s => s.outcome === 'failed')
      ? 'failed'
      : steps.some(s => s.outcome === 'skipped')
        ? 'skipped'
        : 'passed';
  const result: ScenarioResult = { name, file: f.file, outcome, ms: now() - started, steps, target };
  opts.onEvent?.({ type: 'scenarioEnd', scenario: f, result });
  return result;
}

async function runStep(
  p: PreparedStep,
  client: BillingClient,
  answers: Map<string, unknown>,
  signal: AbortSignal | undefined,
  now: () => number,
  local: boolean,
): Promise<StepResult> {
  const started = now();
  const base = { index: p.index, label: p.label, kind: p.step.kind, path: ['steps', p.index] as PathSegment[] };
  const done = (r: Partial<StepResult>): StepResult => ({
    ...base,
    outcome: 'passed',
    failures: [],
    ms: now() - started,
    ...r,
  });
  if (p.step.kind === 'advance' && !local) {
    // A real environment keeps its own date: the steps after this one would run on the wrong basis.
    const error = `${p.label} moves the Local sandbox's clock; this connection keeps its own date. Run the scenario on the Local sandbox.`;
    return done({ outcome: 'errored', error, errorKind: 'scenario', errorPath: [...base.path, 'kind'] });
  }
  let call: Call;
  let expect: ExpectData | undefined;
  try {
    call = resolveCall(p, answers);
    // Expected values may name earlier answers too (`equals: "${signup.order_number}"`).
    expect = p.step.expect && resolveReferences(p.step.expect, answers, [...base.path, 'expect']);
  } catch (e) {
    if (!(e instanceof UnresolvedReference)) throw e;
    return done({ outcome: 'errored', error: e.message, errorKind: 'scenario', errorPath: e.at });
  }
  let answer: Answer;
  let exchange: StepResult['exchange'];
  let note: { note: string } | undefined;
  try {
    const r = await call.send(client, signal);
    answer = { status: r.status, body: r.data };
    if (r.simulated) note = { note: SIMULATED_NOTE };
    exchange = client.redactor.json({
      method: r.request.method,
      url: r.request.url,
      status: r.status,
      requestId: r.requestId,
      body: call.body,
      answer: r.data,
    });
  } catch (e) {
    if (!isApiError(e)) throw e;
    if (e.kind === 'cancelled') return done({ outcome: 'skipped', error: 'Cancelled.' });
    exchange = client.redactor.json({
      method: e.method ?? '',
      url: e.url ?? '',
      status: e.status,
      requestId: e.requestId,
      body: call.body,
      answer: e.body,
    });
    const expected = expect?.status;
    if (e.kind !== 'http' || e.status === undefined || expected === undefined || expected < 400) {
      // An error nobody expected: the step failed to do its job (a 4xx/5xx, a network failure).
      const errorKind = e.kind === 'http' ? 'unexpected-answer' : 'unreachable';
      return done({ outcome: 'errored', error: e.message, errorKind, exchange });
    }
    answer = { status: e.status, body: e.body };
  }
  if (p.step.name) answers.set(p.step.name, answer.body);
  const previewRequest = p.step.kind === 'preview' ? call.body : undefined;
  // Results reach reports, logs and History: what came back is redacted like everything the client shows.
  const failures = checkAnswer(answer, expect, [...base.path, 'expect'], previewRequest).map(f => ({
    ...f,
    message: client.redactor.text(f.message),
    expected: client.redactor.json(f.expected), // `equals: "${a.token}"` expects what an answer held
    actual: client.redactor.json(f.actual),
  }));
  return done({ outcome: failures.length ? 'failed' : 'passed', failures, exchange, ...note });
}

interface Call {
  body?: unknown;
  send(client: BillingClient, signal?: AbortSignal): Promise<ApiResponse<unknown>>;
}

/** The step's call with every reference resolved (throws UnresolvedReference). */
function resolveCall(p: PreparedStep, answers: Map<string, unknown>): Call {
  const s = p.step;
  const at: PathSegment[] = ['steps', p.index];
  const bodyAt = p.file ? [...at, 'file'] : [...at, 'body'];
  const body = p.body === undefined ? undefined : resolveReferences(p.body, answers, bodyAt);
  const obj = body as Record<string, unknown>;
  switch (s.kind) {
    case 'preview': {
      // Sent as the editor previews a file: an order gets `metrics`; billing documents are asked for over the
      // default periods unless the body names its own metrics or period options (the same on every machine).
      const isBody = !!obj && typeof obj === 'object' && !Array.isArray(obj);
      const sent = isBody ? previewBody(obj, p.file ? kindFromFileName(p.file) : 'preview') : obj;
      return { body: sent, send: (c, signal) => c.preview(sent as never, { signal }) };
    }
    case 'createOrder':
      return { body, send: (c, signal) => c.createOrder(obj as never, { signal }) };
    case 'createAccount':
      return { body, send: (c, signal) => c.createAccount(obj as never, { signal }) };
    case 'getOrder': {
      const n = String(resolveReferences(s.orderNumber, answers, [...at, 'orderNumber']));
      return { send: (c, signal) => c.getOrder(n, { signal }) };
    }
    case 'getAccount': {
      const n = String(resolveReferences(s.accountNumber, answers, [...at, 'accountNumber']));
      return { send: (c, signal) => c.getAccount(n, { signal }) };
    }
    case 'operation': {
      const op = p.operation!;
      const pathParams = resolveReferences(s.pathParams ?? {}, answers, [...at, 'pathParams']);
      const raw = resolveReferences(s.query ?? {}, answers, [...at, 'query']) as Record<string, unknown>;
      const query = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, String(v)]));
      const asText = Object.fromEntries(Object.entries(pathParams).map(([k, v]) => [k, String(v)]));
      return { body, send: (c, signal) => c.send(op, { pathParams: asText, query, body, signal }) };
    }
    case 'advance': {
      const move = resolveReferences(s.to !== undefined ? { to: s.to } : { by: s.by ?? '' }, answers, at);
      return { body: move, send: (c, signal) => c.moveSandboxClock(move as ClockRequest, { signal }) };
    }
  }
}

/**
 * The client's error, by its name and kind rather than its class: the client handed in may come from another
 * bundle (the extension's, the CLI's) than this one, with an ApiError class of its own.
 */
const isApiError = (e: unknown): e is ApiError =>
  e instanceof Error && e.name === 'ApiError' && typeof (e as ApiError).kind === 'string';

const nameOf = (f: ScenarioFile) => f.scenario?.name ?? f.file ?? 'scenario';

function skipStep(p: PreparedStep, why: string): StepResult {
  return {
    index: p.index,
    label: p.label,
    kind: p.step.kind,
    outcome: 'skipped',
    ms: 0,
    path: ['steps', p.index],
    failures: [],
    error: why,
  };
}

function skipped(f: ScenarioFile, why: string, opts: RunOptions): ScenarioResult {
  const target = opts.target.kind === 'local' ? 'Local sandbox' : opts.target.connection.name;
  const steps = f.steps.map(s => skipStep(s, why));
  return { name: nameOf(f), file: f.file, outcome: 'skipped', ms: 0, steps, target, error: why };
}

function finish(f: ScenarioFile, opts: RunOptions, started: number, why: string, outcome: 'errored'): ScenarioResult {
  const now = opts.now ?? Date.now;
  const steps = f.steps.map(s => ({ ...skipStep(s, why), outcome }));
  const target = opts.target.kind === 'local' ? 'Local sandbox' : opts.target.connection.name;
  const ms = now() - started;
  const result: ScenarioResult = { name: nameOf(f), file: f.file, outcome, ms, steps, target, error: why };
  opts.onEvent?.({ type: 'scenarioEnd', scenario: f, result });
  return result;
}
