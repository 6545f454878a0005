// `test [FILES|DIRS]`: runs scenarios, each on a fresh embedded Local sandbox unless --base-url or --connection
// names an environment (credentials from BILLING_CLIENT_ID / BILLING_CLIENT_SECRET, or --dotenv FILE).
// --jobs N runs N scenarios at once (on the embedded sandboxes, N threads); reports come out in file order.
// Exit codes: 0 all passed; 1 a check failed (or a step could not run as written); 2 usage, an invalid
// scenario file, a missing env file or a report that could not be written; 3 the service could not be reached
// or answered an error no step expected; 4 interrupted (Ctrl+C, or SIGTERM as CI sends). Scenarios that write
// run on a connection only with --yes: CI says so explicitly, nobody writes to a tenant by accident. A --base-url
// on loopback that answers as a Local sandbox is one (localSandbox.ts): demo credentials by default, clock steps,
// no --yes.
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs, type ParseArgsConfig } from 'util';
import { BillingClient, checkBaseUrl } from '../client';
import {
  isScenarioFile,
  maskSecrets,
  printable,
  readScenario,
  runScenariosInParallel,
  textReport,
  textScenarioBlock,
  textSummary,
  writes,
  changesSandbox,
  type ReportRun,
  type RunTarget,
  type ScenarioFile,
  type ScenarioResult,
} from '../scenarios';
import { findConnection } from './connections';
import { credentialsAt } from './localSandbox';
import { runEnvironment } from './envFile';
import { fileErrorMessage, readPayloadFile } from './files';
import { lineColumn } from './lines';
import { jitForSharedCores } from './sharedCoresJit';
import { listenForInterrupt } from './interrupt';
import { InputError, maxResponseOption, UsageError, type Io } from './io';
import { render, reportFiles, reportFormat, writeReports } from './reportFiles';
import { requestLog } from './requestLog';
import { describeCandidates, distinctFiles, peek, selecting, selects, type Candidate } from './selection';
import { shardOptions } from './testShard';
import { DATA_OPTIONS, dataArgs, dataRun, type DataArgs } from './dataDriven';

export interface TestArgs {
  paths: string[];
  baseUrl?: string;
  connection?: string;
  trustWorkspace?: boolean;
  reporter: string;
  /** FORMAT=FILE, repeatable. */
  reports?: string[];
  junitFile?: string;
  yes: boolean;
  jobs?: string;
  envFile?: string;
  /** How the env file was given (--dotenv or --env-file), for messages. */
  envFileFlag?: string;
  filter?: string;
  tags?: string[];
  /** Every answer checked against its operation's response schema. */
  contract?: boolean;
  /** --max-response-mb, as given. */
  maxResponseMb?: string;
  /** --shard i/n and --shard-durations FILE, as given. */
  shard?: string;
  shardDurations?: string;
  /** --data, --iterations, --bail, --export. */
  dataDriven?: DataArgs;
}

/** The flags of `test` (the CI examples' commands are checked against them). */
export const TEST_OPTIONS = {
  'base-url': { type: 'string' },
  connection: { type: 'string' },
  'trust-workspace': { type: 'boolean', default: false },
  reporter: { type: 'string', default: 'text' },
  report: { type: 'string', multiple: true, default: [] },
  'junit-file': { type: 'string' },
  jobs: { type: 'string' },
  dotenv: { type: 'string' },
  'env-file': { type: 'string' }, // the same; Node claims the name too (a missing file: Node's exit 9)
  filter: { type: 'string' },
  tag: { type: 'string', multiple: true, default: [] },
  contract: { type: 'boolean', default: false },
  yes: { type: 'boolean', default: false },
  'max-response-mb': { type: 'string' },
  shard: { type: 'string' },
  'shard-durations': { type: 'string' },
  ...DATA_OPTIONS,
} satisfies NonNullable<ParseArgsConfig['options']>;

/** The command line after `test` as its arguments; an unknown flag throws (ERR_PARSE_ARGS_*: usage, exit 2). */
export function parseTestArgs(args: string[]): TestArgs {
  const { values: v, positionals } = parseArgs({ args, allowPositionals: true, options: TEST_OPTIONS });
  if (v.dotenv !== undefined && v['env-file'] !== undefined)
    throw new UsageError('give --dotenv or --env-file (the same flag), not both');
  return {
    paths: positionals,
    baseUrl: v['base-url'],
    connection: v.connection,
    trustWorkspace: v['trust-workspace'],
    reporter: v.reporter,
    reports: v.report,
    junitFile: v['junit-file'],
    jobs: v.jobs,
    envFile: v.dotenv ?? v['env-file'],
    envFileFlag: v.dotenv !== undefined ? '--dotenv' : '--env-file',
    filter: v.filter,
    tags: v.tag,
    contract: v.contract,
    yes: v.yes,
    maxResponseMb: v['max-response-mb'],
    shard: v.shard,
    shardDurations: v['shard-durations'],
    dataDriven: dataArgs(v),
  };
}

export const EXIT = { passed: 0, failed: 1, usage: 2, service: 3, interrupted: 4 } as const;

export async function testCommand(
  args: TestArgs,
  io: Io,
  realEnv: NodeJS.ProcessEnv = process.env,
  signal?: AbortSignal,
): Promise<number> {
  const reporter = reportFormat(args.reporter, '--reporter');
  const files = reportFiles(args.reports ?? [], args.junitFile, args.dataDriven?.export);
  let jobs = jobsOption(args.jobs);
  const maxResponseBytes = maxResponseOption(args.maxResponseMb);
  const sharding = shardOptions(args.shard, args.shardDurations);
  if (args.baseUrl && args.connection) throw new UsageError('give --base-url or --connection, not both');
  const { env, secrets: envSecrets } = runEnvironment(args.envFile, realEnv, args.envFileFlag);
  const driven = dataRun(args.dataDriven); // the data file read and the flags checked before anything runs
  const secrets = [...envSecrets, ...driven.secrets];
  const started = Date.now();

  const found = scenarioPaths(args.paths.length ? args.paths : ['.']);
  if (found.errors.length) {
    for (const e of found.errors) io.err(printable(e));
    return EXIT.usage;
  }
  if (!found.files.length) {
    io.err(`no *.scenario.json files in ${args.paths.join(', ') || '.'}`);
    return EXIT.usage;
  }
  const read = found.files.map(file => ({ file, ...readPayloadFile(file) }));
  const candidates = read.map(r => ({ file: r.file, ...(r.text !== undefined ? peek(r.text) : {}) }));
  const selection = { filter: args.filter, tags: args.tags ?? [] };
  const chosen = read.filter((_, i) => !selecting(selection) || selects(candidates[i], selection));
  if (!chosen.length) {
    io.err(
      `no scenario matches${args.filter !== undefined ? ` --filter "${args.filter}"` : ''}${selection.tags.length ? ` --tag ${selection.tags.join(', ')}` : ''}; there are:`,
    );
    for (const line of describeCandidates(candidates as Candidate[])) io.err(printable(line));
    return EXIT.usage;
  }

  const plan = sharding.plan(chosen, realEnv, driven); // --data and --iterations are part of the run's identity
  let scenarios: ScenarioFile[] = [];
  const notRun: ScenarioResult[] = []; // files that cannot run, as CI's JUnit still shows them
  for (const r of chosen) {
    if (r.error !== undefined) {
      io.err(printable(r.error));
      notRun.push(inputErrorResult(r.file, r.file, r.error));
      continue;
    }
    const s = readScenario(r.text, {
      file: r.file,
      projectRoot: process.cwd(), // payload files stay in the project
      data: driven.columns,
      envNames: Object.keys(env),
    });
    const lines = s.findings.map(f => {
      const { line, column } = lineColumn(r.text, f.offset);
      return `${r.file}:${line}:${column}: ${f.severity} ${f.message} [${f.code}]`;
    });
    for (const l of lines) io.err(printable(l)); // names and keys from the file: no escape sequences
    if (s.findings.some(f => f.severity === 'error'))
      notRun.push(inputErrorResult(r.file, peek(r.text).name, lines.join('\n')));
    else scenarios.push(s);
  }
  if (notRun.length) {
    io.err(`not run: fix the ${notRun.length} scenario file(s) above`);
    const skipped = scenarios.map(s =>
      inputErrorResult(s.file!, s.scenario?.name, 'not run: another scenario file has errors'),
    );
    for (const r of skipped) r.outcome = 'skipped';
    const meta = { target: 'not run', date: new Date(started).toISOString(), ms: Date.now() - started, ...plan.run };
    const shown = maskSecrets(
      [...notRun, ...skipped].filter(r => plan.mine(r.file!)), // this shard's, as a whole run
      secrets,
    );
    // On stdout too: `--reporter json > shard.json` is a report saying why, never an empty file.
    io.out(reporter === 'text' ? textSummary(shown) : render(reporter, shown, meta));
    writeReports(files, shown, meta, io);
    return EXIT.usage;
  }

  scenarios = scenarios.filter(s => plan.mine(s.file!));
  if (plan.shard) {
    const { index, total } = plan.shard;
    io.err(`shard ${index}/${total}: ${scenarios.length} of the ${chosen.length} scenario file(s)`);
    if (!scenarios.length) {
      io.err(`shard ${index}/${total} has no scenario files (${total} shards for ${chosen.length}): nothing to run`);
      const meta = { target: 'no scenario files', date: new Date(started).toISOString(), ms: 0, ...plan.run };
      io.out(reporter === 'text' ? textSummary([]) : render(reporter, [], meta));
      return writeReports(files, [], meta, io) ? EXIT.passed : EXIT.usage;
    }
  }

  let target: RunTarget = { kind: 'local' };
  let client: BillingClient | undefined;
  let targetName = 'Local sandbox (fresh for each scenario)';
  const remote = remoteTarget(args, env, realEnv, io);
  if (remote) {
    checkBaseUrl(remote.baseUrl, 'cli'); // first: a refused URL (a password in it) is never repeated below
    // A Local sandbox on this machine (`sandbox` printed its URL): its demo credentials unless others are given.
    const { localSandbox, clientId, clientSecret, demo } = await credentialsAt(remote.baseUrl, remote);
    if (localSandbox) {
      const who = demo
        ? 'its demo credentials'
        : 'the credentials given (BILLING_CLIENT_ID and BILLING_CLIENT_SECRET; unset them for its demo credentials)';
      io.err(`${remote.baseUrl} is a Local sandbox: ${who}, clock steps allowed, writes without --yes`);
      // One sandbox for every scenario: one that moves its clock, sets its catalog or resets it would move the
      // ground under the others running beside it.
      const moving = scenarios.filter(s => s.steps.some(p => changesSandbox(p.step)));
      if (jobs > 1 && moving.length) {
        io.err(
          `--jobs ${jobs} ignored: ${moving.length} scenario(s) move this sandbox's clock, catalog or data, so all run one at a time`,
        );
        jobs = 1;
      }
    }
    if (!clientId || !clientSecret) {
      throw new InputError(
        `${remote.flag} needs BILLING_CLIENT_ID and BILLING_CLIENT_SECRET in the environment (or in --dotenv FILE)`,
      );
    }
    const writing = scenarios.filter(s => s.steps.some(p => writes(p.step)));
    if (writing.length && !args.yes && !localSandbox) {
      const names = writing.map(s => `"${s.scenario?.name ?? s.file}"`).join(', ');
      const verb = writing.length > 1 ? 'write' : 'writes';
      throw new InputError(
        `${names} ${verb} to ${remote.baseUrl}; pass --yes to allow it (or run on the Local sandbox)`,
      );
    }
    // The report says how each step ended (an expected 4xx passes): only retries are worth a line here.
    const { log, onRetry } = requestLog(io, { reported: true });
    const limit = { maxResponseBytes };
    client = new BillingClient({
      baseUrl: remote.baseUrl,
      clientId,
      clientSecret,
      log,
      onRetry,
      surface: 'cli',
      ...limit,
    });
    for (const s of secrets) client.redactor.remember(s);
    // A named connection keeps its name; a bare URL says what answers there.
    targetName = localSandbox && remote.flag === '--base-url' ? `Local sandbox at ${remote.baseUrl}` : remote.name;
    const production = remote.kind === 'production';
    const connection = { name: targetName, baseUrl: remote.baseUrl, production, localSandbox };
    target = { kind: 'connection', client, connection };
  } else {
    const at = jobs > 1 ? `, ${jobs} at a time on threads of their own` : '';
    jitForSharedCores(jobs);
    io.err(`running on fresh embedded Local sandboxes, one per scenario${at} (pass --base-url for a real environment)`);
  }

  const interrupt = listenForInterrupt(io, EXIT.interrupted); // Ctrl+C, or SIGTERM as CI sends
  const abort = signal ? AbortSignal.any([signal, interrupt.signal]) : interrupt.signal;
  // Listening until the reports are written: they are written synchronously, so a second signal meanwhile waits
  // for the last of them to be whole (see interrupt.ts).
  try {
    let results: ScenarioResult[];
    try {
      results = await runScenariosInParallel(scenarios, {
        target,
        jobs,
        signal: abort,
        env,
        secrets,
        contract: args.contract,
        maxResponseBytes,
        confirm: () => args.yes,
        surface: 'cli',
        ...driven.options,
        // Text on stdout as each scenario (and every one before it) is done: whole blocks, in file order.
        onResult:
          reporter === 'text' ? r => io.out(textScenarioBlock(maskSecrets([r], secrets)[0]).join('\n')) : undefined,
      });
    } finally {
      await client?.close();
    }
    results = maskSecrets(results, secrets);
    const meta: ReportRun = { target: targetName, date: new Date(started).toISOString(), ms: Date.now() - started };
    Object.assign(meta, plan.run, abort.aborted ? { interrupted: true } : {});
    if (reporter === 'text') io.out(textSummary(results, meta));
    else {
      io.out(render(reporter, results, meta));
      io.err(textReport(results).split('\n').at(-1)!);
    }
    const exported = driven.writeExport(results, secrets, io); // the captures, whether or not a report fails
    const written = writeReports(files, results, meta, io) && exported;
    if (abort.aborted) return EXIT.interrupted;
    if (!written) return EXIT.usage;
    return exitCode(results);
  } finally {
    interrupt.close();
  }
}

/** 3 when the service could not be reached or answered an error no step expected; else 1 for any failure. */
export function exitCode(results: ScenarioResult[]): number {
  const steps = results.flatMap(r => r.steps);
  if (steps.some(s => s.errorKind === 'unreachable' || s.errorKind === 'unexpected-answer')) return EXIT.service;
  return results.every(r => r.outcome === 'passed') ? EXIT.passed : EXIT.failed;
}

function jobsOption(v: string | undefined): number {
  if (v === undefined) return 1;
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n < 1 || n > 64) {
    throw new UsageError(`--jobs takes a whole number from 1 to 64 (scenarios at once), not "${v}"`);
  }
  return n;
}

interface Remote {
  flag: string;
  name: string;
  baseUrl: string;
  kind?: string;
  clientId?: string;
  clientSecret?: string;
}

/** --base-url, or --connection's URL (user settings first); undefined for the Local sandbox. */
function remoteTarget(
  args: TestArgs,
  env: Record<string, string | undefined>,
  realEnv: NodeJS.ProcessEnv,
  io: Io,
): Remote | undefined {
  const credentials = { clientId: env.BILLING_CLIENT_ID, clientSecret: env.BILLING_CLIENT_SECRET };
  if (args.baseUrl) return { flag: '--base-url', name: args.baseUrl, baseUrl: args.baseUrl, ...credentials };
  if (args.connection === undefined) return undefined;
  const { connection: c } = findConnection(
    args.connection,
    { env: realEnv, cwd: process.cwd(), trustWorkspace: !!args.trustWorkspace },
    io,
  );
  if (c.kind === 'local' || c.baseUrl === 'in-process') return undefined; // the built-in Local sandbox
  const clientId = credentials.clientId || c.clientId;
  return {
    flag: '--connection',
    name: `${c.name} (${c.baseUrl})`,
    baseUrl: c.baseUrl,
    kind: c.kind,
    clientId,
    clientSecret: credentials.clientSecret,
  };
}

/** A scenario file that was not run, with why (its findings), as one errored testcase of the JUnit report. */
function inputErrorResult(file: string, name: string | undefined, error: string): ScenarioResult {
  return { name: name ?? file, file, outcome: 'errored', ms: 0, steps: [], target: 'not run', error };
}

/** The scenario files of FILES and DIRS (folders searched recursively, node_modules and dot folders skipped). */
function scenarioPaths(given: string[]): { files: string[]; errors: string[] } {
  const files: string[] = [];
  const errors: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules') walk(p);
      else if (e.isFile() && isScenarioFile(e.name)) files.push(p);
    }
  };
  for (const g of given) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(g);
    } catch (e) {
      errors.push(fileErrorMessage(e, g));
      continue;
    }
    if (stat.isDirectory()) walk(g);
    else if (isScenarioFile(g)) files.push(g);
    else errors.push(`${g}: not a scenario file; name it *.scenario.json`);
  }
  return { files: distinctFiles(files), errors };
}
