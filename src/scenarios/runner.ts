// Runs scenarios over a BillingClient, step by step, telling what happens as events (the editor's Testing
// view and the CLI's reporters listen) and stopping at once when the signal aborts. On the Local sandbox each
// scenario gets a fresh sandbox of its own (in memory, at the scenario's `today`); on any other connection a
// run that writes asks `confirm` first, unless the connection is a Local sandbox reached by URL.
import type { Surface } from '../client';
import { learnSecrets, redact, type Redactor } from '../client/redact';
import type { PathSegment } from '../schemas';
import { capture } from './captures';
import { checkAnswer, contractFailures, type Answer, type CheckFailure } from './checks';
import { secretValues } from './environment';
import { resolveReferences, UnresolvedReference, type Scope } from './references';
import { gaveUp, realSleep, retryTimes, tryUntil, untilExpect, untilFailures, type Sleep } from './retry';
import { writes, type ExpectData } from './schema';
import type { PreparedStep, ScenarioFile } from './scenarioFile';
import { stepOperation } from './responseSchema';
import { openPlace, type ConnectionInfo, type RunPlace, type RunTarget } from './runPlace';

export type { ConnectionInfo, RunTarget };
import { resolveCall, sendOnce, type Call, type Exchange, type Sent } from './stepCall';
import { controlRefusal } from './controlSteps';
import { dropDefinitions, runCalloutStep, usesReceiver } from './calloutStep';
import { CalloutReceiver } from './receiver';

export type StepOutcome = 'passed' | 'failed' | 'errored' | 'skipped';

export interface StepResult {
  index: number;
  label: string;
  kind: string;
  outcome: StepOutcome;
  ms: number;
  /** How many times the step was sent: more than 1 when it has `retry`; 0 when it was not sent. */
  tries: number;
  /** Where the step is in the scenario file (`['steps', 2]`); failures carry their own paths. */
  path: PathSegment[];
  failures: CheckFailure[];
  /** Why the step could not be sent or answered with an error nobody expected (errored), or was skipped. */
  error?: string;
  /** Why it errored: the service could not be reached, answered an error no check expected, or the scenario is wrong. */
  errorKind?: StepErrorKind;
  /** Where the error is in the scenario (an unresolved reference points at its string). */
  errorPath?: PathSegment[];
  /** What was sent and answered, redacted (the editor's History can record it as it is). */
  exchange?: Exchange;
  /** A callout step's answer, redacted: the callout it waited for, its body, the event types received. */
  callout?: unknown;
  /** The answer was simulated from the contract by the Local sandbox (SIMULATED_NOTE). */
  note?: string;
}

/**
 * unreachable: network or timeout; unexpected-answer: an HTTP error no step expected; scenario: the file asks
 * for what cannot be done (an unresolved reference, advance off the Local sandbox). The CLI exits 3 for the first two.
 */
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

export interface WriteQuestion {
  connection: ConnectionInfo;
  /** Scenario name -> labels of the steps that write. */
  writes: { scenario: string; steps: string[] }[];
}

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
  /** How a retried step waits (tests inject one that moves their clock instead of waiting). */
  sleep?: Sleep;
  /** Environment variables for `${env.NAME}` (the CLI gives process.env and its --dotenv file). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Check every answer against its operation's response schema: a departure fails the step (`test --contract`). */
  contract?: boolean;
  /** Secret values to mask as *** in results (besides the secret variables of `env`). */
  secrets?: readonly string[];
  /** The largest answer the Local sandbox client reads (`test --max-response-mb`). */
  maxResponseBytes?: number;
}

/** One run of a scenario: the whole file, or one row of its `each` (and of a data file, an iteration: dataRuns). */
export interface Run {
  file: ScenarioFile;
  name: string;
  row?: Record<string, unknown>;
  /** The data file's row (`${data.NAME}`), its number (1-based) and the iteration, from `test --data/--iterations`. */
  data?: Readonly<Record<string, unknown>>;
  dataRow?: number;
  iteration?: number;
}

/** What one run gets besides its row of `each`: the data file's row, and who hears its captures (redacted). */
export interface RunExtras {
  data?: Readonly<Record<string, unknown>>;
  onCaptures?: (captures: Record<string, unknown>) => void;
}

/** The runs of the files: one per file, or one per row of its `each` ("Name [row 2]", or "Name [a row's name]"). */
export function runsOf(files: ScenarioFile[]): Run[] {
  return files.flatMap(file => {
    const name = nameOf(file);
    const rows = file.findings.some(x => x.severity === 'error') ? undefined : file.scenario?.each;
    if (!rows?.length) return [{ file, name }];
    return rows.map((row, k) => {
      const label = typeof row.name === 'string' && row.name ? row.name : `row ${k + 1}`;
      return { file, name: `${name} [${label}]`, row };
    });
  });
}

/** Runs the scenarios in order (each row of `each` as a scenario of its own); one with errors is not run. */
export async function runScenarios(files: ScenarioFile[], opts: RunOptions): Promise<ScenarioResult[]> {
  let allowed = true;
  if (opts.target.kind === 'connection' && !opts.target.connection.localSandbox) {
    const w = files
      .map(f => ({ scenario: nameOf(f), steps: f.steps.filter(s => writes(s.step)).map(s => s.label) }))
      .filter(x => x.steps.length);
    if (w.length) allowed = !!opts.confirm && (await opts.confirm({ connection: opts.target.connection, writes: w }));
  }
  const results: ScenarioResult[] = [];
  for (const run of runsOf(files)) {
    const f = run.file;
    if (opts.signal?.aborted) results.push(skipped(run, 'Cancelled.', opts));
    else if (!allowed && f.steps.some(s => writes(s.step))) {
      results.push(skipped(run, 'Not run: it writes, and writing to this connection was not confirmed.', opts));
    } else results.push(await runScenario(f, opts, run.row, run.name));
  }
  return results;
}

/** Runs one scenario (for one row of its `each` when `row` is given: runScenarios gives each row in turn). */
export async function runScenario(
  f: ScenarioFile,
  opts: RunOptions,
  row?: Record<string, unknown>,
  runName?: string,
  extras: RunExtras = {},
): Promise<ScenarioResult> {
  const now = opts.now ?? Date.now;
  const name = runName ?? nameOf(f);
  opts.onEvent?.({ type: 'scenarioStart', scenario: f, name });
  const started = now();
  const errors = f.findings.filter(x => x.severity === 'error');
  if (errors.length || !f.scenario) {
    const why = errors.map(e => e.message).join(' ') || 'Not a scenario.';
    return finish(f, opts, started, `Not run: ${why}`, 'errored', name);
  }
  const today = f.scenario.today;
  const place = await openPlace(opts, today);
  const target = place.target;
  const secrets = secretValues(opts.env, opts.secrets, f.scenario);
  // The client's secrets (its credentials, its tokens: known once it has one), the scenario's, and the values
  // this run has seen in secret fields (a token answered by step 1 and sent again by step 3 is masked there too).
  const learned = new Set<string>();
  let receiver: CalloutReceiver | undefined;
  const ctx: StepContext = {
    place,
    learned,
    redactor: () => place.client.redactor.with([...secrets, ...learned]),
    scope: { answers: new Map(), env: opts.env, row, data: extras.data, missing: new Map() },
    captured: new Map(),
    signal: opts.signal,
    now,
    sleep: opts.sleep ?? realSleep,
    contract: !!opts.contract,
  };
  const steps: StepResult[] = [];
  const knewAt: number[] = []; // how many secrets the run had learned when each step ended
  try {
    // Only where callouts can reach it: on a real environment the steps that need it are refused.
    if (place.sandbox && usesReceiver(f.steps))
      ctx.scope.receiver = ctx.receiver = receiver = await CalloutReceiver.start();
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
      const r = await runStep(step, ctx);
      steps.push(r);
      knewAt[steps.length - 1] = learned.size;
      opts.onEvent?.({ type: 'stepEnd', scenario: f, result: r });
      // Later steps build on this one's answer: after an error they are not sent (no writes on a wrong basis).
      if (r.outcome === 'errored') stop = `Not sent: ${r.label} errored.`;
      if (r.outcome === 'skipped') stop = r.error;
    }
  } finally {
    // A sandbox reached by URL outlives the run: no definition is left pointing at the closed receiver.
    if (receiver && opts.target.kind === 'connection')
      await dropDefinitions(place.client, receiver.url).catch(() => {});
    await receiver?.close(); // first: it cannot fail, and then no port is left open whatever the place does
    await place.close(); // the embedded sandbox (a connection's client is its owner's)
  }
  // A value learned by a later step is masked in the earlier ones too (their reports are written at the end).
  steps.forEach((s, i) => {
    if ((knewAt[i] ?? learned.size) < learned.size) steps[i] = redact(s, [...learned].slice(knewAt[i]));
  });
  const outcome = steps.some(s => s.outcome === 'errored')
    ? 'errored'
    : steps.some(s => s.outcome === 'failed')
      ? 'failed'
      : steps.some(s => s.outcome === 'skipped')
        ? 'skipped'
        : 'passed';
  const shownName = ctx.redactor().text(name); // a row's name may hold a secret value
  extras.onCaptures?.(ctx.redactor().json(Object.fromEntries(ctx.captured))); // a captured token is masked
  const result: ScenarioResult = { name: shownName, file: f.file, outcome, ms: now() - started, steps, target };
  opts.onEvent?.({ type: 'scenarioEnd', scenario: f, result });
  return result;
}

/** What every step of one run shares. */
interface StepContext {
  /** Where the steps go: its client, whether it is a Local sandbox, its reset. */
  place: RunPlace;
  /** Values found in the secret-named fields of what this run sent and was answered (run-scoped). */
  learned: Set<string>;
  /** Masks the client's secrets and the scenario's (made when needed: the client learns its token on the way). */
  redactor: () => Redactor;
  /** Earlier answers and captures, the environment, the row. */
  scope: Scope & { answers: Map<string, unknown>; missing: Map<string, string> };
  /** The values captured so far, by name (`test --export`). */
  captured: Map<string, unknown>;
  signal?: AbortSignal;
  now: () => number;
  sleep: Sleep;
  /** Every answer is checked against its operation's response schema (`test --contract`). */
  contract: boolean;
  /** Where callouts come to (`${receiver.url}`), when a step uses them. */
  receiver?: CalloutReceiver;
}

async function runStep(p: PreparedStep, ctx: StepContext): Promise<StepResult> {
  const { now, scope } = ctx;
  const started = now();
  const base = { index: p.index, label: p.label, kind: p.step.kind, path: ['steps', p.index] as PathSegment[] };
  const done = (r: Partial<StepResult>): StepResult => {
    // Results reach reports, logs and History: nothing secret in them, whatever the outcome.
    const result = { ...base, outcome: 'passed' as StepOutcome, failures: [], tries: 0, ms: now() - started, ...r };
    learnSecrets([result.exchange?.body, result.exchange?.answer, result.callout], ctx.learned);
    const redactor = ctx.redactor();
    if (result.error !== undefined) result.error = redactor.text(result.error);
    if (result.exchange) result.exchange = redactor.json(result.exchange);
    if (result.callout) result.callout = redactor.json(result.callout);
    result.failures = result.failures.map(f => ({
      ...f,
      message: redactor.text(f.message),
      expected: redactor.json(f.expected), // `equals: "${a.token}"` expects what an answer held
      actual: redactor.json(f.actual),
    }));
    return result;
  };
  const refused = controlRefusal(p, ctx.place);
  if (refused) {
    // The steps after this one would run on the wrong basis (a date, a catalog or data it does not have).
    return done({ outcome: 'errored', error: refused, errorKind: 'scenario', errorPath: [...base.path, 'kind'] });
  }
  if (p.step.kind === 'callout') return done(await runCalloutStep(p, ctx));
  let call: Call;
  let expect: ExpectData | undefined;
  let until: ExpectData | undefined;
  try {
    call = resolveCall(p, scope, ctx.place.reset);
    // Expected values may name earlier answers too (`equals: "${signup.order_number}"`).
    expect = p.step.expect && resolveReferences(p.step.expect, scope, [...base.path, 'expect']);
    if (p.step.retry)
      until = resolveReferences(untilExpect(p.step.retry.until), scope, [...base.path, 'retry', 'until']);
  } catch (e) {
    if (!(e instanceof UnresolvedReference)) throw e;
    return done({ outcome: 'errored', error: e.message, errorKind: 'scenario', errorPath: e.at });
  }
  const previewRequest = p.step.kind === 'preview' ? call.body : undefined;
  const context = { previewRequest, operation: operationOf(p) };
  const untilAt = [...base.path, 'retry', 'until'];
  const untilFails = (a: Answer) => untilFailures(p, a, until!, untilAt, context);
  const holds = (t: Sent) => t.kind === 'answer' && !untilFails(t.answer).length;
  const tried = p.step.retry
    ? await tryUntil(
        retryTimes(p.step.retry),
        ctx,
        () => sendOnce(call, sending(ctx)),
        t => t.kind !== 'answer' || holds(t),
      )
    : { last: await sendOnce(call, sending(ctx)), tries: 1, held: true, cancelled: false };
  const sent = tried.last;
  const tries = tried.tries;
  if (sent.kind === 'cancelled' || tried.cancelled) return done({ outcome: 'skipped', error: 'Cancelled.', tries });
  if (sent.kind === 'failed')
    return done({
      outcome: 'errored',
      error: sent.error.message,
      errorKind: 'unreachable',
      exchange: sent.exchange,
      tries,
    });
  const { answer, exchange } = sent;
  const note = sent.note ? { note: sent.note } : {};
  const expected = expect?.status;
  if (sent.error && (expected === undefined || expected < 400)) {
    // An error nobody expected: the step failed to do its job (a 4xx/5xx).
    return done({ outcome: 'errored', error: sent.error.message, errorKind: 'unexpected-answer', exchange, tries });
  }
  if (p.step.name) scope.answers.set(p.step.name, answer.body);
  const captured = capture(answer.body, p.step.capture, [...base.path, 'capture'], p.label);
  for (const [k, v] of captured.values) {
    scope.answers.set(k, v);
    ctx.captured.set(k, v);
  }
  for (const [k, why] of captured.missing) scope.missing.set(k, why);
  const failures: CheckFailure[] = [
    ...(p.step.retry && !tried.held ? [gaveUp(p, untilFails(answer), untilAt, tries)] : []),
    ...checkAnswer(answer, expect, [...base.path, 'expect'], previewRequest, context),
    ...(ctx.contract && !expect?.schema ? contractFailures(answer, context.operation, base.path) : []),
    ...captured.failures,
  ];
  return done({ outcome: failures.length ? 'failed' : 'passed', failures, exchange, tries, ...note });
}

/** The client of the moment (a reset swaps it), for one try. */
const sending = (ctx: StepContext) => ({ client: ctx.place.client, signal: ctx.signal, now: ctx.now });

/** The catalog operation a step calls, for `schema: true`. */
const operationOf = (p: PreparedStep): string | undefined =>
  p.step.kind === 'operation' ? (p.operation?.id ?? p.step.operation) : stepOperation(p.step.kind);

const nameOf = (f: ScenarioFile) => f.scenario?.name ?? f.file ?? 'scenario';

function skipStep(p: PreparedStep, why: string): StepResult {
  return {
    index: p.index,
    label: p.label,
    kind: p.step.kind,
    outcome: 'skipped',
    ms: 0,
    tries: 0,
    path: ['steps', p.index],
    failures: [],
    error: why,
  };
}

/** A run not made (cancelled, writing not confirmed): every step skipped, saying why. */
export function skipped(run: Run, why: string, opts: RunOptions): ScenarioResult {
  const target = opts.target.kind === 'local' ? 'Local sandbox' : opts.target.connection.name;
  const steps = run.file.steps.map(s => skipStep(s, why));
  return { name: run.name, file: run.file.file, outcome: 'skipped', ms: 0, steps, target, error: why };
}

function finish(
  f: ScenarioFile,
  opts: RunOptions,
  started: number,
  why: string,
  outcome: 'errored',
  name: string,
): ScenarioResult {
  const now = opts.now ?? Date.now;
  const steps = f.steps.map(s => ({ ...skipStep(s, why), outcome }));
  const target = opts.target.kind === 'local' ? 'Local sandbox' : opts.target.connection.name;
  const ms = now() - started;
  const result: ScenarioResult = { name, file: f.file, outcome, ms, steps, target, error: why };
  opts.onEvent?.({ type: 'scenarioEnd', scenario: f, result });
  return result;
}
