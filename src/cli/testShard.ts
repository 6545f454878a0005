// What `test` adds for `merge-reports`: the run's files and its identity (so shards of one run are joined and
// others refused: runIdentity), the CI run, and this machine's shard, whose files are the only ones it runs and
// reports.
import type { ReportRun } from '../scenarios';
import { runIdentity, type RunInputs } from './runIdentity';
import { readDurations, shardFiles, shardOption, type Shard } from './shard';
import { UsageError } from './io';

export interface ShardPlan {
  shard?: Shard;
  /** The report fields that name the run and this shard. */
  run: Pick<ReportRun, 'files' | 'suite' | 'inputs' | 'ci' | 'shard'>;
  /** Whether this machine runs (and reports) the file. */
  mine(file: string): boolean;
}

/** Options first (a wrong --shard says so before any file is read); `plan` once the files are chosen. */
export function shardOptions(shard: string | undefined, durations: string | undefined) {
  const s = shardOption(shard);
  if (durations !== undefined && !s) throw new UsageError('--shard-durations balances --shard i/n: give both');
  const ms = durations !== undefined ? readDurations(durations) : undefined;
  return {
    plan(chosen: { file: string; text?: string }[], env: NodeJS.ProcessEnv, inputs?: RunInputs): ShardPlan {
      const files = chosen.map(c => c.file);
      const mine = new Set(s ? shardFiles(files, s, ms) : files);
      const run = { files, ...runIdentity(chosen, inputs), ci: ciRun(env), shard: s };
      return { shard: s, run, mine: file => mine.has(file) };
    },
  };
}

/** The CI run the report belongs to, so that shards of two pipelines are not mixed. */
function ciRun(env: NodeJS.ProcessEnv): string | undefined {
  if (env.GITHUB_RUN_ID) return `github ${env.GITHUB_REPOSITORY ?? ''} run ${env.GITHUB_RUN_ID}`;
  if (env.CI_PIPELINE_ID) return `gitlab ${env.CI_PROJECT_PATH ?? ''} pipeline ${env.CI_PIPELINE_ID}`;
  return undefined;
}
