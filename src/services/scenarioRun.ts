// One run of scenarios in the Testing view: the target (a fresh Local sandbox per scenario, or the active
// connection's client), the question before writes (once per run; production: before each scenario, naming
// it), and the runner's events as TestRun states: started, passed with the step's time, failed with the
// expected and actual values as a diff at the check's place, errored, skipped. Cancelling the run aborts
// the request in flight. Each step's line goes to the run's output, redacted like everything the client shows.
import * as vscode from 'vscode';
import {
  runScenarios,
  scenarioRange,
  type RunEvent,
  type RunOptions,
  type RunTarget,
  type ScenarioResult,
  type StepResult,
  type WriteQuestion,
} from '../scenarios';
import type { PathSegment } from '../schemas/findings';
import type { Connection, ConnectionStore } from '../connections/connectionStore';
import type { ScenarioRead } from '../languageFeatures/scenarioDiagnostics';
import { runTimeLine } from './runTimes';

/** A scenario step that sent its request, as the History view records it (redacted by the runner). */
export interface ScenarioStepRecord {
  /** The scenario file's URI. */
  uri: string;
  scenario: string;
  step: string;
  outcome: StepResult['outcome'];
  method: string;
  /** The path and query of the request (no host). */
  path: string;
  status?: number;
  ms: number;
  requestId?: string;
  request?: unknown;
  answer?: unknown;
  /** The connection's name; on the Local sandbox, the fresh sandbox of the scenario. */
  connection: string;
  /** When it was answered (ms since the epoch). */
  at: number;
}

export interface ScenarioRunDeps {
  items: (id: string) => vscode.TestItem | undefined;
  connections: ConnectionStore;
  /** Where the run goes: the Local sandbox, the connection's client, or why not (a sign-in is offered). */
  target: (connection: Connection) => Promise<RunTarget | string>;
  onStep: (r: ScenarioStepRecord) => void;
  /** The messages of a step that failed or errored (the last run's, kept for tests and commands). */
  onMessages: (itemId: string, messages: vscode.TestMessage[]) => void;
  /** When the run began (Date.now()) and how long finding and reading its files took: for the closing time line. */
  began: number;
  files: number;
  /** Where the closing time line goes besides the run's output (the extension's log). */
  log: (line: string) => void;
}

/** Runs the scenarios read in `reads`, reporting into `run`; resolves with every scenario's result. */
export async function runScenarioItems(
  run: vscode.TestRun,
  token: vscode.CancellationToken,
  reads: ScenarioRead[],
  deps: ScenarioRunDeps,
): Promise<ScenarioResult[]> {
  for (const r of reads) {
    const item = deps.items(r.uri.toString());
    if (!item) continue;
    run.enqueued(item);
    item.children.forEach(c => run.enqueued(c));
  }
  const connection = deps.connections.active();
  const target = await deps.target(connection);
  if (typeof target === 'string') {
    for (const r of reads) {
      const item = deps.items(r.uri.toString());
      if (item) run.errored(item, message(target));
    }
    return [];
  }
  const ac = new AbortController();
  const cancel = [token, run.token].map(t => t.onCancellationRequested(() => ac.abort()));
  const report = new RunReport(run, reads, deps, target.kind === 'local' ? undefined : connection.name);
  const opts: RunOptions = {
    target,
    signal: ac.signal,
    onEvent: e => report.event(e),
    surface: 'editor',
    env: process.env, // `${env.NAME}`: the editor's environment (secret-named values are masked in results)
    confirm: q => confirmRun(q, connection),
  };
  try {
    const files = reads.map(r => r.file);
    const setup = Date.now() - deps.began - deps.files;
    // Production asks before every scenario that writes, naming it; other connections once for the run.
    const results =
      connection.kind === 'production'
        ? (await sequence(files.map(f => () => runScenarios([f], opts)))).flat()
        : await runScenarios(files, opts);
    // Scenarios not run at all (writing not confirmed, cancelled before they began) send no events.
    results.forEach((result, i) => report.scenarioEnd(report.readOf(result.file) ?? reads[i], result));
    report.settleRows();
    // Where the time went: the Testing view shows the whole run's time beside each scenario's.
    const spent = { total: Date.now() - deps.began, files: deps.files, history: report.historyMs, setup };
    const line = runTimeLine(results, spent, target.kind === 'local');
    report.out(line);
    deps.log(line);
    return results;
  } finally {
    cancel.forEach(d => d.dispose());
  }
}

type Outcome = StepResult['outcome'];
/** Which outcome a file's item shows when the rows of its `each` differ: the worst. */
const RANK: Record<Outcome, number> = { passed: 0, skipped: 1, failed: 2, errored: 3 };

/**
 * The runner's events as TestRun states, output lines and step records; each item reported once. A scenario
 * with `each` runs once per row on the same items: their states wait for the last row and show the worst,
 * each message naming its row.
 */
class RunReport {
  private readonly byFile: Map<string | undefined, ScenarioRead>;
  private reported = new Set<vscode.TestItem>();
  /** The row running now, for files with `each`. */
  private readonly rowOf = new Map<ScenarioRead, string>();
  private readonly rows = new Map<vscode.TestItem, { outcome: Outcome; ms: number; messages: vscode.TestMessage[] }>();
  /** Time spent handing the sent steps to History (it records them as they come). */
  historyMs = 0;

  constructor(
    private readonly run: vscode.TestRun,
    reads: ScenarioRead[],
    private readonly deps: ScenarioRunDeps,
    /** The connection's name; undefined on the Local sandbox (a fresh one per scenario). */
    private readonly connection: string | undefined,
  ) {
    this.byFile = new Map(reads.map(r => [r.file.file, r]));
    this.out(`Billing scenarios on ${connection ?? 'the Local sandbox (a fresh one per scenario)'}`);
  }

  readOf(file: string | undefined): ScenarioRead | undefined {
    return this.byFile.get(file);
  }

  event(e: RunEvent): void {
    const r = this.byFile.get(e.scenario.file);
    if (!r) return;
    if (e.type === 'scenarioStart') {
      const item = this.itemOf(r);
      if ((r.file.scenario?.each?.length ?? 0) > 0) {
        this.rowOf.set(r, e.name);
        // A new row reports the same items again (into `rows`, settled after the last).
        item?.children.forEach(c => this.reported.delete(c));
        if (item) this.reported.delete(item);
      }
      if (item) this.run.started(item);
      this.out(`▶ ${e.name}`);
    } else if (e.type === 'stepStart') {
      const item = this.itemOf(r, e.step.index);
      if (item) this.run.started(item);
    } else if (e.type === 'stepEnd') this.step(r, e.result);
    else this.scenarioEnd(r, e.result);
  }

  scenarioEnd(r: ScenarioRead, result: ScenarioResult): void {
    result.steps.forEach(s => this.step(r, s)); // steps that never started (not run, cancelled) are reported here
    const item = this.itemOf(r);
    if (!item || this.reported.has(item)) return;
    this.reported.add(item);
    const failed = result.steps.filter(s => s.outcome === 'failed' || s.outcome === 'errored');
    const summary =
      result.error ?? `${failed.length} of ${result.steps.length} steps failed: ${failed.map(s => s.label).join(', ')}`;
    const why = result.error ? ` (${result.error})` : '';
    this.out(
      `${MARK[result.outcome]} ${result.name}: ${result.outcome} in ${result.ms} ms on ${result.target}${why}`,
      r,
      [],
      item,
    );
    this.settle(r, item, result.outcome, result.ms, result.outcome === 'passed' ? [] : [message(summary, r, [])]);
  }

  /** The item's state now, or (a row of `each`) kept with the others' until settleRows. */
  private settle(r: ScenarioRead, item: vscode.TestItem, outcome: Outcome, ms: number, messages: vscode.TestMessage[]) {
    const row = this.rowOf.get(r);
    if (row !== undefined) {
      for (const m of messages) m.message = `${row}: ${String(m.message)}`;
      const was = this.rows.get(item);
      const worst = was && RANK[was.outcome] >= RANK[outcome] ? was.outcome : outcome;
      this.rows.set(item, {
        outcome: worst,
        ms: (was?.ms ?? 0) + ms,
        messages: [...(was?.messages ?? []), ...messages],
      });
      return;
    }
    this.report(item, outcome, ms, messages);
  }

  /** The items of scenarios with `each`, once every row has run: the worst outcome, every row's messages. */
  settleRows(): void {
    for (const [item, { outcome, ms, messages }] of this.rows) this.report(item, outcome, ms, messages);
    this.rows.clear();
  }

  /** The item's state in the run, and its messages kept for the commands. */
  private report(item: vscode.TestItem, outcome: Outcome, ms: number, messages: vscode.TestMessage[]): void {
    if (messages.length && outcome !== 'skipped') this.deps.onMessages(item.id, messages);
    if (outcome === 'passed') this.run.passed(item, ms);
    else if (outcome === 'failed') this.run.failed(item, messages, ms);
    else if (outcome === 'errored') this.run.errored(item, messages, ms);
    else this.run.skipped(item);
  }

  private step(r: ScenarioRead, s: StepResult): void {
    const item = this.itemOf(r, s.index);
    if (!item || this.reported.has(item)) return;
    this.reported.add(item);
    const { call, why } = stepLine(s);
    // The call at the step's line (VS Code keeps 100 characters of a line it shows there and in its hover);
    // why it failed goes on in the output, and whole in the peek.
    this.out(call, r, s.path, item, why && ` — ${why}`);
    const messages =
      s.outcome === 'failed'
        ? s.failures.map(f => diffMessage(r, f))
        : s.outcome === 'errored'
          ? [message(s.error ?? 'Errored.', r, s.errorPath ?? s.path)]
          : [];
    this.settle(r, item, s.outcome, s.ms, messages);
    if (!s.exchange) return;
    const began = Date.now();
    this.deps.onStep(this.record(r, s, s.exchange));
    this.historyMs += Date.now() - began;
  }

  private record(r: ScenarioRead, s: StepResult, x: NonNullable<StepResult['exchange']>): ScenarioStepRecord {
    const today = r.file.scenario?.today;
    const connection = this.connection ?? `Local sandbox (fresh${today ? `, today ${today}` : ''})`;
    return {
      uri: r.uri.toString(),
      scenario: r.file.scenario?.name ?? r.uri.path,
      step: s.label,
      outcome: s.outcome,
      method: x.method,
      path: pathOf(x.url),
      status: x.status,
      ms: s.ms,
      requestId: x.requestId,
      request: x.body,
      answer: x.answer,
      connection,
      at: Date.now(),
    };
  }

  /** The scenario's item, or its step's. */
  private itemOf(r: ScenarioRead, step?: number): vscode.TestItem | undefined {
    const item = this.deps.items(r.uri.toString());
    return step === undefined ? item : item?.children.get(`${r.uri}#${step}`);
  }

  /** A line of the run's output, at `at` in the scenario's text; `rest` goes on the same line, at no place. */
  out(line: string, r?: ScenarioRead, at?: PathSegment[], item?: vscode.TestItem, rest?: string): void {
    if (rest) this.run.appendOutput(line, r && at ? location(r, at) : undefined, item);
    this.run.appendOutput(`${rest ?? line}\r\n`, r && at && !rest ? location(r, at) : undefined, item);
  }
}

const MARK: Record<ScenarioResult['outcome'], string> = { passed: '✓', failed: '✗', errored: '!', skipped: '–' };

/** `✓ quote: POST /v2/orders/preview → 201 (34 ms)`, and why when it did not pass. */
function stepLine(s: StepResult): { call: string; why?: string } {
  const x = s.exchange;
  const call = x
    ? ` ${x.method} ${pathOf(x.url)}${x.status !== undefined ? ` → ${x.status}` : ''}`
    : s.callout
      ? ` ${calloutWords(s.callout)}`
      : '';
  const why = s.failures.length ? s.failures.map(f => f.message).join('; ') : s.error;
  return { call: `  ${MARK[s.outcome]} ${s.label}:${call} (${s.ms} ms)`, why };
}

/** A callout step's line: `callout InvoicePosted received` (and how many, when it waited for several). */
function calloutWords(callout: unknown): string {
  const c = callout as { event?: unknown; callouts?: unknown[] };
  const event = typeof c.event === 'string' ? c.event : 'callout';
  const count = Array.isArray(c.callouts) && c.callouts.length > 1 ? ` ×${c.callouts.length}` : '';
  return `callout ${event}${count} received`;
}

/** The question before a run writes: names the connection (production loudly) and the steps that write. */
async function confirmRun(q: WriteQuestion, connection: Connection): Promise<boolean> {
  const production = connection.kind === 'production';
  const scenarios = q.writes.map(w => `${w.scenario}: ${w.steps.join(', ')}`).join('\n');
  const what = q.writes.length === 1 ? `Run "${q.writes[0].scenario}"` : `Run ${q.writes.length} scenarios that write`;
  const message = production ? `${what} on PRODUCTION (${connection.name})?` : `${what} on ${connection.name}?`;
  const detail = `${production ? 'This changes live data.' : `Connection: ${connection.name} (${connection.kind}).`}\nSteps that write:\n${scenarios}`;
  const button = production ? 'Run on production' : 'Run';
  return (await vscode.window.showWarningMessage(message, { modal: true, detail }, button)) !== undefined;
}

/**
 * A failed check: a diff of expected and actual at the check. A retry that gave up says more than a line can
 * hold (how long it tried, then what the last answer lacked) and the peek titles a diff with its first line
 * only: its message is the whole text, with both values under it, which the peek shows in full.
 */
function diffMessage(r: ScenarioRead, f: StepResult['failures'][number]): vscode.TestMessage {
  const text = `${f.check}: ${f.message}`;
  let m: vscode.TestMessage;
  if (f.check === 'retry until') {
    // Not appendText: it makes every space non-breaking, and the peek could not wrap the line.
    const md = new vscode.MarkdownString(escapeMarkdown(text)).appendMarkdown('\n\nExpected:');
    md.appendCodeblock(asText(f.expected), 'json').appendMarkdown('\nThe last answer had:');
    m = new vscode.TestMessage(md.appendCodeblock(asText(f.actual), 'json'));
  } else m = vscode.TestMessage.diff(text, asText(f.expected), asText(f.actual));
  m.location = location(r, f.path);
  return m;
}

function message(text: string, r?: ScenarioRead, at?: PathSegment[]): vscode.TestMessage {
  const m = new vscode.TestMessage(text);
  if (r && at) m.location = location(r, at);
  return m;
}

/** Text as Markdown that says just the text (the service's data is untrusted: no links, no HTML, no emphasis). */
const escapeMarkdown = (text: string) => text.replace(/[\\`*_{}[\]()#+\-.!<>|~&]/g, c => `\\${c}`);

const asText = (v: unknown) => (v === undefined ? '(nothing)' : JSON.stringify(v, null, 2));

function location(r: ScenarioRead, at: PathSegment[]): vscode.Location {
  return new vscode.Location(r.uri, rangeAt(r.text, at));
}

/** The range of a path of the scenario in its text (the value, or its nearest existing parent). */
export function rangeAt(text: string, at: PathSegment[]): vscode.Range {
  const { offset, length } = scenarioRange(text, at);
  return new vscode.Range(positionAt(text, offset), positionAt(text, offset + length));
}

function positionAt(text: string, offset: number): vscode.Position {
  const before = text.slice(0, offset);
  const line = (before.match(/\n/g) ?? []).length;
  return new vscode.Position(line, offset - (before.lastIndexOf('\n') + 1));
}

function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}

async function sequence<T>(jobs: (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = [];
  for (const job of jobs) out.push(await job());
  return out;
}
