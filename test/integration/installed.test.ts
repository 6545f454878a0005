// Runs against the packaged VSIX installed with --install-extension (BW_SUITE=installed): catches a
// .vscodeignore or bundling mistake that the development path hides.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { api, EXT_ID, manifest, typeKeys, waitFor } from './helpers';

const PAYLOAD_FILES = '**/*.{order,preview,account,request}.json';

async function completionLabels(uri: vscode.Uri, at: vscode.Position): Promise<string[]> {
  const command = 'vscode.executeCompletionItemProvider';
  const list = await vscode.commands.executeCommand<vscode.CompletionList>(command, uri, at);
  return (list?.items ?? []).map(i => (typeof i.label === 'string' ? i.label : i.label.label));
}

async function hoverText(uri: vscode.Uri, at: vscode.Position): Promise<string> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, at);
  return hovers.flatMap(h => h.contents.map(c => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join(' ');
}

suite('Installed VSIX', () => {
  // First: nothing before this may activate the extension. Its workspace holds no payload file.
  test('is not active without payload files; opening one activates it, as a full JSON citizen', async () => {
    const ext = vscode.extensions.getExtension(EXT_ID)!;
    assert.deepStrictEqual(await vscode.workspace.findFiles(PAYLOAD_FILES), [], 'no payload file in the workspace');
    assert.strictEqual(ext.isActive, false, 'not activated by start-up');
    const file = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'opened-later.order.json');
    const text = '{"account_number": "A00000001",\n"order_date":"2027-01-01"}\n';
    await vscode.workspace.fs.writeFile(file, Buffer.from(text));
    try {
      const doc = await vscode.workspace.openTextDocument(file);
      await vscode.window.showTextDocument(doc);
      assert.strictEqual(doc.languageId, 'billing-payload');
      await waitFor('the extension activated by opening the payload file', () => ext.isActive);
      const codes = () =>
        vscode.languages
          .getDiagnostics(file)
          .filter(d => d.source === 'Billing Workbench')
          .map(d => (d.code as { value: string }).value);
      await waitFor('our finding: nothing to order', () => codes().includes('nothing-to-order'));
      // VS Code's JSON service serves the file: completion and hover from the schema, and formatting.
      await waitFor("completion offers the schema's properties", async () =>
        (await completionLabels(file, new vscode.Position(1, 0))).some(l => l.includes('subscriptions')),
      );
      await waitFor('hover on "order_date" shows its description', async () =>
        (await hoverText(file, new vscode.Position(1, 3))).includes('Date the order is signed'),
      );
      const format = 'vscode.executeFormatDocumentProvider';
      const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>(format, file, {
        tabSize: 2,
        insertSpaces: true,
      });
      assert.ok(edits && edits.length > 0, 'the JSON formatter indents the second line');
      // Colouring: the JSON grammar gives property names a token colour of their own (plain text is mtk1).
      const coloured = '.monaco-editor .view-line span[class^="mtk"]:not(.mtk1)';
      if (await typeKeys({ waitFor: coloured })) console.log('coloured tokens seen');
    } finally {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      await vscode.workspace.fs.delete(file);
    }
  });

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
    assert.deepStrictEqual(
      manifest()
        .contributes.commands.map(c => c.command)
        .filter(c => !registered.has(c)),
      [],
    );
  });

  test('ships the generated JSON Schemas and checks a payload', async () => {
    const ext = vscode.extensions.getExtension(EXT_ID)!;
    for (const kind of ['order', 'preview', 'account', 'scenario'])
      assert.ok(fs.existsSync(path.join(ext.extensionPath, 'dist', 'schemas', `${kind}.schema.json`)), kind);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse('untitled:/installed-check.order.json'));
    await vscode.window.showTextDocument(doc);
    await (
      await vscode.window.activeTextEditor!
    ).edit(b =>
      b.insert(
        new vscode.Position(0, 0),
        '{"account_number": "A1", "bogus": 1, "line_items": [{"name": "x", "type": "fee"}]}',
      ),
    );
    const codes = () =>
      vscode.languages
        .getDiagnostics(doc.uri)
        .filter(d => d.source === 'Billing Workbench')
        .map(d => (d.code as { value: string }).value);
    await waitFor('the unknown field flagged', () => codes().includes('unknown-field'));
    assert.deepStrictEqual(codes(), ['unknown-field']);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
