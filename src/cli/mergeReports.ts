// `merge-reports DIR|FILE...`: the JSON reports of `test --shard i/n` (one per machine) as one report, in every
// format `test` writes, in the unsharded run's order, with its totals and exit code. Reports of another run (other
// scenario or payload files or contents, --data rows, --iterations, another CI run: runIdentity) are refused; a
// missing shard is said and exits 2 unless --allow-partial, so a crashed machine never passes as green.
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs, type ParseArgsConfig } from 'util';
import { printable, textReport, textSummary, type ReportRun, type ScenarioResult } from '../scenarios';
import { fileErrorMessage, readPayloadFile } from './files';
import { InputError, UsageError, type Io } from './io';
import { render, reportFiles, reportFormat, writeReports } from './reportFiles';
import { inputsDiffer } from './runIdentity';
import { EXIT, exitCode } from './test';

export const MERGE_OPTIONS = {
  reporter: { type: 'string', default: 'text' },
  report: { type: 'string', multiple: true, default: [] },
  'junit-file': { type: 'string' },
  'allow-partial': { type: 'boolean', default: false },
} satisfies NonNullable<ParseArgsConfig['options']>;

export interface MergeArgs {
  inputs: string[];
  reporter: string;
  reports: string[];
  junitFile?: string;
  allowPartial: boolean;
}

export function parseMergeArgs(args: string[]): MergeArgs {
  const { values: v, positionals } = parseArgs({ args, allowPositionals: true, options: MERGE_OPTIONS });
  if (!positionals.length)
    throw new UsageError("merge-reports takes the shards' JSON reports: a folder that holds them, or the files");
  const flags = { reporter: v.reporter, reports: v.report, junitFile: v['junit-file'] };
  return { inputs: positionals, ...flags, allowPartial: v['allow-partial'] };
}

interface Shard {
  file: string;
  run: ReportRun;
  scenarios: ScenarioResult[];
}

export function mergeReportsCommand(args: MergeArgs, io: Io): number {
  const reporter = reportFormat(args.reporter, '--reporter');
  const files = reportFiles(args.reports, args.junitFile);
  const shards = jsonFiles(args.inputs).map(readShard);
  const first = shards[0];
  for (const s of shards.slice(1)) {
    if (s.run.suite !== first.run.suite || s.run.ci !== first.run.ci) {
      const ci = (r: ReportRun) => (r.ci ? `"${r.ci}"` : 'none');
      const why =
        s.run.ci !== first.run.ci
          ? `CI runs ${ci(first.run)} and ${ci(s.run)}`
          : (inputsDiffer(first.run.inputs, s.run.inputs) ?? 'other scenario files or contents');
      throw new InputError(
        `${first.file} and ${s.file} are reports of different runs (${why}): merge the shards of one run`,
      );
    }
  }
  const total = sharding(shards);
  const missing: number[] = [];
  for (let i = 1; i <= total; i++) if (!shards.some(s => (s.run.shard?.index ?? 1) === i)) missing.push(i);

  // A file's results (one per data row or iteration) all come from one shard; in the run's order (files the run
  // does not name, if any, after them), a file's own results kept in their shard's order (the sort is stable).
  const seen = new Map<string, string>();
  const results: ScenarioResult[] = [];
  for (const s of shards) {
    for (const r of s.scenarios) {
      const key = fileKey(r.file ?? r.name);
      const other = seen.get(key);
      if (other !== undefined && other !== s.file)
        throw new InputError(
          `${printable(key)} is in both ${other} and ${s.file}: the shards split the files differently (give every shard the same --shard-durations file, or none)`,
        );
      seen.set(key, s.file);
      results.push(r);
    }
  }
  // The order of shard 1's run (each machine may list the files in another order: its shell's glob).
  const lead = shards.reduce((a, b) => ((b.run.shard?.index ?? 1) < (a.run.shard?.index ?? 1) ? b : a));
  const order = new Map(lead.run.files!.map((f, i) => [fileKey(f), i]));
  // As test: files with errors first when nothing ran (then the ones skipped for them), else in file order.
  const rank = (r: ScenarioResult) =>
    (order.get(fileKey(r.file ?? r.name)) ?? order.size) +
    (r.target === 'not run' && r.outcome === 'skipped' ? order.size + 1 : 0);
  results.sort((a, b) => rank(a) - rank(b));
  const notReported = missing.length ? [] : lead.run.files!.filter(f => !seen.has(fileKey(f)));

  const meta = mergedRun(shards, lead);
  const verdict = missing.length || notReported.length ? (args.allowPartial ? 'allowed' : 'refused') : 'whole';
  const lacks: string[] = [];
  if (missing.length) {
    const n = missing.map(i => `${i}/${total}`).join(', ');
    lacks.push(`shard(s) ${n} missing`);
    io.err(`missing shard(s) ${n}: no report of theirs among the ${shards.length} given; ${partly(verdict)}`);
  }
  if (notReported.length) {
    lacks.push(`${notReported.length} scenario file(s) in no shard's report`);
    io.err(`${lacks.at(-1)} (${printable(notReported.join(', '))}); ${partly(verdict)}`);
  }
  if (lacks.length) meta.partial = lacks.join('; '); // every format says it (exit 2 unless --allow-partial)

  if (reporter === 'text') io.out(textReport(results, meta));
  else {
    io.out(render(reporter, results, meta));
    io.err(textSummary(results));
  }
  const written = writeReports(files, results, meta, io);
  if (verdict === 'refused') return EXIT.usage;
  if (meta.interrupted) return EXIT.interrupted;
  if (results.some(r => r.target === 'not run')) return EXIT.usage; // as test: a scenario file with errors
  if (!written) return EXIT.usage;
  return exitCode(results);
}

const partly = (verdict: string) =>
  verdict === 'allowed'
    ? 'merged what there is (--allow-partial)'
    : 'the merged report is partial: exit 2 (--allow-partial accepts it)';

/** The number of shards the reports agree on (1 for one unsharded report); disagreements are refused. */
function sharding(shards: Shard[]): number {
  const unsharded = shards.filter(s => !s.run.shard);
  if (unsharded.length && shards.length > 1)
    throw new InputError(
      `${unsharded[0].file} is the report of a whole run (no --shard), not a shard's: merge only the shards' reports`,
    );
  const total = shards[0].run.shard?.total ?? 1;
  const byIndex = new Map<number, string>();
  for (const s of shards) {
    const { index, total: t } = s.run.shard ?? { index: 1, total: 1 };
    if (t !== total)
      throw new InputError(`${shards[0].file} is a shard of ${total}, ${s.file} of ${t}: one run's only`);
    const twice = byIndex.get(index);
    if (twice !== undefined) throw new InputError(`shard ${index}/${total} is given twice: ${twice} and ${s.file}`);
    byIndex.set(index, s.file);
  }
  return total;
}

/**
 * A file as the shards' reports name it, whichever way its machine spelt it (`./a` and `a`; `\` on Windows): the
 * run's identity counts it once either way.
 */
const fileKey = (file: string) => path.posix.normalize(file.replace(/\\/g, '/'));

/** The whole run's target, start and wall time (first start to last end: the shards ran side by side). */
function mergedRun(shards: Shard[], lead: Shard): ReportRun {
  const ran = shards.filter(s => s.scenarios.length);
  const targets = [...new Set((ran.length ? ran : shards).map(s => s.run.target))];
  const start = Math.min(...shards.map(s => Date.parse(s.run.date)));
  const end = Math.max(...shards.map(s => Date.parse(s.run.date) + s.run.ms));
  const { files, suite, inputs, ci } = lead.run;
  const interrupted = shards.some(s => s.run.interrupted) ? { interrupted: true } : {};
  return {
    target: targets.join(', '),
    date: new Date(start).toISOString(),
    ms: end - start,
    files,
    suite,
    ...(inputs ? { inputs } : {}),
    ci,
    ...interrupted,
  };
}

/** The JSON files given, a folder's searched (recursively, in name order). */
function jsonFiles(inputs: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && e.name.endsWith('.json')) out.push(p);
    }
  };
  for (const input of inputs) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(input);
    } catch (e) {
      throw new InputError(fileErrorMessage(e, input));
    }
    if (stat.isDirectory()) {
      const before = out.length;
      walk(input);
      if (out.length === before) throw new InputError(`${input}: no *.json report in this folder`);
    } else out.push(input);
  }
  return out;
}

function readShard(file: string): Shard {
  const read = readPayloadFile(file);
  if (read.text === undefined) throw new InputError(read.error ?? `${file}: cannot be read`);
  let report: { run?: ReportRun; scenarios?: ScenarioResult[] };
  try {
    report = JSON.parse(read.text);
  } catch (e) {
    throw new InputError(`${file}: not JSON (${(e as Error).message}); give the --report json=FILE of each shard`);
  }
  if (!report || !Array.isArray(report.scenarios))
    throw new InputError(
      `${file}: not a JSON report of test (no "scenarios"); give the --report json=FILE of each shard`,
    );
  const run = report.run;
  if (!run || typeof run.suite !== 'string' || !Array.isArray(run.files) || typeof run.date !== 'string')
    throw new InputError(
      `${printable(file)}: a JSON report without the run it belongs to (written by an older version): run test again`,
    );
  return { file, run, scenarios: report.scenarios };
}
