// TAP version 14 (the Test Anything Protocol): one subtest per scenario, one test point per step, failures and
// errors with YAML diagnostics (message, path, expected, actual). Values are written as JSON, which YAML reads.
// An interrupted run ends with `Bail out!` instead of its plan: a harness reads it as not passed.
import { formatPath } from '../schemas/findings';
import {
  interruptedText,
  partialText,
  printable,
  scenarioAsStep,
  skipReason,
  summaryLine,
  type Stopped,
} from './reports';
import type { ScenarioResult, StepResult } from './runner';

export function tapReport(results: ScenarioResult[], run?: Stopped): string {
  const out = ['TAP version 14'];
  results.forEach((r, i) => {
    const steps = r.steps.length ? r.steps : [scenarioAsStep(r)];
    out.push(`# Subtest: ${description(r.name)}`);
    out.push(`    1..${steps.length}`);
    steps.forEach((s, j) => out.push(...testPoint(s, j + 1).map(l => `    ${l}`)));
    const ok = r.outcome === 'passed' || r.outcome === 'skipped';
    const skip = r.outcome === 'skipped' ? ` # SKIP ${description(skipReason(r))}` : '';
    const file = r.file ? ` (${r.file})` : '';
    out.push(`${ok ? 'ok' : 'not ok'} ${i + 1} - ${description(r.name + file)}${skip}`);
  });
  out.push(`# ${summaryLine(results)}`); // the text report's counts, for a person reading the log
  if (run?.partial) out.push(`# ${printable(partialText(run.partial))}`);
  // After a bail out a harness reads nothing more (a plan after it is ignored, one before it would pass the run).
  out.push(run?.interrupted ? `Bail out! ${printable(interruptedText(results))}` : `1..${results.length}`);
  return out.join('\n') + '\n';
}

function testPoint(s: StepResult, n: number): string[] {
  const name = s.index < 0 ? '(scenario file)' : `${s.index + 1}. ${s.label} (${s.kind})`;
  if (s.outcome === 'passed') return [`ok ${n} - ${description(name)}`];
  if (s.outcome === 'skipped') return [`ok ${n} - ${description(name)} # SKIP ${description(s.error ?? 'skipped')}`];
  const diag: Record<string, unknown> =
    s.outcome === 'errored'
      ? { severity: 'error', message: s.error ?? 'error', ...(s.errorKind ? { errorKind: s.errorKind } : {}) }
      : {
          severity: 'fail',
          message: s.failures[0]?.message ?? 'failed',
          failures: s.failures.map(f => ({
            message: f.message,
            path: formatPath(f.path),
            expected: f.expected ?? null,
            actual: f.actual ?? null,
          })),
        };
  if (s.tries && s.tries > 1) diag.tries = s.tries;
  return [`not ok ${n} - ${description(name)}`, '  ---', ...yaml(diag, 1), '  ...'];
}

/** A description on one line; `#` and `\` escaped as TAP 14 asks, so a name never turns into a directive. */
const description = (s: string) => printable(s).replace(/\\/g, '\\\\').replace(/#/g, '\\#');

/** A small YAML writer: lists (of maps) in block form, every other value as JSON (valid YAML, one line). */
function yaml(v: unknown, depth: number): string[] {
  const pad = '  '.repeat(depth);
  if (Array.isArray(v)) {
    return v.flatMap(item => {
      const lines = isMap(item) ? yaml(item, depth + 1) : [`${pad}  ${JSON.stringify(item)}`];
      return [`${pad}- ${lines[0].trimStart()}`, ...lines.slice(1)];
    });
  }
  return Object.entries(v as Record<string, unknown>).flatMap(([k, x]) =>
    Array.isArray(x) && x.length
      ? [`${pad}${k}:`, ...yaml(x, depth + 1)]
      : [`${pad}${k}: ${JSON.stringify(x ?? null)}`],
  );
}
const isMap = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
