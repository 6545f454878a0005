// Which run a `test` report belongs to, computed alike by every shard of it so that merge-reports joins those
// and refuses others: the scenario files, the payload files their steps send (read by the rule the run reads
// them by), the --data rows and --iterations. Keyed by path relative to where the run started and hashed in
// sorted order, so the order the files are given in (a shell glob's differs between CI images) does not count;
// line ends are read as \n (JSON means the same either way, and a Windows checkout writes CRLF).
import { createHash } from 'crypto';
import * as path from 'path';
import { readProjectFile } from '../payloads/projectFile';
import type { DataTable, ReportRun } from '../scenarios';
import { BODY_KINDS, projectRoot } from '../scenarios/stepBody';
import { projectPath } from './shard';

/** The data-driven flags of the run (dataDriven's DataRun has both). */
export interface RunInputs {
  table?: DataTable;
  iterations?: number;
}

export type RunIdentity = Required<Pick<ReportRun, 'suite' | 'inputs'>>;

export function runIdentity(
  chosen: { file: string; text?: string }[],
  inputs: RunInputs = {},
  root = process.cwd(),
): RunIdentity {
  const scenarios = new Map<string, string>();
  const payloads = new Map<string, string>();
  const projects = new Map<string, string>(); // a folder's project: many scenarios share one folder
  for (const c of chosen) {
    scenarios.set(projectPath(c.file, root), c.text === undefined ? 'unreadable' : `text ${lf(c.text)}`);
    for (const file of payloadFiles(c.file, c.text, root, projects)) {
      const key = projectPath(file.path, root);
      if (!payloads.has(key)) payloads.set(key, payloadContent(file.path, file.project));
    }
  }
  const parts = {
    scenarios: digest(scenarios),
    payloads: digest(payloads),
    ...(inputs.table
      ? { data: digest(new Map([['rows', JSON.stringify([inputs.table.columns, inputs.table.rows])]])) }
      : {}),
    iterations: inputs.iterations ?? 1,
  };
  return { suite: digest(new Map(Object.entries(parts).map(([k, v]) => [k, String(v)]))), inputs: parts };
}

/** What differs between two runs' inputs, said as the user would fix it; undefined when nothing said does. */
export function inputsDiffer(a: ReportRun['inputs'], b: ReportRun['inputs']): string | undefined {
  if (!a !== !b) return 'one written by an older version of the CLI: run every shard with the same version';
  if (!a || !b) return undefined; // reports of a version without them: the suite alone says "other"
  if (a.scenarios !== b.scenarios) return 'other scenario files or contents';
  if (a.payloads !== b.payloads) return 'other contents of the payload files the scenarios send';
  if (a.data !== b.data) return a.data && b.data ? 'other --data rows' : '--data on one and not the other';
  if (a.iterations !== b.iterations) return `--iterations ${a.iterations} and ${b.iterations}`;
  return undefined;
}

/** A digest of keyed texts, in key order; lengths delimit, so no two different maps write the same bytes. */
function digest(entries: Map<string, string>): string {
  const hash = createHash('sha256');
  for (const key of [...entries.keys()].sort()) {
    const value = entries.get(key)!;
    hash.update(`${key.length}:${key}${value.length}:${value}`);
  }
  return hash.digest('hex').slice(0, 32);
}

const lf = (text: string) => text.replace(/\r\n/g, '\n');

/** The payload files a scenario's steps name (`"file"` of a body step), as readScenario resolves them. */
function payloadFiles(
  file: string,
  text: string | undefined,
  root: string,
  projects: Map<string, string>,
): { path: string; project: string }[] {
  let value: unknown;
  try {
    value = text === undefined ? undefined : JSON.parse(text);
  } catch {
    return []; // not JSON: a finding stops the run on every machine alike
  }
  const steps = (value as { steps?: unknown } | null)?.steps;
  if (!Array.isArray(steps)) return [];
  const dir = path.dirname(path.resolve(root, file));
  const project = projects.get(dir) ?? projectRoot(dir, path, root);
  projects.set(dir, project);
  return steps
    .filter((s: { kind?: unknown; file?: unknown } | null) => typeof s?.file === 'string' && isBodyKind(s.kind))
    .map((s: { file: string }) => ({ path: path.resolve(dir, s.file), project }));
}

const isBodyKind = (kind: unknown) => (BODY_KINDS as readonly unknown[]).includes(kind);

/** The file's text (\n line ends), or why the run does not read it (outside the project, missing, too large). */
function payloadContent(file: string, project: string): string {
  const read = readProjectFile(file, [project]);
  return read.bytes
    ? `text ${lf(read.bytes.toString('utf8').replace(/^\uFEFF/, ''))}`
    : `not read: ${read.problem.code}`;
}
