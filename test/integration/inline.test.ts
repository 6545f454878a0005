// Metrics inline, in the payload: after a preview each subscription and line item shows its delta MRR and
// TCB, and the first line its totals (inlay hints, read through the API and on screen); an edit marks them
// stale; live preview on the Local sandbox updates them as a person types, cancels a request the next edit
// makes obsolete (one a sandbox holds in flight), never sends a file with errors, and is off for other
// connections unless turned on.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { BillingWorkbenchApi } from '../../src/extension';
import type { LiveEvent, LiveStep } from '../../src/services/livePreview';
import { startSandbox } from '../../src/sandbox';
import { api, screenShowing, shown, typeKeys, typeTimed, waitFor } from './helpers';
import { NEW_CUSTOMER_TOTALS } from '../unit/expected';
import {
  HELD_MS,
  config,
  expected,
  figureHints,
  figures,
  file,
  foldForScreenshot,
  lensTitles,
  money,
  replace,
  setGlobal,
  writePayload,
} from './inlineFigures';

suite('Inline metrics in the payload', () => {
  let a: BillingWorkbenchApi;
  const steps: LiveEvent[] = [];
  let listening: vscode.Disposable;
  /** Resolves with the first live step of `uri` at `version` or later that is one of `wanted`. */
  const nextStep = (uri: vscode.Uri, version: number, wanted: LiveStep[]) =>
    waitFor(`a live step ${wanted.join('/')} of ${path.basename(uri.path)} v${version}`, () =>
      steps.find(s => s.source === uri.toString() && s.version >= version && wanted.includes(s.step)),
    );
  /** How many previews the Local sandbox has received (its volume summary). */
  const previewsReceived = async () => {
    const local = a.connections.list().find(c => c.kind === 'local')!;
    const client = await a.clients.clientFor(local);
    const r = await client.send<{ data: { httpMethod: string; api: string; total: number }[] }>({
      method: 'GET',
      path: '/system-health/api-requests/volume-summary',
    });
    return r.data.data.find(d => d.httpMethod === 'POST' && d.api === '/v2/orders/preview')?.total ?? 0;
  };

  suiteSetup(async () => {
    a = await api();
    await a.connections.setActive('local');
    await setGlobal('preview.live', 'off'); // the first tests show figures from commands only
    listening = a.live.onDidStep(e => steps.push(e));
  });

  suiteTeardown(async () => {
    listening.dispose();
    await setGlobal('preview.live', undefined);
    await vscode.workspace
      .getConfiguration('workbench')
      .update('colorTheme', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.view.explorer'); // the side bar, closed for the screenshots
  });

  test('after Preview, each subscription and line item shows its delta MRR and TCB, the Preview line the totals; on screen', async function () {
    const uri = writePayload('inline-metrics.preview.json', 10);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    assert.deepEqual(await lensTitles(uri), ['$(graph-line) Preview', '$(add) Create', '$(check) Validate']);
    const r = await vscode.commands.executeCommand<{ status: number }>('billingWorkbench.preview', uri);
    assert.equal(r.status, 201);
    const want = expected(10);
    assert.equal(want.figures, figures(NEW_CUSTOMER_TOTALS.mrr, NEW_CUSTOMER_TOTALS.tcb));
    const titles = await waitFor('the figures over the payload', async () => {
      const t = await lensTitles(uri);
      return t.includes(want.sub0) ? t : undefined;
    });
    assert.deepEqual(titles, [
      '$(graph-line) Preview',
      '$(add) Create',
      '$(check) Validate',
      want.totals,
      want.sub0,
      want.sub1,
      want.line0,
    ]);
    // each entry's figures sit at the end of its opening brace's line, the totals at the end of the first
    const hints = await figureHints(uri);
    const text = doc.getText();
    const braceLine = (after: string, nth = 0) => {
      let at = text.indexOf(after);
      for (let i = 0; i <= nth; i++) at = text.indexOf('{', at + 1);
      return doc.positionAt(at).line;
    };
    const lineOf = (title: string) => hints.find(h => h.label === title)!.line;
    assert.equal(lineOf(want.sub0), braceLine('"subscriptions"'));
    assert.equal(lineOf(want.line0), braceLine('"line_items"'));
    assert.ok(lineOf(want.sub1) > lineOf(want.sub0) && lineOf(want.sub1) < lineOf(want.line0));
    assert.equal(lineOf(want.totals), 0);

    await vscode.workspace.getConfiguration('workbench').update('colorTheme', 'Default Light Modern', true);
    await waitFor('the light theme', () => vscode.window.activeColorTheme.kind === vscode.ColorThemeKind.Light);
    const editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One });
    await foldForScreenshot(editor);
    const onScreenNow = [want.totals, want.sub0, want.sub1, want.line0];
    const shot = await screenShowing(this, 'inline-metrics', onScreenNow);
    for (const t of ['Preview', 'Create', ...onScreenNow]) assert.ok(shot.text.includes(t), `"${t}" on screen`);
  });

  test('after an edit the figures say they are from before it, until the next preview', async function () {
    const uri = file('inline-metrics.preview.json');
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One });
    const before = expected(10);
    await replace(editor, '"quantity": 10', '"quantity": 11');
    const stale = await waitFor('the figures marked stale', async () => {
      const t = await lensTitles(uri);
      return t.includes(`${before.totals} (edited since preview)`) ? t : undefined;
    });
    assert.ok(stale.includes(before.sub0.replace(': ', ': was ')), stale.join('\n'));
    assert.ok(stale.includes(before.line0.replace(': ', ': was ')), stale.join('\n'));
    const wasSub0 = before.sub0.replace(': ', ': was ');
    const shot = await screenShowing(this, 'inline-metrics-stale', ['(edited since preview)', wasSub0]);
    assert.ok(shot.text.includes(`${before.totals} (edited since preview)`), 'the stale totals on screen');
    assert.ok(shot.text.includes(wasSub0), 'the stale figures on screen');

    await vscode.commands.executeCommand('billingWorkbench.preview', uri);
    const after = expected(11);
    const fresh = await waitFor('the figures of the new preview', async () => {
      const t = await lensTitles(uri);
      return t.includes(after.sub0) ? t : undefined;
    });
    assert.ok(fresh.includes(after.totals) && !fresh.some(t => t.includes('edited since')), fresh.join('\n'));
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('live on the Local sandbox: typing 1 → 3 seats updates the figures, and the panel showing the file, without a command; on screen', async function () {
    await setGlobal('preview.live', undefined); // the default: auto, on for the Local sandbox
    await vscode.commands.executeCommand('workbench.action.closeAllEditors'); // the panel too: it opens beside again
    const uri = writePayload('inline-live.preview.json', 1);
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One });
    assert.ok(a.live.isLive(doc));
    const rendered = new Promise<void>(r => {
      const d = a.panel.onDidRender(() => {
        d.dispose();
        r();
      });
    });
    await vscode.commands.executeCommand('billingWorkbench.preview', uri); // the panel shows this file, 1 seat
    await rendered; // the new webview is loaded: it cannot take the keyboard focus from the editor any more
    assert.deepEqual(shown(a, 'response').summary!.totals, [expected(1).sums]);
    assert.ok((await lensTitles(uri)).includes(expected(1).sub0));
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One }); // focused, to type into
    const at = doc.getText().indexOf('"quantity": 1') + '"quantity": '.length;
    editor.selection = new vscode.Selection(doc.positionAt(at), doc.positionAt(at + 1));
    const typed = Date.now();
    const version = doc.version + 1;
    if (!(await typeKeys({ waitFor: '.monaco-editor.focused', type: '3' })))
      await replace(editor, '"quantity": 1', '"quantity": 3');
    // the typed key reaches the document through the renderer, a moment after the keyboard is done
    await waitFor('"quantity": 3 in the document', () => /"quantity": 3\b/.test(doc.getText()));
    const want = expected(3);
    const titles = await waitFor('the figures of 3 seats', async () => {
      const t = await lensTitles(uri);
      return t.includes(want.sub0) ? t : undefined;
    });
    console.log(`live preview: keystroke to figures in the editor: ${Date.now() - typed} ms`);
    assert.deepEqual(titles.slice(3, 4), [want.totals]); // after Preview, Create and Validate
    assert.ok((await nextStep(uri, version, ['previewed'])).version === doc.version);
    const panel = await waitFor('the panel showing the live preview', () => {
      const s = a.panel.state;
      return s?.kind === 'response' && s.source === uri.toString() && s.summary?.totals[0].mrr === want.sums.mrr
        ? s
        : undefined;
    });
    assert.deepEqual(panel.summary!.totals, [want.sums]);
    assert.deepEqual(panel.change!.totals, [
      { currency: 'USD', mrr: want.sums.mrr - expected(1).sums.mrr, tcb: want.sums.tcb - expected(1).sums.tcb },
    ]);
    await foldForScreenshot(editor);
    const shot = await screenShowing(this, 'inline-metrics-live', [want.totals, want.sub0]);
    assert.ok(shot.text.includes(want.sub0), `"${want.sub0}" on screen`);
    assert.ok(shot.text.includes(want.totals), `"${want.totals}" on screen`);
    // Preview again on the same content: since the last preview (the live one), nothing changed.
    await vscode.commands.executeCommand('billingWorkbench.preview', uri);
    const again = await waitFor('the repeated preview in the panel', () => {
      const s = a.panel.state;
      return s?.kind === 'response' && s !== panel && s.source === uri.toString() ? s : undefined;
    });
    assert.deepEqual(again.change!.totals, []);
    const same = await screenShowing(this, 'panel-no-change-repeat', ['no change', 'since last preview']);
    assert.ok(same.text.includes('no change'), '"no change" on screen');
  });

  test('live: the next edit cancels the request in flight; only the last text is recorded', async () => {
    // The first preview is held by the sandbox (never answered while the test runs) until the next edit cancels
    // it: it is in flight then, however slow the machine. A tenant's sandbox holds it (the test starts it, with
    // the hook), reached with live preview turned on for every connection.
    let holding = true;
    let arrived!: () => void;
    const held = new Promise<void>(r => (arrived = r));
    const tenant = await startSandbox({
      delay: (method, p) => {
        if (method !== 'POST' || p !== '/v2/orders/preview' || !holding) return 0;
        arrived();
        return HELD_MS;
      },
    });
    const conn = await a.connections.add({ name: 'Held tenant', kind: 'sandbox', baseUrl: tenant.url });
    await a.connections.storeCredentials(conn.id, { clientId: tenant.clientId, clientSecret: tenant.clientSecret });
    await a.connections.setActive(conn.id);
    const mode = config().inspect('preview.live')?.globalValue;
    await setGlobal('preview.live', 'on');
    const uri = file('inline-live.preview.json');
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One });
    try {
      await replace(editor, '"quantity": 3', '"quantity": 4');
      const first = doc.version;
      await nextStep(uri, first, ['sent']);
      await held; // the first preview is at the sandbox, held there
      holding = false;
      await replace(editor, '"quantity": 4', '"quantity": 5');
      const second = doc.version;
      assert.equal((await nextStep(uri, first, ['cancelled', 'previewed'])).step, 'cancelled');
      await nextStep(uri, second, ['previewed']);
      const mine = steps
        .filter(s => s.source === uri.toString() && s.version >= first)
        .map(s => `${s.version - first}:${s.step}`);
      assert.deepEqual(mine, ['0:sent', '0:cancelled', '1:sent', '1:previewed']);
      const titles = await lensTitles(uri);
      assert.ok(titles.includes(expected(5).sub0), titles.join('\n'));
      // the log says so, in the file a person opens with Show Log
      await waitFor('the cancellation in the log', () =>
        fs
          .readdirSync(a.logUri.fsPath)
          .filter(f => f.endsWith('.log'))
          .some(f =>
            fs
              .readFileSync(path.join(a.logUri.fsPath, f), 'utf8')
              .includes(`Live preview of inline-live.preview.json (version ${first}): cancelled, the text changed`),
          ),
      );
    } finally {
      await setGlobal('preview.live', mode);
      await a.connections.setActive('local');
      await a.connections.remove(conn.id);
      await tenant.close();
    }
  });

  test('live: a file with an error is not sent', async () => {
    const uri = file('inline-live.preview.json');
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One });
    const sent = await previewsReceived();
    await replace(editor, '"quantity": 5', '"quantity": "five"');
    await nextStep(uri, doc.version, ['errors', 'sent']).then(s => assert.equal(s.step, 'errors'));
    assert.ok(
      a.diagnostics.parsed(doc).findings.some(f => f.severity === 'error'),
      'the file has an error',
    );
    assert.equal(await previewsReceived(), sent, 'no preview reached the Local sandbox');
    const titles = await lensTitles(uri);
    assert.ok(titles.includes(`${expected(5).totals} (edited since preview)`), titles.join('\n'));
    // fixed, it is sent again (the check above could see a preview)
    await replace(editor, '"quantity": "five"', '"quantity": 6');
    await nextStep(uri, doc.version, ['previewed']);
    assert.equal(await previewsReceived(), sent + 1);
  });

  test('live: another connection is not live by default, and is when preview.live is "on"', async () => {
    const sb = await a.clients.servedSandbox(); // the same server, reached as a "sandbox" tenant would be
    const conn = await a.connections.add({ name: 'Live test tenant', kind: 'sandbox', baseUrl: sb.url });
    await a.connections.storeCredentials(conn.id, { clientId: sb.clientId, clientSecret: sb.clientSecret });
    await a.connections.setActive(conn.id);
    const uri = file('inline-live.preview.json');
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One });
    try {
      const sent = await previewsReceived();
      await replace(editor, '"quantity": 6', '"quantity": 7');
      assert.equal((await nextStep(uri, doc.version, ['off', 'sent'])).step, 'off');
      assert.equal(a.live.isLive(doc), false);
      assert.equal(await previewsReceived(), sent, 'nothing sent to the tenant');
      // a workspace (a cloned repository) cannot turn it on: only the person spends the tenant's requests
      await config().update('preview.live', 'on', vscode.ConfigurationTarget.Workspace);
      assert.equal(config().get('preview.live'), 'on');
      assert.equal(a.live.isLive(doc), false);
      await config().update('preview.live', undefined, vscode.ConfigurationTarget.Workspace);
      await setGlobal('preview.live', 'on');
      await replace(editor, '"quantity": 7', '"quantity": 8');
      await nextStep(uri, doc.version, ['previewed']);
      assert.equal(await previewsReceived(), sent + 1);
      const titles = await lensTitles(uri);
      assert.ok(titles.includes(expected(8).sub0), titles.join('\n'));
    } finally {
      await setGlobal('preview.live', undefined);
      await a.connections.remove(conn.id);
      await a.connections.setActive('local');
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  test('live, as a person types: ten one-digit edits; the time from the key to the inline figures and to the panel is logged', async function () {
    // Timed where a person sees them: the runner watches the editor's lenses and the panel's totals being drawn.
    await setGlobal('preview.live', undefined); // the defaults: live on the Local sandbox, preview on save
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const uri = writePayload('inline-typing.preview.json', 1);
    const doc = await vscode.workspace.openTextDocument(uri);
    let editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One });
    const rendered = new Promise<void>(r => {
      const d = a.panel.onDidRender(() => (d.dispose(), r()));
    });
    await vscode.commands.executeCommand('billingWorkbench.preview', uri); // the panel shows this file
    await rendered;
    editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One });
    const times: { lens: number; panel: number }[] = []; // lens: the inline figures
    let seats = 1;
    for (const next of [2, 3, 4, 5, 6, 7, 8, 9, 5, 3]) {
      const at = doc.getText().indexOf(`"quantity": ${seats}`) + '"quantity": '.length;
      editor.selection = new vscode.Selection(doc.positionAt(at), doc.positionAt(at + 1));
      const want = expected(next);
      const seen = await typeTimed({
        waitFor: '.monaco-editor.focused',
        type: String(next),
        watch: [
          { name: 'lens', selector: '.view-lines', text: want.sub0 },
          { name: 'panel', selector: '.total .big', text: money(want.sums.mrr) },
        ],
      });
      if (!seen) return this.skip(); // no keyboard and no screen outside the code-server runner
      assert.ok(seen.lens !== null && seen.panel !== null, `${next} seats drawn: ${JSON.stringify(seen)}`);
      times.push({ lens: seen.lens, panel: seen.panel });
      await nextStep(uri, doc.version, ['previewed']);
      seats = next;
    }
    const stats = (xs: number[]) => {
      const s = [...xs].sort((x, y) => x - y);
      return `median ${(s[4] + s[5]) / 2} ms, max ${s[9]} ms`;
    };
    const [first] = times;
    console.log(
      `live figures, ten one-digit edits from the last key: inline (inlay hints) ${stats(times.map(t => t.lens))}; panel ${stats(times.map(t => t.panel))}`,
    );
    console.log(`live figures, the first edit after the file opened: inline ${first.lens} ms, panel ${first.panel} ms`);
    console.log(`live figures, each edit (inline/panel ms): ${times.map(t => `${t.lens}/${t.panel}`).join(' ')}`);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
