// Save as Scenario from the History: History rows saved as a scenario make a file that passes.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { answering, api, screenShowing, screenWhen, typeKeys, waitFor } from './helpers';
import { file } from './scenarioTesting';

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
