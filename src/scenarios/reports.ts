// Scenario results as people and CI read them: a text report, JUnit XML (one testcase per step, so any CI
// lists the steps) and JSON. The same results the editor's Testing view shows.
import { formatPath } from '../schemas/findings';
import type { ScenarioResult, StepResult } from './runner';

const MARK: Record<StepResult['outcome'], string> = { passed: '✓', failed: '✗', errored: '!', skipped: '-' };

/**
 * The one count of a run every format reports (text, HTML, JUnit, TAP, JSON): its steps (a scenario not run at
 * all is one), so that no two reports of one run disagree.
 */
export function summaryCounts(results: ScenarioResult[]) {
  const steps = results.flatMap(r => (r.steps.length ? r.steps : [scenarioAsStep(r)]));
  const count = (o: StepResult['outcome']) => steps.filter(s => s.outcome === o).length;
  return { tests: steps.length, failures: count('failed'), errors: count('errored'), skipped: count('skipped') };
}

/** The counts as every report words them: "3 scenario(s), 8 step(s): 2 passed, 0 failed, 0 errored, 6 skipped". */
export function summaryLine(results: ScenarioResult[]): string {
  const c = summaryCounts(results);
  const passed = c.tests - c.failures - c.errors - c.skipped;
  return `${results.length} scenario(s), ${c.tests} step(s): ${passed} passed, ${c.failures} failed, ${c.errors} errored, ${c.skipped} skipped`;
}

/**
 * Why a scenario was skipped: its own reason (not started: "Cancelled."), else its first skipped step's (the one
 * in flight when the run was interrupted says it at its steps).
 */
export function skipReason(r: ScenarioResult): string {
  return r.error ?? r.steps.find(s => s.outcome === 'skipped' && s.error)?.error ?? 'skipped';
}

export function textReport(results: ScenarioResult[], run?: Stopped): string {
  return [...results.flatMap(textScenarioBlock), textSummary(results, run)].join('\n');
}

/** One scenario's lines, whole (parallel runs print each block at once, never interleaved). */
export function textScenarioBlock(r: ScenarioResult): string[] {
  const lines: string[] = [];
  lines.push(
    `${MARK[r.outcome === 'passed' ? 'passed' : r.outcome]} ${r.name}${r.file ? ` (${r.file})` : ''} on ${r.target}, ${r.ms} ms`,
  );
  if (r.error && !r.steps.length) lines.push(`    ${r.error}`);
  for (const s of r.steps) {
    lines.push(
      `  ${MARK[s.outcome]} ${s.index + 1}. ${s.label} (${s.kind})${s.outcome === 'skipped' ? `: ${s.error ?? 'skipped'}` : `, ${s.ms} ms${afterTries(s)}`}`,
    );
    if (s.error && s.outcome !== 'skipped') lines.push(`      ${s.error}`);
    if (s.note) lines.push(`      answer ${s.note}`);
    for (const f of s.failures) lines.push(`      ${f.message}  [${formatPath(f.path)}]`);
  }
  return lines.map(printable);
}

/** The last line: how many scenarios and steps, and how they ended (then a line of its own when interrupted). */
export function textSummary(results: ScenarioResult[], run?: Stopped): string {
  const lines = [summaryLine(results)];
  if (run?.interrupted) lines.push(interruptedText(results));
  if (run?.partial) lines.push(partialText(run.partial));
  return lines.join('\n');
}

/** Whether the run was stopped before its end, or merged without all its shards (what every format says of it). */
export type Stopped = Pick<ReportRun, 'interrupted' | 'partial'>;

/** What every report says of a merge taken with --allow-partial: it is not the whole run. */
export function partialText(partial: string): string {
  return `PARTIAL (merge-reports --allow-partial): ${partial}; their scenarios did not run, so this is not the whole run.`;
}

/**
 * What every report says of an interrupted run: its skipped steps are not a pass, and a CI viewer must not show
 * one (JUnit counts it as an error, TAP bails out, HTML shows a banner).
 */
export function interruptedText(results: ScenarioResult[]): string {
  const stopped = results.filter(r => r.outcome === 'skipped').length;
  return (
    'INTERRUPTED (Ctrl+C or SIGTERM, exit 4): the run was stopped before its end, so it did not pass; ' +
    `${stopped} scenario(s) stopped or not started.`
  );
}

/** ", passed after 3 tries" for a retried step (one try says nothing). */
const afterTries = (s: StepResult) => (s.tries > 1 ? `, ${s.outcome} after ${s.tries} tries` : '');

/**
 * One line for a terminal or a CI log: control characters (escape sequences, carriage returns, new lines) and
 * bidirectional overrides written as `\u001b`, so that a name from a scenario file cannot forge or hide a line.
 */
export function printable(line: string): string {
  return line.replace(
    /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/gu,
    c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** What a JSON report says of its run, so that `merge-reports` can join the shards of one run (and no others). */
export interface ReportRun {
  target: string;
  /** When the run started (ISO 8601). */
  date: string;
  /** Wall time of the whole run. */
  ms: number;
  /** The scenario files of the whole run (every shard's), in report order. */
  files?: string[];
  /**
   * A digest of what the run's tests are: the scenario files and the payload files they send (paths and
   * contents), the --data rows and --iterations. The shards of one run agree on it.
   */
  suite?: string;
  /** The digest's parts, so that merge-reports can say which of them two shards differ in. */
  inputs?: { scenarios: string; payloads: string; data?: string; iterations: number };
  /** The CI run (GitHub Actions, GitLab), when there is one. */
  ci?: string;
  /** This machine's part (`test --shard 2/4`). */
  shard?: { index: number; total: number };
  /** Ctrl+C or SIGTERM stopped it (exit 4). */
  interrupted?: boolean;
  /** What a merge taken with --allow-partial lacks ("shard(s) 2/3 missing"): every format says it. */
  partial?: string;
}

export function jsonReport(results: ScenarioResult[], run?: ReportRun): string {
  return JSON.stringify({ ...summaryCounts(results), ...(run ? { run } : {}), scenarios: results }, null, 2);
}

export function junitReport(results: ScenarioResult[], run?: Stopped): string {
  const c = summaryCounts(results);
  const total = results.reduce((n, r) => n + r.ms, 0);
  const stop = run?.interrupted ? 1 : 0; // the interruption is one errored testcase of its own
  const part = run?.partial ? 1 : 0; // and a partial merge one skipped testcase: a CI viewer shows both
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="Billing Workbench scenarios" tests="${c.tests + stop + part}" failures="${c.failures}" errors="${c.errors + stop}" skipped="${c.skipped + part}" time="${seconds(total)}">`,
  ];
  if (run?.partial) {
    const why = xml(partialText(run.partial));
    out.push(
      '  <testsuite name="Partial merge" tests="1" failures="0" errors="0" skipped="1" time="0.000">',
      `    <testcase classname="Partial merge" name="Not the whole run: ${xml(run.partial)}" time="0.000">`,
      `      <skipped message="${why}"/>`,
      '    </testcase>',
      '  </testsuite>',
    );
  }
  if (stop) {
    const why = xml(interruptedText(results));
    out.push(
      '  <testsuite name="Run interrupted" tests="1" failures="0" errors="1" skipped="0" time="0.000">',
      '    <testcase classname="Run interrupted" name="The run was interrupted (Ctrl+C or SIGTERM)" time="0.000">',
      `      <error message="${why}" type="interrupted">${why}</error>`,
      '    </testcase>',
      '  </testsuite>',
    );
  }
  for (const r of results) {
    const steps = r.steps.length ? r.steps : [scenarioAsStep(r)];
    const n = summaryCounts([r]);
    const file = r.file ? ` file="${xml(r.file)}"` : '';
    out.push(
      `  <testsuite name="${xml(r.name)}" tests="${n.tests}" failures="${n.failures}" errors="${n.errors}" skipped="${n.skipped}" time="${seconds(r.ms)}"${file}>`,
    );
    out.push(`    <properties><property name="target" value="${xml(r.target)}"/></properties>`);
    for (const s of steps) {
      const name = s.index < 0 ? '(scenario file)' : `${s.index + 1}. ${s.label} (${s.kind})`;
      out.push(`    <testcase classname="${xml(r.name)}" name="${xml(name)}" time="${seconds(s.ms)}"${file}>`);
      if (s.outcome === 'failed') {
        const first = s.failures[0];
        const body = s.failures
          .map(f => `${f.message}\nat ${formatPath(f.path)}\nexpected: ${json(f.expected)}\nactual: ${json(f.actual)}`)
          .join('\n\n');
        out.push(`      <failure message="${xml(first?.message ?? 'failed')}" type="check">${xml(body)}</failure>`);
      } else if (s.outcome === 'errored') {
        out.push(`      <error message="${xml(s.error ?? 'error')}" type="error">${xml(s.error ?? '')}</error>`);
      } else if (s.outcome === 'skipped') {
        out.push(`      <skipped message="${xml(s.error ?? 'skipped')}"/>`);
      }
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}

/** A scenario that could not be run at all is one errored testcase, so CI still shows it. */
export function scenarioAsStep(r: ScenarioResult): StepResult {
  const outcome = r.outcome === 'passed' ? 'passed' : r.outcome;
  const error = r.error;
  return { index: -1, label: 'scenario', kind: 'file', outcome, ms: r.ms, tries: 0, path: [], failures: [], error };
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);
const json = (v: unknown) => (v === undefined ? '(nothing)' : JSON.stringify(v));

/** Text for an XML attribute or element: escaped, and without the characters XML 1.0 cannot hold. */
export function xml(s: string): string {
  return s
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
}
