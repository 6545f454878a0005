// Sending an operation on the Local sandbox as a person does: one it does not serve (it would answer 501) says
// so at once, with Switch Connection, before any question; after the switch the send goes on. New Request
// asks no query (the request file holds it) and opens its file beside the response panel, not over it.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { BillingWorkbenchApi } from '../../src/extension';
import { answering, api, KeysNotTyped, panelWidth, typeKeys, waitFor } from './helpers';

/** An operation the contract has no answer for: the Local sandbox answers it 501. */
const UNANSWERED = 'PUT /v1/credit-memos/{creditMemoKey}/cancel-async';

/** Records every input box and quick pick the extension opens (the test workbench refuses real ones). */
function answeringQuestions(answers: { input?: string; pick?: (labels: string[]) => number } = {}) {
  const { showInputBox, showQuickPick } = vscode.window;
  const asked: string[] = [];
  const input = (o: vscode.InputBoxOptions = {}) => {
    asked.push(`input: ${o.title ?? ''} | ${o.prompt ?? ''}`);
    return Promise.resolve(answers.input);
  };
  const pick = (items: readonly (string | vscode.QuickPickItem)[], o: vscode.QuickPickOptions = {}) => {
    asked.push(`pick: ${o.title ?? ''}`);
    const labels = items.map(i => (typeof i === 'string' ? i : i.label));
    const at = answers.pick?.(labels) ?? -1;
    return Promise.resolve(at >= 0 ? items[at] : undefined);
  };
  Object.assign(vscode.window, { showInputBox: input, showQuickPick: pick });
  return { asked, restore: () => Object.assign(vscode.window, { showInputBox, showQuickPick }) };
}

suite('Sending an operation', () => {
  let a: BillingWorkbenchApi;
  suiteSetup(async () => {
    a = await api();
    await a.connections.setActive('local');
  });
  teardown(async () => {
    await a.connections.setActive('local');
  });

  test('Send on an operation the Local sandbox answers 501 says so at once, before any question', async () => {
    const sent = a.requestHistory.entries().length;
    const questions = answeringQuestions();
    const note = answering('showWarningMessage', () => undefined);
    try {
      await vscode.commands.executeCommand('billingWorkbench.sendOperation', UNANSWERED);
    } finally {
      questions.restore();
      note.restore();
    }
    assert.equal(note.asked.length, 1, 'one message');
    assert.match(
      note.asked[0].message,
      /The Local sandbox does not serve PUT \/v1\/credit-memos\/\{creditMemoKey\}\/cancel-async \(it would answer 501\)/,
    );
    assert.deepEqual(note.asked[0].items, ['Switch Connection']);
    assert.deepEqual(questions.asked, [], 'no path parameter, query, request file or confirmation asked');
    assert.equal(a.requestHistory.entries().length, sent, 'nothing sent');
  });

  test('Switch Connection from that message switches, and the send goes on there', async () => {
    const conn = await a.connections.add({
      name: 'Real tenant',
      kind: 'sandbox',
      baseUrl: 'https://billing.example.com',
    });
    const questions = answeringQuestions({ pick: labels => labels.findIndex(l => l.endsWith('Real tenant')) });
    const note = answering('showWarningMessage', items => items[0]);
    try {
      await vscode.commands.executeCommand('billingWorkbench.sendOperation', UNANSWERED);
    } finally {
      questions.restore();
      note.restore();
      await a.connections.setActive('local');
      await a.connections.remove(conn.id);
    }
    assert.deepEqual(note.asked[0].items, ['Switch Connection']);
    assert.deepEqual(questions.asked, [
      'pick: Switch Billing Connection',
      'input: PUT /v1/credit-memos/{creditMemoKey}/cancel-async (1/1) | Path parameter {creditMemoKey}',
    ]);
  });

  test('New Request asks no query and opens beside the response panel, not over it', async function () {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await panelWidth(500);
    await vscode.commands.executeCommand('billingWorkbench.showOperation', 'POST /v2/accounts');
    const panelGroup = () =>
      vscode.window.tabGroups.all.find(g =>
        g.tabs.some(t => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('billingWorkbench')),
      )?.viewColumn;
    const column = await waitFor('the response panel', panelGroup);
    await vscode.commands.executeCommand('workbench.action.focusSecondEditorGroup'); // the panel has the focus
    const questions = answeringQuestions({ input: 'S00000001', pick: () => 0 });
    const note = answering('showWarningMessage', items => items.at(-1));
    let editor: vscode.TextEditor | undefined;
    try {
      // The panel's webview may take the focus just after the pick shows, which closes it: asked again, once.
      for (let attempt = 1; attempt <= 2 && !editor; attempt++) {
        const opened = vscode.commands.executeCommand<vscode.TextEditor>('billingWorkbench.newRequest');
        const spec = {
          waitFor: '.quick-input-widget',
          waitForMs: 10000,
          type: 'cancel subscription',
          press: ['Enter'],
        };
        try {
          if (!(await typeKeys(spec))) this.skip();
        } catch (e) {
          if (!(e instanceof KeysNotTyped) || attempt === 2) throw e;
        }
        editor = await opened;
      }
    } finally {
      questions.restore();
      note.restore();
    }
    assert.ok(editor, 'a request file opened');
    assert.match(editor.document.uri.path, /\.request\.json$/);
    const file = JSON.parse(editor.document.getText()) as { operation: string; query: unknown };
    assert.deepEqual(file.query, {}, 'the query is written in the file');
    assert.ok(!questions.asked.some(q => /query/i.test(q)), `no query asked: ${questions.asked.join('; ')}`);
    assert.notEqual(editor.viewColumn, column, 'not in the panel group');
    assert.equal(panelGroup(), column, 'the panel stays where it was');
    assert.ok(a.panel.visible, 'the response panel stays in view');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
