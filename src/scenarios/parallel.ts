// Runs scenarios N at a time, each with runScenario (a fresh Local sandbox of its own, as one at a time); the
// steps of a scenario stay in order. Results come back in file order, whatever order they finish in, and
// `onResult` hears each one in that order as soon as it and all before it are done: a reporter can print
// each scenario's block whole while the rest still run.
import { runScenario, type RunOptions, type ScenarioResult } from './runner';
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
  const results: (ScenarioResult | undefined)[] = new Array(files.length);
  let next = 0;
  let told = 0;
  const tell = () => {
    for (; told < files.length && results[told]; told++) opts.onResult?.(results[told]!, told);
  };
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      const f = files[i];
      if (opts.signal?.aborted) results[i] = notRun(f, 'Cancelled.', opts);
      else if (!allowed && f.steps.some(s => writes(s.step))) {
        results[i] = notRun(f, 'Not run: it writes, and writing to this connection was not confirmed.', opts);
      } else results[i] = await runScenario(f, opts);
      tell();
    }
  };
  const jobs = Math.max(1, Math.min(opts.jobs, files.length));
  await Promise.all(Array.from({ length: jobs }, worker));
  return results as ScenarioResult[];
}

async function writesAllowed(files: ScenarioFile[], opts: RunOptions): Promise<boolean> {
  if (opts.target.kind !== 'connection') return true;
  const w = files
    .map(f => ({ scenario: nameOf(f), steps: f.steps.filter(s => writes(s.step)).map(s => s.label) }))
    .filter(x => x.steps.length);
  return !w.length || (!!opts.confirm && (await opts.confirm({ connection: opts.target.connection, writes: w })));
}

const nameOf = (f: ScenarioFile) => f.scenario?.name ?? f.file ?? 'scenario';

function notRun(f: ScenarioFile, why: string, opts: RunOptions): ScenarioResult {
  const target = opts.target.kind === 'local' ? 'Local sandbox' : opts.target.connection.name;
  const steps = f.steps.map(p => ({
    index: p.index,
    label: p.label,
    kind: p.step.kind,
    outcome: 'skipped' as const,
    ms: 0,
    path: ['steps', p.index],
    failures: [],
    error: why,
  }));
  return { name: nameOf(f), file: f.file, outcome: 'skipped', ms: 0, steps, target, error: why };
}
