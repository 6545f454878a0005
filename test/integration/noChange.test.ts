// Issue 30, item 3, as a person sees it at 500 px in the dark and light themes: the README's first file, unchanged,
// previewed, sent again from History and previewed again says "no change since last preview" on every total and
// item, and the figures in the file never say it was edited. (history.test.ts walks every path that previews.)
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { BillingWorkbenchApi } from '../../src/extension';
import { api, drawn, panelWidth, screenShowing, theme, waitFor } from './helpers';
import { file, lensTitles } from './inlineFigures';

const FILE = 'no-change.preview.json';

suite('No change since last preview, on screen', () => {
  let a: BillingWorkbenchApi;

  suiteSetup(async () => {
    a = await api();
    await a.connections.setActive('local');
    fs.copyFileSync(file('new-customer.preview.json').fsPath, file(FILE).fsPath);
  });
  suiteTeardown(async () => {
    await theme(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(file(FILE).fsPath, { force: true });
  });

  test('Preview, History Send Again, Preview: no change, in the dark and light themes at 500 px', async function () {
    const doc = await vscode.workspace.openTextDocument(file(FILE));
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    const uri = doc.uri.toString();
    const newPreview = async (how: string, send: () => Thenable<unknown>) => {
      const before = a.panel.state;
      await send();
      return waitFor(`${how}: the panel's new preview`, () => {
        const s = a.panel.state;
        return s !== before && s?.kind === 'response' && s.source === uri && s.summary ? s : undefined;
      });
    };
    await newPreview('Preview', () => vscode.commands.executeCommand('billingWorkbench.preview', doc.uri));
    const row = a.requestHistory.entries().find(e => e.file === FILE)!;
    await newPreview('Send Again', () => vscode.commands.executeCommand('billingWorkbench.sendHistoryAgain', row.id));
    const state = await newPreview('Preview', () =>
      vscode.commands.executeCommand('billingWorkbench.preview', doc.uri),
    );
    assert.deepEqual(state.change?.totals, [], 'no change since the last preview (it was +25.00 USD)');
    const titles = await lensTitles(doc.uri);
    assert.ok(!titles.some(t => t.includes('edited since') || t.includes(': was ')), titles.join(' | '));

    const rows = state.summary!.rows.length;
    for (const [name, shot] of [
      ['Default Dark Modern', 'no-change-500-dark'],
      ['Default Light Modern', 'no-change-500-light'],
    ]) {
      await theme(name);
      await panelWidth(500);
      const r = await drawn(a, rows, () => Promise.resolve(a.panel.show(a.panel.state!)));
      assert.ok(r.width >= 450 && r.width <= 560, `the panel is about 500 px wide: ${r.width}`);
      const screen = await screenShowing(this, shot, ['no change since last preview', 'Preview Again']);
      assert.ok(screen.text.includes('no change since last preview'), `${shot}: "no change" on screen`);
      assert.ok(
        !screen.text.includes('since last preview\n+') && !/[+−][\d,.]+ USD since last preview/.test(screen.text),
      );
    }
  });
});
