// Issue 14, finding accounts: the tree filtered by name or number on the service (read from the tree and
// on screen), item rows in their currency, and account_number completion from a server-side search.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { BillingWorkbenchApi } from '../../src/extension';
import type { Sandbox } from '../../src/sandbox';
import type { TreeNode } from '../../src/views/accountsTree';
import { api, screenWhen, typeKeys, waitFor } from './helpers';

const ws = () => vscode.workspace.workspaceFolders![0].uri;
const label = (a: BillingWorkbenchApi, n: TreeNode) => String(a.accounts.getTreeItem(n).label);
const description = (a: BillingWorkbenchApi, n: TreeNode) => String(a.accounts.getTreeItem(n).description);

/** The names of the stored accounts whose name or number starts with `text` (any case), in list order. */
const matching = (sb: Sandbox, text: string) =>
  sb.store.accountList
    .filter(x => [x.name, x.account_number].some(v => v.toLowerCase().startsWith(text.toLowerCase())))
    .map(x => x.name);

/** The tree's root labels once the view has caught up with the model (filter changes refresh it). */
async function rootsWhen(a: BillingWorkbenchApi, what: string, ok: (labels: string[]) => boolean) {
  return waitFor(what, async () => {
    const roots = await a.accounts.getChildren();
    return ok(roots.map(n => label(a, n))) ? roots : undefined;
  });
}

async function expand(a: BillingWorkbenchApi, account: TreeNode): Promise<TreeNode[]> {
  const [order] = await a.accounts.getChildren(account);
  const [sub] = await a.accounts.getChildren(order);
  const [plan] = await a.accounts.getChildren(sub);
  return a.accounts.getChildren(plan);
}

suite('Accounts: filter, item currency, account_number completion', () => {
  let a: BillingWorkbenchApi;
  let sb: Sandbox;
  suiteSetup(async () => {
    a = await api();
    await a.connections.setActive('local');
    sb = await a.clients.servedSandbox();
    if (sb.store.accounts.size < 60) sb.seedAccounts(60);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.view.extension.billingWorkbench');
  });
  teardown(async () => {
    await vscode.commands.executeCommand('billingWorkbench.clearAccountsFilter');
  });

  test('filter by name: only the matches, the view says so, on screen; by number; no match; Clear Filter restores', async function () {
    await vscode.commands.executeCommand('billingWorkbench.filterAccounts', 'customer 4');
    const expected = matching(sb, 'customer 4');
    assert.ok(expected.length >= 11 && expected.includes('Customer 49'), expected.join(', '));
    const roots = await rootsWhen(a, 'the filtered roots', l => l.length === expected.length);
    assert.deepEqual(
      roots.map(n => label(a, n)),
      expected,
    );
    assert.equal(a.views.accounts.description, 'Filter: customer 4');
    assert.equal(a.views.accounts.message, 'Accounts whose name or number starts with "customer 4"');
    await a.views.accounts.reveal(roots[0], { select: true, focus: true });
    // The rows and the message above them are drawn separately: read the screen once both are there.
    const shot = await screenWhen(
      this,
      'accounts-filtered',
      t => t.includes('Customer 49') && t.includes('starts with "customer 4"'),
    );
    for (const t of ['starts with "customer 4"', 'Customer 4', 'Customer 40', 'Customer 49'])
      assert.ok(shot.text.includes(t), `"${t}" on screen`);
    for (const t of ['Demo Customer', 'Customer 5', 'Load more'])
      assert.ok(!shot.text.includes(t), `"${t}" not on screen`);

    await vscode.commands.executeCommand('billingWorkbench.filterAccounts', 'A0000004');
    const byNumber = await rootsWhen(a, 'the accounts numbered A0000004…', l => l.length === 10);
    assert.deepEqual(
      byNumber.map(n => description(a, n).split(' · ')[0]),
      Array.from({ length: 10 }, (_, i) => `A0000004${i}`),
    );

    await vscode.commands.executeCommand('billingWorkbench.filterAccounts', 'customer');
    const many = matching(sb, 'customer');
    assert.ok(many.length > 50, `${many.length} accounts named Customer…`);
    const paged = await rootsWhen(a, 'a filtered page and Load more', l => l.at(-1) === 'Load more…');
    assert.deepEqual(
      paged.slice(0, -1).map(n => label(a, n)),
      many.slice(0, 50),
    );
    await vscode.commands.executeCommand('billingWorkbench._loadMoreAccounts');
    const more = await rootsWhen(a, 'the next filtered page', l => l.length > 51);
    const loaded = more.filter(n => n.kind === 'account').map(n => label(a, n));
    assert.deepEqual(loaded, many.slice(0, loaded.length));

    await vscode.commands.executeCommand('billingWorkbench.filterAccounts', 'zzz');
    const [none] = await rootsWhen(a, 'the no-match row', l => l.length === 1 && /zzz/.test(l[0]));
    assert.equal(label(a, none), `No account's name or number starts with "zzz": click to clear the filter`);
    assert.equal(a.accounts.getTreeItem(none).command?.command, 'billingWorkbench.clearAccountsFilter');

    await vscode.commands.executeCommand('billingWorkbench.clearAccountsFilter');
    const all = await rootsWhen(a, 'every account again', l => l[0] === 'Demo Customer');
    assert.equal(all.length, 51, 'a page of 50 and Load more');
    assert.equal(a.views.accounts.description, undefined);
    assert.equal(a.views.accounts.message, undefined);
  });

  test('by keyboard: Ctrl+Alt+F in the view asks for the filter; Enter applies it', async function () {
    await vscode.commands.executeCommand('billingWorkbench.accounts.focus');
    if (!(await typeKeys({ press: ['Control+Alt+KeyF'] }))) {
      console.log('skipped: no keyboard outside the code-server runner');
      this.skip();
    }
    await typeKeys({ waitFor: '.quick-input-widget input', type: 'Customer 5', press: ['Enter'] });
    await waitFor('the filter applied', () => a.views.accounts.description === 'Filter: Customer 5');
    const roots = await rootsWhen(
      a,
      'the accounts named Customer 5…',
      l => l.length === matching(sb, 'customer 5').length,
    );
    assert.ok(roots.every(n => label(a, n).startsWith('Customer 5')));
  });

  test('item rows show their currency: USD and EUR accounts, on screen', async function () {
    await vscode.commands.executeCommand('billingWorkbench.filterAccounts', 'Demo');
    const [demo] = await rootsWhen(a, 'Demo Customer', l => l[0] === 'Demo Customer');
    const usd = await expand(a, demo);
    assert.match(description(a, usd[0]), /^5 × 25\.00 USD · recurring\/month · active$/);
    await vscode.commands.executeCommand('billingWorkbench.filterAccounts', 'Customer 3');
    const roots = await rootsWhen(a, 'Customer 3', l => l[0] === 'Customer 3');
    const eur = await expand(a, roots[0]);
    assert.match(description(a, eur[0]), /^7 × 23\.00 EUR · recurring\/month · active$/);
    await a.views.accounts.reveal(eur[0], { select: true, focus: true, expand: true });
    const shot = await screenWhen(this, 'accounts-item-currency', t => t.includes('23.00 EUR'));
    assert.ok(shot.text.includes('7 × 23.00 EUR'), 'the EUR item row on screen');
  });

  test('account_number completion offers the accounts whose name or number starts with what is typed', async function () {
    const uri = vscode.Uri.joinPath(ws(), 'account-completion.order.json');
    const text = '{\n  "account_number": "Customer 4",\n  "order_date": "2026-01-01",\n  "subscriptions": []\n}\n';
    await vscode.workspace.fs.writeFile(uri, Buffer.from(text));
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const pos = editor.document.positionAt(text.indexOf('Customer 4') + 'Customer 4'.length);
    const ours = async (at: vscode.Position) => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        uri,
        at,
      );
      return list.items.filter(i => typeof i.label === 'object' && /^A\d{8}$/.test(i.label.label));
    };
    const expected = matching(sb, 'customer 4');
    const items = await waitFor('accounts offered for "Customer 4"', async () => {
      const found = await ours(pos);
      return found.length === expected.length ? found : undefined;
    });
    const names = items.map(i => (i.label as vscode.CompletionItemLabel).description!.split(' · ')[0]);
    assert.deepEqual(names, expected);
    const c40 = items[names.indexOf('Customer 40')];
    const n40 = sb.store.accountList.find(x => x.name === 'Customer 40')!;
    assert.equal((c40.label as vscode.CompletionItemLabel).label, n40.account_number);
    assert.equal(c40.detail, `Customer 40 · ${n40.currency}`);
    assert.equal(c40.insertText, n40.account_number);

    // by number: the typed text replaced, name and currency in the detail
    await editor.edit(e => e.replace(new vscode.Range(pos.translate(0, -10), pos), 'A0000000'));
    const numPos = editor.document.positionAt(editor.document.getText().indexOf('A0000000') + 8);
    const byNumber = await waitFor('accounts offered for "A0000000"', async () => {
      const found = await ours(numPos);
      return found.length === 9 ? found : undefined;
    });
    assert.equal(byNumber[0].detail, 'Demo Customer · USD');
    assert.deepEqual(
      byNumber.map(i => (i.label as vscode.CompletionItemLabel).label),
      Array.from({ length: 9 }, (_, i) => `A0000000${i + 1}`),
    );

    editor.selection = new vscode.Selection(numPos, numPos);
    await vscode.commands.executeCommand('editor.action.triggerSuggest');
    const shot = await screenWhen(this, 'account-completion', t => t.includes('A00000009'));
    for (const t of ['A00000001', 'Demo Customer · USD', 'Customer 9 · EUR'])
      assert.ok(shot.text.includes(t), `"${t}" on screen`);
    await vscode.commands.executeCommand('hideSuggestWidget');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.workspace.fs.delete(uri);
  });
});
