// Where a Testing view run's time went: the Testing view shows the run's whole time (10.9 s) beside each
// scenario's (38-109 ms), so the run's output ends with a line whose parts add up to the whole. No `vscode`
// import: the sums are tested in plain Node.
import type { ScenarioResult } from '../scenarios';

/** Milliseconds spent by the run outside the runner, measured by the Testing view's side. */
export interface RunSpent {
  /** From the run's start to its end (its results reported). */
  total: number;
  /** Finding, reading and checking the scenario files before the first one ran. */
  files: number;
  /** Recording each sent step in History (inside the scenarios' own times). */
  history: number;
  /** Loading the run's code and choosing where it goes (Sign In, the question before writes). */
  setup: number;
}

export interface RunPart {
  what: string;
  ms: number;
}

/**
 * The run's time in parts that add up to `spent.total` (rounded to the millisecond, the last part taking the
 * rounding): the steps' requests, what each scenario did around them (a fresh Local sandbox started and
 * closed), History, the files, the setup, and the rest (the Testing view's updates between scenarios).
 */
export function runParts(results: readonly ScenarioResult[], spent: RunSpent, local: boolean): RunPart[] {
  const ms = (n: number) => Math.max(0, Math.round(n));
  const steps = ms(results.reduce((n, r) => n + r.steps.reduce((m, s) => m + s.ms, 0), 0));
  const inScenarios = ms(results.reduce((n, r) => n + r.ms, 0));
  const history = Math.min(ms(spent.history), Math.max(0, inScenarios - steps));
  const around = Math.max(0, inScenarios - steps - history);
  const parts: RunPart[] = [
    { what: "the steps' requests and checks", ms: steps },
    { what: local ? 'starting and closing a fresh Local sandbox per scenario' : 'between steps', ms: around },
    { what: 'recording the steps in History', ms: history },
    { what: 'finding and checking the scenario files', ms: ms(spent.files) },
    { what: 'loading the run and choosing its connection', ms: ms(spent.setup) },
  ];
  const counted = parts.reduce((n, p) => n + p.ms, 0);
  const total = Math.max(ms(spent.total), counted);
  return [...parts, { what: "the Testing view's updates", ms: total - counted }];
}

/** "Ran 4 scenarios (27 steps) in 412 ms: 110 ms the steps' requests and checks, 54 ms ...". */
export function runTimeLine(results: readonly ScenarioResult[], spent: RunSpent, local: boolean): string {
  const parts = runParts(results, spent, local);
  const total = parts.reduce((n, p) => n + p.ms, 0);
  const n = results.length;
  const steps = results.reduce((k, r) => k + r.steps.length, 0);
  const shown = parts.filter(p => p.ms > 0).map(p => `${showMs(p.ms)} ${p.what}`);
  const what = `${n} scenario${n === 1 ? '' : 's'} (${steps} step${steps === 1 ? '' : 's'})`;
  // The Testing view counts from the moment Run was pressed to the moment it heard the end: a little more.
  return `Ran ${what} in ${showMs(total)}: ${shown.join(', ') || 'no time measured'}. The Testing view's figure also counts its messages to and from the extension.`;
}

/** "412 ms", "10.9 s". */
export function showMs(ms: number): string {
  return ms < 1_000 ? `${Math.round(ms)} ms` : `${(ms / 1_000).toFixed(1)} s`;
}
