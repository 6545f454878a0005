// Scenarios in VS Code's Testing view: Run All Tests from the palette, first thing in the window, runs every
// scenario file (it once ran nothing before the Testing view was opened); the tree matches the files (a test per
// scenario, a child per step at the step's text); a run from the Testing view passes the shipped example on fresh
// Local sandboxes, shows it on screen and hands each sent step on (redacted) for History. Runs before the other
// testing-*.test.ts files (by name): nothing has asked for discovery yet.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ScenarioResult } from '../../src/scenarios';
import type { ScenarioStepRecord } from '../../src/services/scenarioTests';
import { api, EXT_ID, screenShowing } from './helpers';
import {
  children,
  DIR,
  EXAMPLE,
  FAILING,
  file,
  itemFor,
  nextRun,
  runAllFromPalette,
  scenarioFiles,
  ws,
} from './scenarioTesting';

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
    // A scenario that waits for callouts: its receiver runs in the extension host, on loopback, as in the CLI.
    const callouts = outcome(`${DIR}/scenarios/callouts.scenario.json`)?.steps.filter(s => s.kind === 'callout');
    assert.deepStrictEqual(
      callouts?.map(s => `${s.label} ${s.outcome}`),
      ['posted passed', 'completed passed', 'inOrder passed'],
    );
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
});
