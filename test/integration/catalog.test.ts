// Catalog-aware authoring in the real editor: completion of plan_id and price_id from the connection's
// product catalog (read on screen too), hover, the unknown-plan warning naming the connection with its
// quick fix, and a keystroke that never waits for the catalog to arrive.
import * as assert from 'assert';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as vscode from 'vscode';
import type { BillingWorkbenchApi } from '../../src/extension';
import type { Connection } from '../../src/connections/connectionStore';
import { plansPage } from '../../src/sandbox/v2/planViews';
import { TEMPLATES, templateText } from '../../src/schemas';
import { api, onScreen, typeKeys, waitFor } from './helpers';

const SOURCE = 'Billing Workbench (catalog)';
const ws = () => vscode.workspace.workspaceFolders![0].uri;
const labelOf = (i: vscode.CompletionItem) => (typeof i.label === 'string' ? i.label : i.label.label);
const describedAs = (i: vscode.CompletionItem) => (typeof i.label === 'string' ? '' : (i.label.description ?? ''));
/** Markdown as a person reads it: VS Code escapes text appended to a MarkdownString. */
const unescaped = (md: string) => md.replace(/&nbsp;/g, ' ').replace(/\\(.)/g, '$1');
const catalogDiags = (doc: vscode.TextDocument) =>
  vscode.languages.getDiagnostics(doc.uri).filter(d => d.source === SOURCE);

async function completions(doc: vscode.TextDocument, pos: vscode.Position): Promise<vscode.CompletionItem[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>(
    'vscode.executeCompletionItemProvider',
    doc.uri,
    pos,
  );
  return list.items;
}

/** A payload of our own in the workspace: the new-customer example with both a seats price and a plan to name. */
async function openPayload(name: string): Promise<vscode.TextEditor> {
  const body = structuredClone(TEMPLATES.find(t => t.id === 'new-customer')!.body) as {
    subscriptions: { subscription_plans: unknown[] }[];
  };
  body.subscriptions[0].subscription_plans.push({ plan_id: 'plan-enterprise-yearly', prices: [{ price_id: '' }] });
  const uri = vscode.Uri.joinPath(ws(), name);
  await vscode.workspace.fs.writeFile(uri, Buffer.from(templateText({ ...TEMPLATES[0], body })));
  return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
}

/** The position just inside the n-th occurrence of `quoted` (a JSON string with its quotes). */
function inside(doc: vscode.TextDocument, quoted: string, nth = 0): vscode.Position {
  const text = doc.getText();
  let at = -1;
  for (let i = 0; i <= nth; i++) at = text.indexOf(quoted, at + 1);
  assert.ok(at >= 0, `${quoted} in the payload`);
  return doc.positionAt(at + 1);
}

suite('Catalog-aware authoring', () => {
  let a: BillingWorkbenchApi;
  suiteSetup(async () => {
    a = await api();
    await a.connections.setActive('local');
  });
  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
  suiteTeardown(async () => {
    for (const name of ['complete', 'prices', 'update', 'hover', 'typo']) {
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(ws(), `catalog-${name}.order.json`));
    }
  });

  test("completion at plan_id offers the seeded catalog's plans with their prices, also on screen", async function () {
    const editor = await openPayload('catalog-complete.order.json');
    const doc = editor.document;
    await a.catalogs.get();
    const pos = inside(doc, '"plan-team-monthly"');
    const items = await waitFor('the catalog plans offered', async () => {
      const ours = (await completions(doc, pos)).filter(i => labelOf(i).startsWith('plan-'));
      return ours.length ? ours : undefined;
    });
    assert.deepStrictEqual(items.map(labelOf), [
      'plan-team-monthly',
      'plan-enterprise-yearly',
      'plan-onboarding',
      'plan-api-usage',
      'plan-api-tiered',
      'plan-storage-tiered',
      'plan-support-quarterly',
      'plan-licences-volume',
      'plan-discount-launch',
      'plan-discount-loyalty',
    ]);
    assert.strictEqual(describedAs(items[0]), 'Team, monthly — 25.00 USD per seat a month + 100.00 USD a month');
    assert.strictEqual(items[0].detail, 'Team, monthly · Team workspace');
    const docs = unescaped((items[1].documentation as vscode.MarkdownString).value);
    assert.ok(docs.includes('Annual licence: flat fee, 12,000.00 USD / 11,000.00 EUR, a year'), docs);
    assert.ok(docs.includes('From the product catalog of Local sandbox'), docs);
    assert.strictEqual(items[0].insertText, '"plan-team-monthly"');

    editor.selection = new vscode.Selection(pos, pos);
    await vscode.commands.executeCommand('editor.action.triggerSuggest');
    if (await typeKeys({ waitFor: '.suggest-widget.visible .monaco-list-row' })) {
      await vscode.commands.executeCommand('toggleSuggestionDetails'); // the charges of the focused plan, beside
      await typeKeys({ waitFor: '.suggest-details-container .suggest-details' });
    }
    const shot = await onScreen(this, 'catalog-completion');
    shot.text = shot.text.replace(/\u00a0/g, ' '); // the details pane keeps the documentation's spaces as &nbsp;
    const shown = ['plan-team-monthly', 'plan-enterprise-yearly', 'plan-onboarding', 'Team, monthly', '25.00 USD'];
    for (const t of [...shown, 'Platform fee: flat fee, 100.00 USD / 92.00 EUR, a month']) {
      assert.ok(shot.text.includes(t), `"${t}" on screen`);
    }
    await vscode.commands.executeCommand('hideSuggestWidget');
  });

  test('price_id completion offers only the charges of the plan in the same entry', async () => {
    const editor = await openPayload('catalog-prices.order.json');
    const doc = editor.document;
    await a.catalogs.get();
    const ofPlan = async (pos: vscode.Position) =>
      (await completions(doc, pos)).filter(i => labelOf(i).startsWith('price-')).map(labelOf);
    assert.deepStrictEqual(await ofPlan(inside(doc, '"price-team-seats"')), [
      'price-team-seats',
      'price-team-platform',
    ]);
    const enterprise = await ofPlan(inside(doc, '""'));
    assert.deepStrictEqual(enterprise, ['price-enterprise-annual']);
  });

  test('subscription numbers, plans and items complete from the account the payload names', async () => {
    const uri = vscode.Uri.joinPath(ws(), 'catalog-update.order.json');
    await vscode.workspace.fs.writeFile(uri, Buffer.from(templateText(TEMPLATES.find(t => t.id === 'update-plan')!)));
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const offered = (pos: vscode.Position, prefix: string) =>
      waitFor(`${prefix}… offered`, async () => {
        const l = (await completions(doc, pos)).map(labelOf).filter(x => x.startsWith(prefix));
        return l.length ? l : undefined;
      });
    assert.deepStrictEqual(await offered(inside(doc, '"S00000001"'), 'S0'), ['S00000001', 'S00000002']);
    assert.deepStrictEqual(await offered(inside(doc, '"SP00000001"'), 'SP'), ['SP00000001']);
    assert.deepStrictEqual(await offered(inside(doc, '"SI00000001"'), 'SI'), ['SI00000001', 'SI00000002']);

    // An order for the same account makes a subscription: the cached list is read again, not kept stale.
    const order = vscode.Uri.joinPath(ws(), 'catalog-new-subscription.order.json');
    const addsOne = TEMPLATES.find(t => t.id === 'subscription-and-fee')!;
    await vscode.workspace.fs.writeFile(order, Buffer.from(templateText(addsOne)));
    const created = await vscode.commands.executeCommand<{
      data: { subscriptions: { subscription_number: string }[] };
    }>('billingWorkbench.create', order, { confirmed: true });
    const made = created!.data.subscriptions[0].subscription_number;
    await vscode.window.showTextDocument(doc);
    await waitFor(`${made} offered after the create`, async () => {
      const l = (await completions(doc, inside(doc, '"S00000001"'))).map(labelOf);
      return l.includes(made) ? l : undefined;
    });
  });

  test('hover on plan_id and price_id shows the plan, its product and its charges', async () => {
    const editor = await openPayload('catalog-hover.order.json');
    const doc = editor.document;
    await a.catalogs.get();
    const hoverText = async (pos: vscode.Position) => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, pos);
      return unescaped(hovers.flatMap(h => h.contents.map(c => (typeof c === 'string' ? c : c.value))).join('\n'));
    };
    const plan = await hoverText(inside(doc, '"plan-team-monthly"'));
    assert.ok(plan.includes('plan-team-monthly — Team, monthly · Team workspace (number PL-TEAM-MONTHLY)'), plan);
    assert.ok(plan.includes('Seats: per unit, 25.00 USD / 23.00 EUR per seat, a month'), plan);
    const price = await hoverText(inside(doc, '"price-team-seats"'));
    assert.ok(price.includes('Plan: plan-team-monthly — Team, monthly · Team workspace'), price);
  });

  test('an unknown plan is a warning naming the connection; its quick fix puts the closest id', async function () {
    const editor = await openPayload('catalog-typo.order.json');
    const doc = editor.document;
    const at = inside(doc, '"plan-team-monthly"');
    await editor.edit(e =>
      e.replace(new vscode.Range(at, at.translate(0, 'plan-team-monthly'.length)), 'plan-team-monthy'),
    );
    const [diag, ...others] = await waitFor('the catalog warning', () => {
      const d = catalogDiags(doc);
      return d.length ? d : undefined;
    });
    assert.deepStrictEqual(others, [], 'one warning: an empty price_id is not written yet');
    assert.strictEqual(diag.severity, vscode.DiagnosticSeverity.Warning);
    assert.strictEqual(
      diag.message,
      'Plan "plan-team-monthy" is not in the product catalog of Local sandbox. Did you mean "plan-team-monthly"?',
    );
    assert.strictEqual(doc.getText(diag.range), '"plan-team-monthy"');
    assert.strictEqual(diag.code, 'unknown-plan');

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      doc.uri,
      diag.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const fix = actions.find(x => x.title === 'Replace with "plan-team-monthly"');
    assert.ok(fix?.edit, `the fix among ${actions.map(x => x.title).join(', ')}`);
    assert.ok(fix.isPreferred);
    assert.ok(actions.some(x => x.title === 'Refresh Catalog'));
    await vscode.workspace.applyEdit(fix.edit);
    assert.ok(doc.getText().includes('"plan_id": "plan-team-monthly"'));
    await waitFor('the warning gone after the fix', () => catalogDiags(doc).length === 0);

    await vscode.commands.executeCommand('undo');
    const [back] = await waitFor('the warning back after undo', () => {
      const d = catalogDiags(doc);
      return d.length === 1 ? d : undefined;
    });
    editor.selection = new vscode.Selection(back.range.start.translate(0, 1), back.range.start.translate(0, 1));
    editor.revealRange(back.range, vscode.TextEditorRevealType.InCenter);
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    // The hover shows once the editor has settled after the scroll: asked again (at most 5 times) until read.
    let shot = { png: '', text: '' };
    for (let tries = 0; tries < 5 && !shot.text.includes('is not in the product catalog'); tries++) {
      await vscode.commands.executeCommand('editor.action.showHover');
      shot = await onScreen(this, 'catalog-warning');
    }
    assert.ok(shot.text.includes('is not in the product catalog of Local sandbox'), 'the warning in its hover');
    assert.ok(shot.text.includes('Did you mean "plan-team-monthly"?'));
  });
});

suite('Catalog-aware authoring: a keystroke never waits for the catalog', () => {
  let a: BillingWorkbenchApi;
  let server: http.Server;
  let conn: Connection;
  let release!: () => void;
  const released = new Promise<void>(r => (release = r));
  const planRequests: string[] = [];

  suiteSetup(async () => {
    a = await api();
    // A service whose catalog answers only when the test says so: what a slow tenant looks like.
    server = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/oauth/token') {
        res.end(JSON.stringify({ access_token: 'catalog-test-token', token_type: 'bearer', expires_in: 3600 }));
      } else if (url.pathname === '/v2/plans') {
        planRequests.push(url.search);
        void released.then(() => res.end(JSON.stringify(plansPage(url.searchParams))));
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ type: 'not_found', errors: [], retryable: false }));
      }
    });
    await new Promise<void>(r => server.listen(0, '127.0.0.1', () => r()));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    conn = await a.connections.add({ name: 'Slow catalog env', kind: 'test', baseUrl });
    await a.connections.storeCredentials(conn.id, { clientId: 'catalog-test', clientSecret: 'catalog-test-secret' });
    await a.connections.setActive(conn.id);
  });
  suiteTeardown(async () => {
    release();
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(ws(), 'catalog-slow.order.json'));
    await a.connections.remove(conn.id);
    await a.connections.setActive('local');
    server.close();
  });

  test('before the catalog arrives, completion says it is loading; the next completion has the plans', async () => {
    const editor = await openPayload('catalog-slow.order.json');
    const doc = editor.document;
    const pos = inside(doc, '"plan-team-monthly"');
    const first = await completions(doc, pos);
    const labels = first.map(labelOf);
    assert.ok(labels.includes('Loading the product catalog of Slow catalog env…'), labels.join(', '));
    assert.ok(!labels.includes('plan-enterprise-yearly'), 'no plan before the catalog arrived');
    await waitFor('the catalog requested', () => planRequests.length > 0);
    const requested = planRequests.length;
    release();
    const plans = await waitFor('the plans in the next completion', async () => {
      const l = (await completions(doc, pos)).map(labelOf);
      return l.includes('plan-enterprise-yearly') ? l : undefined;
    });
    assert.ok(!plans.some(l => l.startsWith('Loading')), 'the loading item is gone');
    assert.strictEqual(planRequests.length, requested, 'the completions shared the fetch in flight');
    assert.match(planRequests[0], /expand%5B%5D=product&expand%5B%5D=prices/);
  });
});
