// Request files in the real VS Code: a v1 body checked against its operation's contract (one Problems entry
// per mistake, at the key, with Rename), completion of field names and enum values, hover, and New Request.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { api, hoverWhen, screenWhen, waitFor } from './helpers';

const ws = () => vscode.workspace.workspaceFolders![0].uri;
const codeOf = (d: vscode.Diagnostic) => (typeof d.code === 'object' ? String(d.code.value) : String(d.code));
const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter(d => d.source === 'Billing Workbench');
const labels = (items: vscode.CompletionItem[]) =>
  items.map(i => (typeof i.label === 'string' ? i.label : i.label.label));

async function complete(doc: vscode.TextDocument, pos: vscode.Position, expected: string): Promise<string[]> {
  return waitFor(`completion offering ${expected}`, async () => {
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      doc.uri,
      pos,
    );
    const all = labels(list.items).map(l => l.replace(/^"(.*)"$/, '$1')); // the JSON service quotes values
    return all.includes(expected) ? all : undefined;
  });
}

suite('Request files: v1 bodies checked, completed and explained', () => {
  suiteSetup(async () => {
    await api();
  });
  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('a misspelt field in a POST /v1/orders body: one warning at the key, Rename fixes it; custom fields pass', async function () {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors'); // the active file is this one
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(ws(), 'v1-order.request.json'));
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    const d = await waitFor('the request file diagnostics', () => (ours(doc.uri).length ? ours(doc.uri) : undefined));
    assert.deepEqual(
      d.map(x => [codeOf(x), doc.getText(x.range), x.severity]),
      [['unknown-field', '"suspendPeriodsTyp"', vscode.DiagnosticSeverity.Warning]],
    );
    assert.match(
      d[0].message,
      /^Unknown field "suspendPeriodsTyp" in subscriptions\[0\]\.orderActions\[0\]\.suspend: did you mean `suspendPeriodsType`\?/,
    );
    assert.match(d[0].message, /\(body\.subscriptions\[0\]\.orderActions\[0\]\.suspend\.suspendPeriodsTyp\)/);
    // On screen where the person reads it: the hover over the marked key.
    const editor = vscode.window.activeTextEditor!;
    // The container by its path (the hover wraps long lines, so the two halves are read apart).
    const entry = ['Unknown field "suspendPeriodsTyp" in', 'did you mean `suspendPeriodsType`?'];
    const inKey = d[0].range.start.translate(0, 1);
    const shot = await hoverWhen(this, 'request-file-problem', editor, inKey, text =>
      entry.every(e => text.includes(e)),
    );
    assert.ok(
      entry.every(e => shot.text.includes(e)),
      'the finding, its container and its advice, is on screen',
    );
    const actions = await waitFor('the Rename quick fix', async () => {
      const all = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        doc.uri,
        d[0].range,
        vscode.CodeActionKind.QuickFix.value,
      );
      return all.some(a => a.edit) ? all : undefined;
    });
    const rename = actions.find(a => a.title.includes('suspendPeriodsType'))!;
    assert.ok(rename.isPreferred, 'Rename is the preferred fix');
    assert.ok(await vscode.workspace.applyEdit(rename.edit!));
    await waitFor(
      'no finding left',
      () => ours(doc.uri).length === 0 && doc.getText().includes('"suspendPeriodsType"'),
    );
  });

  test('a wrong enum value is an error at the value; completion offers the allowed values and the fields', async () => {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(ws(), 'v1-order.request.json'));
    const editor = await vscode.window.showTextDocument(doc);
    const at = doc.getText().indexOf('"Today"');
    await editor.edit(e => e.replace(new vscode.Range(doc.positionAt(at), doc.positionAt(at + 7)), '"Tomorrow"'));
    const d = await waitFor('the enum error', () => ours(doc.uri).find(x => codeOf(x) === 'invalid-value'));
    assert.equal(doc.getText(d.range), '"Tomorrow"');
    assert.equal(d.severity, vscode.DiagnosticSeverity.Error);
    assert.match(d.message, /suspendPolicy must be one of "Today", "EndOfLastInvoicePeriod"/);
    const values = await complete(doc, doc.positionAt(at + 2), 'EndOfLastInvoicePeriod');
    for (const v of ['Today', 'FixedPeriodsFromToday', 'SpecificDate']) assert.ok(values.includes(v), v);
    // A new key inside `suspend`: the fields it still takes.
    const key = doc.getText().indexOf('"suspendPolicy"');
    await editor.edit(e => e.insert(doc.positionAt(key), '"", '));
    const fields = await complete(doc, doc.positionAt(key + 1), 'suspendSpecificDate');
    assert.ok(fields.includes('suspendPeriods'));
    assert.ok(!fields.includes('suspendPolicy'), 'a field already there is not offered again');
  });

  test('hover on a field: its type, whether it is required, and every allowed value', async () => {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(ws(), 'v1-order.request.json'));
    await vscode.window.showTextDocument(doc);
    const pos = doc.positionAt(doc.getText().indexOf('"type"') + 2);
    const text = await waitFor('our hover', async () => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, pos);
      const all = hovers.flatMap(h => h.contents.map(c => (typeof c === 'string' ? c : c.value))).join('\n');
      return all.includes('Allowed values') ? all : undefined;
    });
    assert.match(text, /\*\*type\*\*: string, required/);
    assert.match(text, /"CreateSubscription".*"ChangePlan"/s);
  });

  test('a v2 body completes like a payload file of its kind, and the operation completes from the catalog', async () => {
    const uri = vscode.Uri.joinPath(ws(), 'v2-account.request.json');
    fs.writeFileSync(uri.fsPath, '{\n  "operation": "POST /v2/accounts",\n  "body": {  }\n}\n');
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const fields = await complete(doc, doc.positionAt(doc.getText().indexOf('{  }') + 2), 'bill_to');
    for (const f of ['name', 'currency']) assert.ok(fields.includes(f), f);
    const ids = await complete(doc, doc.positionAt(doc.getText().indexOf('"POST') + 2), 'POST /v1/orders/preview');
    assert.ok(ids.includes('GET /v1/accounts/{account-key}'));
  });

  test('New Request... opens a body that validates clean (PUT /v1/subscriptions/{subscription-key}/cancel)', async () => {
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('billingWorkbench.newRequest', {
      operation: 'PUT /v1/subscriptions/{subscription-key}/cancel',
      pathParams: { 'subscription-key': 'S00000001' },
    });
    const doc = editor.document;
    const file = JSON.parse(doc.getText()) as { operation: string; body: Record<string, unknown> };
    assert.equal(file.operation, 'PUT /v1/subscriptions/{subscription-key}/cancel');
    assert.equal(file.body.cancellationPolicy, 'EndOfCurrentTerm');
    // Clean: a canary mistake shows up, and once it is undone nothing of ours remains.
    await editor.edit(e => e.insert(doc.positionAt(doc.getText().indexOf('"cancellationPolicy"')), '"Oops": 1, '));
    await waitFor('the canary warning', () => ours(doc.uri).some(d => d.message.includes('"Oops"')));
    await vscode.commands.executeCommand('undo');
    await waitFor('clean', () => ours(doc.uri).length === 0);
  });
});

// Issue 30, items 6 and 7: an empty id is an error, and a v1 object that takes custom fields (a payment) says
// "did you mean" on a misspelt field with Rename, as an order does.
suite('Request files: empty ids and misspelt fields outside orders', () => {
  suiteSetup(async () => {
    await api();
  });
  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('POST /v1/payments: "" accountNumber is an error, `coment` a warning whose Rename clears it', async function () {
    const uri = vscode.Uri.joinPath(ws(), 'empty-id-payment.request.json');
    const body = { accountNumber: '', amount: 350, currency: 'USD', type: 'External', coment: 'Paid by check' };
    fs.writeFileSync(uri.fsPath, JSON.stringify({ operation: 'POST /v1/payments', body }, null, 2) + '\n');
    try {
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
      const d = await waitFor('both findings', () => (ours(doc.uri).length === 2 ? ours(doc.uri) : undefined));
      const byCode = new Map(d.map(x => [codeOf(x), x]));
      const empty = byCode.get('empty-id')!,
        typo = byCode.get('unknown-field')!;
      assert.equal(doc.getText(empty.range), '""');
      assert.equal(empty.severity, vscode.DiagnosticSeverity.Error);
      assert.match(empty.message, /^accountNumber is empty: the service looks it up and answers 400/);
      assert.equal(doc.getText(typo.range), '"coment"');
      assert.equal(typo.severity, vscode.DiagnosticSeverity.Warning);
      assert.match(typo.message, /^Unknown field "coment" in the body: did you mean `comment`\?/);
      await vscode.commands.executeCommand('workbench.actions.view.problems');
      const shot = await screenWhen(this, 'empty-id-and-typo-problems', t =>
        ['accountNumber is empty', 'did you mean'].every(x => t.includes(x)),
      );
      assert.ok(shot.text.includes('accountNumber is empty'));
      const actions = await waitFor('the Rename quick fix', async () => {
        const all = await vscode.commands.executeCommand<vscode.CodeAction[]>(
          'vscode.executeCodeActionProvider',
          doc.uri,
          typo.range,
          vscode.CodeActionKind.QuickFix.value,
        );
        return all.some(a => a.edit && a.title === 'Rename to `comment`') ? all : undefined;
      });
      const rename = actions.find(a => a.title === 'Rename to `comment`')!;
      assert.ok(rename.isPreferred, 'Rename is the preferred fix');
      assert.ok(await vscode.workspace.applyEdit(rename.edit!));
      await waitFor('only the empty id left', () => ours(doc.uri).map(codeOf).join() === 'empty-id');
      assert.match(doc.getText(), /"comment": "Paid by check"/);
    } finally {
      fs.rmSync(uri.fsPath, { force: true });
    }
  });

  test('completion never offers a key the object has: v1 `type` in an order action, v2 `name` in account_data', async () => {
    // A key started on the line above `"type"` (the quotes typed, no comma yet), as a person adds one.
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(ws(), 'v1-order.request.json'));
    const editor = await vscode.window.showTextDocument(doc);
    const at = doc.getText().indexOf('"type"');
    await editor.edit(e => e.insert(doc.positionAt(at), '""\n            '));
    const v1 = await complete(doc, doc.positionAt(at + 1), 'triggerDates');
    assert.ok(!v1.includes('type') && !v1.includes('suspend'), v1.join(', '));
    // v2 keys come from the JSON language service and the generated schema: the same in a payload file.
    const order = vscode.Uri.joinPath(ws(), 'present-keys.order.json');
    fs.writeFileSync(
      order.fsPath,
      '{\n  "account_data": {\n    ""\n    "name": "Acme",\n    "currency": "USD"\n  }\n}\n',
    );
    try {
      const v2doc = await vscode.workspace.openTextDocument(order);
      await vscode.window.showTextDocument(v2doc);
      const v2 = await complete(v2doc, v2doc.positionAt(v2doc.getText().indexOf('""') + 1), 'bill_to');
      assert.ok(!v2.includes('name') && !v2.includes('currency'), v2.join(', '));
    } finally {
      fs.rmSync(order.fsPath, { force: true });
    }
  });

  test('POST /v1/object/usage: "03/01/2027 00:00" is an error with the form to write; no zone is a warning', async function () {
    const uri = vscode.Uri.joinPath(ws(), 'usage-date-time.request.json');
    const body = {
      AccountNumber: 'A00000001',
      Quantity: 3,
      UOM: 'Each',
      StartDateTime: '03/01/2027 00:00',
      EndDateTime: '2027-03-31T23:59:59',
    };
    fs.writeFileSync(uri.fsPath, JSON.stringify({ operation: 'POST /v1/object/usage', body }, null, 2) + '\n');
    try {
      const doc = await vscode.workspace.openTextDocument(uri);
      const editor = await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
      const d = await waitFor('both date-time findings', () =>
        ours(doc.uri).length === 2 ? ours(doc.uri) : undefined,
      );
      const [bad, noZone] = [...d].sort((a, b) => a.range.start.line - b.range.start.line);
      assert.deepEqual(
        [doc.getText(bad.range), bad.severity, codeOf(bad)],
        ['"03/01/2027 00:00"', vscode.DiagnosticSeverity.Error, 'invalid-format'],
      );
      assert.match(
        bad.message,
        /^StartDateTime must be a date-time written YYYY-MM-DDThh:mm:ss with a zone, e\.g\. 2027-03-01T00:00:00Z, not the string "03\/01\/2027 00:00"\./,
      );
      assert.deepEqual(
        [doc.getText(noZone.range), noZone.severity],
        ['"2027-03-31T23:59:59"', vscode.DiagnosticSeverity.Warning],
      );
      assert.match(noZone.message, /^EndDateTime has no zone, so the service reads it in the tenant's time zone/);
      // On screen where the person reads it: the hover over the marked value.
      const inValue = bad.range.start.translate(0, 1);
      const shot = await hoverWhen(this, 'request-file-date-time', editor, inValue, t =>
        t.includes('must be a date-time written'),
      );
      assert.ok(shot.text.includes('must be a date-time written'), 'the error and the form it wants are on screen');
      // Written as it asks, the error goes; the warning stays.
      await editor.edit(e => e.replace(bad.range, '"2027-03-01T00:00:00Z"'));
      await waitFor(
        'only the warning left',
        () =>
          ours(doc.uri).map(codeOf).join() === 'invalid-format' &&
          ours(doc.uri)[0].severity === vscode.DiagnosticSeverity.Warning,
      );
    } finally {
      fs.rmSync(uri.fsPath, { force: true });
    }
  });

  test('a v2 order with "" as plan_id: an error at the value', async () => {
    const uri = vscode.Uri.joinPath(ws(), 'empty-plan.order.json');
    const order = {
      account_number: 'A00000001',
      subscriptions: [
        {
          initial_term: { type: 'evergreen' },
          start_on: { contract_effective: '2026-01-01' },
          subscription_plans: [{ plan_id: '' }],
        },
      ],
    };
    fs.writeFileSync(uri.fsPath, JSON.stringify(order, null, 2) + '\n');
    try {
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc);
      const d = await waitFor('the empty-id error', () => ours(doc.uri).find(x => codeOf(x) === 'empty-id'));
      assert.equal(doc.getText(d.range), '""');
      assert.equal(d.severity, vscode.DiagnosticSeverity.Error);
      assert.match(d.message, /^subscriptions\[0\]\.subscription_plans\[0\]\.plan_id is empty/);
    } finally {
      fs.rmSync(uri.fsPath, { force: true });
    }
  });
});

// Issue 31, item 1: a v2 request file gets what a v1 one gets, from the v2 contract: its objects are closed, so
// a misspelt field is an error (the service refuses it) with Rename; completion offers the v2 fields; Find
// Operation reaches every v2 operation; the Endpoints view holds the v2 groups under one node.
suite('Request files: v2 bodies checked, completed and found', () => {
  let a: Awaited<ReturnType<typeof api>>;
  suiteSetup(async () => {
    a = await api();
  });
  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('POST /v2/contacts: a misspelt field is one error whose Rename clears it; completion offers the v2 fields', async function () {
    const uri = vscode.Uri.joinPath(ws(), 'v2-contact.request.json');
    const body = { account_id: 'A00000001', first_name: 'Amy', last_nmae: 'Lawrence', work_email: 'amy@example.com' };
    fs.writeFileSync(uri.fsPath, JSON.stringify({ operation: 'POST /v2/contacts', body }, null, 2) + '\n');
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    const d = await waitFor('the v2 finding', () => (ours(doc.uri).length ? ours(doc.uri) : undefined));
    assert.deepEqual(
      d.map(x => [codeOf(x), doc.getText(x.range), x.severity]),
      [['unknown-field', '"last_nmae"', vscode.DiagnosticSeverity.Error]],
    );
    assert.match(
      d[0].message,
      /^Unknown field "last_nmae" in the body: did you mean `last_name`\? The service rejects it/,
    );
    const entry = ['Unknown field "last_nmae"', 'did you mean `last_name`?'];
    const editor = vscode.window.activeTextEditor!;
    const inKey = d[0].range.start.translate(0, 1);
    const shot = await hoverWhen(this, 'request-file-v2-problem', editor, inKey, text =>
      entry.every(e => text.includes(e)),
    );
    assert.ok(
      entry.every(e => shot.text.includes(e)),
      'the finding and its advice are on screen',
    );
    // A new key in the body: the v2 contact's fields, not v1's, those present left out.
    const key = doc.getText().indexOf('"work_email"');
    await editor.edit(e => e.insert(doc.positionAt(key), '"", '));
    const fields = await complete(doc, doc.positionAt(key + 1), 'work_phone');
    for (const f of ['address', 'mobile_phone', 'other_phone_type']) assert.ok(fields.includes(f), f);
    for (const f of ['first_name', 'firstName', 'id']) assert.ok(!fields.includes(f), `${f} is not offered`);
    await vscode.commands.executeCommand('undo');
    const actions = await waitFor('the Rename quick fix', async () => {
      const all = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        doc.uri,
        d[0].range,
        vscode.CodeActionKind.QuickFix.value,
      );
      return all.some(x => x.edit) ? all : undefined;
    });
    assert.ok(await vscode.workspace.applyEdit(actions.find(x => x.title.includes('last_name'))!.edit!));
    await waitFor('no finding left', () => ours(doc.uri).length === 0 && doc.getText().includes('"last_name"'));
  });

  test('Find Operation reaches a v2 operation; the Endpoints view holds the v2 groups under one node', async function () {
    const found = await vscode.commands.executeCommand<{ id: string }[]>(
      'billingWorkbench.findOperation',
      'v2 invoices',
    );
    assert.equal(found[0].id, 'GET /v2/invoices');
    const paused = await vscode.commands.executeCommand<{ id: string }[]>(
      'billingWorkbench.findOperation',
      'pause subscription',
    );
    assert.match(paused[0].id, /^POST \/v2\/subscriptions\/\{[^}]+\}\/pause$/);

    await vscode.commands.executeCommand('workbench.view.extension.billingWorkbench');
    const top = a.endpoints.getChildren();
    const v2 = top.find(n => n.kind === 'family')!;
    assert.equal(top[0], v2, 'the v2 node comes first');
    const groups = a.endpoints.getChildren(v2);
    const names = groups.map(g => (g.kind === 'group' ? g.group : ''));
    for (const g of ['Accounts (v2)', 'Invoices (v2)', 'Subscriptions (v2)', 'Bill Runs (v2)'])
      assert.ok(names.includes(g), g);
    assert.ok(!top.some(n => n.kind === 'group' && / \(v2\)$/.test(n.group)), 'no v2 group among v1 ones');
    const count = groups.reduce((n, g) => n + a.endpoints.getChildren(g).length, 0);
    assert.equal(count, 166, 'every v2 operation of the reference');
    const invoices = groups.find(g => g.kind === 'group' && g.group === 'Invoices (v2)')!;
    const list = a.endpoints.getChildren(invoices).find(n => n.kind === 'operation' && n.op.id === 'GET /v2/invoices')!;
    assert.equal(a.endpoints.getParent(invoices), v2);
    await vscode.commands.executeCommand('workbench.action.closePanel'); // the view's full height
    await a.views.endpoints.reveal(v2, { select: true, focus: true, expand: true });
    // The first tags: the Accounts view above may hold many accounts by now, and the Endpoints view the rest.
    const tags = ['v2 · Quickstart API', 'Accounts', 'Bill Run Previews', 'Bill Runs'];
    const listed = await screenWhen(this, 'endpoints-v2-groups', text => tags.every(t => text.includes(t)));
    for (const t of tags) assert.ok(listed.text.includes(t), `"${t}" on screen`);
    await a.views.endpoints.reveal(list, { select: true, focus: true, expand: true });
    const marks = ['v2 · Quickstart API', 'Invoices', 'GET /v2/invoices', 'Orders'];
    const shot = await screenWhen(this, 'endpoints-v2', text => marks.every(t => text.includes(t)));
    for (const t of marks) assert.ok(shot.text.includes(t), `"${t}" on screen`);
    // Its details in the panel name the query a v2 list takes.
    await vscode.commands.executeCommand('billingWorkbench.showOperation', 'GET /v2/invoices');
    const query = ['Query parameters:', 'filter[]', 'sort[]', 'page_size', 'cursor'];
    const details = await screenWhen(this, 'operation-v2-query', text => query.every(t => text.includes(t)));
    for (const t of query) assert.ok(details.text.includes(t), `"${t}" on screen`);
  });
});
