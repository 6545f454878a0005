import * as assert from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';
import { api, screenWhen, waitFor } from './helpers';

const ws = () => vscode.workspace.workspaceFolders![0].uri;
const codeOf = (d: vscode.Diagnostic) => (typeof d.code === 'object' ? String(d.code.value) : String(d.code));
const DIAGNOSTIC_SOURCE = 'Billing Workbench';
const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter(d => d.source === DIAGNOSTIC_SOURCE);

/** The completion labels at `pos`, once the JSON service offers `expected` (it starts in the background). */
async function completionLabels(doc: vscode.TextDocument, pos: vscode.Position, expected: string): Promise<string[]> {
  return waitFor(
    `completion offering ${expected}`,
    async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        doc.uri,
        pos,
      );
      const labels = list.items.map(i => (typeof i.label === 'string' ? i.label : i.label.label));
      return labels.some(l => l.includes(expected)) ? labels : undefined;
    },
    20000,
  );
}

/**
 * The quick fixes VS Code offers for our diagnostic with `code`, as the light bulb asks for them: again,
 * with the diagnostic as it is then, until the markers and the findings of the current version agree.
 */
async function quickFixesFor(doc: vscode.TextDocument, code: string): Promise<vscode.CodeAction[]> {
  return waitFor(`a quick fix for ${code}`, async () => {
    const diag = ours(doc.uri).find(d => codeOf(d) === code);
    if (!diag) return undefined;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      doc.uri,
      diag.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    return actions.some(a => a.edit) ? actions : undefined;
  });
}

async function open(name: string): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(ws(), name));
  return vscode.window.showTextDocument(doc);
}

async function edit(build: (e: vscode.WorkspaceEdit) => void): Promise<void> {
  const e = new vscode.WorkspaceEdit();
  build(e);
  assert.ok(await vscode.workspace.applyEdit(e));
}

/** Waits until the JSON language service has the schema for `doc` (hover shows one of its descriptions). */
async function jsonServiceReady(doc: vscode.TextDocument): Promise<void> {
  const pos = doc.positionAt(doc.getText().indexOf('"account_data"') + 3);
  await waitFor(
    'the JSON language service',
    async () => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, pos);
      return hovers.length > 0;
    },
    20000,
  );
}

/**
 * Every diagnostic of `doc` once both validators have seen its current text. The JSON language service
 * publishes nothing new when it finds nothing, so a canary proves it ran: a duplicate key (which only it
 * reports) is added, awaited, removed, and its warning awaited gone; that publish holds all it found.
 */
async function settled(doc: vscode.TextDocument, expected: string): Promise<vscode.Diagnostic[]> {
  const isCanary = (d: vscode.Diagnostic) => d.source !== DIAGNOSTIC_SOURCE && /duplicate/i.test(d.message);
  const canary = '  "description": "canary",\n';
  await edit(e => e.insert(doc.uri, new vscode.Position(1, 0), canary + canary));
  await waitFor(
    'the JSON language service reports the duplicate key',
    () => vscode.languages.getDiagnostics(doc.uri).some(isCanary),
    20000,
  );
  await edit(e => e.delete(doc.uri, new vscode.Range(1, 0, 3, 0)));
  const gone = () => !vscode.languages.getDiagnostics(doc.uri).some(isCanary);
  await waitFor('the duplicate key warning gone', gone, 20000);
  await waitFor('our diagnostics of this version', () => ours(doc.uri).some(d => doc.getText(d.range) === expected));
  return vscode.languages.getDiagnostics(doc.uri);
}

suite('Order payload diagnostics, quick fixes and schema', () => {
  suiteSetup(async () => {
    await api();
  });
  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('a file with known mistakes shows each diagnostic with message, code, severity and range', async function () {
    const editor = await open('mistakes.order.json');
    const doc = editor.document;
    const diags = await waitFor('diagnostics', () => {
      const d = ours(doc.uri);
      return d.length >= 4 ? d : undefined;
    });
    const byCode = (c: string) => diags.filter(d => codeOf(d) === c);
    const text = (d: vscode.Diagnostic) => doc.getText(d.range);

    const missing = byCode('missing-field');
    assert.equal(missing.length, 1);
    assert.equal(text(missing[0]), '"bill_to"');
    assert.equal(missing[0].range.start.line, 4);
    assert.match(missing[0].message, /"last_name" is required in account_data\.bill_to.*category 22/);
    assert.equal(missing[0].severity, vscode.DiagnosticSeverity.Error);

    const unknown = byCode('unknown-field');
    assert.deepEqual(unknown.map(text), ['"colour"']);
    assert.match(unknown[0].message, /category 21/);

    const date = byCode('invalid-date');
    assert.deepEqual(date.map(text), ['"2026-02-30"']);
    // The message leads with the field's path, so it is not repeated before the category.
    assert.match(
      date[0].message,
      /^subscriptions\[0\]\.start_on\.contract_effective must be a real date written YYYY-MM-DD, not the string "2026-02-30"\. — service category 20/,
    );
    assert.equal(date[0].range.start.line, 11);

    const evergreen = byCode('evergreen-with-interval');
    assert.deepEqual(evergreen.map(text), ['"interval"']);
    assert.equal(evergreen[0].range.start.line, 10);
    const target = (missing[0].code as { target: vscode.Uri }).target;
    assert.ok(
      target.path.endsWith('docs/FINDINGS.md') && target.fragment === 'missing-field',
      'the code links to its explanation',
    );
    // Earlier suites leave files with problems of their own open, listed above this one: the panel maximized
    // shows them all, as a person scrolling the list would see them.
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    await vscode.commands.executeCommand('workbench.action.toggleMaximizedPanel');
    try {
      const shot = await screenWhen(this, 'problems', t =>
        t.includes('last_name" is required in account_data.bill_to'),
      );
      assert.match(shot.text, /last_name" is required in account_data\.bill_to/);
    } finally {
      await vscode.commands.executeCommand('workbench.action.toggleMaximizedPanel');
    }
  });

  test('quick fixes: add the missing property, drop the evergreen interval; the diagnostics go', async () => {
    const editor = await open('mistakes.order.json');
    const doc = editor.document;
    for (const code of ['missing-field', 'evergreen-with-interval', 'unknown-field']) {
      const actions = await quickFixesFor(doc, code);
      const fix = actions.find(a => a.kind?.value === vscode.CodeActionKind.QuickFix.value);
      assert.ok(fix?.edit, `a quick fix for ${code}: ${actions.map(a => a.title).join(', ')}`);
      assert.ok(await vscode.workspace.applyEdit(fix.edit));
      await waitFor(`${code} gone`, () => !ours(doc.uri).some(d => codeOf(d) === code));
    }
    assert.match(doc.getText(), /"last_name": "Last"/);
    assert.deepEqual(ours(doc.uri).map(codeOf), ['invalid-date']);
  });

  test('a preview without metrics gets the add-metrics fix', async () => {
    const { document: doc } = await open('no-metrics.preview.json');
    const actions = await quickFixesFor(doc, 'missing-field');
    assert.match(actions[0].title, /metrics/);
    assert.ok(await vscode.workspace.applyEdit(actions[0].edit!));
    await waitFor('clean', () => ours(doc.uri).length === 0);
    assert.deepEqual(JSON.parse(doc.getText()).metrics, ['delta_metrics']);
  });

  test('the contributed JSON Schema is live: completion inside account_data offers bill_to', async () => {
    const editor = await open('completion.order.json');
    const pos = editor.document.positionAt(editor.document.getText().indexOf('"currency"'));
    const labels = await completionLabels(editor.document, pos, 'bill_to');
    assert.ok(
      labels.some(l => l.includes('sold_to')),
      labels.join(', '),
    );
  });

  test("hover shows the spec's description from the generated schema", async () => {
    const editor = await open('completion.order.json');
    const pos = editor.document.positionAt(editor.document.getText().indexOf('"currency"') + 3);
    const text = await waitFor(
      'hover',
      async () => {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
          'vscode.executeHoverProvider',
          editor.document.uri,
          pos,
        );
        const t = hovers
          .flatMap(h => h.contents.map(c => (typeof c === 'string' ? c : 'value' in c ? c.value : '')))
          .join('\n');
        return /ISO 4217/.test(t) ? t : undefined;
      },
      20000,
    );
    const plain = text.replace(/\\([\\`*_{}[\]()#+\-.!])/g, '$1'); // markdown escapes removed
    assert.ok(plain.includes('Currency code (ISO 4217). Required; cannot change later.'), text);
  });

  test('completion offers enum values (line item type) though the editor schema checks nothing', async () => {
    const editor = await open('enum.order.json');
    const pos = editor.document.positionAt(editor.document.getText().indexOf('"type": "') + 9);
    const labels = await completionLabels(editor.document, pos, 'fee');
    assert.ok(
      labels.some(l => l.includes('services')),
      labels.join(', '),
    );
  });

  test('one finding per mistake: deleting currency shows only our Problems entry', async () => {
    const { document: doc } = await open('new-customer.order.json');
    await jsonServiceReady(doc);
    const line = doc
      .getText()
      .split('\n')
      .findIndex(l => l.includes('"currency"'));
    await edit(e => e.delete(doc.uri, new vscode.Range(line, 0, line + 1, 0)));
    const all = await settled(doc, '"account_data"');
    assert.deepEqual(
      all.map(d => [d.source, codeOf(d), doc.getText(d.range)]),
      [['Billing Workbench', 'missing-field', '"account_data"']],
      all.map(d => d.message).join('\n'),
    );
    assert.match(all[0].message, /"currency" is required in account_data/);
  });

  test('a misspelt field: one entry, "Rename to `currency`" keeps the value and clears it', async () => {
    const { document: doc } = await open('new-customer.order.json');
    await jsonServiceReady(doc);
    const at = doc.getText().indexOf('"currency"');
    await edit(e => e.replace(doc.uri, new vscode.Range(doc.positionAt(at), doc.positionAt(at + 10)), '"curency"'));
    const all = await settled(doc, '"curency"');
    assert.deepEqual(
      all.map(d => [d.source, codeOf(d), doc.getText(d.range)]),
      [['Billing Workbench', 'unknown-field', '"curency"']],
      all.map(d => d.message).join('\n'),
    );
    assert.match(all[0].message, /Unknown field "curency" in account_data: did you mean `currency`\?/);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      doc.uri,
      all[0].range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const titles = actions.map(a => a.title);
    assert.ok(titles.includes('Rename to `currency`') && titles.includes('Remove "curency"'), titles.join(', '));
    const rename = actions.find(a => a.title === 'Rename to `currency`')!;
    assert.equal(rename.isPreferred, true);
    assert.ok(await vscode.workspace.applyEdit(rename.edit!));
    await waitFor('clean after rename', () => ours(doc.uri).length === 0);
    assert.match(doc.getText(), /"currency": "USD"/);
  });

  test('New Order Payload opens a named file from a template that validates clean', async () => {
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
      'billingWorkbench.newOrderPayload',
      'new-customer',
    );
    assert.ok(editor);
    // the workspace already has new-customer.order.json: never overwrite, take the next free name
    assert.equal(path.basename(editor.document.uri.path), 'new-customer-2.order.json');
    assert.equal(editor.document.isUntitled, true);
    assert.equal(JSON.parse(editor.document.getText()).account_data.name, 'Acme Robotics');
    const count = await vscode.commands.executeCommand<number>('billingWorkbench.validateFile');
    assert.equal(count, 0);
  });
});
