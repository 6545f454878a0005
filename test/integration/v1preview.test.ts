// A v1 order preview request file (POST /v1/orders/preview) in the real editor: Preview from the CodeLens opens
// the money-first panel at about 500 px with every figure on screen (dark and light), the figures join the
// file, and Create sends POST /v1/orders after the same confirmation as an order file.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { formatMoney } from '../../src/client/money';
import type { BillingWorkbenchApi } from '../../src/extension';
import { answering, api, drawn as drawnIn, onScreen, panelWidth, shown, theme, typeKeys, waitFor } from './helpers';
import { figureHints } from './inlineFigures';

const ws = () => vscode.workspace.workspaceFolders![0].uri;
const file = (name: string) => vscode.Uri.joinPath(ws(), name);
const NAME = 'panel-v1.request.json';

suite('v1 order preview request files', () => {
  let a: BillingWorkbenchApi;
  const drawn = (rows: number, send: () => Thenable<unknown>) => drawnIn(a, rows, send);

  suiteSetup(async () => {
    a = await api();
    await a.connections.setActive('local');
    fs.copyFileSync(file('new-and-add.request.json').fsPath, file(NAME).fsPath);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await panelWidth(500);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file(NAME)), vscode.ViewColumn.One);
  });
  suiteTeardown(async () => {
    await theme(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('vscode.setEditorLayout', { orientation: 0, groups: [{}] });
  });

  test('the CodeLens offers Preview, Create and Validate over a POST /v1/orders/preview file', async () => {
    const lenses = await waitFor('the lenses', async () => {
      const l = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', file(NAME));
      return l.length >= 3 ? l : undefined;
    });
    assert.deepEqual(
      lenses.slice(0, 3).map(l => l.command?.title),
      ['$(graph-line) Preview', '$(add) Create', '$(check) Validate'],
    );
  });

  test('Preview: every charge with its delta MRR and TCB and the totals, on screen at 500 px, dark and light', async function () {
    await theme('Default Dark Modern');
    const r = await drawn(3, () => vscode.commands.executeCommand('billingWorkbench.preview', file(NAME)));
    assert.ok(r.width >= 450 && r.width <= 560, `the panel is about 500 px wide: ${r.width}`);
    assert.ok(r.scrollWidth <= r.width, `no horizontal scrolling: ${r.scrollWidth} > ${r.width}`);
    const state = shown(a, 'response');
    assert.deepEqual(state.summary!.totals, [{ currency: 'USD', mrr: 350, tcb: 4700 }]);
    assert.deepEqual(
      state.summary!.rows.map(x => [
        x.subscription,
        x.action,
        x.price,
        x.mrr?.net_amount,
        x.tcb.net_amount,
        x.tcv?.net_amount,
      ]),
      [
        ['new subscription 1', 'CreateSubscription', 'price-team-seats', 250, 3000, 3000],
        ['new subscription 1', 'CreateSubscription', 'price-team-platform', 100, 1200, 1200],
        ['S00000001', 'AddProduct', 'price-onboarding-setup', undefined, 500, 500],
      ],
    );
    assert.equal(state.creatable, true);
    // previewTypes asks for BillingDocs: what it will bill is listed under the totals, as the answer says it.
    const billing = state.billing!;
    assert.equal(billing.asked, true);
    assert.ok(billing.documents.length >= 1, 'the Local sandbox answers BillingDocs with invoices');
    const first = billing.documents.find(d => d.type === 'invoice')!;
    const expected = ['Totals', '+350.00 USD', '+4,700.00 USD', 'new subscription 1', '12 months', 'S00000001'];
    expected.push('price-team-seats', '+250.00', '+3,000.00', 'price-onboarding-setup', '+500.00', 'Create');
    expected.push(`Invoices (${billing.documents.length})`, first.date, formatMoney(first.total, 'USD'));
    expected.push('TCV +4,700.00 USD');
    const dark = await onScreen(this, 'panel-v1-500-dark');
    for (const t of expected) assert.ok(dark.text.includes(t), `"${t}" on screen (dark)`);
    await theme('Default Light Modern');
    const light = await onScreen(this, 'panel-v1-500-light');
    for (const t of expected) assert.ok(light.text.includes(t), `"${t}" on screen (light)`);
    // The figures join the file: the totals on the top line, each subscriptions[i] on its brace's line.
    const titles = await waitFor('the inline figures', async () => {
      const t = (await figureHints(file(NAME))).map(h => h.label);
      return t.some(x => x.startsWith('subscriptions[1]')) ? t : undefined;
    });
    const top = `MRR +350.00 USD · TCB +4,700.00 USD · first invoice ${formatMoney(first.total, 'USD')} on ${first.date}`;
    assert.ok(titles.includes(top), titles.join(' | '));
    assert.ok(titles.includes('subscriptions[0]: MRR +350.00 USD · TCB +4,200.00 USD'), titles.join(' | '));
    assert.ok(titles.includes('subscriptions[1]: TCB +500.00 USD'), titles.join(' | '));
  });

  test('live on the Local sandbox: 10 → 20 seats updates the panel showing the file, with no command', async function () {
    const doc = await vscode.workspace.openTextDocument(file(NAME));
    const editor = await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    const at = doc.getText().indexOf('"quantity": 10');
    const ten = new vscode.Range(
      doc.positionAt(at + '"quantity": '.length),
      doc.positionAt(at + '"quantity": 10'.length),
    );
    await editor.edit(e => e.replace(ten, '20'));
    // 20 seats at 25.00 a month, the platform fee 100.00: MRR 600.00; TCB and TCV 12 months of it, plus the setup fee.
    const state = await waitFor('the live preview in the panel', () => {
      const s = a.panel.state;
      return s?.kind === 'response' && s.summary?.totals[0]?.mrr === 600 ? s : undefined;
    });
    assert.deepEqual(state.summary!.totals, [{ currency: 'USD', mrr: 600, tcb: 7700 }]);
    const shot = await onScreen(this, 'panel-v1-live');
    for (const t of ['+600.00 USD', '+7,700.00 USD', 'TCV +7,700.00 USD'])
      assert.ok(shot.text.includes(t), `"${t}" on screen`);
    await vscode.commands.executeCommand('workbench.action.files.save');
  });

  test('Create from the panel: the same confirmation, then POST /v1/orders; the order reads back through v2', async function () {
    const modal = answering('showWarningMessage', items => items[0]);
    const done = answering('showInformationMessage', () => undefined);
    try {
      const before = a.panel.state?.at;
      await vscode.commands.executeCommand('workbench.action.focusSecondEditorGroup');
      if (!(await typeKeys({ press: ['Tab', 'Tab', 'Enter'] }))) this.skip(); // Preview Again, Create
      await waitFor('the created order', () => a.panel.state?.at !== before && a.panel.state?.kind === 'response');
      // Create then reveals the order in the Accounts view (the side bar opens): done once it says so.
      await waitFor('the create said done', () => done.asked.some(m => m.message.startsWith('Created order')));
    } finally {
      modal.restore();
      done.restore();
    }
    assert.deepEqual(
      modal.asked.map(q => [q.message, q.modal]),
      [[`Create order from ${NAME} on Local sandbox?`, true]],
    );
    const created = shown(a, 'response').order!;
    assert.match(created.orderNumber, /^O/);
    const { client } = await a.clients.active();
    const v2 = await client.getOrder(created.orderNumber);
    assert.equal(v2.data.order_number, created.orderNumber);
    // What a person sees at 500 px, dark and light: the order, its status, and its subscriptions with only the
    // columns the answer filled (the default minor version names no states, and no v1 answer names versions).
    await panelWidth(500);
    const numbers = v2.data.subscriptions.map(s => s.subscription_number);
    const versions = new Map(v2.data.subscriptions.map(s => [s.subscription_number, String(s.version)]));
    for (const [name, look] of [
      ['panel-v1-created', 'Default Dark Modern'],
      ['panel-v1-created-light', 'Default Light Modern'],
    ]) {
      await theme(look);
      const shot = await onScreen(this, name);
      assert.ok(shot.text.includes(`Order ${created.orderNumber}`), 'the new order on screen');
      assert.ok(shot.text.includes('Order status\nCompleted'), `the order's status on screen (${look})`);
      const { head, rows } = subscriptionsOnScreen(shot.text, numbers.length);
      assert.deepEqual(rows.map(r => r[0]).sort(), [...numbers].sort(), `every subscription listed (${look})`);
      head.forEach((h, i) =>
        assert.ok(
          rows.some(r => r[i]),
          `column "${h}" is empty in every row (${look}): ${head.join(' | ')}`,
        ),
      );
      const v = head.indexOf('version');
      for (const r of v < 0 ? [] : rows) assert.equal(r[v], versions.get(r[0]), `${r[0]}'s version as v2 reads it`);
    }
  });
});

/** The created panel's subscriptions table as the screen's text reads it: its header cells and `count` rows. */
function subscriptionsOnScreen(text: string, count: number): { head: string[]; rows: string[][] } {
  const lines = text.split('\n');
  const at = lines.findIndex(l => l.split('\t')[0] === 'subscription');
  assert.ok(at >= 0, 'the subscriptions table on screen');
  const head = lines[at].split('\t');
  const rows = lines.slice(at + 1, at + 1 + count).map(l => l.split('\t'));
  return { head, rows };
}
