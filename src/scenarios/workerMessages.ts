// What crosses the boundary between `test --jobs N`'s main thread and its worker threads (workerPool.ts,
// worker.ts). Only plain data crosses: structured clone copies no functions, keeps no class (an Error arrives as a
// bare Error), and throws on some values, so results and captures are converted explicitly before posting.
import type { Run, RunOptions, ScenarioResult } from './runner';
import type { ScenarioFile } from './scenarioFile';

/** What a worker starts with (workerData): the files once, and the run's options that are data. */
export interface WorkerSetup {
  files: ScenarioFile[];
  /** Environment and secrets (a connection's credentials never: workers run on embedded Local sandboxes only). */
  options: Pick<RunOptions, 'env' | 'secrets' | 'contract' | 'maxResponseBytes' | 'surface'>;
  /** Send each run's captures back (`test --export`). */
  captures: boolean;
}

/** Main to worker: run one scenario run (a file of `files`, or the file itself when it is not one of them). */
export type ToWorker =
  { type: 'run'; index: number; fileIndex: number; file?: ScenarioFile; run: Omit<Run, 'file'> } | { type: 'cancel' };

/** Worker to main: a run's result (and its captures, redacted, when asked). */
export interface FromWorker {
  type: 'result';
  index: number;
  result: ScenarioResult;
  captures?: Record<string, unknown>;
}

/** A value as plain data: functions and symbols dropped, an Error as its name and message, cycles cut. */
export function plain(value: unknown, seen = new Set<object>()): unknown {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
  }
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  try {
    if (value instanceof Date) return new Date(value.getTime());
    if (value instanceof Error) return { name: value.name, message: value.message };
    if (Array.isArray(value)) return value.map(v => plain(v, seen));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (typeof v !== 'function' && typeof v !== 'symbol') out[k] = plain(v, seen);
    }
    return out;
  } finally {
    seen.delete(value); // a value shared by two places is copied to both; only a cycle is cut
  }
}

export const plainResult = (r: ScenarioResult) => plain(r) as ScenarioResult;

/**
 * A run that stopped on an exception (a bug, or a scenario object the runner cannot take) or whose worker
 * ended: errored, every step with it, as a file with errors is, so that one run's crash never ends the others.
 */
export function crashedResult(run: Run, opts: RunOptions, why: unknown): ScenarioResult {
  const what = why instanceof Error ? why.message : String(why);
  const error = `Not finished: the run stopped on an internal error (${what}). Run this scenario alone (--jobs 1) to see if it repeats, and report it with the scenario file.`;
  const target = opts.target.kind === 'local' ? 'Local sandbox' : opts.target.connection.name;
  // Read with care: the file may be what made the run throw (a step without its data).
  const steps = (run.file?.steps ?? []).map((p, i) => ({
    index: p?.index ?? i,
    label: p?.label ?? `step ${i + 1}`,
    kind: typeof p?.step?.kind === 'string' ? p.step.kind : 'unknown',
    outcome: 'errored' as const,
    ms: 0,
    tries: 0,
    path: ['steps', p?.index ?? i],
    failures: [],
    error,
  }));
  return { name: run.name, file: run.file?.file, outcome: 'errored', ms: 0, steps, target, error };
}
