// `test --shard i/n`: one machine's part of the scenario files. The split is the same on every machine: files
// sorted by their path relative to the project (as Playwright and Jest do), dealt round-robin; with
// --shard-durations (an earlier JSON report, such as merge-reports' output) the longest files go first, each
// into the lightest shard (of those, the one with the fewest files, then the first), so the shards end together.
// A file the durations do not name, or give 0 ms (not run, skipped by --bail), weighs as a typical file: the
// median of the positive durations (1 ms when there is none: all-zero durations split as no durations do).
import * as path from 'path';
import { readPayloadFile } from './files';
import { InputError, UsageError } from './io';

export interface Shard {
  index: number;
  total: number;
}

export function shardOption(value: string | undefined): Shard | undefined {
  if (value === undefined) return undefined;
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  const index = m ? Number(m[1]) : NaN;
  const total = m ? Number(m[2]) : NaN;
  if (!m || total < 1 || total > 1000 || index < 1 || index > total) {
    const example = m && total >= 1 && total <= 1000 ? `1/${total} to ${total}/${total}` : 'such as 1/4 to 4/4';
    throw new UsageError(
      `--shard takes INDEX/TOTAL, this machine's part of TOTAL (1 to 1000), INDEX from 1 to TOTAL (${example}), not "${value}"`,
    );
  }
  return { index, total };
}

/** The path CI machines agree on: relative to the project, with forward slashes. */
export const projectPath = (file: string, root = process.cwd()) =>
  path.relative(root, path.resolve(root, file)).split(path.sep).join('/');

/** Milliseconds per file (by projectPath) from an earlier JSON report of `test` or `merge-reports`. */
export function readDurations(file: string): Map<string, number> {
  const read = readPayloadFile(file);
  if (read.text === undefined) throw new InputError(`--shard-durations ${read.error}`);
  let report: unknown;
  try {
    report = JSON.parse(read.text);
  } catch (e) {
    throw new InputError(
      `--shard-durations ${file}: not JSON (${(e as Error).message}); give a --report json=FILE of test`,
    );
  }
  const scenarios = (report as { scenarios?: unknown })?.scenarios;
  if (!Array.isArray(scenarios))
    throw new InputError(
      `--shard-durations ${file}: not a JSON report of test (no "scenarios"); give a --report json=FILE`,
    );
  const ms = new Map<string, number>();
  for (const s of scenarios as { file?: unknown; ms?: unknown }[]) {
    if (typeof s?.file !== 'string' || typeof s.ms !== 'number' || !(s.ms >= 0)) continue;
    const key = projectPath(s.file);
    ms.set(key, (ms.get(key) ?? 0) + s.ms);
  }
  return ms;
}

/**
 * The files of shard `shard` (in their given order). Every file is in exactly one shard; machines that agree on
 * the files (and on the durations) agree on the split whatever order their file system lists them in.
 */
export function shardFiles(files: string[], shard: Shard, durations?: Map<string, number>): string[] {
  const keyed = files.map(file => ({ file, key: projectPath(file) }));
  const byPath = [...keyed].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const mine = new Set<string>();
  if (!durations) {
    byPath.forEach((f, i) => i % shard.total === shard.index - 1 && mine.add(f.file));
  } else {
    const known = byPath.map(f => durations.get(f.key)).filter((d): d is number => d !== undefined && d > 0);
    const typical = median(known);
    const weighed = byPath.map(f => ({ ...f, ms: durations.get(f.key) || typical }));
    weighed.sort((a, b) => b.ms - a.ms); // stable: equal durations stay in path order
    const load = new Array<number>(shard.total).fill(0);
    const count = new Array<number>(shard.total).fill(0);
    for (const f of weighed) {
      let lightest = 0;
      for (let i = 1; i < load.length; i++)
        if (load[i] < load[lightest] || (load[i] === load[lightest] && count[i] < count[lightest])) lightest = i;
      load[lightest] += f.ms;
      count[lightest]++;
      if (lightest === shard.index - 1) mine.add(f.file);
    }
  }
  return files.filter(f => mine.has(f));
}

/** The median of the positive durations known (1 ms when none is: the split is then by count). */
function median(values: number[]): number {
  if (!values.length) return 1;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}
