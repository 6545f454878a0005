import * as assert from 'assert';
import * as vscode from 'vscode';
import { api, EXT_ID, manifest, onScreen, waitFor } from './helpers';

suite('Billing Workbench in a real VS Code', () => {
  test('activates in the extension host', async () => {
    console.log(
      `VS Code version: ${vscode.version} (${vscode.env.appName}, ui ${vscode.UIKind[vscode.env.uiKind]}, node ${process.versions.node})`,
    );
    const a = await api();
    assert.ok(vscode.extensions.getExtension(EXT_ID)!.isActive);
    assert.ok(a.diagnostics, 'activate() returns its services');
  });

  test('every command in the manifest is registered', async () => {
    await api();
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = manifest()
      .contributes.commands.map(c => c.command)
      .filter(c => !registered.has(c));
    assert.deepStrictEqual(missing, []);
  });

  test('the Billing container shows both views', async () => {
    const a = await api();
    await vscode.commands.executeCommand('workbench.view.extension.billingWorkbench');
    await waitFor('both views visible', () => a.views.accounts.visible && a.views.endpoints.visible);
  });

  test("the Billing container's view titles are on screen", async function () {
    const a = await api();
    await vscode.commands.executeCommand('workbench.view.extension.billingWorkbench');
    await waitFor('both views visible', () => a.views.accounts.visible && a.views.endpoints.visible);
    const shot = await onScreen(this, 'billing-container');
    const text = shot.text.toLowerCase();
    for (const title of ['accounts & orders', 'endpoints'])
      assert.ok(text.includes(title), `"${title}" is on screen:\n${shot.text.slice(0, 2000)}`);
  });
});
