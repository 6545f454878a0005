// Answers checked against the published contract, as a person sees them: a tenant (a real sandbox on loopback,
// behind a small proxy that adds a field its preview answers do not have in the contract) answers a preview;
// the 500 px panel shows a quiet note naming the field's path, and the History keeps it. The Local sandbox's
// own answer to the same preview has no note.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { BillingWorkbenchApi } from '../../src/extension';
import type { Connection } from '../../src/connections/connectionStore';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { api, panelWidth, screenWhen, shown } from './helpers';
import { departingTenant } from '../unit/departingTenant';

const ws = () => vscode.workspace.workspaceFolders![0].uri;
const file = (name: string) => vscode.Uri.joinPath(ws(), name);
const NOTE = 'the contract does not list `subscriptions[0].actions[0].legacy_flag`';

suite('Answers checked against the contract', () => {
  let a: BillingWorkbenchApi;
  let tenant: Sandbox;
  let proxy: Awaited<ReturnType<typeof departingTenant>>;
  let conn: Connection;
  const uri = () => file('contract.preview.json');

  suiteSetup(async () => {
    a = await api();
    tenant = await startSandbox({ today: '2027-01-01' });
    proxy = await departingTenant(tenant.url);
    const baseUrl = proxy.url;
    conn = await a.connections.add({ name: 'Departing tenant', kind: 'sandbox', baseUrl });
    await a.connections.storeCredentials(conn.id, { clientId: tenant.clientId, clientSecret: tenant.clientSecret });
    fs.copyFileSync(file('new-customer.preview.json').fsPath, uri().fsPath);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await panelWidth(500);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri()), vscode.ViewColumn.One);
  });
  suiteTeardown(async () => {
    await a.connections.setActive('local');
    await a.connections.remove(conn.id);
    proxy.server.close();
    await tenant.close();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test("the CLI's --connection finds the editor's connection: its name and URL in global storage, no secret", () => {
    const written = JSON.parse(fs.readFileSync(a.connections.cliFile!, 'utf8')) as {
      connections: { name: string; kind: string; baseUrl: string }[];
    };
    assert.deepStrictEqual(
      written.connections.find(c => c.name === 'Departing tenant'),
      { name: 'Departing tenant', kind: 'sandbox', baseUrl: conn.baseUrl },
    );
    const text = fs.readFileSync(a.connections.cliFile!, 'utf8');
    assert.ok(!text.includes(tenant.clientSecret) && !text.includes(tenant.clientId), 'no credentials in the file');
  });

  test('on the Local sandbox a preview has no note; on a tenant that departs, the panel names the field, on screen', async function () {
    await a.connections.setActive('local');
    const local = await vscode.commands.executeCommand<{ status: number }>('billingWorkbench.preview', uri());
    assert.strictEqual(local?.status, 201);
    assert.strictEqual(shown(a, 'response').contract, undefined, 'the Local sandbox answers as the contract says');

    await a.connections.setActive(conn.id);
    const r = await vscode.commands.executeCommand<{ status: number }>('billingWorkbench.preview', uri());
    assert.strictEqual(r?.status, 201);
    const state = shown(a, 'response');
    assert.deepStrictEqual(state.contract, { notes: [NOTE], more: 0 });
    assert.ok(state.summary?.totals.length, 'the figures are still shown');
    const entry = a.requestHistory.entries().find(e => e.connection.name === 'Departing tenant');
    assert.deepStrictEqual(entry?.contract, { notes: [NOTE], more: 0 }, 'the History keeps the note');
    const row = (await a.history.tree.getChildren()).find(n => n.entry.id === entry.id)!;
    const item = a.history.tree.getTreeItem(row);
    assert.match(String(item.description), /departs from the contract/);
    assert.match(
      String(item.tooltip),
      /Contract: the contract does not list `subscriptions\[0\]\.actions\[0\]\.legacy_flag`/,
    );

    const shot = await screenWhen(this, 'panel-contract-note', t => t.includes('legacy_flag'));
    assert.ok(shot.text.includes('Contract: one departure'), 'the note says what it is');
    assert.ok(shot.text.includes('legacy_flag'), 'and names the field');
  });
});
