// Scenarios in VS Code's Testing view: each *.scenario.json a test item, each step a child at its range
// (the gutter's run buttons come with the ranges). Discovered once, by whoever needs the files first: the
// Testing view (resolveHandler), a run of everything (Run All from the palette or the toolbar, before the view
// was ever opened) or the scan started just after activation; then kept current by a file watcher and by the
// scenario diagnostics' reads of open documents. The default Run profile runs the selected scenarios on the
// active connection (scenarioRun.ts reports them).
import * as vscode from 'vscode';
import { connectionTarget, type RunTarget, type ScenarioResult } from '../scenarios';
import { SignInRequired, type ClientProvider } from '../connections/clientProvider';
import type { Connection, ConnectionStore } from '../connections/connectionStore';
import {
  isScenarioUri,
  readScenarioText,
  type ScenarioDiagnostics,
  type ScenarioRead,
} from '../languageFeatures/scenarioDiagnostics';
import { Disposable } from '../util/dispose';
import { rangeAt, runScenarioItems, type ScenarioStepRecord } from './scenarioRun';

export type { ScenarioStepRecord } from './scenarioRun';

export const SCENARIO_CONTROLLER_ID = 'billingWorkbench.scenarios';
const SCENARIO_GLOB = '**/*.scenario.json';

export interface ScenarioTestsDeps {
  connections: ConnectionStore;
  clients: ClientProvider;
  diagnostics: ScenarioDiagnostics;
  log: vscode.LogOutputChannel;
  /** Sign In to the active connection (offered when a run needs credentials). */
  signIn: () => Promise<unknown>;
  /** Holds History's saves for a run (its steps are recorded as they come, saved once): returns the release. */
  holdHistory?: () => () => unknown;
}

/** scenarioRun.ts is a lazy bundle: what tells a class from another (`instanceof`) stays here, in the main one. */
export class ScenarioTests extends Disposable {
  readonly controller = this._register(vscode.tests.createTestController(SCENARIO_CONTROLLER_ID, 'Billing scenarios'));
  readonly profile: vscode.TestRunProfile;
  private watcher: vscode.FileSystemWatcher | undefined;
  /** The first scan of the workspace, shared by everyone who waits for it. */
  private scan: Promise<void> | undefined;
  private readonly stepFinished = this._register(new vscode.EventEmitter<ScenarioStepRecord>());
  /** A scenario step sent its request and got an answer (redacted), for the History view. */
  readonly onDidFinishStep = this.stepFinished.event;
  private readonly runFinished = this._register(new vscode.EventEmitter<ScenarioResult[]>());
  readonly onDidFinishRun = this.runFinished.event;
  private _lastResults: ScenarioResult[] = [];
  private _lastTimes: string | undefined;
  private readonly messages = new Map<string, vscode.TestMessage[]>();

  constructor(private readonly deps: ScenarioTestsDeps) {
    super();
    this.controller.resolveHandler = async item => {
      if (!item) await this.discovered();
    };
    this.controller.refreshHandler = () => (this.scan = this.discover());
    this.profile = this.controller.createRunProfile(
      'Run',
      vscode.TestRunProfileKind.Run,
      async (request, token) => void (await this.run(request, token)),
      true,
    );
    this._register(deps.diagnostics.onDidRead(r => this.update(r)));
  }

  /** The results of the last run, scenario by scenario (tests read them; so could a status line). */
  get lastResults(): readonly ScenarioResult[] {
    return this._lastResults;
  }

  /** Where the last run's time went ("Ran 4 scenarios (27 steps) in 412 ms: ..."), as its output ends. */
  get lastTimes(): string | undefined {
    return this._lastTimes;
  }

  /** The messages the last run gave a step that failed or errored (by test item id: `uri#index`). */
  lastMessages(itemId: string): readonly vscode.TestMessage[] {
    return this.messages.get(itemId) ?? [];
  }

  /** Runs the scenarios of these files (the CodeLens and the command), shown in the Testing view like any run. */
  async runFiles(uris: vscode.Uri[]): Promise<ScenarioResult[]> {
    const items: vscode.TestItem[] = [];
    for (const uri of uris.filter(isScenarioUri)) {
      await this.readUri(uri);
      const item = this.controller.items.get(uri.toString());
      if (item) items.push(item);
    }
    if (!items.length) return [];
    const cts = new vscode.CancellationTokenSource();
    try {
      return await this.run(new vscode.TestRunRequest(items, undefined, this.profile), cts.token);
    } finally {
      cts.dispose();
    }
  }

  /** Resolves once the workspace has been scanned (scans it the first time); a failed scan is tried again. */
  discovered(): Promise<void> {
    this.scan ??= this.discover().catch(e => {
      this.scan = undefined;
      this.deps.log.error(`finding scenario files failed: ${e instanceof Error ? e.stack : String(e)}`);
    });
    return this.scan;
  }

  /**
   * Scans after activation has returned (the scan reads every scenario file: activation stays cheap), so the
   * gutter and the Testing view know the scenarios before anyone asks.
   */
  discoverSoon(): void {
    const timer = setTimeout(() => void this.discovered(), 0);
    this._register({ dispose: () => clearTimeout(timer) });
  }

  /** Every scenario file of the workspace, read now; a watcher keeps them current from then on. */
  async discover(): Promise<void> {
    if (!this.watcher) {
      this.watcher = this._register(vscode.workspace.createFileSystemWatcher(SCENARIO_GLOB));
      const read = (uri: vscode.Uri) => void (isScenarioUri(uri) && this.readUri(uri));
      this._register(this.watcher.onDidCreate(read));
      this._register(this.watcher.onDidChange(read));
      this._register(this.watcher.onDidDelete(uri => this.remove(uri)));
    }
    const uris = await vscode.workspace.findFiles(SCENARIO_GLOB, '**/node_modules/**');
    for (const uri of uris.filter(isScenarioUri)) await this.readUri(uri);
  }

  private async run(request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<ScenarioResult[]> {
    const began = Date.now();
    // Everything (Run All from the palette, the toolbar's Run Tests): the files first, even if nothing asked yet.
    if (!request.include) await this.discovered();
    const excluded = new Set(request.exclude?.map(i => i.id));
    const picked = request.include ?? [...collect(this.controller.items)];
    // A step builds on the answers before it: running one step runs its whole scenario.
    const ids = [...new Set(picked.map(i => (i.parent ?? i).id))].filter(id => !excluded.has(id));
    const reads: ScenarioRead[] = [];
    for (const id of ids) {
      const r = await this.readUri(vscode.Uri.parse(id)); // as it is now, unsaved edits included
      if (r) reads.push(r);
    }
    const files = Date.now() - began;
    const run = this.controller.createTestRun(request, `Billing scenarios on ${this.deps.connections.active().name}`);
    this.messages.clear();
    const release = this.deps.holdHistory?.();
    try {
      const results = await runScenarioItems(run, token, reads, {
        items: uri => this.controller.items.get(uri),
        connections: this.deps.connections,
        target: c => this.targetFor(c),
        onStep: r => this.stepFinished.fire(r),
        onMessages: (id, messages) => this.messages.set(id, messages),
        began,
        files,
        log: line => {
          this._lastTimes = line;
          this.deps.log.info(line);
        },
      });
      this._lastResults = results;
      this.runFinished.fire(results);
      return results;
    } catch (e) {
      this.deps.log.error(`scenario run failed: ${e instanceof Error ? e.stack : String(e)}`);
      throw e;
    } finally {
      release?.();
      run.end();
    }
  }

  /** Reads a scenario file (the open document's text when it is open) and updates its items. */
  private async readUri(uri: vscode.Uri): Promise<ScenarioRead | undefined> {
    const open = vscode.workspace.textDocuments.find(d => d.uri.toString() === uri.toString());
    let text: string;
    try {
      text = open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch {
      this.remove(uri); // deleted meanwhile
      return undefined;
    }
    try {
      return this.update(readScenarioText(uri, text));
    } catch (e) {
      this.deps.log.error(`reading ${uri.toString(true)} failed: ${e instanceof Error ? e.stack : String(e)}`);
      return undefined;
    }
  }

  /** The scenario's item (label: its name) and a child per step, each at its range in the text. */
  private update(r: ScenarioRead): ScenarioRead {
    const id = r.uri.toString();
    const label = r.file.scenario?.name ?? r.uri.path.split('/').pop()!;
    let item = this.controller.items.get(id);
    if (!item) {
      item = this.controller.createTestItem(id, label, r.uri);
      this.controller.items.add(item);
    }
    item.label = label;
    item.range = rangeAt(r.text, []);
    const errors = r.file.findings.filter(f => f.severity === 'error');
    item.error = errors.length
      ? `${errors[0].message}${errors.length > 1 ? ` (and ${errors.length - 1} more problems)` : ''}`
      : undefined;
    item.children.replace(
      r.file.steps.map(s => {
        const child = this.controller.createTestItem(`${id}#${s.index}`, s.label, r.uri);
        child.range = rangeAt(r.text, ['steps', s.index]);
        child.description = typeof s.step.kind === 'string' ? s.step.kind : undefined;
        return child;
      }),
    );
    return r;
  }

  private remove(uri: vscode.Uri): void {
    this.controller.items.delete(uri.toString());
  }

  /** Where a run goes: the Local sandbox, the connection's client (a Local sandbox by URL or not), or why not (Sign In offered). */
  private async targetFor(connection: Connection): Promise<RunTarget | string> {
    if (connection.kind === 'local') return { kind: 'local' };
    try {
      const client = await this.deps.clients.clientFor(connection);
      const info = { name: connection.name, baseUrl: connection.baseUrl, production: connection.kind === 'production' };
      // A Local sandbox on loopback (`sandbox` started it): its control steps run, writes need no question.
      return await connectionTarget(client, info);
    } catch (e) {
      if (!(e instanceof SignInRequired)) throw e;
      void vscode.window.showWarningMessage(e.message, 'Sign In').then(a => a && this.deps.signIn());
      return e.message;
    }
  }
}

function* collect(items: vscode.TestItemCollection): Iterable<vscode.TestItem> {
  for (const [, item] of items) yield item;
}
