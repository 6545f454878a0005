// Compare across connections, as a person sees it in a 500 px panel beside the payload: the shipped
// new-customer preview on the Local sandbox (A) and on a second sandbox tenant that prices seats higher (B),
// both totals and the differing item marked in words; a side that fails shows its error and the other side
// its preview. The second tenant is a real sandbox server on loopback, started here with its own prices.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { BillingWorkbenchApi } from '../../src/extension';
import { formatMoney } from '../../src/client/money';
import type { Connection } from '../../src/connections/connectionStore';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import type { ComparisonState } from '../../src/webview/protocol';
import { api, drawn as drawnIn, onScreen, panelWidth, shown, theme, typeKeys, waitFor } from './helpers';
import { NEW_CUSTOMER_TOTALS, SEATS, USD } from '../unit/expected';
import { measured, right } from './panelLayout';

const ws = () => vscode.workspace.workspaceFolders![0].uri;
const file = (name: string) => vscode.Uri.joinPath(ws(), name);
const total = (n: number) => formatMoney(n, 'USD', { signed: true });
const item = (n: number) => total(n).replace(' USD', '');
/** The tenant charges this much more per seat than the catalog. */
const SEAT_MARKUP = 5;

suite('Compare across connections', () => {
  let a: BillingWorkbenchApi;
  let tenant: Sandbox;
  let priced: Connection;
  const uri = () => file('compare.preview.json');

  const drawn = (rows: number, send: () => Thenable<unknown>) =>
    drawnIn(a, rows, send, () => a.panel.state?.kind === 'comparison');
  const compare = (ids: string[]) =>
    vscode.commands.executeCommand<ComparisonState | undefined>('billingWorkbench.comparePreview', uri(), {
      connections: ids,
    });

  suiteSetup(async () => {
    a = await api();
    await a.connections.setActive('local');
    tenant = await startSandbox({ prices: { 'price-team-seats': { USD: USD.seat + SEAT_MARKUP } } });
    priced = await a.connections.add({ name: 'Priced tenant', kind: 'sandbox', baseUrl: tenant.url });
    await a.connections.storeCredentials(priced.id, { clientId: tenant.clientId, clientSecret: tenant.clientSecret });
    fs.copyFileSync(file('new-customer.preview.json').fsPath, uri().fsPath);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await panelWidth(500);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri()), vscode.ViewColumn.One);
  });

  suiteTeardown(async () => {
    await a.connections.remove(priced.id);
    await tenant.close();
  });

  test('at 500 px (dark theme): both totals side by side, the seat item marked "B differs by", the others "same"', async function () {
    await theme('Default Dark Modern');
    try {
      await sideBySide.call(this);
    } finally {
      await theme(undefined);
    }
  });

  async function sideBySide(this: Mocha.Context): Promise<void> {
    const r = await drawn(4, () => compare(['local', priced.id]));
    console.log(`comparison panel ${r.width} px, content ${r.scrollWidth} px, drawn in ${r.ms} ms`);
    assert.ok(r.width >= 450 && r.width <= 560, `the panel is about 500 px wide: ${r.width}`);
    assert.ok(r.scrollWidth <= r.width, `no horizontal scrolling: ${r.scrollWidth} > ${r.width}`);
    const s = shown(a, 'comparison');
    const more = { mrr: SEATS * SEAT_MARKUP, tcb: 12 * SEATS * SEAT_MARKUP };
    const b = { mrr: NEW_CUSTOMER_TOTALS.mrr + more.mrr, tcb: NEW_CUSTOMER_TOTALS.tcb + more.tcb };
    assert.deepEqual(s.a.summary!.totals, [NEW_CUSTOMER_TOTALS]);
    assert.deepEqual(s.b.summary!.totals, [{ currency: 'USD', ...b }]);
    assert.equal(s.comparison!.differences, 1);
    const recorded = a.requestHistory
      .entries()
      .slice(0, 2)
      .map(e => `${e.connection.name} ${e.status}`);
    assert.deepEqual(recorded.sort(), ['Local sandbox 201', 'Priced tenant 201'], 'both sides are in the History');
    const shot = await onScreen(this, 'compare-500');
    const expected = [
      'Compare compare.preview.json',
      '1 item differs between A and B',
      'A · Local sandbox',
      'B · Priced tenant',
      total(NEW_CUSTOMER_TOTALS.mrr),
      total(NEW_CUSTOMER_TOTALS.tcb),
      total(b.mrr),
      total(b.tcb),
      `differs by ${total(more.mrr)}`,
      `differs by ${total(more.tcb)}`,
      'price-team-seats',
      item(SEATS * USD.seat),
      item(SEATS * (USD.seat + SEAT_MARKUP)),
      item(12 * SEATS * (USD.seat + SEAT_MARKUP)),
      `B differs by ${item(more.mrr)} MRR, ${item(more.tcb)} TCB`,
      'same on A and B',
    ];
    for (const t of expected) assert.ok(shot.text.includes(t), `"${t}" on screen`);
    const same = shot.text.split('same on A and B').length - 1;
    assert.equal(same, 3, 'the three other items are marked the same');
    // A's and B's totals on the same lines: MRR beside MRR, TCB beside TCB, though only B says "differs by".
    const [bigs] = (await measured(a, ['.cmp-total .cmp-big'])).boxes;
    const [mrrA, tcbA, mrrB, tcbB] = bigs;
    console.log(`totals at y: MRR A ${mrrA.top}, B ${mrrB.top}; TCB A ${tcbA.top}, B ${tcbB.top}`);
    const figures = [NEW_CUSTOMER_TOTALS.mrr, NEW_CUSTOMER_TOTALS.tcb, b.mrr, b.tcb].map(total);
    assert.deepEqual([mrrA.text, tcbA.text, mrrB.text, tcbB.text], figures);
    assert.ok(Math.abs(mrrA.top - mrrB.top) <= 1, `MRR A at ${mrrA.top}, B at ${mrrB.top}`);
    assert.ok(Math.abs(tcbA.top - tcbB.top) <= 1, `TCB A at ${tcbA.top}, B at ${tcbB.top}`);
    // Its table, opened by keyboard (Compare Again, then "Table"), fits the panel.
    await vscode.commands.executeCommand('workbench.action.focusSecondEditorGroup');
    if (!(await typeKeys({ press: ['Tab', 'Tab', 'Enter'] }))) this.skip();
    const { boxes, page } = await waitFor('the table open', async () => {
      const m = await measured(a, ['.tables table', '.tables th']);
      return m.boxes[0].some(t => t.visible) ? m : undefined;
    });
    const [[table], heads] = boxes;
    await typeKeys({ press: ['End'] }); // to the page's end, where the table is
    await onScreen(this, 'compare-500-table');
    console.log(`comparison table ${table.width} px wide in a ${page.width} px page`);
    assert.ok(right(table) <= page.width, `the table ends at ${right(table)} px`);
    for (const h of heads) assert.ok(right(h) <= page.width, `"${h.text}" at ${h.left}-${right(h)} px`);
  }

  test('below 500 px the two sides stack, each amount named A or B, nothing scrolls sideways (light theme)', async function () {
    try {
      await theme('Default Light Modern');
      await panelWidth(340);
      const r = await drawn(4, () => compare(['local', priced.id]));
      assert.ok(r.width < 400, `narrow: ${r.width}`);
      assert.ok(r.scrollWidth <= r.width, `no horizontal scrolling: ${r.scrollWidth} > ${r.width}`);
      const shot = await onScreen(this, 'compare-340');
      const expected = [
        'A · Local sandbox',
        'B · Priced tenant',
        `MRR ${item(SEATS * USD.seat)}`, // stacked, each amount says what it is
        `MRR ${item(SEATS * (USD.seat + SEAT_MARKUP))}`,
        `B differs by ${item(SEATS * SEAT_MARKUP)} MRR`,
      ];
      for (const t of expected) assert.ok(shot.text.includes(t), `"${t}" on screen`);
    } finally {
      await panelWidth(500);
      await theme(undefined);
    }
  });

  test("wrong credentials on B: B's error with Sign In, A's preview still shown", async function () {
    const wrong = await a.connections.add({ name: 'Wrong secret tenant', kind: 'sandbox', baseUrl: tenant.url });
    try {
      await a.connections.storeCredentials(wrong.id, { clientId: tenant.clientId, clientSecret: 'not-the-secret' });
      await drawn(0, () => compare(['local', wrong.id]));
      const s = shown(a, 'comparison');
      assert.equal(s.comparison, undefined, 'nothing to compare');
      assert.deepEqual(s.a.summary!.totals, [NEW_CUSTOMER_TOTALS]);
      assert.equal(s.b.summary, undefined);
      assert.equal(s.b.error!.action, 'signIn', JSON.stringify(s.b.error));
      assert.ok(!JSON.stringify(s).includes('not-the-secret'), 'the secret is nowhere in the panel state');
      const shot = await onScreen(this, 'compare-error');
      const { message, advice } = s.b.error!;
      assert.ok(advice && message.endsWith(advice), 'the client appends its advice to the message');
      const expected = [
        'B · Wrong secret tenant',
        message.slice(0, -advice.length).trimEnd(), // the message, then the advice once, on its own line
        `What to do: ${advice}`,
        'Sign In to Wrong secret tenant',
        'A · Local sandbox: its preview',
        total(NEW_CUSTOMER_TOTALS.mrr),
        total(NEW_CUSTOMER_TOTALS.tcb),
      ];
      for (const t of expected) assert.ok(shot.text.includes(t), `"${t}" on screen`);
      assert.equal(shot.text.split(advice).length - 1, 1, 'the advice is said once');
    } finally {
      await a.connections.remove(wrong.id);
    }
  });

  test('a connection never signed in says so on its side; its Sign In, by keyboard, signs in and compares again', async function () {
    const unsigned = await a.connections.add({ name: 'Unsigned tenant', kind: 'sandbox', baseUrl: tenant.url });
    try {
      await drawn(0, () => compare([unsigned.id, priced.id]));
      const s = shown(a, 'comparison');
      assert.equal(s.a.error?.message, 'Sign in to Unsigned tenant first.');
      assert.ok(s.b.summary, 'B still previewed');
      const shot = await onScreen(this, 'compare-unsigned');
      const expected = [
        'Sign in to Unsigned tenant first.',
        'Sign In to Unsigned tenant',
        'B · Priced tenant: its preview',
      ];
      for (const t of expected) assert.ok(shot.text.includes(t), `"${t}" on screen`);
      // The panel's buttons: Compare Again, then Sign In to Unsigned tenant; then the two input boxes.
      const again = drawn(4, async () => {
        await vscode.commands.executeCommand('workbench.action.focusSecondEditorGroup');
        if (!(await typeKeys({ press: ['Tab', 'Tab', 'Enter'] }))) this.skip();
        await typeKeys({ waitFor: '.quick-input-widget input', type: tenant.clientId, press: ['Enter'] });
        await typeKeys({
          waitFor: '.quick-input-widget input[type="password"]',
          type: tenant.clientSecret,
          press: ['Enter'],
        });
      });
      await again;
      const after = shown(a, 'comparison');
      assert.equal(after.comparison?.differences, 0, 'the same tenant on both sides');
      const same = await onScreen(this, 'compare-same');
      assert.ok(same.text.includes('Every item is the same on A and B'), 'the verdict on screen');
    } finally {
      await a.connections.remove(unsigned.id);
    }
  });

  test('from the palette: B is picked from the other connections (active one is A)', async function () {
    let result: Thenable<ComparisonState | undefined> | undefined;
    const r = drawn(4, async () => {
      result = vscode.commands.executeCommand<ComparisonState | undefined>('billingWorkbench.comparePreview', uri());
      if (!(await typeKeys({ waitFor: '.quick-input-widget input', type: 'Priced tenant', press: ['Enter'] })))
        this.skip();
    });
    await r;
    const s = (await result)!;
    assert.deepEqual([s.a.connection.name, s.b.connection.name], ['Local sandbox', 'Priced tenant']);
    await waitFor('the comparison shown', () => a.panel.state?.kind === 'comparison');
  });
});
