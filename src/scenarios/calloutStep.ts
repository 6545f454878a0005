// The `callout` step: waits until the run's receiver holds the callouts it asks for (by event type and checks on
// the body), waking on each arrival and giving up after `retry.for` on the run's injected clock and sleeper (a
// test's sleeper moves its clock: nothing really waits). Its answer is then checked with `expect` and captured
// like a call's. A failure says what arrived instead, or that nothing did and what to check.
import type { BillingClient } from '../client';
import type { PathSegment } from '../schemas/findings';
import { capture } from './captures';
import { checkAnswer, checkValue, type Answer, type CheckFailure } from './checks';
import { parseDuration } from './duration';
import { findReferences, resolveReferences, UnresolvedReference, type Scope } from './references';
import type { CalloutReceiver, Callout } from './receiver';
import type { Sleep } from './retry';
import type { ExpectData, StepData, ValueCheckData } from './schema';
import type { PreparedStep } from './findingTypes';

export const DEFAULT_WAIT_MS = 10_000;

type CalloutStepData = Extract<StepData, { kind: 'callout' }>;

export interface CalloutStepContext {
  receiver?: CalloutReceiver;
  scope: Scope & { answers: Map<string, unknown>; missing: Map<string, string> };
  now: () => number;
  sleep: Sleep;
  signal?: AbortSignal;
  /** The run's captures (`test --export`): a callout's join a call's. */
  captured?: Map<string, unknown>;
}

/** What runStep makes a StepResult of (its `done` masks secrets in it). */
export interface CalloutOutcome {
  outcome: 'passed' | 'failed' | 'errored' | 'skipped';
  failures?: CheckFailure[];
  error?: string;
  errorKind?: 'scenario';
  errorPath?: PathSegment[];
  tries: number;
  /** Its answer (not an exchange: nothing was sent, History has nothing to record). */
  callout?: unknown;
}

/** Whether a run needs a receiver: a `callout` step, or `${receiver.url}` in a step or its payload file. */
export function usesReceiver(steps: readonly PreparedStep[]): boolean {
  return steps.some(p => p.step.kind === 'callout' || namesReceiver(p));
}

export const namesReceiver = (p: PreparedStep): boolean =>
  [...findReferences(p.step), ...findReferences(p.body)].some(r => r.step === 'receiver');

const DEFINITIONS = '/notifications/notification-definitions';

/**
 * On a Local sandbox reached by URL (it outlives the run): the notification definitions pointing at the closed
 * receiver are deleted, so later events are not sent to a port nobody listens on. Best effort, a few pages.
 */
export async function dropDefinitions(client: BillingClient, receiverUrl: string): Promise<void> {
  type Page = { data?: { id: string; callout?: { calloutBaseurl?: string } }[]; next?: string };
  const ours: string[] = [];
  for (let start = 0, pages = 0; pages < 20; pages++, start += 100) {
    const page = (
      await client.send<Page>({ method: 'GET', path: DEFINITIONS }, { query: { start: String(start), limit: '100' } })
    ).data;
    for (const d of page.data ?? []) if (d.callout?.calloutBaseurl?.startsWith(receiverUrl)) ours.push(d.id);
    if (!page.next) break;
  }
  for (const id of ours) await client.send({ method: 'DELETE', path: `${DEFINITIONS}/{id}` }, { pathParams: { id } });
}

export async function runCalloutStep(p: PreparedStep, ctx: CalloutStepContext): Promise<CalloutOutcome> {
  const s = p.step as CalloutStepData;
  const at: PathSegment[] = ['steps', p.index];
  let where: ValueCheckData[];
  let expect: ExpectData | undefined;
  let events: string[] | undefined;
  try {
    // `"event": "${data.event}"` waits for the row's event, not for the text as written.
    events = s.event === undefined ? undefined : [resolveReferences(s.event, ctx.scope, [...at, 'event'])].flat();
    where = resolveReferences(s.where ?? [], ctx.scope, [...at, 'where']);
    expect = s.expect && resolveReferences(s.expect, ctx.scope, [...at, 'expect']);
  } catch (e) {
    if (!(e instanceof UnresolvedReference)) throw e;
    return { outcome: 'errored', error: e.message, errorKind: 'scenario', errorPath: e.at, tries: 0 };
  }
  const receiver = ctx.receiver!; // the runner starts one for every run with a callout step
  const count = s.count ?? 1;
  const span = s.retry ? parseDuration(s.retry.for) : { ms: DEFAULT_WAIT_MS };
  const forMs = span.error === undefined ? span.ms : DEFAULT_WAIT_MS;
  const matches = () =>
    receiver.received.filter(c => (!events || events.includes(c.event ?? '')) && passes(c, where, at));
  const waited = await waitFor(receiver, () => matches().length >= count, forMs, ctx);
  if (waited === 'cancelled') return { outcome: 'skipped', error: 'Cancelled.', tries: 1 };
  const found = matches().slice(0, count);
  const first = found[0];
  const body = {
    event: first?.event ?? null,
    body: first?.body ?? null,
    method: first?.method ?? null,
    path: first?.path ?? null,
    headers: first?.headers ?? {},
    callouts: found.map(c => ({ event: c.event, body: c.body })),
    received: receiver.received.map(c => c.event),
  };
  if (found.length < count) {
    const within = String(s.retry?.for ?? '10s');
    const failure = notArrived(s, events, where, count, found.length, receiver.received, within, at);
    return { outcome: 'failed', failures: [failure], tries: 1, callout: body };
  }
  const answer: Answer = { status: 200, body, headers: first?.headers ?? {} };
  if (s.name) ctx.scope.answers.set(s.name, body);
  const captured = capture(body, s.capture, [...at, 'capture'], p.label);
  for (const [k, v] of captured.values) {
    ctx.scope.answers.set(k, v);
    ctx.captured?.set(k, v);
  }
  for (const [k, why] of captured.missing) ctx.scope.missing.set(k, why);
  const failures = [...checkAnswer(answer, expect, [...at, 'expect']), ...captured.failures];
  return { outcome: failures.length ? 'failed' : 'passed', failures, tries: 1, callout: body };
}

/** Every `where` check passes on the callout's body. */
function passes(c: Callout, where: readonly ValueCheckData[], at: PathSegment[]): boolean {
  return where.every((w, i) => !checkValue(c.body, w, [...at, 'where', i], c.headers));
}

/**
 * Until `done` holds (looked at on each arrival), `forMs` has passed on the run's clock, or the run is cancelled.
 * A sleep that ends without an arrival has slept the whole rest: the wait is over (a clock that does not move
 * cannot make it endless).
 */
async function waitFor(
  receiver: CalloutReceiver,
  done: () => boolean,
  forMs: number,
  ctx: CalloutStepContext,
): Promise<'held' | 'timeout' | 'cancelled'> {
  const started = ctx.now();
  for (;;) {
    if (ctx.signal?.aborted) return 'cancelled';
    if (done()) return 'held';
    const left = forMs - (ctx.now() - started);
    if (left <= 0) return 'timeout';
    const wake = new AbortController();
    let arrived = false;
    const stop = receiver.onArrival(() => {
      arrived = true;
      wake.abort();
    });
    const signal = ctx.signal ? AbortSignal.any([ctx.signal, wake.signal]) : wake.signal;
    try {
      await ctx.sleep(left, signal);
    } finally {
      stop();
      wake.abort();
    }
    if (!arrived && !ctx.signal?.aborted) return done() ? 'held' : 'timeout';
  }
}

/** Why the wait failed: what was asked, and what arrived instead (types and a short body) or what to check. */
function notArrived(
  s: CalloutStepData,
  events: readonly string[] | undefined,
  where: readonly ValueCheckData[],
  count: number,
  got: number,
  received: readonly Callout[],
  span: string,
  at: PathSegment[],
): CheckFailure {
  const kinds = (events ?? ['any']).join(' or ');
  const cond = where.length ? ` where ${where.map(describeCheck).join(' and ')}` : '';
  const a = /^[aeiou]/i.test(kinds) ? 'an' : 'a';
  const asked = count === 1 ? `${a} ${kinds} callout${cond}` : `${count} ${kinds} callouts${cond}`;
  const which = got ? `only ${got} of the ${count} ${kinds} callouts${cond}` : `no ${kinds} callout${cond}`;
  const message = received.length
    ? `${which} arrived within ${span}; the receiver got ${received.length}: ${received
        .slice(0, 5)
        .map(c => `${c.event ?? '(no event type)'} ${short(c.body)}`)
        .join('; ')}${received.length > 5 ? `; and ${received.length - 5} more` : ''}`
    : `nothing arrived within ${span} waiting for ${asked}: check that an earlier step registers a notification definition for that event with its callout at \${receiver.url} (POST /notifications/notification-definitions), that the event happens (a bill run posts the invoice), and that "for" is long enough`;
  return {
    check: 'callout',
    message,
    expected: { event: events === undefined ? null : Array.isArray(s.event) ? events : events[0], where, count },
    actual: received.map(c => ({ event: c.event, body: c.body })),
    path: s.retry ? [...at, 'retry', 'for'] : [...at, 'kind'],
  };
}

const describeCheck = (w: ValueCheckData): string => {
  const [op, v] = Object.entries(w).find(([k]) => k !== 'path' && k !== 'header') ?? ['exists', true];
  return `${w.path ?? w.header ?? '$'} ${op} ${JSON.stringify(v)}`;
};

/** A body in at most 120 characters. */
function short(body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
