// Create, as the README's walkthrough does it: new-customer.preview.json -> Preview -> Create in the panel. A
// preview file lacks what an order needs (account_data.name, bill_to): Create names both, asks the account
// name (sold_to's offered), restates MRR, TCB and the first invoice in its confirmation, creates, and the panel
// shows the account, the order and those figures. A create the service refuses keeps the preview on show with
// the error above it. At 500 px, dark and light.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { BillingWorkbenchApi } from '../../src/extension';
import { formatMoney } from '../../src/client/money';
import type { OrderRequestBody } from '../../src/schemas';
import { answering, api, drawn as drawnIn, panelWidth, screenWhen, shown, theme, typeKeys, waitFor } from './helpers';
import { NEW_CUSTOMER_TOTALS, SETUP_FEE, USD } from '../unit/expected';

const ws = () => vscode.workspace.workspaceFolders![0].uri;
const file = (name: string) => vscode.Uri.joinPath(ws(), name);
const signed = (n: number) => formatMoney(n, 'USD', { signed: true });
/** The preview's first invoice: a month of the team plan, the year's licence and the setup fee. */
const FIRST_INVOICE = `${formatMoney(10 * USD.seat + USD.platformFee + USD.annualLicence + SETUP_FEE, 'USD')} on 2027-01-01`;

/** Stands in for the input box (the test workbench refuses real ones): records each, accepts what it offers. */
function answeringInput(answer: (o: vscode.InputBoxOptions) => string | undefined = o => o.value) {
  const original = vscode.window.showInputBox;
  const asked: vscode.InputBoxOptions[] = [];
  const patched = (o: vscode.InputBoxOptions = {}) => {
    asked.push(o);
    return Promise.resolve(answer(o));
  };
  Object.assign(vscode.window, { showInputBox: patched });
  return { asked, restore: () => Object.assign(vscode.window, { showInputBox: original }) };
}

suite('Create from the README preview file', () => {
  let a: BillingWorkbenchApi;
  const drawn = (rows: number, send: () => Thenable<unknown> | Promise<unknown>, accept?: () => boolean) =>
    drawnIn(a, rows, send, accept);
  const preview = (uri: vscode.Uri) => vscode.commands.executeCommand('billingWorkbench.preview', uri);
  /**
   * The state on show drawn again at about 500 px (revealing the new order opens the side bar; a theme change
   * restyles), then on screen with `texts`.
   */
  const again = async (ctx: Mocha.Context, name: string, texts: string[]) => {
    await panelWidth(500);
    const state = a.panel.state!;
    const rows = state.kind === 'response' ? (state.summary?.rows.length ?? 0) : 0;
    const r = await drawn(rows, () => Promise.resolve(a.panel.show(state)));
    assert.ok(r.width >= 450 && r.width <= 560, `the panel is about 500 px wide: ${r.width}`);
    assert.ok(r.scrollWidth <= r.width, `no horizontal scrolling: ${r.scrollWidth} > ${r.width}`);
    return screenWhen(ctx, name, text => texts.every(t => text.replace(/\u00a0/g, ' ').includes(t)));
  };

  suiteSetup(async () => {
    a = await api();
    await a.connections.setActive('local');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await panelWidth(500);
  });

  test('Create names what an order needs, asks the name, restates the figures; the created panel shows them', async function () {
    fs.copyFileSync(file('new-customer.preview.json').fsPath, file('create.preview.json').fsPath);
    const doc = await vscode.workspace.openTextDocument(file('create.preview.json'));
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    await theme('Default Dark Modern');
    await drawn(4, () => preview(doc.uri));
    assert.equal(shown(a, 'response').creatable, true);

    const input = answeringInput();
    const modal = answering('showWarningMessage', items => items[0]);
    const done = answering('showInformationMessage', () => undefined);
    const before = a.panel.state?.at;
    try {
      await vscode.commands.executeCommand('workbench.action.focusSecondEditorGroup');
      if (!(await typeKeys({ press: ['Tab', 'Tab', 'Enter'] }))) this.skip(); // Preview Again, Create
      await waitFor('the created order with its account', () => {
        const s = a.panel.state;
        return s?.at !== before && s?.kind === 'response' && s.order?.accountNumber;
      });
      // Its last step: the order revealed in the Accounts view (which opens the side bar), then said.
      await waitFor('the create said done', () => done.asked.some(m => m.message.startsWith('Created order')));
    } finally {
      input.restore();
      modal.restore();
      done.restore();
    }
    // Which fields, before anything is sent; the name offered from sold_to.
    assert.equal(input.asked.length, 1, 'one question: the account name (bill_to is taken from sold_to)');
    assert.match(
      input.asked[0].prompt!,
      /An order needs account_data\.name and account_data\.bill_to, which create\.preview\.json lacks/,
    );
    assert.equal(input.asked[0].value, 'Ada Lovelace');
    // The confirmation restates what it creates and what Create adds.
    assert.equal(modal.asked.length, 1, 'one confirmation');
    const { message, detail, modal: isModal, items } = modal.asked[0];
    assert.equal(message, 'Create order from create.preview.json on Local sandbox?');
    assert.ok(isModal);
    assert.deepEqual(items, ['Create']);
    for (const t of [
      `MRR ${signed(NEW_CUSTOMER_TOTALS.mrr)}`,
      `TCB ${signed(NEW_CUSTOMER_TOTALS.tcb)}`,
      `first invoice ${FIRST_INVOICE}`,
    ])
      assert.ok(detail!.includes(t), `the confirmation says "${t}": ${detail}`);
    assert.match(
      detail!,
      /Adds account_data\.name "Ada Lovelace" and bill_to Ada Lovelace \(from sold_to\); create\.preview\.json is not changed/,
    );
    assert.equal(
      doc.getText(),
      fs.readFileSync(file('new-customer.preview.json').fsPath, 'utf8'),
      'the file unchanged',
    );

    const order = shown(a, 'response').order!;
    assert.match(order.orderNumber, /^O\d{8}$/);
    assert.match(order.accountNumber!, /^A\d{8}$/);
    assert.deepEqual(order.figures, [
      { label: 'MRR', value: signed(NEW_CUSTOMER_TOTALS.mrr) },
      { label: 'TCB', value: signed(NEW_CUSTOMER_TOTALS.tcb) },
      { label: 'First invoice', value: FIRST_INVOICE },
    ]);
    const account = (await (await a.clients.active()).client.getAccount(order.accountNumber!)).data;
    assert.equal(account.name, 'Ada Lovelace', 'the account has the name asked for');
    const onPanel = [
      `Order ${order.orderNumber}`,
      order.accountNumber!,
      signed(NEW_CUSTOMER_TOTALS.mrr),
      signed(NEW_CUSTOMER_TOTALS.tcb),
      FIRST_INVOICE,
    ];
    try {
      await again(this, 'create-created-500-dark', onPanel);
      await theme('Default Light Modern');
      await again(this, 'create-created-500-light', onPanel);
    } finally {
      await theme(undefined);
    }
  });

  test('a create the service refuses keeps the preview on show, the error above it', async function () {
    // A subscription to cancel, created here; the cancel is previewed, then someone cancels it first.
    const { client } = await a.clients.active();
    const created = (
      await client.createOrder(JSON.parse(fs.readFileSync(file('new-customer.order.json').fsPath, 'utf8')))
    ).data;
    const subscription = created.subscriptions[0].subscription_number;
    const owner = await ownerOf(created.order_number);
    const cancel = {
      account_number: owner,
      order_date: '2027-06-01',
      subscriptions: [{ subscription_number: subscription, cancel: {} }],
    };
    fs.writeFileSync(file('create-fails.order.json').fsPath, JSON.stringify(cancel, null, 2));
    const doc = await vscode.workspace.openTextDocument(file('create-fails.order.json'));
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    await drawn(2, () => preview(doc.uri));
    const previewed = shown(a, 'response').summary!;
    await client.createOrder(cancel as OrderRequestBody); // cancelled behind the preview's back

    const modal = answering('showWarningMessage', items => items[0]);
    const note = answering('showErrorMessage', () => undefined);
    try {
      await vscode.commands.executeCommand('billingWorkbench.create', doc.uri);
      await waitFor(
        'the failure beside the preview',
        () => a.panel.state?.kind === 'response' && a.panel.state.failure,
      );
    } finally {
      modal.restore();
      note.restore();
    }
    const state = shown(a, 'response');
    assert.deepEqual(state.summary, previewed, 'the preview stays on show');
    assert.equal(state.failure!.status, 400);
    assert.match(state.failure!.error.message, /already canceled/);
    assert.match(note.asked.at(-1)!.message, /already canceled/, 'the notification says it too');
    const texts = [
      'create-fails.order.json failed (status 400)', // the screen's text has the non-breaking space as a space
      'already canceled',
      signed(previewed.totals[0].mrr),
      'Preview Again',
    ];
    await theme('Default Dark Modern');
    try {
      await again(this, 'create-failed-500-dark', texts);
      await theme('Default Light Modern');
      await again(this, 'create-failed-500-light', texts);
    } finally {
      await theme(undefined);
    }
  });

  test('the account name is asked in the input box over the preview file (dark and light); Escape sends nothing', async function () {
    const doc = await vscode.workspace.openTextDocument(file('new-customer.preview.json'));
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    await panelWidth(500);
    const r = await drawn(4, () => preview(doc.uri));
    assert.ok(r.width >= 450 && r.width <= 560, `the panel is about 500 px wide: ${r.width}`);
    const before = a.panel.state;
    await theme('Default Dark Modern');
    const created = vscode.commands.executeCommand('billingWorkbench.create', doc.uri);
    try {
      if (!(await typeKeys({ waitFor: '.quick-input-widget input' }))) this.skip();
      const asked = ['Create order: the new account', 'account_data.name and account_data.bill_to'];
      await screenWhen(this, 'create-ask-name-500-dark', t => asked.every(x => t.includes(x)));
      await theme('Default Light Modern');
      await screenWhen(this, 'create-ask-name-500-light', t => asked.every(x => t.includes(x)));
    } finally {
      await typeKeys({ press: ['Escape'] });
      await theme(undefined);
    }
    assert.equal(await created, undefined, 'Escape: nothing created');
    assert.equal(a.panel.state, before, 'the preview stays on show');
  });

  test('Create from a v1 preview file with previewAccountInfo asks for the new account, creates, shows its number at once', async () => {
    const example = JSON.parse(fs.readFileSync(file('new-and-add.request.json').fsPath, 'utf8'));
    const { existingAccountNumber: _n, ...body } = example.body;
    const previewAccountInfo = { currency: 'USD', billCycleDay: 1, soldToContact: { city: 'London' } };
    const v1 = { ...example, body: { ...body, previewAccountInfo, subscriptions: [body.subscriptions[0]] } };
    fs.writeFileSync(file('create-v1.request.json').fsPath, JSON.stringify(v1, null, 2));
    const doc = await vscode.workspace.openTextDocument(file('create-v1.request.json'));
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    await preview(doc.uri);
    const previewed = await waitFor('the v1 preview', () => {
      const s = a.panel.state;
      return s?.kind === 'response' && s.source === doc.uri.toString() && s.summary ? s : undefined;
    });
    assert.equal(previewed.creatable, true);

    const input = answeringInput(o => (o.title!.includes('bill-to') ? 'Ada Lovelace' : 'Analytical Engines'));
    const modal = answering('showWarningMessage', items => items[0]);
    const drawnOrders: (string | undefined)[] = [];
    const watch = a.panel.onDidRender(() => {
      const s = a.panel.state;
      if (s?.kind === 'response' && s.order) drawnOrders.push(s.order.accountNumber);
    });
    try {
      await vscode.commands.executeCommand('billingWorkbench.create', doc.uri);
      // The webview draws after the command returns: wait for its first drawing of the created order.
      await waitFor('the created panel drawn', () => drawnOrders.length >= 1);
    } finally {
      watch.dispose();
      input.restore();
      modal.restore();
    }
    // Named before anything is sent: the fields a v1 order needs and a preview's previewAccountInfo lacks.
    assert.deepEqual(
      input.asked.map(o => o.title),
      ['Create order: the new account', 'Create order: the bill-to contact'],
    );
    assert.match(
      input.asked[0].prompt!,
      /An order needs newAccount\.name and newAccount\.billToContact \(or existingAccountNumber\), which create-v1\.request\.json lacks/,
    );
    assert.equal(modal.asked.length, 1, 'one confirmation');
    assert.match(
      modal.asked[0].detail!,
      /Adds newAccount "Analytical Engines" \(USD, bill cycle day 1, from previewAccountInfo\) with billToContact Ada Lovelace/,
    );
    assert.match(modal.asked[0].detail!, /MRR \+/, 'the figures restated');
    const order = shown(a, 'response').order!;
    assert.match(order.accountNumber!, /^A\d{8}$/);
    assert.ok(drawnOrders.length >= 1, 'the created panel was drawn');
    assert.equal(drawnOrders[0], order.accountNumber, 'the account number on the first drawing: no "looking it up"');
    const account = (await (await a.clients.active()).client.getAccount(order.accountNumber!)).data;
    assert.equal(account.name, 'Analytical Engines');
  });

  test('a new account whose number cannot be looked up: the created panel says where to find it, never "looking it up"', async () => {
    // A tenant whose object queries fail: the lookup the created panel waits on rejects.
    const model = (a.accounts as unknown as { model: { accountOfOrder: (n: string) => Promise<string | undefined> } })
      .model;
    const lookup = model.accountOfOrder;
    model.accountOfOrder = () => Promise.reject(new Error('403 object queries are not enabled'));
    const doc = await vscode.workspace.openTextDocument(file('new-customer.order.json'));
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    const modal = answering('showWarningMessage', items => items[0]);
    const note = answering('showInformationMessage', () => undefined);
    try {
      await vscode.commands.executeCommand('billingWorkbench.create', doc.uri);
    } finally {
      model.accountOfOrder = lookup;
      modal.restore();
      note.restore();
    }
    const order = shown(a, 'response').order!;
    assert.match(order.orderNumber, /^O\d{8}$/);
    assert.equal(order.accountNumber, undefined);
    assert.equal(order.accountUnknown, 'not found: see the Accounts view');
  });

  /** The account an order belongs to, as the Accounts tree finds it. */
  async function ownerOf(orderNumber: string): Promise<string> {
    const { client } = await a.clients.active();
    const op = { method: 'GET', path: '/object-query/orders/{key}' };
    const query = { 'expand[]': 'account' };
    type Row = { account: { accountNumber: string } };
    return (await client.send<Row>(op, { pathParams: { key: orderNumber }, query })).data.account.accountNumber;
  }

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('vscode.setEditorLayout', { orientation: 0, groups: [{}] });
  });
});
