// The editor a person uses all day, on the built-in Local sandbox: tree, preview, create, panel,
// connections and secrets, endpoints. Screens are read, not just saved.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { BillingWorkbenchApi } from '../../src/extension';
import type { TreeNode } from '../../src/views/accountsTree';
import { api, onScreen, shown, typeKeys, waitFor } from './helpers';
import { formatMoney } from '../../src/client/money';
import { NEW_CUSTOMER_TOTALS, SEAT, teamMonth } from '../unit/expected';

const ws = () => vscode.workspace.workspaceFolders![0].uri;
const file = (name: string) => vscode.Uri.joinPath(ws(), name);
const label = (a: BillingWorkbenchApi, n: TreeNode) => String(a.accounts.getTreeItem(n).label);
const codeOf = (d: vscode.Diagnostic) => (typeof d.code === 'object' ? String(d.code.value) : String(d.code));

suite('Editor on the Local sandbox', () => {
  let a: BillingWorkbenchApi;
  const secrets: string[] = [];
  suiteSetup(async () => {
    a = await api();
    await a.connections.setActive('local');
  });

  test('the Local sandbox is the default connection, shown in the status bar', async () => {
    assert.equal(a.connections.active().kind, 'local');
    assert.match(a.status.item.text, /Local sandbox/);
  });

  test('the tree lists accounts, pages with "Load more", and expands to items; the rows are on screen', async function () {
    const sb = await a.clients.servedSandbox();
    secrets.push(sb.clientSecret);
    if (sb.store.accounts.size < 60) sb.seedAccounts(60);
    a.accounts.refresh();
    await vscode.commands.executeCommand('workbench.view.extension.billingWorkbench');
    const roots = await a.accounts.getChildren();
    assert.equal(label(a, roots[0]), 'Demo Customer');
    assert.equal(roots.length, 51, 'a page of 50 and Load more');
    assert.equal(label(a, roots[50]), 'Load more…');
    const [order] = await a.accounts.getChildren(roots[0]);
    assert.equal(order.kind, 'order');
    const [sub] = await a.accounts.getChildren(order);
    assert.equal(label(a, sub), 'S00000001');
    assert.match(String(a.accounts.getTreeItem(sub).description), /^active · v1 · 12 month/);
    const [plan] = await a.accounts.getChildren(sub);
    const items = await a.accounts.getChildren(plan);
    assert.deepEqual(
      items.map(i => label(a, i)),
      ['Seats', 'Platform fee'],
    );
    assert.match(String(a.accounts.getTreeItem(items[0]).description), /^5 × 25\.00 USD · recurring\/month · active$/);
    await a.views.accounts.reveal(items[0], { select: true, focus: true, expand: true });
    const shot = await onScreen(this, 'tree');
    for (const t of ['Demo Customer', 'S00000001', 'Seats', '5 × 25.00'])
      assert.ok(shot.text.includes(t), `"${t}" on screen`);
    await vscode.commands.executeCommand('billingWorkbench._loadMoreAccounts');
    assert.ok((await a.accounts.getChildren()).length > 51);
  });

  test('preview of an example file opens the panel with the right totals, on screen', async function () {
    const rendered = new Promise<{ rows: number }>(r => {
      const d = a.panel.onDidRender(e => {
        if (e.rows > 0) {
          d.dispose();
          r(e);
        }
      });
    });
    const r = await vscode.commands.executeCommand<{ status: number }>(
      'billingWorkbench.preview',
      file('new-customer.preview.json'),
    );
    assert.equal(r.status, 201);
    assert.deepEqual(shown(a, 'response').summary!.totals, [NEW_CUSTOMER_TOTALS]);
    assert.equal((await rendered).rows, 4);
    const shot = await onScreen(this, 'panel');
    for (const t of [
      'Preview of new-customer.preview.json',
      formatMoney(NEW_CUSTOMER_TOTALS.mrr, 'USD', { signed: true }),
      formatMoney(NEW_CUSTOMER_TOTALS.tcb, 'USD', { signed: true }),
      'price-team-seats',
      'Service-Request-Id',
    ])
      assert.ok(shot.text.includes(t), `"${t}" on screen`);
  });

  test('previewing again shows the change since the previous preview', async () => {
    const doc = await vscode.workspace.openTextDocument(file('new-customer.preview.json'));
    const editor = await vscode.window.showTextDocument(doc);
    const at = doc.getText().indexOf('"quantity": 10');
    await editor.edit(b =>
      b.replace(new vscode.Range(doc.positionAt(at), doc.positionAt(at + '"quantity": 10'.length)), '"quantity": 12'),
    );
    await vscode.commands.executeCommand('billingWorkbench.preview', doc.uri);
    assert.deepEqual(shown(a, 'response').change!.totals, [{ currency: 'USD', mrr: 2 * SEAT.mrr, tcb: 2 * SEAT.tcb }]);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('saving an order file re-previews it on the Local sandbox (preview.onSave: auto)', async () => {
    const doc = await vscode.workspace.openTextDocument(file('new-customer.order.json'));
    const editor = await vscode.window.showTextDocument(doc);
    const before = a.panel.state?.at;
    const at = doc.getText().indexOf('"quantity": 10');
    await editor.edit(b =>
      b.replace(new vscode.Range(doc.positionAt(at), doc.positionAt(at + '"quantity": 10'.length)), '"quantity": 20'),
    );
    await doc.save();
    await waitFor(
      'a preview after save',
      () =>
        a.panel.state?.kind === 'response' &&
        a.panel.state.file === 'new-customer.order.json' &&
        a.panel.state.at !== before,
    );
    const totals = { currency: 'USD', mrr: teamMonth(20), tcb: 12 * teamMonth(20) }; // 20 seats for 12 months
    assert.deepEqual(shown(a, 'response').summary!.totals, [totals]);
  });

  test('create adds an order that the tree then shows', async () => {
    const r = await vscode.commands.executeCommand<{ data: { order_number: string } }>(
      'billingWorkbench.create',
      file('subscription-and-fee.order.json'),
      { confirmed: true },
    );
    const n = r.data.order_number;
    assert.equal(shown(a, 'response').order!.orderNumber, n);
    const roots = await a.accounts.getChildren();
    const orders = await a.accounts.getChildren(roots.find(x => label(a, x) === 'Demo Customer')!);
    assert.ok(
      orders.some(o => label(a, o) === n),
      `${n} in ${orders.map(o => label(a, o))}`,
    );
  });

  test('a 1,000-item preview renders in the panel', async () => {
    const sub = {
      initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
      renewal_term: { type: 'evergreen' },
      start_on: { contract_effective: '2027-01-01' },
      subscription_plans: Array.from({ length: 10 }, () => ({ plan_id: 'plan-team-monthly' })),
    };
    fs.writeFileSync(
      file('big.preview.json').fsPath,
      JSON.stringify({
        metrics: ['delta_metrics'],
        account_number: 'A00000001',
        subscriptions: Array.from({ length: 50 }, () => sub),
      }),
    );
    const rendered = new Promise<{ rows: number; ms: number }>(r => {
      const d = a.panel.onDidRender(e => {
        if (e.rows >= 1000) {
          d.dispose();
          r(e);
        }
      });
    });
    await vscode.commands.executeCommand('billingWorkbench.preview', file('big.preview.json'));
    const { rows, ms } = await rendered;
    assert.equal(rows, 1000);
    console.log(`panel render, 1,000-item preview: ${ms} ms`);
  });

  test('sign in stores the secret; a workspace setting cannot redirect it; a revoked token renews; sign out removes it', async () => {
    const sb = await a.clients.servedSandbox();
    const conn = await vscode.commands.executeCommand<{ id: string; name: string }>('billingWorkbench.addConnection', {
      name: 'Team test env',
      kind: 'test',
      baseUrl: sb.url,
      credentials: { clientId: sb.clientId, clientSecret: sb.clientSecret },
    });
    assert.equal(a.connections.active().id, conn.id);
    assert.deepEqual(await a.connections.credentials(conn.id), {
      clientId: sb.clientId,
      clientSecret: sb.clientSecret,
    });
    assert.match(a.status.item.text, /Team test env/);
    // A cloned repository's .vscode/settings.json tries to send the requests through another host: ignored.
    const settingsFile = vscode.Uri.joinPath(ws(), '.vscode', 'settings.json');
    await vscode.workspace.fs.writeFile(
      settingsFile,
      Buffer.from(
        JSON.stringify({
          'http.proxy': 'http://127.0.0.1:9',
          'http.proxyStrictSSL': false,
          'billingWorkbench.requestTimeoutSeconds': 1,
          'billingWorkbench.validation.debounceMs': 251,
        }),
      ),
    );
    await waitFor(
      'the workspace settings file is read',
      () =>
        vscode.workspace.getConfiguration('billingWorkbench').inspect('validation.debounceMs')?.workspaceValue === 251,
    );
    try {
      a.accounts.refresh();
      const roots = await a.accounts.getChildren();
      assert.equal(roots[0].kind, 'account', `no error: ${label(a, roots[0])}`);
      assert.equal(a.connections.active().baseUrl, sb.url);
    } finally {
      await vscode.workspace.fs.delete(settingsFile);
    }
    sb.revokeTokens(); // an expired token mid-session
    a.accounts.refresh();
    assert.equal((await a.accounts.getChildren())[0].kind, 'account', 'renewed transparently');
    secrets.push(...sb.issuedTokens());
    await vscode.commands.executeCommand('billingWorkbench.signOut', conn.id);
    assert.equal(await a.connections.credentials(conn.id), undefined);
    a.accounts.refresh();
    const after = await a.accounts.getChildren();
    assert.equal(label(a, after[0]), 'Sign in to Team test env');
    await vscode.commands.executeCommand('billingWorkbench.removeConnection', conn.id);
    assert.equal(a.connections.active().id, 'local');
  });

  test('by keyboard: Find Operation picks a path typed into the quick pick and shows its details', async function () {
    const picked = vscode.commands.executeCommand<{ id: string }>('billingWorkbench.findOperation');
    if (
      !(await typeKeys({
        waitFor: '.quick-input-widget input',
        type: 'debitmemos/{debitMemoKey}/write',
        press: ['Enter'],
      }))
    ) {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      console.log('skipped: no keyboard outside the code-server runner');
      this.skip();
    }
    assert.equal((await picked)?.id, 'PUT /v1/debitmemos/{debitMemoKey}/write-off');
    assert.equal(shown(a, 'operation').operation.id, 'PUT /v1/debitmemos/{debitMemoKey}/write-off');
  });

  test('by keyboard: Sign In through the input boxes; a wrong secret saves nothing', async function () {
    const sb = await a.clients.servedSandbox();
    const conn = await a.connections.add({ name: 'Keyboard env', kind: 'sandbox', baseUrl: sb.url });
    await a.connections.setActive(conn.id);
    try {
      const signIn = async (secret: string) => {
        const done = vscode.commands.executeCommand<boolean>('billingWorkbench.signIn');
        if (!(await typeKeys({ waitFor: '.quick-input-widget input', type: sb.clientId, press: ['Enter'] }))) {
          await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
          return undefined;
        }
        await typeKeys({ waitFor: '.quick-input-widget input[type="password"]', type: secret, press: ['Enter'] });
        return done;
      };
      const wrong = await signIn('not-the-secret');
      if (wrong === undefined) {
        console.log('skipped: no keyboard outside the code-server runner');
        this.skip();
      }
      assert.equal(wrong, false);
      assert.equal(await a.connections.credentials(conn.id), undefined, 'nothing saved');
      assert.equal(await signIn(sb.clientSecret), true);
      assert.deepEqual(await a.connections.credentials(conn.id), {
        clientId: sb.clientId,
        clientSecret: sb.clientSecret,
      });
    } finally {
      await a.connections.remove(conn.id);
    }
    assert.equal(a.connections.active().id, 'local');
  });

  test('Endpoints: groups in the view, Find Operation finds a path, Describe Account shows the answer', async function () {
    await vscode.commands.executeCommand('workbench.view.extension.billingWorkbench');
    const top = a.endpoints.getChildren();
    const groups = top.flatMap(n => (n.kind === 'family' ? a.endpoints.getChildren(n) : [n]));
    const names = groups.map(g => (g.kind === 'group' ? g.group : ''));
    for (const g of ['Accounts', 'Describe', 'Object queries', 'Orders (v2)']) assert.ok(names.includes(g), g);
    const found = await vscode.commands.executeCommand<{ path: string }[]>(
      'billingWorkbench.findOperation',
      'describe',
    );
    assert.equal(found[0].path, '/v1/describe/{object}');
    const describeGroup = a.endpoints.getChildren().find(g => g.kind === 'group' && g.group === 'Describe');
    const describe = a.endpoints.getChildren(describeGroup)[0];
    await a.views.endpoints.reveal(describe, { select: true, focus: true, expand: true });
    const r = await vscode.commands.executeCommand<{ status: number }>('billingWorkbench.describeObject', 'Account');
    assert.equal(r.status, 200);
    assert.match(shown(a, 'response').raw, /^<\?xml[\s\S]*<name>AccountNumber<\/name>/, 'the XML describe answers');
    // A decoded error, with its category and what to do, in the same panel.
    await vscode.commands.executeCommand('billingWorkbench.describeObject', 'Acount');
    const { error } = shown(a, 'error');
    assert.deepEqual([error.status, error.category, error.categoryName], [404, 40, 'Not found']);
    assert.match(error.advice!, /Check the resource/);
    const errShot = await onScreen(this, 'panel-error');
    for (const t of ['Not found (category 40)', 'What to do: Check the resource'])
      assert.ok(errShot.text.includes(t), `"${t}" on screen`);
    await vscode.commands.executeCommand('billingWorkbench.describeObject', 'Account');
    const shot = await onScreen(this, 'endpoints');
    for (const t of ['GET /v1/describe/{object}', 'AccountNumber', 'Describe', 'Raw XML'])
      assert.ok(shot.text.includes(t), `"${t}" on screen`);
  });

  test('a request file flags a field outside its minor-version range for the chosen service-version', async () => {
    const doc = await vscode.workspace.openTextDocument(file('versioned.request.json'));
    await vscode.window.showTextDocument(doc);
    const ours = () => vscode.languages.getDiagnostics(doc.uri).filter(d => d.source === 'Billing Workbench');
    let d = await waitFor('versioned-field diagnostic', () => (ours().length ? ours() : undefined));
    assert.deepEqual(
      d.map(x => doc.getText(x.range)),
      ['"collect"'],
    );
    assert.equal(codeOf(d[0]), 'versioned-field');
    assert.match(d[0].message, /196\.0 and later/);
    await vscode.workspace
      .getConfiguration('billingWorkbench')
      .update('serviceVersion', '196.0', vscode.ConfigurationTarget.Global);
    try {
      d = await waitFor('moves to invoiceCollect', () =>
        ours().some(x => doc.getText(x.range) === '"invoiceCollect"') ? ours() : undefined,
      );
      assert.deepEqual(
        d.map(x => doc.getText(x.range)),
        ['"invoiceCollect"'],
      );
    } finally {
      await vscode.workspace
        .getConfiguration('billingWorkbench')
        .update('serviceVersion', undefined, vscode.ConfigurationTarget.Global);
    }
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  suiteTeardown(async () => {
    // After the suite the log holds the requests, and no secret or token.
    const logFiles = () => {
      try {
        return fs
          .readdirSync(a.logUri.fsPath)
          .filter(f => f.endsWith('.log'))
          .map(f => path.join(a.logUri.fsPath, f));
      } catch {
        return [];
      }
    };
    const text = await waitFor('the log file with request lines', () => {
      const t = logFiles()
        .map(f => fs.readFileSync(f, 'utf8'))
        .join('\n');
      return /POST \/v2\/orders\/preview 201/.test(t) ? t : undefined;
    });
    secrets.push(...(await a.clients.servedSandbox()).issuedTokens());
    for (const s of secrets) assert.ok(!text.includes(s), 'a secret or token is in the log');
    assert.ok(secrets.length > 2);
  });
});
