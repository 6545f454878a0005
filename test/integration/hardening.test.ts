// Hardening in the real editor: what the response panel is given holds no secret, a v1 `success: false` is shown
// as the failure it is, `..` in a path parameter sends nothing, and the write confirmation names the concrete
// path. The "service" is a node:http server on loopback in the extension host, scripted per test.
import * as assert from 'assert';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as vscode from 'vscode';
import type { BillingWorkbenchApi } from '../../src/extension';
import type { Connection } from '../../src/connections/connectionStore';
import { api, onScreen, waitFor } from './helpers';

const CLIENT_SECRET = 'hardening-client-secret-4f2a9c';
const TOKEN = 'hardening-access-token-b81d07';
const CARD = '4111111111111111';

suite('Hardening in the editor', () => {
  let a: BillingWorkbenchApi;
  let server: http.Server;
  let conn: Connection;
  const seen: string[] = [];
  let answer: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_q, res) => res.end('{}');

  suiteSetup(async () => {
    a = await api();
    server = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/oauth/token') {
        res.end(JSON.stringify({ access_token: TOKEN, token_type: 'bearer', expires_in: 3600 }));
        return;
      }
      seen.push(`${req.method} ${req.url}`);
      answer(req, res);
    });
    await new Promise<void>(r => server.listen(0, '127.0.0.1', () => r()));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    conn = await a.connections.add({ name: 'Hardening test', kind: 'test', baseUrl });
    await a.connections.storeCredentials(conn.id, { clientId: 'hardening', clientSecret: CLIENT_SECRET });
    await a.connections.setActive(conn.id);
  });

  suiteTeardown(async () => {
    await a.connections.remove(conn.id);
    await a.connections.setActive('local');
    server.close();
  });

  const send = (operation: string, pathParams: Record<string, string>, extra: Record<string, unknown> = {}) =>
    vscode.commands.executeCommand('billingWorkbench.sendOperation', { operation, pathParams, query: {}, ...extra });

  test('an error body full of secrets reaches the panel (and the screen) redacted', async function () {
    answer = (_req, res) => {
      res.statusCode = 400;
      res.end(
        JSON.stringify({
          success: false,
          reasons: [{ code: 53100320, message: `Invalid card ${CARD} for client_secret=${CLIENT_SECRET}` }],
          echo: { authorization: `Bearer ${TOKEN}`, card_number: CARD, password: 'hunter2-pw', apiKey: 'ak-7731' },
        }),
      );
    };
    const before = a.panel.state?.at;
    await send('GET /v1/accounting-codes/{ac-id}', { 'ac-id': 'AC1' });
    const state = await waitFor('the error in the panel', () =>
      a.panel.state?.at !== before && a.panel.state?.kind === 'error' ? a.panel.state : undefined,
    );
    assert.equal(state.error?.status, 400);
    assert.equal(state.error?.category, 20);
    const posted = JSON.stringify(state);
    for (const s of [CLIENT_SECRET, TOKEN, CARD, 'hunter2-pw', 'ak-7731'])
      assert.ok(!posted.includes(s), `${s} in the panel state`);
    assert.match(state.raw!, /"card_number": "\*\*\*"/);
    const shot = await onScreen(this, 'panel-redacted');
    for (const s of [CLIENT_SECRET, TOKEN, CARD, 'hunter2-pw']) assert.ok(!shot.text.includes(s), `${s} on screen`);
    assert.ok(shot.text.includes('Invalid format or value (category 20)'), 'the decoded category is on screen');
  });

  test('a v1 HTTP 200 with success:false is shown as a failure with its decoded reason', async () => {
    answer = (_req, res) =>
      res.end(JSON.stringify({ success: false, reasons: [{ code: 53100322, message: 'Name is missing.' }] }));
    const before = a.panel.state?.at;
    const r = await send('GET /v1/accounting-codes/{ac-id}', { 'ac-id': 'AC2' });
    assert.equal(r, undefined, 'not returned as a success');
    const state = await waitFor('the failure in the panel', () =>
      a.panel.state?.at !== before && a.panel.state?.kind === 'error' ? a.panel.state : undefined,
    );
    assert.deepEqual(
      [state.error?.status, state.error?.category, state.error?.categoryName],
      [200, 22, 'Missing required field'],
    );
    assert.match(state.error!.message, /Name is missing\./);
  });

  test('an accounts answer without a list is an error row, not a spin that freezes the extension host', async () => {
    answer = (_req, res) => res.end('{}'); // no `data`
    const roots = await a.accounts.getChildren();
    const labels = roots.map(n => String(a.accounts.getTreeItem(n).label ?? ''));
    assert.ok(labels.length > 0, 'a row says what happened');
    assert.ok(!labels.some(l => /^A\d{8}/.test(l)), `no account rows: ${labels.join(' | ')}`);
  });

  test('".." as a path parameter sends nothing (it used to call another operation)', async () => {
    answer = (_req, res) => res.end('{"called":true}');
    seen.length = 0;
    const r = await send('GET /v1/accounting-codes/{ac-id}', { 'ac-id': '..' });
    assert.equal(r, undefined);
    await send('DELETE /v1/accounting-codes/{ac-id}', { 'ac-id': '.' }, { confirmed: true });
    assert.deepEqual(seen, [], 'no request reached the server');
  });

  test('the write confirmation names the concrete path that will be sent', async () => {
    // The test workbench refuses real dialogs, so the dialog is read where the extension asks for it.
    const asked: string[] = [];
    const original = vscode.window.showWarningMessage;
    const patched = (message: string, options?: vscode.MessageOptions) => {
      asked.push(`${message} | ${options?.detail ?? ''}`);
      return Promise.resolve(undefined); // the person cancels
    };
    Object.assign(vscode.window, { showWarningMessage: patched });
    answer = (_req, res) => res.end('{}');
    seen.length = 0;
    try {
      assert.equal(await send('DELETE /v1/accounting-codes/{ac-id}', { 'ac-id': 'AC 9/x' }), undefined);
    } finally {
      Object.assign(vscode.window, { showWarningMessage: original });
    }
    assert.deepEqual(asked, [
      'DELETE /v1/accounting-codes/AC%209%2Fx on Hardening test? | Connection: Hardening test (test).',
    ]);
    assert.deepEqual(seen, [], 'cancelled: nothing sent');
  });
});
