// Runs scenarios N at a time, each with runScenario (a fresh Local sandbox of its own, as one at a time); the
// steps of a scenario stay in order. Results come back in file order, whatever order they finish in, and
// `onResult` hears each one in that order as soon as it and all before it are done: a reporter can print
// each scenario's block whole while the rest still run.
import { runScenario, runsOf, skipped, type Run, type RunOptions, type ScenarioResult } from './runner';
import { writes } from './schema';
import type { ScenarioFile } from './scenarioFile';

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
  const worker = async () => {
    while (next < runs.length) {
      const i = next++;
      const run = runs[i];
      if (opts.signal?.aborted) results[i] = skipped(run, 'Cancelled.', opts);
      else if (bailed) results[i] = skipped(run, bailed, opts);
      else if (!allowed && run.file.steps.some(s => writes(s.step))) {
        results[i] = skipped(run, 'Not run: it writes, and writing to this connection was not confirmed.', opts);
      } else {
        const onCaptures = opts.onCaptures && ((c: Record<string, unknown>) => opts.onCaptures!(c, run, i));
        const r = (results[i] = await runScenario(run.file, opts, run.row, run.name, { data: run.data, onCaptures }));
        if (opts.bail && !bailed && (r.outcome === 'failed' || r.outcome === 'errored'))
          bailed = `Not run: the run stopped at the first failure ("${r.name}" ${r.outcome}).`;
      }
      tell();
    }
  };
  const jobs = Math.max(1, Math.min(opts.jobs, runs.length));
  await Promise.all(Array.from({ length: jobs }, worker));
  return results as ScenarioResult[];
}

async function writesAllowed(files: ScenarioFile[], opts: RunOptions): Promise<boolean> {
  if (opts.target.kind !== 'connection' || opts.target.connection.localSandbox) return true; // throw-away data
  const w = files
    .map(f => ({ scenario: nameOf(f), steps: f.steps.filter(s => writes(s.step)).map(s => s.label) }))
    .filter(x => x.steps.length);
  return !w.length || (!!opts.confirm && (await opts.confirm({ connection: opts.target.connection, writes: w })));
}

const nameOf = (f: ScenarioFile) => f.scenario?.name ?? f.file ?? 'scenario';
