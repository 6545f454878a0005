// Scenarios in VS Code's Testing view, when a step fails: a retry that gives up, a failing check's diff of
// expected and actual at the check's line (in the peek too) from the Run Scenario CodeLens, an unknown step kind's
// diagnostic at the kind, and an `each` row that fails.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { api, onScreen, screenShowing, typeKeys, waitFor } from './helpers';
import { children, DIR, FAILING, file, itemFor, nextRun } from './scenarioTesting';

suite('Scenarios in the Testing view', function () {
  this.timeout(180000);
  suiteSetup(async () => (await api()).connections.setActive('local'));

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
