// `retry`: a read sent again until its answer passes a check, every `every`, for at most `for`. Waiting goes
// through an injected sleeper and clock (tests wait for nothing), and ends at once when the run is cancelled.
import type { PathSegment } from '../schemas';
import { checkAnswer, type Answer, type CheckFailure } from './checks';
import { parseDuration } from './duration';
import type { PreparedStep } from './findingTypes';
import type { ExpectData, RetryData, ValueCheckData } from './schema';

/** Waits `ms`, or less when the signal aborts (it never rejects: the caller looks at the signal). */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const DEFAULT_EVERY_MS = 1_000;

export const realSleep: Sleep = (ms, signal) =>
  new Promise(resolve => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/** The waits of a retry, in milliseconds (the file's findings have said what is wrong with them). */
export function retryTimes(r: RetryData): { everyMs: number; forMs: number } {
  const every = r.every === undefined ? { ms: DEFAULT_EVERY_MS } : parseDuration(r.every);
  const span = parseDuration(r.for);
  return {
    everyMs: Math.max(1, every.error === undefined ? every.ms : DEFAULT_EVERY_MS),
    forMs: span.error === undefined ? span.ms : 0,
  };
}

/** `until` as an `expect`: one check becomes its only value check. */
export function untilExpect(until: RetryData['until']): ExpectData {
  return 'path' in until || 'header' in until ? { values: [until as ValueCheckData] } : (until as ExpectData);
}

export interface Tries<T> {
  last: T;
  tries: number;
  /** The check held on the last try. */
  held: boolean;
  cancelled: boolean;
}

/**
 * Tries until `holds` says so, the next wait would end after `forMs`, or the signal aborts. The number of
 * tries is bounded too (`forMs / everyMs` waits), so a clock that does not move cannot make it endless.
 */
export async function tryUntil<T>(
  times: { everyMs: number; forMs: number },
  deps: { now: () => number; sleep: Sleep; signal?: AbortSignal },
  attempt: () => Promise<T>,
  holds: (t: T) => boolean,
): Promise<Tries<T>> {
  const started = deps.now();
  const maxWaits = Math.floor(times.forMs / times.everyMs);
  for (let tries = 1; ; tries++) {
    const last = await attempt();
    const held = holds(last);
    const cancelled = !!deps.signal?.aborted;
    if (held || cancelled || tries > maxWaits || deps.now() - started + times.everyMs > times.forMs) {
      return { last, tries, held, cancelled };
    }
    await deps.sleep(times.everyMs, deps.signal);
    if (deps.signal?.aborted) return { last, tries, held, cancelled: true };
  }
}

/** The failures of `until` on an answer; one check written alone is pointed at as written (`retry.until.count`). */
export function untilFailures(
  p: PreparedStep,
  answer: Answer,
  until: ExpectData,
  at: PathSegment[],
  context: { previewRequest?: unknown; operation?: string },
): CheckFailure[] {
  const failures = checkAnswer(answer, until, at, context.previewRequest, context);
  const raw = p.step.retry?.until;
  if (!raw || !('path' in raw || 'header' in raw)) return failures;
  return failures.map(f => ({ ...f, path: [...at, ...f.path.slice(at.length + 2)] })); // drop `values[0]`
}

/** A retry whose check never held: the step fails, saying how long it tried and what the last answer lacked. */
export function gaveUp(p: PreparedStep, failures: CheckFailure[], at: PathSegment[], tries: number): CheckFailure {
  const first = failures[0];
  const span = String(p.step.retry!.for);
  return {
    check: 'retry until',
    message: `still not so after ${tries === 1 ? '1 try' : `${tries} tries`} over ${span}: ${first?.message ?? 'the check did not hold'}`,
    expected: first?.expected,
    actual: first?.actual,
    path: first?.path ?? at,
  };
}
