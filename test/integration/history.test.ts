// Issue 15, History: every request the extension sends is recorded for the workspace, redacted, with its
// answer; the History view shows it (tree and screen), opens the answer and the request, sends it again,
// compares two answers in the diff editor, and clears (after asking). Nothing secret reaches the stored state.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { BillingWorkbenchApi } from '../../src/extension';
import { comparableAnswers } from '../../src/services/answerDiff';
import type { HistoryEntry } from '../../src/services/requestHistory';
import type { HistoryNode } from '../../src/views/treeNodes/historyNode';
import { answering, api, screenWhen, typeKeys, waitFor } from './helpers';
import { expected, lensTitles, replace } from './inlineFigures';

const ws = () => vscode.workspace.workspaceFolders![0].uri;
const file = (name: string) => vscode.Uri.joinPath(ws(), name);
const FILE = 'history.preview.json';
const QUIET = 'history-quiet.order.json';

suite('History of requests', () => {
  let a: BillingWorkbenchApi;
  const rows = () => a.history.tree.getChildren();
  const item = (n: HistoryNode) => a.history.tree.getTreeItem(n);
  /** This file's entries, newest first (other files' live previews, edits of earlier suites settling, may land). */
  const ofFile = () => a.requestHistory.entries().filter(e => e.file === FILE);
  /** This file's newest entry once it has more than `count`. */
  const newestAfter = (count: number) =>
    waitFor(`a history entry of ${FILE} after ${count}`, () => (ofFile().length > count ? ofFile()[0] : undefined));
  const editorText = () => vscode.window.activeTextEditor?.document.getText() ?? '';

  suiteSetup(async () => {
    a = await api();
    await a.connections.setActive('local');
    fs.copyFileSync(file('new-customer.preview.json').fsPath, file(FILE).fsPath);
    await vscode.commands.executeCommand('billingWorkbench.clearHistory', { confirmed: true });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  suiteTeardown(() => fs.rmSync(file(FILE).fsPath, { force: true }));

  test('after a preview the History view shows it (tree and on screen); its answer and request open as JSON', async function () {
    const r = await vscode.commands.executeCommand<{ status: number; data: unknown }>(
      'billingWorkbench.preview',
      file(FILE),
    );
    assert.ok(r && r.status >= 200 && r.status < 300, `answered ${r?.status}`);
    const entry = await newestAfter(0);
    assert.equal(entry.title, `Preview of ${FILE}`);
    assert.equal(entry.status, r.status);
    assert.deepEqual(entry.connection, { name: 'Local sandbox', kind: 'local' });
    assert.equal(entry.masked, false);
    assert.deepEqual(entry.answer, r.data, 'the answer as the service gave it');

    const [row] = rows();
    assert.equal(item(row).label, FILE);
    assert.match(String(item(row).description), /^Preview · 20\d · \d+ ms · Local sandbox · \d\d:\d\d:\d\d$/);
    assert.equal(item(row).command?.command, 'billingWorkbench.openHistoryAnswer', 'a click opens the answer');

    await vscode.commands.executeCommand('billingWorkbench.history.focus');
    const widen = (how: 'increase' | 'decrease') => vscode.commands.executeCommand(`workbench.action.${how}ViewWidth`);
    // The side bar wider, as a person drags it to read whole rows: the editor (the focused part) made narrower.
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    for (let i = 0; i < 4; i++) await widen('decrease');
    let shot: { text: string };
    try {
      await a.history.view.reveal(row, { select: true, focus: true });
      shot = await screenWhen(this, 'history-after-preview', t => t.includes(FILE));
    } finally {
      await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
      for (let i = 0; i < 4; i++) await widen('increase'); // as the next files expect it
    }
    for (const t of ['HISTORY', FILE, `Preview · ${r.status} · `, 'Local sandbox'])
      assert.ok(shot.text.toUpperCase().includes(t.toUpperCase()), `"${t}" on screen`);

    await vscode.commands.executeCommand('billingWorkbench.openHistoryAnswer', row);
    await waitFor('the answer in an editor', () => editorText().length > 2);
    assert.deepEqual(JSON.parse(editorText()), r.data);
    assert.equal(vscode.window.activeTextEditor?.document.languageId, 'json');
    assert.equal(vscode.window.activeTextEditor?.document.uri.scheme, 'billing-workbench', 'read-only, from memory');

    await vscode.commands.executeCommand('billingWorkbench.openHistoryRequest', entry.id);
    const request = await waitFor('the request in an editor', () => {
      const t = editorText();
      return t.includes('/v2/orders/preview') ? (JSON.parse(t) as { method: string; body: unknown }) : undefined;
    });
    assert.equal(request.method, 'POST');
    const sent = JSON.parse(fs.readFileSync(file(FILE).fsPath, 'utf8')) as { account_data: unknown };
    assert.deepEqual((request.body as { account_data: unknown }).account_data, sent.account_data);
  });

  test('Send Again adds a new entry; Compare opens the diff editor with both answers', async function () {
    const first = ofFile()[0];
    assert.ok(first, 'the preview of the first test is there');
    const count = ofFile().length;
    const r = await vscode.commands.executeCommand<{ status: number }>('billingWorkbench.sendHistoryAgain', first.id);
    assert.equal(r?.status, first.status);
    const again = await newestAfter(count);
    assert.notEqual(again.id, first.id);
    assert.equal(again.title, first.title);
    assert.deepEqual(again.request.body, first.request.body, 'the same request');
    // Other files' live previews (edits of earlier suites settling) may land too: this file's rows.
    assert.deepEqual(
      rows()
        .filter(n => n.entry.file === FILE)
        .map(n => n.entry.id),
      [again.id, first.id],
      'newest first in the view',
    );

    // Select for Compare, then Compare Answers on the other row (the Explorer's way).
    const [newRow, oldRow] = rows().filter(n => n.entry.file === FILE);
    await vscode.commands.executeCommand('billingWorkbench.selectHistoryForCompare', oldRow);
    const marked = rows().find(n => n.entry.id === oldRow.entry.id)!;
    assert.match(String(item(marked).description), /selected for compare$/);
    await vscode.commands.executeCommand('billingWorkbench.compareHistoryAnswers', newRow, [newRow]);
    const diff = await waitFor('a diff editor tab', () =>
      vscode.window.tabGroups.all
        .flatMap(g => g.tabs)
        .find(t => t.input instanceof vscode.TabInputTextDiff && t.label.includes('↔')),
    );
    const side = `${FILE} on Local sandbox \\(\\d\\d:\\d\\d:\\d\\d\\)`;
    assert.match(diff.label, new RegExp(`^${side} ↔ ${side}$`), 'each side names its entry, connection and time');
    const input = diff.input as vscode.TabInputTextDiff;
    const left = await vscode.workspace.openTextDocument(input.original);
    const right = await vscode.workspace.openTextDocument(input.modified);
    const shown = comparableAnswers(first.answer, again.answer); // generated values as placeholders
    assert.deepEqual(JSON.parse(left.getText()), shown.left, 'the older on the left');
    assert.deepEqual(JSON.parse(right.getText()), shown.right, 'the newer on the right');
    assert.ok(!rows().some(n => String(item(n).description).includes('selected for compare')), 'the mark is gone');
    const shot = await screenWhen(this, 'history-compare', t => t.includes('↔'));
    assert.ok(shot.text.includes(`${FILE} on Local sandbox (`), 'the diff title names both entries and connections');
  });

  test('Compare Answers of two orders created alike: the ids, numbers and times the service made are placeholders', async function () {
    const ORDER = 'new-customer.order.json';
    const created: string[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await vscode.commands.executeCommand<{ data: { order_number: string } }>(
        'billingWorkbench.create',
        file(ORDER),
        { confirmed: true },
      );
      assert.ok(r?.data.order_number, 'the order was created');
      created.push(r.data.order_number);
    }
    const [newer, older] = await waitFor('both creates in the History', () => {
      const e = a.requestHistory.entries().filter(x => x.file === ORDER && x.call?.kind === 'createOrder');
      return e.length >= 2 ? e : undefined;
    });
    assert.notDeepEqual(older.answer, newer.answer, 'the answers as given differ');
    assert.notEqual(created[0], created[1]);
    await vscode.commands.executeCommand('billingWorkbench.compareHistoryAnswers', older.id, newer.id);
    const diff = await waitFor('the diff of the creates', () =>
      vscode.window.tabGroups.all
        .flatMap(g => g.tabs)
        .find(t => t.input instanceof vscode.TabInputTextDiff && t.label.startsWith(`${ORDER} on Local sandbox (`)),
    );
    const input = diff.input as vscode.TabInputTextDiff;
    const left = (await vscode.workspace.openTextDocument(input.original)).getText();
    const right = (await vscode.workspace.openTextDocument(input.modified)).getText();
    assert.equal(left, right, 'two orders alike: nothing left to tell apart');
    for (const generated of ['"<id 1>"', '"<number 1>"', '"<time 1>"']) assert.ok(left.includes(generated), generated);
    assert.ok(!left.includes(created[0]) && !right.includes(created[1]), 'no order number of its own');
    const shot = await screenWhen(this, 'history-compare-created', t => t.replace(/\u00a0/g, ' ').includes('"<id 1>"'));
    assert.ok(shot.text.includes(`${ORDER} on Local sandbox (`), 'the title names the entries and connections');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  test('a live preview is recorded marked live; the next one of the same file replaces it', async () => {
    const doc = await vscode.workspace.openTextDocument(file(FILE));
    await vscode.window.showTextDocument(doc);
    const before = ofFile().length;
    /** The live preview of the next edit, done. */
    const livePreviewed = () =>
      new Promise<void>(resolve => {
        const d = a.live.onDidStep(e => {
          if (e.source === doc.uri.toString() && (e.step === 'previewed' || e.step === 'failed')) {
            d.dispose();
            resolve();
          }
        });
      });
    for (const [from, to] of [
      [10, 11],
      [11, 12],
    ]) {
      const previewed = livePreviewed(); // an edit of the content: a space alone is the same preview, not sent
      const edit = new vscode.WorkspaceEdit();
      const at = doc.getText().indexOf(`"quantity": ${from}`) + '"quantity": '.length;
      edit.replace(doc.uri, new vscode.Range(doc.positionAt(at), doc.positionAt(at + 2)), String(to));
      assert.ok(await vscode.workspace.applyEdit(edit));
      await previewed;
    }
    const live = ofFile().filter(e => e.origin === 'live');
    assert.equal(live.length, 1, 'one live entry for the file');
    assert.equal(ofFile().length, before + 1);
    assert.equal(ofFile()[0].origin, 'live');
    assert.match(String(item(rows().find(n => n.entry.id === live[0].id)!).description), / · live$/);
    const reverted = livePreviewed(); // the revert is an edit too: its live preview must land before the next test
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await reverted;
  });

  test('by content: on an unchanged file, Send Again, Preview, Preview Again, a save, an edit and its undo, Compare all say no change; the figures in the file never say edited', async function () {
    const doc = await vscode.workspace.openTextDocument(file(FILE));
    let editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One });
    const uri = doc.uri.toString();
    const steps: string[] = [];
    const listening = a.live.onDidStep(e => e.source === uri && steps.push(`${e.version}:${e.step}`));
    const stepOf = (version: number, wanted: string[]) =>
      waitFor(`a live step ${wanted.join('/')} of v${version}`, () =>
        steps.find(x => wanted.some(w => x === `${version}:${w}`)),
      );
    const want = expected(11);
    /** The panel's preview of this file, newer than `before`, and the lenses once they show its figures. */
    const previewed = async (how: string, before: unknown) => {
      const state = await waitFor(`${how}: the panel's new preview`, () => {
        const st = a.panel.state;
        return st !== before && st?.kind === 'response' && st.source === uri ? st : undefined;
      });
      assert.deepEqual(state.summary!.totals, [want.sums], `${how}: the figures of 11 seats`);
      assert.deepEqual(state.change?.totals, [], `${how}: no change since the last preview`);
      const titles = await waitFor(`${how}: the lenses`, async () => {
        const t = await lensTitles(doc.uri);
        return t.includes(want.sub0) ? t : undefined;
      });
      assert.ok(!titles.some(t => t.includes('edited since') || t.includes(': was ')), `${how}: ${titles.join(' | ')}`);
      assert.equal(a.panel.staleness, undefined, `${how}: the panel is not marked stale`);
    };
    const other = await a.connections.add({
      name: 'Compare tenant',
      kind: 'sandbox',
      baseUrl: (await a.clients.servedSandbox()).url,
    });
    const sb = await a.clients.servedSandbox();
    await a.connections.storeCredentials(other.id, { clientId: sb.clientId, clientSecret: sb.clientSecret });
    try {
      // An edit, previewed live: the change since the previous preview is one seat.
      await replace(editor, '"quantity": 10', '"quantity": 11');
      await stepOf(doc.version, ['previewed']);
      let before: unknown = a.panel.state;
      const row = ofFile()[0];
      await vscode.commands.executeCommand('billingWorkbench.sendHistoryAgain', row.id);
      await previewed('History Send Again', before);

      before = a.panel.state;
      await vscode.commands.executeCommand('billingWorkbench.preview', doc.uri);
      await previewed('Preview', before);

      before = a.panel.state;
      // The panel's Preview Again, clicked as a person clicks it (keyboard access is panel.test.ts's).
      if (await typeKeys({ click: { selector: 'button', text: 'Preview Again' } }))
        await previewed('Preview Again', before);
      editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One });

      // Saved: one preview per content, so nothing is sent and no row added; the panel keeps its preview.
      const rowsBefore = ofFile().length;
      before = a.panel.state;
      await doc.save();
      await stepOf(doc.version, ['unchanged']);
      assert.equal(ofFile().length, rowsBefore, 'the save sent nothing');
      assert.equal(a.panel.state, before, 'the panel still shows the last preview');

      // A space, then 11 -> 12 -> 11: the content is back to the one previewed.
      await replace(editor, '"quantity": 11', '"quantity":  11');
      await stepOf(doc.version, ['unchanged']);
      await replace(editor, '"quantity":  11', '"quantity": 12');
      await replace(editor, '"quantity": 12', '"quantity": 11');
      before = a.panel.state;
      await stepOf(doc.version, ['unchanged', 'previewed']);
      const titles = await lensTitles(doc.uri);
      assert.ok(!titles.some(t => t.includes('edited since') || t.includes(': was ')), `undo: ${titles.join(' | ')}`);

      await vscode.commands.executeCommand('billingWorkbench.comparePreview', doc.uri, {
        connections: [a.connections.active().id, other.id],
      });
      await waitFor('the comparison', () => a.panel.state?.kind === 'comparison');
      const afterCompare = await lensTitles(doc.uri);
      assert.ok(afterCompare.includes(want.sub0), afterCompare.join(' | '));
      assert.ok(!afterCompare.some(t => t.includes('edited since')), `Compare: ${afterCompare.join(' | ')}`);
      before = a.panel.state;
      await vscode.commands.executeCommand('billingWorkbench.preview', doc.uri);
      await previewed('Preview after Compare', before);
      const shot = await screenWhen(this, 'history-no-change', t => t.includes('no change'));
      assert.ok(shot.text.includes('no change'), '"no change" on screen');
    } finally {
      listening.dispose();
      await a.connections.remove(other.id);
      fs.copyFileSync(file('new-customer.preview.json').fsPath, file(FILE).fsPath);
      await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One });
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  });

  test('a preview nobody asked for (live, on save) that fails pops nothing: the panel and the status bar say it; a save of the same text sends nothing', async function () {
    fs.copyFileSync(file('add-plan.order.json').fsPath, file(QUIET).fsPath);
    const doc = await vscode.workspace.openTextDocument(file(QUIET));
    let editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One });
    const uri = doc.uri.toString();
    const popups = (['showErrorMessage', 'showWarningMessage', 'showInformationMessage'] as const).map(n =>
      answering(n, () => undefined),
    );
    const steps: string[] = [];
    const listening = a.live.onDidStep(e => e.source === uri && steps.push(`${e.version}:${e.step}`));
    try {
      const r = await vscode.commands.executeCommand<{ status: number }>('billingWorkbench.preview', doc.uri);
      assert.ok(r && r.status >= 200 && r.status < 300, `the file previews as it is: ${r?.status}`);
      const rows = () => a.requestHistory.entries().filter(e => e.file === QUIET);
      editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One }); // after the panel
      await replace(editor, '"account_number": "A00000001"', '"account_number": "Ac"'); // typing a number
      await waitFor('the live preview failed', () => steps.includes(`${doc.version}:failed`));
      const count = rows().length;
      await doc.save();
      await waitFor('the save: unchanged', () => steps.includes(`${doc.version}:unchanged`));
      assert.equal(rows().length, count, 'the save of the text that just failed sent nothing');
      assert.deepEqual(
        popups.flatMap(p => p.asked.map(x => x.message)),
        [],
        'no notification from a preview nobody asked for',
      );
      const error = await waitFor('the error in the panel', () =>
        a.panel.state?.kind === 'error' ? a.panel.state : undefined,
      );
      assert.match(error.error.message, /No account Ac\./);
      const shot = await screenWhen(this, 'live-error-quiet', t => t.includes('No account Ac.'));
      assert.ok(
        shot.text.includes('Preview of history-quiet.order.json: No account Ac. (400)'),
        'the status bar says it',
      );
    } finally {
      listening.dispose();
      popups.forEach(p => p.restore());
      await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One });
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      fs.rmSync(file(QUIET).fsPath, { force: true });
    }
  });

  test('nothing secret reaches the stored state after a request with secrets in its body and query', async () => {
    const sb = await a.clients.servedSandbox();
    const secrets = ['hunter2-Pa55word', '4111111111111111', sb.clientSecret, 'ak-Secret-7731'];
    const body = {
      name: 'History secrets',
      currency: 'USD',
      custom_fields: { password: secrets[0], card: secrets[1], note: `client ${sb.clientSecret}` },
    };
    const seen = new Set(a.requestHistory.entries().map(e => e.id));
    const original = vscode.window.showErrorMessage;
    Object.assign(vscode.window, { showErrorMessage: () => Promise.resolve(undefined) }); // an error answer is fine
    try {
      await vscode.commands.executeCommand('billingWorkbench.sendOperation', {
        operation: 'POST /v2/accounts',
        query: { api_key: secrets[3] },
        body,
        confirmed: true,
      });
    } finally {
      Object.assign(vscode.window, { showErrorMessage: original });
    }
    const entry: HistoryEntry = await waitFor('the operation in the history', () =>
      a.requestHistory.entries().find(e => !seen.has(e.id) && e.path === '/v2/accounts'),
    );
    assert.equal(entry.masked, true, 'the entry says parts were masked');
    await a.requestHistory.flushed();
    const stored = JSON.stringify(a.requestHistory.stored());
    assert.ok(stored.includes('History secrets'), 'the request is in the stored state');
    for (const s of secrets) assert.ok(!stored.includes(s), `"${s}" is not in the stored state`);
    assert.doesNotMatch(stored, /Bearer (?!\*\*\*)/, 'no bearer token');
    const preview = a.requestHistory.entries().find(e => e.request.headers);
    assert.equal(preview?.request.headers?.Authorization ?? '***', '***', 'the Authorization header is masked');
  });

  test('Clear asks first; after Clear the view is empty and so is the stored state', async function () {
    assert.ok(a.requestHistory.entries().length > 0);
    const original = vscode.window.showWarningMessage;
    const asked: string[] = [];
    Object.assign(vscode.window, {
      showWarningMessage: (m: string) => (asked.push(m), Promise.resolve(undefined)),
    });
    try {
      assert.equal(await vscode.commands.executeCommand('billingWorkbench.clearHistory'), false, 'not cleared');
    } finally {
      Object.assign(vscode.window, { showWarningMessage: original });
    }
    assert.match(asked[0], /^Clear the request history of this workspace \(\d+ requests\)\?$/);
    assert.ok(rows().length > 0, 'still there after Cancel');

    assert.equal(await vscode.commands.executeCommand('billingWorkbench.clearHistory', { confirmed: true }), true);
    assert.deepEqual(rows(), []);
    await a.requestHistory.flushed();
    assert.deepEqual(a.requestHistory.stored(), []);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors'); // their titles name the file
    await vscode.commands.executeCommand('billingWorkbench.history.focus');
    const shot = await screenWhen(this, 'history-cleared', t => t.includes('Every request the extension sends'));
    assert.ok(!shot.text.includes(FILE), 'no row on screen');
  });
});
