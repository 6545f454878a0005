// Finding things, as a person does on the Local sandbox: Find Operation ranks as `cli endpoints` does while
// typing, the Endpoints view marks what the Local sandbox serves, an operation it does not serve says to
// switch to a real environment, and the create confirmation says Create.
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as path from 'path';
import * as vscode from 'vscode';
import type { BillingWorkbenchApi } from '../../src/extension';
import type { EndpointNode } from '../../src/views/endpointsTree';
import { answering, api, EXT_ID, screenWhen, shown, typeKeys } from './helpers';

const QUERY = 'write off debit memo';
const WRITE_OFF = 'PUT /v1/debitmemos/{debitMemoKey}/write-off';
/** An operation the contract has no answer for: the Local sandbox answers it 501. */
const UNANSWERED = 'PUT /v1/credit-memos/{creditMemoKey}/cancel-async';
const ws = () => vscode.workspace.workspaceFolders![0].uri;

/** What `node dist/cli.js endpoints QUERY` lists, best first: the CLI of this very extension, as a process. */
function cliEndpoints(query: string): string[] {
  const cli = path.join(vscode.extensions.getExtension(EXT_ID)!.extensionPath, 'dist', 'cli.js');
  const out = execFileSync(process.execPath, [cli, 'endpoints', ...query.split(' '), '--format', 'json'], {
    encoding: 'utf8',
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
  return (JSON.parse(out) as { method: string; path: string }[]).map(o => `${o.method} ${o.path}`);
}

/** Stands in for a modal or notification (the test workbench refuses real dialogs): records, then answers. */
suite('Finding things', () => {
  let a: BillingWorkbenchApi;
  suiteSetup(async () => {
    a = await api();
    await a.connections.setActive('local');
  });

  test('Find Operation ranks as `cli endpoints` does: "write off debit memo" by keyboard and by query', async function () {
    const cli = cliEndpoints(QUERY);
    assert.equal(cli[0], WRITE_OFF, 'the CLI finds the debit memo write-off first');
    const found = await vscode.commands.executeCommand<{ id: string }[]>('billingWorkbench.findOperation', QUERY);
    assert.deepEqual(
      found.slice(0, 5).map(o => o.id),
      cli.slice(0, 5),
      'the programmatic path: the same top five',
    );

    const picked = vscode.commands.executeCommand<{ id: string }>('billingWorkbench.findOperation');
    if (!(await typeKeys({ waitFor: '.quick-input-widget input', type: QUERY }))) {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      console.log('skipped: no keyboard outside the code-server runner');
      this.skip();
    }
    // Read the list on screen: our ranking, in our order, not VS Code's fuzzy filter of the labels.
    const shot = await screenWhen(this, 'find-operation', text => {
      const at = [cli[0], cli[1]].map(id => text.indexOf(id));
      return at[0] >= 0 && at[1] > at[0];
    });
    assert.ok(shot.text.includes('write off'), 'the purpose is shown with the path');
    await typeKeys({ press: ['Enter'] });
    assert.equal((await picked)?.id, cli[0], 'Enter takes the first result');
    assert.equal(shown(a, 'operation').operation.id, cli[0], 'and shows it in the panel');
  });

  test('the Endpoints view marks what the Local sandbox serves, on screen', async function () {
    await vscode.commands.executeCommand('workbench.view.extension.billingWorkbench');
    // the v2 groups are under their own node (issue 31)
    const groups = a.endpoints.getChildren().flatMap(n => (n.kind === 'family' ? a.endpoints.getChildren(n) : [n]));
    const group = groups.find(g =>
      a.endpoints.getChildren(g).some(n => n.kind === 'operation' && n.op.id === 'POST /v2/orders/preview'),
    )!;
    const ops = a.endpoints.getChildren(group);
    const preview = ops.find(n => n.kind === 'operation' && n.op.id === 'POST /v2/orders/preview')!;
    const item = a.endpoints.getTreeItem(preview);
    assert.match(String(item.description), /^Local sandbox · /);
    const tip = (item.tooltip as vscode.MarkdownString).value.replace(/&nbsp;/g, ' ');
    assert.match(tip, /Served by the Local sandbox: try it offline/);
    assert.match(String(a.endpoints.getTreeItem(group).description), /^\d+ · (all|\d+) on Local sandbox$/);
    const marked = (id: string) => {
      const group = groups.find(g => a.endpoints.getChildren(g).some(n => n.kind === 'operation' && n.op.id === id));
      const node = a.endpoints.getChildren(group).find(n => n.kind === 'operation' && n.op.id === id)!;
      return String(a.endpoints.getTreeItem(node).description);
    };
    assert.match(marked(WRITE_OFF), /^Local sandbox \(simulated\) · /, 'simulated from the contract: marked so');
    assert.doesNotMatch(marked(UNANSWERED), /Local sandbox/, 'not answered: no mark');
    // A narrow side bar cuts a row's end: the ids are written {…} so pause, resume and cancel stay in view.
    const pause = groups
      .flatMap(g => a.endpoints.getChildren(g))
      .find(n => n.kind === 'operation' && n.op.id === 'POST /v2/subscriptions/{subscription_id}/pause')!;
    assert.equal(a.endpoints.getTreeItem(pause).label, 'POST /v2/subscriptions/{…}/pause');

    await a.views.endpoints.reveal(preview as EndpointNode, { select: true, focus: true, expand: true });
    const marks = ['POST /v2/orders/preview', 'Local sandbox · ', 'on Local sandbox'];
    const shot = await screenWhen(this, 'endpoints-served', text => marks.every(t => text.includes(t)));
    for (const t of marks) assert.ok(shot.text.includes(t), `"${t}" on screen`);
  });

  test('an operation the Local sandbox does not serve: the panel says to switch to a real environment', async function () {
    // Its details say so before anything is sent, with Switch Connection beside Send.
    await vscode.commands.executeCommand('billingWorkbench.showOperation', UNANSWERED);
    assert.equal(shown(a, 'operation').operation.servedLocally, false);
    const served = 'The Local sandbox does not serve this operation (Send answers 501)';
    const details = await screenWhen(this, 'operation-not-served', text => text.includes(served));
    assert.ok(details.text.includes('Switch Connection'), 'Switch Connection is offered on screen');
    const note = answering('showErrorMessage', () => undefined);
    try {
      const r = await vscode.commands.executeCommand('billingWorkbench.sendOperation', {
        operation: UNANSWERED,
        pathParams: { creditMemoKey: 'CM-1' },
        body: {},
        confirmed: true,
      });
      assert.equal(r, undefined, 'no answer');
    } finally {
      note.restore();
    }
    const { error, status } = shown(a, 'error');
    assert.equal(status, 501);
    assert.match(error.advice!, /Switch to a real environment \(Billing: Switch Connection\)/);
    assert.doesNotMatch(`${error.message} ${error.advice}`, /Fix the endpoint|BILLING_|--base-url/);
    assert.deepEqual(note.asked.at(-1)?.items, ['Switch Connection'], 'the notification offers the switch');
    assert.equal(error.action, 'switchConnection', 'the panel offers the switch as its first button');
    const advice = ['not served by the local sandbox', 'Switch to a real environment (Billing: Switch Connection)'];
    const shot = await screenWhen(this, 'panel-not-served', text => advice.every(t => text.includes(t)));
    for (const t of advice) assert.ok(shot.text.includes(t), `"${t}" on screen`);
    const mentions = shot.text.split('Switch Connection').length - 1;
    assert.ok(mentions >= 2, `the Switch Connection button is on screen besides the advice (${mentions} mention)`);
  });

  test('the create confirmation says Create; an operation says Send; production names production', async () => {
    const order = vscode.Uri.joinPath(ws(), 'subscription-and-fee.order.json');
    const modal = answering('showWarningMessage', items => items[0]);
    let created: { status: number } | undefined;
    try {
      created = await vscode.commands.executeCommand<{ status: number }>('billingWorkbench.create', order);
    } finally {
      modal.restore();
    }
    assert.deepEqual(modal.asked.at(-1)?.items, ['Create']);
    assert.equal(created?.status, 200, 'created after Create');

    const cancel = answering('showWarningMessage', () => undefined);
    try {
      const body = { name: 'Not sent', currency: 'USD' };
      await vscode.commands.executeCommand('billingWorkbench.sendOperation', { operation: 'POST /v2/accounts', body });
      const sb = await a.clients.servedSandbox();
      const conn = await a.connections.add({ name: 'Prod check', kind: 'production', baseUrl: sb.url });
      try {
        await a.connections.storeCredentials(conn.id, { clientId: sb.clientId, clientSecret: sb.clientSecret });
        await a.connections.setActive(conn.id);
        assert.equal(await vscode.commands.executeCommand('billingWorkbench.create', order), undefined, 'cancelled');
      } finally {
        await a.connections.remove(conn.id);
        await a.connections.setActive('local');
      }
    } finally {
      cancel.restore();
    }
    assert.deepEqual(
      cancel.asked.map(q => q.items),
      [['Send'], ['Create on production']],
    );
    assert.match(cancel.asked[1].message, /on PRODUCTION \(Prod check\)\?$/);
  });
});
