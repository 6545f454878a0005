// Scenarios in VS Code's Testing view: the tree matches the files (a test per scenario, a child per step at
// the step's text), a run from the Testing view passes the shipped example on fresh Local sandboxes and shows
// it on screen, a failing check gives a diff of expected and actual at the check's line (in the peek too),
// the Run Scenario CodeLens runs its file, each sent step is handed on (redacted) for History, and a scenario
// file with an unknown step kind gets a diagnostic at the kind. Run All Tests from the palette, first thing in the
// window, runs every scenario file (it once ran nothing before the Testing view was opened), and History rows
// saved as a scenario make a file that passes.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { BillingWorkbenchApi } from '../../src/extension';
import type { ScenarioResult } from '../../src/scenarios';
import type { ScenarioStepRecord } from '../../src/services/scenarioTests';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { answering, api, EXT_ID, onScreen, screenShowing, screenWhen, typeKeys, waitFor } from './helpers';

const ws = () => vscode.workspace.workspaceFolders![0].uri;
const file = (name: string) => vscode.Uri.joinPath(ws(), name);
/** The scenarios and their own copies of the payload files (scripts/test-integration.sh): other tests edit the examples. */
const DIR = 'scenario-tests';
const EXAMPLE = `${DIR}/scenarios/new-customer-upgrade-renew.scenario.json`;
const FAILING = `${DIR}/wrong-total.scenario.json`;
/** Longer than any test's timeout: a request held this long is answered only if a cancel failed to abort it. */
const HELD_MS = 10 * 60_000;

const itemFor = (a: BillingWorkbenchApi, name: string) => a.scenarios.controller.items.get(file(name).toString());
const children = (item: vscode.TestItem) => {
  const out: vscode.TestItem[] = [];
  item.children.forEach(c => out.push(c));
  return out.sort((x, y) => x.range!.start.line - y.range!.start.line);
};

/** Every *.scenario.json under `dir` (as the Testing view finds them), sorted. */
function scenarioFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory() && e.name !== 'node_modules') out.push(...scenarioFiles(p));
    else if (e.isFile() && e.name.endsWith('.scenario.json')) out.push(p);
  }
  return out.sort();
}

/**
 * Run All Tests as the palette runs it; the command resolves when its run has ended. Just after activation the
 * workbench may not know the controller yet (it says "No tests found" and runs nothing): then it is asked again,
 * until a deadline. A run that finds nothing (the trial's 0/0) is a run: its empty results are returned.
 */
async function runAllFromPalette(a: BillingWorkbenchApi): Promise<ScenarioResult[]> {
  let results: ScenarioResult[] | undefined;
  const d = a.scenarios.onDidFinishRun(r => (results = r));
  try {
    const end = Date.now() + 20000;
    for (;;) {
      await vscode.commands.executeCommand('testing.runAll');
      if (results) return results;
      if (Date.now() > end) throw new Error('testing.runAll never ran the scenarios');
      await new Promise(r => setTimeout(r, 100));
    }
  } finally {
    d.dispose();
  }
}

/** The next run's results, with a deadline (a fresh sandbox per scenario: a few seconds each). */
async function nextRun(a: BillingWorkbenchApi, start: () => Thenable<unknown>): Promise<ScenarioResult[]> {
  let results: ScenarioResult[] | undefined;
  const d = a.scenarios.onDidFinishRun(r => (results = r));
  try {
    await start();
    return await waitFor('the scenario run to finish', () => results, 90000);
  } finally {
    d.dispose();
  }
}

suite('Scenarios in the Testing view', function () {
  this.timeout(180000);
  suiteSetup(async () => (await api()).connections.setActive('local'));

  // First in the window, before anything opens the Testing view or asks for discovery: the trial's 0/0.
  test('Run All Tests from the palette before the Testing view was opened runs every scenario file', async () => {
    const a = await api();
    const onDisk = scenarioFiles(ws().fsPath);
    assert.ok(onDisk.length >= 4, `the workspace's scenario files: ${onDisk.join(', ')}`);
    const results = await runAllFromPalette(a);
    assert.deepStrictEqual(results.map(r => r.file).sort(), onDisk, 'a result for every scenario file');
    for (const r of results) {
      const steps = (JSON.parse(fs.readFileSync(r.file!, 'utf8')) as { steps: { name?: string }[] }).steps;
      assert.deepStrictEqual(
        r.steps.map(s => s.label),
        steps.map((s, i) => s.name ?? `step ${i + 1}`),
        `${r.file}: every step ran`,
      );
      assert.ok(
        r.steps.every(s => s.outcome === 'passed' || s.outcome === 'failed'),
        `${r.file}: each step answered`,
      );
    }
    const example = results.find(r => r.file === file(EXAMPLE).fsPath);
    assert.strictEqual(example?.outcome, 'passed');
    let items = 0;
    a.scenarios.controller.items.forEach(i => (items += 1 + i.children.size));
    assert.strictEqual(items, onDisk.length + results.reduce((n, r) => n + r.steps.length, 0), 'the tree holds them');
  });

  test('the controller lists each scenario file, its steps as children at their text', async () => {
    const a = await api();
    await a.scenarios.discover();
    const text = fs.readFileSync(file(EXAMPLE).fsPath, 'utf8');
    const scenario = JSON.parse(text) as { name: string; steps: { name?: string }[] };
    const item = itemFor(a, EXAMPLE);
    assert.ok(item, 'the example scenario is a test item');
    assert.strictEqual(item.label, scenario.name);
    assert.strictEqual(item.range?.start.line, 0, 'its gutter button is on the first line');
    const steps = children(item);
    assert.deepStrictEqual(
      steps.map(s => s.label),
      scenario.steps.map((s, i) => s.name ?? `step ${i + 1}`),
    );
    const doc = await vscode.workspace.openTextDocument(file(EXAMPLE));
    steps.forEach((s, i) => assert.deepStrictEqual(JSON.parse(doc.getText(s.range)), scenario.steps[i], s.label));
    for (const name of [`${DIR}/scenarios/pause-then-resume.scenario.json`, FAILING]) assert.ok(itemFor(a, name), name);
  });

  test('Run All from the Testing view: the examples pass on fresh Local sandboxes, the steps show on screen', async function () {
    const a = await api();
    await a.scenarios.discover();
    const sent: ScenarioStepRecord[] = [];
    const d = a.scenarios.onDidFinishStep(r => sent.push(r));
    let results: ScenarioResult[];
    try {
      results = await nextRun(a, () => vscode.commands.executeCommand('testing.runAll'));
    } finally {
      d.dispose();
    }
    const outcome = (f: string) => results.find(r => r.file === file(f).fsPath);
    for (const f of fs.readdirSync(file(`${DIR}/scenarios`).fsPath)) {
      const r = outcome(`${DIR}/scenarios/${f}`);
      assert.strictEqual(r?.outcome, 'passed', `${f}: ${JSON.stringify(r?.steps.filter(s => s.outcome !== 'passed'))}`);
      assert.ok(r.steps.every(s => s.outcome === 'passed'));
    }
    assert.strictEqual(outcome(FAILING)?.outcome, 'failed');
    // Every sent step reached History's event: method, path, status, the connection, nothing secret.
    const example = sent.filter(s => s.uri === file(EXAMPLE).toString());
    assert.deepStrictEqual(
      example.map(s => `${s.step} ${s.method} ${s.path.split('/').slice(0, 3).join('/')} ${s.status}`),
      [
        'quote POST /v2/orders 201',
        'customer POST /v2/accounts 201',
        'signup POST /v2/orders 200',
        'upgradeQuote POST /v2/orders 201',
        'upgrade POST /v2/orders 200',
        'renewQuote POST /v2/orders 201',
        'renewal POST /v2/orders 200',
        'step 8 GET /v2/orders 200',
      ],
    );
    assert.ok(example.every(s => s.connection.startsWith('Local sandbox') && s.answer !== undefined));
    assert.doesNotMatch(JSON.stringify(sent), /client_secret|Bearer [A-Za-z0-9]/);
    // ...and the History view lists them, marked as scenario steps.
    const inHistory = a.requestHistory
      .entries()
      .filter(e => e.origin === 'scenario' && e.file === path.basename(EXAMPLE));
    assert.deepStrictEqual(
      inHistory
        .slice(0, example.length)
        .map(e => e.title)
        .reverse(),
      example.map(s => `${s.scenario} · ${s.step}`),
      'newest first in the History',
    );
    // Each row names the step and its operation (its label), then the scenario and the status (its description).
    const rowsOf = a.history.tree
      .getChildren()
      .filter(n => n.entry.origin === 'scenario' && n.entry.file === path.basename(EXAMPLE))
      .slice(0, example.length)
      .reverse()
      .map(n => a.history.tree.getTreeItem(n));
    assert.deepStrictEqual(
      rowsOf.map(i => `${String(i.label)} | ${String(i.description).split(' · ').slice(0, 2).join(' · ')}`),
      example.map(s => `${s.step} · ${s.method} ${s.path.split('?')[0]} | ${s.scenario} · ${s.status}`),
    );
    // Where the run's time went, in parts that add up (runTimes.ts): logged here as the figure of this machine.
    const times = a.scenarios.lastTimes ?? '';
    console.log(`Run All from the Testing view: ${times}`);
    const parts = "the steps' requests and checks, .*starting and closing a fresh Local sandbox per scenario";
    assert.match(times, new RegExp(`^Ran ${results.length} scenarios \\(\\d+ steps\\) in [\\d.]+ m?s: .*${parts}`));

    // The same scenarios from CI (`node dist/cli.js test`, a process of its own): the same outcome for every step.
    const cli = path.join(vscode.extensions.getExtension(EXT_ID)!.extensionPath, 'dist', 'cli.js');
    const ci = spawnSync(process.execPath, [cli, 'test', file(DIR).fsPath, '--reporter', 'json'], {
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    });
    assert.equal(ci.status, 1, `exit 1: a check fails (the wrong-total fixture)\n${ci.stderr}`);
    const outcomes = (rs: ScenarioResult[]) =>
      rs
        .map(r => `${path.basename(r.file!)}: ${r.outcome} [${r.steps.map(x => `${x.label} ${x.outcome}`).join(', ')}]`)
        .sort();
    const fromCi = (JSON.parse(ci.stdout) as { scenarios: ScenarioResult[] }).scenarios;
    assert.deepStrictEqual(outcomes(fromCi), outcomes(results), 'the Testing view and the CLI agree step by step');

    // On screen: the Testing view with the example's steps revealed, each with its time (shown once it passed),
    // and the count of passed tests (all but the failing scenario and its failing step).
    const item = itemFor(a, EXAMPLE)!;
    const steps = children(item);
    let total = 0;
    a.scenarios.controller.items.forEach(i => (total += 1 + i.children.size));
    const count = `${total - 2}/${total}`;
    await vscode.commands.executeCommand('workbench.view.testing.focus');
    await vscode.commands.executeCommand('vscode.revealTestInExplorer', steps[steps.length - 1]);
    const shot = await screenShowing(this, 'testing-view-passed', [count, item.label, 'upgradeQuote', 'step 8']);
    assert.ok(shot.text.includes(count), `the Testing view counts ${count} passed`);
    assert.ok(shot.text.includes(item.label), 'the scenario');
    // The run's output (Test Results): a line per step with its request, status and time.
    assert.match(shot.text, /^ +✓ \w+: (GET|POST) \/v2\/\S+ → 20\d \(\d+ ms\)$/m, 'a step line in the output');
    assert.match(shot.text, /^Ran \d+ scenarios \(\d+ steps\) in /m, "the output's last line: where the time went");
    const took = new Map(outcome(EXAMPLE)!.steps.map(x => [x.label, x.ms]));
    for (const s of steps) {
      // VS Code shows a step's time once it passed; a step of 0 ms (a fast read) shows none.
      const time = took.get(s.label) ? ': [\\d.]+ms' : '';
      const row = new RegExp(`^${s.label}${s.description}${time}$`, 'm');
      assert.match(shot.text, row, `the step ${s.label} with its time`);
    }

    // The History view on screen (the side bar widened as a person would): a step's row says its step, its
    // operation and its scenario.
    const upgrade = a.history.tree.getChildren().find(n => n.entry.title === `${item.label} · upgradeQuote`)!;
    await vscode.commands.executeCommand('billingWorkbench.history.focus');
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    const widen = (how: 'increase' | 'decrease') => vscode.commands.executeCommand(`workbench.action.${how}ViewWidth`);
    for (let i = 0; i < 4; i++) await widen('decrease');
    try {
      await a.history.view.reveal(upgrade, { select: true, focus: true });
      const texts = ['upgradeQuote · POST /v2/orders/preview', `${item.label} · 201`];
      const history = await screenShowing(this, 'history-scenario-steps', texts);
      for (const t of texts) assert.ok(history.text.includes(t), `"${t}" on screen`);
    } finally {
      await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
      for (let i = 0; i < 4; i++) await widen('increase');
    }
  });

  test('a retry that gives up: its whole message in the peek, the short line on the check; the hover of the step line says it all', async function () {
    const a = await api();
    const name = `${DIR}/retry-gives-up.scenario.json`;
    const uri = file(name);
    const scenario = {
      name: 'Retry that gives up',
      today: '2027-01-01',
      steps: [
        {
          name: 'customer',
          kind: 'createAccount',
          file: '../acme.account.json',
          capture: { accountNo: '$.account_number' },
        },
        {
          name: 'documents',
          kind: 'operation',
          operation: 'GET /v1/billing-documents',
          query: { accountNumber: '${accountNo}' },
          // No bill run made an invoice: the read never has one (the retry waits 10 ms, a few times).
          retry: { until: { path: 'documents', count: { greaterThan: 0 } }, every: '10ms', for: '40ms' },
        },
      ],
    };
    fs.writeFileSync(uri.fsPath, JSON.stringify(scenario, null, 2));
    try {
      const doc = await vscode.workspace.openTextDocument(uri);
      const editor = await vscode.window.showTextDocument(doc);
      await waitFor('the retry scenario in the tree', () => itemFor(a, name));
      const [result] = await a.scenarios.runFiles([uri]);
      const failure = result.steps[1].failures[0];
      assert.strictEqual(failure?.check, 'retry until', JSON.stringify(result.steps[1]));
      const whole = `retry until: ${failure.message}`;
      assert.match(whole, /still not so after \d+ tr\w+ over 40ms: expected more than 0 items at documents, got 0$/);
      const [documents] = children(itemFor(a, name)!).slice(1);
      const messages = a.scenarios.lastMessages(documents.id);
      assert.strictEqual(messages.length, 1);
      const text = (messages[0].message as vscode.MarkdownString).value;
      assert.ok(
        messages[0].message instanceof vscode.MarkdownString,
        'a message the peek shows whole (a diff shows only its first line)',
      );
      for (const t of [
        'still not so after',
        'expected more than 0 items at documents, got 0',
        'Expected:',
        'The last answer had:',
      ])
        assert.ok(text.includes(t), `the message says "${t}": ${text}`);
      const checkLine = doc
        .getText()
        .split('\n')
        .findIndex(l => l.includes('"count"'));
      assert.strictEqual(messages[0].location?.range.start.line, checkLine, 'at the check');

      // On screen: the peek at the check shows the whole message and both values.
      editor.selection = new vscode.Selection(checkLine, 0, checkLine, 0);
      await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
      await vscode.commands.executeCommand('testing.openOutputPeek'); // the scenario's summary, on its first line
      await waitFor('the peek', async () => (await onScreen(this, 'testing-retry-peek')).text.includes('steps failed'));
      // The step's check: the next message (asked again until the peek has moved: it may still be opening).
      const peek = await waitFor('the peek at the check', async () => {
        await vscode.commands.executeCommand('testing.goToNextMessage');
        const shot = await onScreen(this, 'testing-retry-peek');
        return shot.text.includes('The last answer had:') ? shot : undefined;
      });
      assert.ok(peek.text.includes('The last answer had:'), 'the peek shows the message whole');
      assert.ok(
        peek.text.replace(/\s+/g, ' ').includes('expected more than 0 items at documents, got 0'),
        'its end too',
      );
      await vscode.commands.executeCommand('closeReferenceSearch');

      // The step's line says its call (the editor's edge may cut it); its hover says the whole call, uncut
      // (VS Code keeps 100 characters of it: why it failed is in the peek, and on in the output).
      const stepLine = documents.range!.start.line;
      editor.selection = new vscode.Selection(stepLine, 2, stepLine, 2);
      await vscode.commands.executeCommand('editor.action.showHover');
      const call = /✗ documents: GET \/v1\/billing-documents\?accountNumber=A\d+ → 200 \(\d+ ms\)/;
      const hover = await waitFor('the hover', async () => {
        const shot = await onScreen(this, 'testing-retry-hover');
        return call.test(shot.text.replace(/\s+/g, ' ')) ? shot : undefined;
      });
      assert.doesNotMatch(hover.text, /still not so…/, 'not cut in the middle of why');
      await typeKeys({ press: ['Escape'] });
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      fs.rmSync(uri.fsPath, { force: true });
    }
  });

  test('a failing check: a diff of expected and actual at the check, from the Run Scenario CodeLens', async function () {
    const a = await api();
    const uri = file(FAILING);
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    const lens = lenses.find(l => l.command?.title === '$(play) Run Scenario');
    assert.ok(lens?.command, 'Run Scenario over the scenario');
    assert.strictEqual(lens.range.start.line, 0);
    const results = await nextRun(a, () =>
      vscode.commands.executeCommand(lens.command!.command, ...(lens.command!.arguments ?? [])),
    );
    assert.deepStrictEqual(
      results[0].steps.map(s => `${s.label} ${s.outcome}`),
      ['quote failed', 'quoteAgain passed'],
    );
    const item = itemFor(a, FAILING)!;
    const [quote, again] = children(item);
    assert.deepStrictEqual(a.scenarios.lastMessages(again.id), []);
    const [m] = a.scenarios.lastMessages(quote.id);
    assert.ok(m, 'the failed step has a message');
    assert.strictEqual(m.expectedOutput, '999');
    assert.strictEqual(m.actualOutput, '350');
    assert.match(String(m.message), /USD mrr total: expected total delta MRR 999 USD, got 350/);
    const mrrLine = doc
      .getText()
      .split('\n')
      .findIndex(l => l.includes('"mrr": 999'));
    assert.strictEqual(m.location?.uri.toString(), uri.toString());
    assert.strictEqual(m.location?.range.start.line, mrrLine, 'at the line of the check');
    assert.ok(quote.range!.contains(m.location!.range), "inside the step's text");

    // On screen: the failure's peek in the editor, expected and actual side by side.
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    await vscode.commands.executeCommand('testing.openOutputPeek'); // the scenario's summary, on its first line
    await waitFor('the peek', async () => (await onScreen(this, 'testing-peek-open')).text.includes('steps failed'));
    await vscode.commands.executeCommand('testing.goToNextMessage'); // the step's check, with the diff
    const peek = 'USD mrr total: expected total delta MRR 999 USD, got 350';
    const shot = await screenShowing(this, 'testing-failure-peek', [peek, 'Expected', 'Actual']);
    for (const t of [peek, 'Expected', 'Actual']) assert.ok(shot.text.includes(t), `the peek shows "${t}"`);
    await vscode.commands.executeCommand('closeReferenceSearch');
  });

  test('an unknown step kind is an error at the kind, the test item says so; fixed, both follow the text', async () => {
    const a = await api();
    const uri = file(`${DIR}/unknown-kind.scenario.json`);
    const text = JSON.stringify(
      { name: 'Unknown kind', steps: [{ name: 'one', kind: 'previewOrder', body: {} }] },
      null,
      2,
    );
    fs.writeFileSync(uri.fsPath, text + '\n');
    try {
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc);
      const ours = () => vscode.languages.getDiagnostics(uri).filter(d => d.source === 'Billing Workbench');
      const found = await waitFor('the unknown step kind flagged', () =>
        ours().find(d => (d.code as { value: string }).value === 'unknown-step-kind'),
      );
      assert.strictEqual(found.severity, vscode.DiagnosticSeverity.Error);
      assert.strictEqual(doc.getText(found.range), '"previewOrder"');
      assert.match(found.message, /Unknown step kind: use one of preview, createOrder/);
      const item = await waitFor('the test item', () => itemFor(a, `${DIR}/unknown-kind.scenario.json`));
      assert.match(String(item.error), /Unknown step kind/);
      assert.deepStrictEqual(
        children(item).map(c => c.label),
        ['one'],
      );
      // Fixed in the editor (not saved): the diagnostic goes, and the tree follows the text.
      const editor = vscode.window.activeTextEditor!;
      const fixed = {
        name: 'Unknown kind',
        steps: [{ name: 'quote', kind: 'preview', file: 'new-customer.order.json' }],
      };
      await editor.edit(b => b.replace(new vscode.Range(0, 0, doc.lineCount, 0), JSON.stringify(fixed, null, 2)));
      await waitFor('the diagnostic gone', () => ours().length === 0);
      await waitFor('the step renamed in the tree', () => children(item).map(c => c.label)[0] === 'quote');
      assert.strictEqual(item.error, undefined);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      fs.rmSync(uri.fsPath, { force: true });
    }
  });

  test('`each` and `${env.NAME}`: a row that fails marks the step failed after one that passed, naming the row', async () => {
    const a = await api();
    const name = `${DIR}/rows.scenario.json`;
    const uri = file(name);
    const preview = (seats: string) => ({
      metrics: ['delta_metrics'],
      account_number: '${env.BW_TEST_ACCOUNT}', // the editor's environment
      subscriptions: [
        {
          initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
          subscription_plans: [
            { plan_id: 'plan-team-monthly', prices: [{ price_id: 'price-team-seats', quantity: seats }] },
          ],
        },
      ],
    });
    const scenario = {
      name: 'seats',
      each: [{ seats: 10 }, { seats: 20, name: 'wrong total' }],
      steps: [
        {
          name: 'quote',
          kind: 'preview',
          body: preview('${row.seats}'),
          expect: { totals: [{ currency: 'USD', mrr: 350 }] },
        },
      ],
    };
    fs.writeFileSync(uri.fsPath, JSON.stringify(scenario, null, 2));
    process.env.BW_TEST_ACCOUNT = 'A00000001'; // the extension host's environment: where the editor reads ${env}
    try {
      await waitFor('the rows scenario in the tree', () => itemFor(a, name));
      const results = await a.scenarios.runFiles([uri]);
      assert.deepStrictEqual(
        results.map(r => `${r.name} ${r.outcome}`),
        ['seats [row 1] passed', 'seats [wrong total] failed'],
      );
      const [quote] = children(itemFor(a, name)!);
      const messages = a.scenarios.lastMessages(quote.id).map(m => String(m.message));
      assert.strictEqual(messages.length, 1, messages.join('\n'));
      assert.match(messages[0], /^seats \[wrong total\]: USD mrr total: expected total delta MRR 350 USD, got 600/);
    } finally {
      fs.rmSync(uri.fsPath, { force: true });
      delete process.env.BW_TEST_ACCOUNT;
    }
  });
});

/** Answers the extension's warning messages (the modal before writes) with `answer`, recording each question. */
suite('Scenarios on another connection', function () {
  this.timeout(120000);
  let a: BillingWorkbenchApi;
  const added: string[] = [];
  const started: Sandbox[] = [];

  /** A connection of `kind` to `sb` (by default the Local sandbox's server), made active. */
  async function connect(name: string, kind: 'sandbox' | 'production', sb?: Sandbox) {
    sb ??= await a.clients.servedSandbox();
    const conn = await a.connections.add({ name, kind, baseUrl: sb.url });
    added.push(conn.id);
    await a.connections.storeCredentials(conn.id, { clientId: sb.clientId, clientSecret: sb.clientSecret });
    await a.connections.setActive(conn.id);
    return conn;
  }

  suiteSetup(async () => {
    a = await api();
    await a.scenarios.discover();
  });

  suiteTeardown(async () => {
    for (const id of added) await a.connections.remove(id);
    await a.connections.setActive('local');
    for (const sb of started) await sb.close();
  });

  test('asks once per run before writes, naming the connection; declined, the writing scenario is not sent', async () => {
    await connect('Scenario env', 'sandbox');
    const sent: ScenarioStepRecord[] = [];
    const d = a.scenarios.onDidFinishStep(r => sent.push(r));
    const modal = answering('showWarningMessage', () => undefined);
    let results: ScenarioResult[];
    try {
      results = await a.scenarios.runFiles([file(`${DIR}/scenarios/pause-then-resume.scenario.json`), file(FAILING)]);
    } finally {
      modal.restore();
      d.dispose();
    }
    assert.deepStrictEqual(
      modal.asked.map(q => [q.message, q.items]),
      [['Run "Pause, then resume" on Scenario env?', ['Run']]],
    );
    assert.match(modal.asked[0].detail ?? '', /Steps that write:\nPause, then resume: customer, signup, pause, resume/);
    const [pause, wrong] = results;
    assert.strictEqual(pause.outcome, 'skipped');
    assert.ok(pause.steps.every(s => s.outcome === 'skipped' && /not confirmed/.test(s.error ?? '')));
    // The scenario that only previews ran on the connection, through its client.
    assert.strictEqual(wrong.target, 'Scenario env (its own today, not 2027-01-01)');
    assert.deepStrictEqual(
      wrong.steps.map(s => s.outcome),
      ['failed', 'passed'],
    );
    assert.deepStrictEqual(
      sent.map(s => `${s.scenario}/${s.step} ${s.connection}`),
      ['Wrong total on purpose/quote Scenario env', 'Wrong total on purpose/quoteAgain Scenario env'],
    );
  });

  test('production asks before every scenario that writes, naming production', async () => {
    await connect('Prod env', 'production');
    const modal = answering('showWarningMessage', () => undefined);
    let results: ScenarioResult[];
    try {
      results = await a.scenarios.runFiles([
        file(`${DIR}/scenarios/pause-then-resume.scenario.json`),
        file(`${DIR}/scenarios/change-plans-then-cancel.scenario.json`),
      ]);
    } finally {
      modal.restore();
    }
    assert.deepStrictEqual(
      modal.asked.map(q => [q.message, q.items]),
      [
        ['Run "Pause, then resume" on PRODUCTION (Prod env)?', ['Run on production']],
        [`Run "${results[1].name}" on PRODUCTION (Prod env)?`, ['Run on production']],
      ],
    );
    assert.ok(modal.asked.every(q => q.detail?.startsWith('This changes live data.')));
    assert.deepStrictEqual(
      results.map(r => r.outcome),
      ['skipped', 'skipped'],
    );
  });

  test('Cancel in the Testing view aborts the request in flight; the rest is skipped', async () => {
    // The second step's preview is held by the sandbox (never answered while the test runs) and Cancel is
    // pressed once it has arrived there: it is in flight when cancelled, however slow the machine.
    let previews = 0;
    let cancelling: Thenable<unknown> | undefined;
    const held = await startSandbox({
      delay: (method, p) => {
        if (method !== 'POST' || p !== '/v2/orders/preview' || ++previews < 2) return 0;
        cancelling ??= vscode.commands.executeCommand('testing.cancelRun');
        return HELD_MS;
      },
    });
    started.push(held);
    await connect('Slow env', 'sandbox', held);
    const results = await a.scenarios.runFiles([file(FAILING)]);
    assert.ok(cancelling, `the second preview reached the sandbox (${previews} previews)`);
    await cancelling;
    assert.deepStrictEqual(
      results[0].steps.map(s => `${s.label} ${s.outcome} ${s.error ?? ''}`.trim()),
      ['quote failed', 'quoteAgain skipped Cancelled.'],
    );
  });
});

/** Save as Scenario from the History: two rows made by hand become a scenario file that passes. */
suite('Save as Scenario from the History', function () {
  this.timeout(120000);
  const SAVED = 'from-history.scenario.json';
  suiteSetup(async () => {
    const a = await api();
    await a.connections.setActive('local');
    await vscode.commands.executeCommand('billingWorkbench.clearHistory', { confirmed: true });
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(file(SAVED).fsPath, { force: true });
  });

  test('two selected rows: the save dialog in the workspace, the file with a reference, opened, and it passes', async function () {
    const a = await api();
    const created = await vscode.commands.executeCommand<{ data: { order_number: string } }>(
      'billingWorkbench.create',
      file('new-customer.order.json'),
      { confirmed: true },
    );
    const orderNumber = created?.data.order_number;
    assert.ok(orderNumber, 'the order was created');
    await vscode.commands.executeCommand('billingWorkbench.sendOperation', {
      operation: 'GET /v2/orders/{order_number}',
      pathParams: { order_number: orderNumber },
      query: {},
    });
    const rows = await waitFor('two History rows', () => {
      const r = a.history.tree.getChildren().filter(n => n.entry.origin === undefined); // no live preview
      return r.length === 2 ? r : undefined;
    });

    // On screen: the History's row menu offers Save as Scenario (the title bar has it as an icon).
    await vscode.commands.executeCommand('billingWorkbench.history.focus');
    await a.history.view.reveal(rows[0], { select: true, focus: true });
    if (await typeKeys({ press: ['Shift+F10'] })) {
      const shot = await screenWhen(this, 'history-save-as-scenario', t => t.includes('Save as Scenario...'));
      assert.ok(shot.text.includes('Compare Answers'), 'the row menu');
      await typeKeys({ press: ['Escape'] });
    }

    // The save dialog, answered as a person would: the name it proposes, in the workspace folder.
    const asked: vscode.SaveDialogOptions[] = [];
    const original = vscode.window.showSaveDialog;
    Object.assign(vscode.window, {
      showSaveDialog: (o: vscode.SaveDialogOptions) => (asked.push(o), Promise.resolve(file(SAVED))),
    });
    const said = answering('showInformationMessage', () => undefined);
    let saved: vscode.Uri | undefined;
    try {
      saved = await vscode.commands.executeCommand<vscode.Uri>('billingWorkbench.saveHistoryAsScenario', rows[1], rows);
    } finally {
      Object.assign(vscode.window, { showSaveDialog: original });
      said.restore();
    }
    assert.strictEqual(saved?.toString(), file(SAVED).toString());
    assert.strictEqual(asked.length, 1, 'asked once where to save');
    assert.strictEqual(asked[0].defaultUri?.toString(), file('new-customer.scenario.json').toString());
    const told = said.asked.map(m => m.message).find(m => m.startsWith('Saved'));
    assert.match(
      told ?? '',
      /^Saved 2 requests as from-history\.scenario\.json and opened it: Run Scenario runs it\.$/,
    );
    assert.strictEqual(vscode.window.activeTextEditor?.document.uri.toString(), file(SAVED).toString(), 'opened');

    const text = fs.readFileSync(file(SAVED).fsPath, 'utf8');
    const scenario = JSON.parse(text) as { name: string; steps: Record<string, unknown>[] };
    assert.strictEqual(scenario.name, 'From history');
    assert.deepStrictEqual(
      scenario.steps.map(s => `${s.name} ${s.kind} ${JSON.stringify(s.expect)}`),
      ['order createOrder {"status":200}', 'readOrder getOrder {"status":200}'],
      'oldest first, whichever row was clicked',
    );
    assert.strictEqual(scenario.steps[1].orderNumber, '${order.order_number}');
    assert.doesNotMatch(text, /authorization|Bearer|client_secret/i);
    const sb = await a.clients.servedSandbox();
    assert.ok(!text.includes(sb.clientSecret), 'no secret of the Local sandbox');

    const read = a.scenarioDiagnostics.check(vscode.window.activeTextEditor!.document);
    assert.deepStrictEqual(read?.file.findings, [], 'no finding in the saved file');
    const [result] = await a.scenarios.runFiles([file(SAVED)]);
    assert.strictEqual(result.outcome, 'passed', JSON.stringify(result.steps.filter(s => s.outcome !== 'passed')));
  });

  test('from the palette: the pick of History rows is offered, the selected row checked, never a selection used unseen', async function () {
    const a = await api();
    const [row] = a.history.tree.getChildren().filter(n => n.entry.origin === undefined);
    await vscode.commands.executeCommand('billingWorkbench.history.focus');
    await a.history.view.reveal(row, { select: true, focus: true });
    await waitFor('the row selected', () => a.history.view.selection.some(n => n.entry.id === row.entry.id));

    // On screen: the command opens the pick (Escape leaves it, nothing saved).
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    const running = vscode.commands.executeCommand('billingWorkbench.saveHistoryAsScenario');
    const title = 'Save as Scenario: pick the requests';
    const shot = await screenShowing(this, 'history-save-pick', [title]);
    assert.ok(shot.text.includes(title), 'the pick is on screen');
    await typeKeys({ press: ['Escape'] });
    assert.strictEqual(await running, undefined, 'nothing saved');

    const offered: { items: readonly vscode.QuickPickItem[]; options?: vscode.QuickPickOptions }[] = [];
    const dialogs: unknown[] = [];
    const [pick, save] = [vscode.window.showQuickPick, vscode.window.showSaveDialog];
    Object.assign(vscode.window, {
      showQuickPick: async (items: Thenable<vscode.QuickPickItem[]>, options?: vscode.QuickPickOptions) => {
        offered.push({ items: await items, options });
        return undefined;
      },
      showSaveDialog: (o: unknown) => (dialogs.push(o), Promise.resolve(undefined)),
    });
    try {
      assert.strictEqual(await vscode.commands.executeCommand('billingWorkbench.saveHistoryAsScenario'), undefined);
    } finally {
      Object.assign(vscode.window, { showQuickPick: pick, showSaveDialog: save });
    }
    assert.strictEqual(offered.length, 1, 'the pick is offered, though a row is selected');
    assert.strictEqual(dialogs.length, 0, 'no save dialog before the pick');
    assert.ok(offered[0].options?.canPickMany, 'several rows can be picked');
    assert.deepStrictEqual(
      offered[0].items.filter(i => i.picked).map(i => i.label),
      [a.history.tree.getTreeItem(row).label],
      "the view's selected row is checked",
    );
  });
});
