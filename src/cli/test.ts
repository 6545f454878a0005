// `test [FILES|DIRS] [--base-url URL] [--reporter text|junit|json] [--junit-file F] [--yes]`: runs scenarios,
// each on a fresh embedded Local sandbox unless --base-url names an environment (credentials from
// BILLING_CLIENT_ID / BILLING_CLIENT_SECRET). Exit 0 all passed, 1 a check failed or a step errored, 2 usage
// or input errors (a scenario file with findings is not run). Scenarios that write run on --base-url only
// with --yes: CI says so explicitly, nobody writes to a tenant by accident.
import * as fs from 'fs';
import * as path from 'path';
import { BillingClient, checkBaseUrl } from '../client';
import {
  isScenarioFile,
  jsonReport,
  junitReport,
  printable,
  readScenario,
  runScenarios,
  textReport,
  writes,
  type RunTarget,
  type ScenarioFile,
  type ScenarioResult,
} from '../scenarios';
import { fileErrorMessage, readPayloadFile } from './files';
import { lineColumn } from './lines';
import { InputError, UsageError, type Io } from './io';
import { requestLog } from './requestLog';

export interface TestArgs {
  paths: string[];
  baseUrl?: string;
  reporter: string;
  junitFile?: string;
  yes: boolean;
}

export async function testCommand(args: TestArgs, io: Io, env = process.env): Promise<number> {
  if (!['text', 'junit', 'json'].includes(args.reporter)) {
    throw new UsageError(`--reporter must be text, junit or json, not "${args.reporter}"`);
  }
  const found = scenarioPaths(args.paths.length ? args.paths : ['.']);
  if (found.errors.length) {
    for (const e of found.errors) io.err(printable(e));
    return 2;
  }
  if (!found.files.length) {
    io.err(`no *.scenario.json files in ${args.paths.join(', ') || '.'}`);
    return 2;
  }
  const scenarios: ScenarioFile[] = [];
  const notRun: ScenarioResult[] = []; // files that cannot run, as CI's JUnit still shows them
  for (const file of found.files) {
    const read = readPayloadFile(file);
    if (read.error !== undefined) {
      io.err(printable(read.error));
      notRun.push(inputErrorResult(file, file, read.error));
      continue;
    }
    const s = readScenario(read.text, { file, projectRoot: process.cwd() }); // payload files stay in the project
    const lines = s.findings.map(f => {
      const { line, column } = lineColumn(read.text, f.offset);
      return `${file}:${line}:${column}: ${f.severity} ${f.message} [${f.code}]`;
    });
    for (const l of lines) io.err(printable(l)); // names and keys from the file: no escape sequences
    if (s.findings.some(f => f.severity === 'error'))
      notRun.push(inputErrorResult(file, nameOf(read.text), lines.join('\n')));
    else scenarios.push(s);
  }
  if (notRun.length) {
    io.err(`not run: fix the ${notRun.length} scenario file(s) above`);
    if (args.junitFile) {
      const skipped = scenarios.map(s =>
        inputErrorResult(s.file!, s.scenario?.name, 'not run: another scenario file has errors'),
      );
      for (const r of skipped) r.outcome = 'skipped';
      if (!writeJunit(args.junitFile, [...notRun, ...skipped], io)) return 2;
    }
    return 2;
  }

  let target: RunTarget = { kind: 'local' };
  let client: BillingClient | undefined;
  if (args.baseUrl) {
    checkBaseUrl(args.baseUrl, 'cli'); // first: a refused URL (a password in it) is never repeated below
    const clientId = env.BILLING_CLIENT_ID;
    const clientSecret = env.BILLING_CLIENT_SECRET;
    if (!clientId || !clientSecret) {
      throw new InputError('--base-url needs BILLING_CLIENT_ID and BILLING_CLIENT_SECRET in the environment');
    }
    const writing = scenarios.filter(s => s.steps.some(p => writes(p.step)));
    if (writing.length && !args.yes) {
      const names = writing.map(s => `"${s.scenario?.name ?? s.file}"`).join(', ');
      const verb = writing.length > 1 ? 'write' : 'writes';
      throw new InputError(`${names} ${verb} to ${args.baseUrl}; pass --yes to allow it (or run on the Local sandbox)`);
    }
    // The report says how each step ended (an expected 4xx passes): only retries are worth a line here.
    const { log, onRetry } = requestLog(io, { reported: true });
    client = new BillingClient({ baseUrl: args.baseUrl, clientId, clientSecret, log, onRetry, surface: 'cli' });
    target = {
      kind: 'connection',
      client,
      connection: { name: args.baseUrl, baseUrl: args.baseUrl, production: false },
    };
  } else {
    io.err('running on fresh embedded Local sandboxes, one per scenario (pass --base-url for a real environment)');
  }
  let results;
  try {
    results = await runScenarios(scenarios, { target, confirm: () => args.yes, surface: 'cli' });
  } finally {
    await client?.close();
  }
  const report =
    args.reporter === 'junit'
      ? junitReport(results)
      : args.reporter === 'json'
        ? jsonReport(results)
        : textReport(results);
  io.out(report);
  if (args.junitFile && !writeJunit(args.junitFile, results, io)) return 2;
  if (args.reporter !== 'text') io.err(textReport(results).split('\n').at(-1)!);
  return results.every(r => r.outcome === 'passed') ? 0 : 1;
}

/** The scenario's name even when the file has findings (JUnit shows it), or undefined. */
function nameOf(text: string): string | undefined {
  try {
    const name = (JSON.parse(text) as { name?: unknown })?.name;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

/** A scenario file that was not run, with why (its findings), as one errored testcase of the JUnit report. */
function inputErrorResult(file: string, name: string | undefined, error: string): ScenarioResult {
  return { name: name ?? file, file, outcome: 'errored', ms: 0, steps: [], target: 'not run', error };
}

function writeJunit(file: string, results: ScenarioResult[], io: Io): boolean {
  try {
    fs.writeFileSync(file, junitReport(results));
    return true;
  } catch (e) {
    io.err(`error: --junit-file ${fileErrorMessage(e, file, true)}`);
    return false;
  }
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
  return { files, errors };
}
