// Runs scenarios N at a time, each with runScenario (a fresh Local sandbox of its own, as one at a time); the
// steps of a scenario stay in order. Results come back in file order, whatever order they finish in, and
// `onResult` hears each one in that order as soon as it and all before it are done: a reporter can print
// each scenario's block whole while the rest still run.
import { runScenario, runsOf, skipped, type RunOptions, type ScenarioResult } from './runner';
import { writes } from './schema';
import type { ScenarioFile } from './scenarioFile';

export interface ParallelOptions extends RunOptions {
  /** How many scenarios run at once (1: one after another). */
  jobs: number;
  /** Each result, in file order. */
  onResult?: (r: ScenarioResult, index: number) => void;
}

export async function runScenariosInParallel(files: ScenarioFile[], opts: ParallelOptions): Promise<ScenarioResult[]> {
  const allowed = await writesAllowed(files, opts); // asked once for the whole run, before any scenario starts
  const runs = runsOf(files); // a scenario with `each`: one run per row
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
      else if (!allowed && run.file.steps.some(s => writes(s.step))) {
        results[i] = skipped(run, 'Not run: it writes, and writing to this connection was not confirmed.', opts);
      } else results[i] = await runScenario(run.file, opts, run.row, run.name);
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
