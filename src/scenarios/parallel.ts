// Runs scenarios N at a time, each with runScenario (a fresh Local sandbox of its own, as one at a time); the
// steps of a scenario stay in order. Results come back in file order, whatever order they finish in, and
// `onResult` hears each one in that order as soon as it and all before it are done: a reporter can print
// each scenario's block whole while the rest still run. On the Local sandbox, N > 1 lanes are this thread and N - 1
// worker threads (workerPool.ts): one event loop would share one core among them all, and this thread, warm
// already, costs no start (a worker loads and compiles the bundles anew). On a connection they stay in this thread:
// they wait on the network, not the CPU, and share one client (one token, one log of retries, one question).
import { runScenario, runsOf, skipped, type Run, type RunOptions, type ScenarioResult } from './runner';
import { writes } from './schema';
import type { ScenarioFile } from './scenarioFile';
import { crashedResult } from './workerMessages';
import { workerPool, type Ran } from './workerPool';

export interface ParallelOptions extends RunOptions {
  /** How many scenarios run at once (1: one after another). */
  jobs: number;
  /** Each result, in file order. */
  onResult?: (r: ScenarioResult, index: number) => void;
  /** The runs to make of the files' runs (`test --data/--iterations`: one per data row and iteration). */
  expand?: (runs: Run[]) => Run[];
  /** Stop at the first run that fails or errors: the runs not started are skipped, saying why (`test --bail`). */
  bail?: boolean;
  /** Each run's captures, redacted, with its run and index (`test --export`). */
  onCaptures?: (captures: Record<string, unknown>, run: Run, index: number) => void;
  /** False: stay in this thread even on the Local sandbox (default: worker threads when jobs > 1). */
  threads?: boolean;
}

export async function runScenariosInParallel(files: ScenarioFile[], opts: ParallelOptions): Promise<ScenarioResult[]> {
  const allowed = await writesAllowed(files, opts); // asked once for the whole run, before any scenario starts
  const runs = (opts.expand ?? (r => r))(runsOf(files)); // a scenario with `each`: one run per row
  let bailed: string | undefined;
  const results: (ScenarioResult | undefined)[] = new Array(runs.length);
  let next = 0;
  let told = 0;
  const tell = () => {
    for (; told < runs.length && results[told]; told++) opts.onResult?.(results[told]!, told);
  };
  const jobs = Math.max(1, Math.min(opts.jobs, runs.length));
  const pool = jobs > 1 && threadsFit(opts) ? workerPool(files, opts, !!opts.onCaptures) : undefined;
  const execute = async (lane: number, run: Run, i: number): Promise<ScenarioResult> => {
    if (pool && lane > 0) {
      const ran: Ran = await pool.run(lane, run, i);
      if (ran.captures) opts.onCaptures?.(ran.captures, run, i);
      return ran.result;
    }
    const onCaptures = opts.onCaptures && ((c: Record<string, unknown>) => opts.onCaptures!(c, run, i));
    try {
      return await runScenario(run.file, opts, run.row, run.name, { data: run.data, onCaptures });
    } catch (e) {
      return crashedResult(run, opts, e); // one run's bug is its own errored result, as on a worker
    }
  };
  const lane = async (k: number) => {
    while (next < runs.length) {
      const i = next++;
      const run = runs[i];
      if (opts.signal?.aborted) results[i] = skipped(run, 'Cancelled.', opts);
      else if (bailed) results[i] = skipped(run, bailed, opts);
      else if (!allowed && run.file.steps.some(s => writes(s.step))) {
        results[i] = skipped(run, 'Not run: it writes, and writing to this connection was not confirmed.', opts);
      } else {
        const r = (results[i] = await execute(k, run, i));
        if (opts.bail && !bailed && (r.outcome === 'failed' || r.outcome === 'errored'))
          bailed = `Not run: the run stopped at the first failure ("${r.name}" ${r.outcome}).`;
      }
      tell();
    }
  };
  try {
    await Promise.all(Array.from({ length: jobs }, (_, k) => lane(k)));
  } finally {
    await pool?.close();
  }
  return results as ScenarioResult[];
}

/** Worker threads take only data: the Local sandbox, and no hook of the caller's (events, clock, sleeper). */
const threadsFit = (o: ParallelOptions) =>
  o.threads !== false && o.target.kind === 'local' && !o.onEvent && !o.now && !o.sleep;

async function writesAllowed(files: ScenarioFile[], opts: RunOptions): Promise<boolean> {
  if (opts.target.kind !== 'connection' || opts.target.connection.localSandbox) return true; // throw-away data
  const w = files
    .map(f => ({ scenario: nameOf(f), steps: f.steps.filter(s => writes(s.step)).map(s => s.label) }))
    .filter(x => x.steps.length);
  return !w.length || (!!opts.confirm && (await opts.confirm({ connection: opts.target.connection, writes: w })));
}

const nameOf = (f: ScenarioFile) => f.scenario?.name ?? f.file ?? 'scenario';
