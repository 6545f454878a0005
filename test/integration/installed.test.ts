// Runs against the packaged VSIX installed with --install-extension (BW_SUITE=installed): catches a
// .vscodeignore or bundling mistake that the development path hides.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { api, EXT_ID, manifest, waitFor } from './helpers';

suite('Installed VSIX', () => {
  test('is the installed copy, not the development folder', () => {
    const ext = vscode.extensions.getExtension(EXT_ID);
    assert.ok(ext, 'installed extension is known to VS Code');
    console.log(`installed at ${ext.extensionPath} in VS Code ${vscode.version}`);
    assert.ok(!fs.existsSync(path.join(ext.extensionPath, 'src')), 'no sources in the VSIX');
    assert.ok(fs.existsSync(path.join(ext.extensionPath, 'dist', 'extension.js')));
  });

  test('activates from the installed copy and registers every command', async () => {
    await api();
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepStrictEqual(manifest().contributes.commands.map(c => c.command).filter(c => !registered.has(c)), []);
  });

  test('ships the generated JSON Schemas and checks a payload', async () => {
    const ext = vscode.extensions.getExtension(EXT_ID)!;
    for (const kind of ['order', 'preview', 'account']) assert.ok(fs.existsSync(path.join(ext.extensionPath, 'dist', 'schemas', `${kind}.schema.json`)), kind);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse('untitled:/installed-check.order.json'));
    await vscode.window.showTextDocument(doc);
    await (await vscode.window.activeTextEditor!).edit(b => b.insert(new vscode.Position(0, 0), '{"account_number": "A1", "bogus": 1, "line_items": [{"name": "x", "type": "fee"}]}'));
    const codes = () => vscode.languages.getDiagnostics(doc.uri).filter(d => d.source === 'Billing Workbench').map(d => (d.code as { value: string }).value);
    await waitFor('the unknown field flagged', () => codes().includes('unknown-field'));
    assert.deepStrictEqual(codes(), ['unknown-field']);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
