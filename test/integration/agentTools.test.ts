// The agent tools as a chat agent calls them in the real editor: vscode.lm.invokeTool with no chat request
// (toolInvocationToken undefined). Validate answers what the Problems view shows, with its quick fixes as
// edits; Preview runs on the Local sandbox through the Preview command's path (the panel shows the same
// totals); find and describe read the catalog. A create is a write: VS Code asks with the tool's
// confirmation, which this test reads from prepareAgentTool (outside a chat the workbench confirms in a modal
// dialog the extension host cannot answer).
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { BillingWorkbenchApi } from '../../src/extension';
import { prepareAgentTool, type AgentToolDeps } from '../../src/languageFeatures/agentToolRunner';
import { TOOL_NAMES as NAMES, type Answer } from '../unit/agentToolAnswers';
import { answering, api, shown, waitFor } from './helpers';

/** A tool's answer: one text part of JSON. */
async function invoke(name: string, input: object): Promise<Answer> {
  const r = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  assert.equal(r.content.length, 1, `${name} answers one part`);
  const part = r.content[0];
  assert.ok(part instanceof vscode.LanguageModelTextPart, `${name} answers text`);
  return JSON.parse(part.value);
}

const root = () => vscode.workspace.workspaceFolders![0].uri;

suite('Agent tools (vscode.lm)', () => {
  let a: BillingWorkbenchApi;

  suiteSetup(async () => {
    a = await api();
    await a.connections.setActive('local');
  });

  test('the four tools are registered with the input schemas package.json declares', async () => {
    const tools = await waitFor('the tools registered', () => {
      const ours = vscode.lm.tools.filter(t => NAMES.includes(t.name));
      return ours.length === NAMES.length ? ours : undefined;
    });
    const preview = tools.find(t => t.name === 'billingWorkbench_preview')!;
    assert.deepStrictEqual((preview.inputSchema as { required?: string[] }).required, ['path']);
    for (const t of tools) assert.ok(t.description.length > 40, `${t.name} says what it does`);
  });

  test('validate a workspace file: the findings the Problems view shows, with the quick fixes as edits', async () => {
    const uri = vscode.Uri.joinPath(root(), 'mistakes.order.json');
    const data = await invoke('billingWorkbench_validate', { path: 'mistakes.order.json' });
    assert.equal(data.file, 'mistakes.order.json');
    assert.equal(data.kind, 'order');
    const problems = await waitFor('the file checked', () => {
      const d = vscode.languages.getDiagnostics(uri);
      return d.length ? d : undefined;
    });
    const errors = problems.filter(d => d.severity === vscode.DiagnosticSeverity.Error).length;
    assert.equal(data.errors, errors, 'as many errors as the Problems view shows');
    for (const f of data.findings) {
      const at = problems.find(d => d.range.start.line === f.line - 1 && d.message.startsWith(f.message));
      assert.ok(at, `${f.message} is a problem on line ${f.line}`);
    }
    const colour = data.findings.find(f => f.path === 'account_data.colour');
    assert.ok(colour, JSON.stringify(data.findings.map(f => f.path)));
    assert.equal(colour.severity, 'error');
    assert.deepStrictEqual(
      colour.fixes.map(x => x.title),
      ['Remove "colour"'],
    );
  });

  test('validate text with its kind, and a missing kind is said', async () => {
    const text = JSON.stringify({ account_number: 'A00000001', subscriptions: [{ subscription_plans: [{}] }] });
    const data = await invoke('billingWorkbench_validate', { text, kind: 'order' });
    assert.ok(data.errors > 0 && data.findings.every(f => typeof f.path === 'string'), JSON.stringify(data));
    const asked = await invoke('billingWorkbench_validate', { text });
    assert.match(asked.error, /"kind"/);
  });

  test('preview on the Local sandbox: totals, items and invoices, the same the panel shows', async () => {
    const data = await invoke('billingWorkbench_preview', { path: 'new-customer.preview.json' });
    assert.equal(data.sent, true, JSON.stringify(data));
    assert.equal(data.connection.kind, 'local');
    const panel = shown(a, 'response');
    assert.equal(panel.file, 'new-customer.preview.json');
    assert.deepStrictEqual(data.totals, panel.summary!.totals);
    assert.equal(data.items.length, panel.summary!.rows.length);
    assert.ok(data.invoices.length > 0, 'the invoices it would bill');
    assert.deepStrictEqual(data.invoices[0].total, panel.billing!.documents[0].total);
  });

  test('preview of a file with errors sends nothing and says why, with the findings', async () => {
    const data = await invoke('billingWorkbench_preview', { path: 'mistakes.order.json' });
    assert.equal(data.sent, false);
    assert.match(data.reason, /error\(s\)/);
    assert.ok(data.validation!.findings.length > 0);
  });

  test('a file outside the workspace folder, or not a regular file, is refused and nothing of it comes back', async () => {
    const outside = vscode.Uri.joinPath(root(), '..', 'outside-the-workspace.order.json');
    await vscode.workspace.fs.writeFile(outside, Buffer.from('{"subscriptons":[],"token":"ghp_notForTheAgent"}'));
    try {
      for (const name of ['billingWorkbench_validate', 'billingWorkbench_preview']) {
        for (const path of [outside.fsPath, '../outside-the-workspace.order.json']) {
          const data = await invoke(name, { path });
          assert.match(data.error ?? '', /is outside .*only files inside the workspace are read/, JSON.stringify(data));
          assert.doesNotMatch(JSON.stringify(data), /ghp_|subscriptons/);
        }
      }
      const device = await invoke('billingWorkbench_validate', { path: '/dev/zero', kind: 'order' });
      assert.match(device.error ?? '', /\/dev\/zero is outside/);
    } finally {
      await vscode.workspace.fs.delete(outside);
    }
  });

  test('findOperation and describeOperation read the catalog', async () => {
    const found = await invoke('billingWorkbench_findOperation', { query: 'refund a payment' });
    assert.equal(found.operations[0].id, 'POST /v1/payments/{paymentKey}/refunds');
    const described = await invoke('billingWorkbench_describeOperation', { operation: 'POST /v1/orders' });
    assert.equal(described.body.takes, true);
    const subscriptions = described.body.fields.find(f => f.name === 'subscriptions');
    assert.match(subscriptions?.type ?? '', /^array/);
  });

  test('create always asks (VS Code shows the confirmation); a preview asks nowhere and names the connection', () => {
    const deps = (name: string, kind: string) =>
      ({ connections: { active: () => ({ id: 'x', name, kind, baseUrl: '' }) } }) as unknown as AgentToolDeps;
    const local = deps('Local sandbox', 'local');
    const create = prepareAgentTool('preview', { path: 'new-customer.order.json', create: true }, local);
    assert.match(create.confirmationMessages!.title, /Create an order on Local sandbox\?/);
    const tenant = deps('Acme staging', 'sandbox');
    const preview = prepareAgentTool('preview', { path: 'new-customer.order.json' }, tenant);
    assert.equal(preview.confirmationMessages, undefined);
    assert.match(String(preview.invocationMessage), /on Acme staging/);
    const production = prepareAgentTool('preview', { path: 'x.order.json', create: true }, deps('Live', 'production'));
    assert.match(String(production.confirmationMessages!.message), /PRODUCTION \(Live\)/);
  });

  test('invoked outside a chat, a create never writes without a yes: the workbench refuses it or the editor asks', async () => {
    const told = answering('showWarningMessage', items => items[0]); // our own write confirmation: Create
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('a confirmation stayed open for 20 s')), 20000);
    });
    const input = { path: 'new-customer.order.json', create: true };
    const outcome = await Promise.race([
      vscode.lm.invokeTool('billingWorkbench_preview', { input, toolInvocationToken: undefined }).then(
        r => ({ data: JSON.parse((r.content[0] as vscode.LanguageModelTextPart).value) }),
        (e: unknown) => ({ refused: e }),
      ),
      deadline,
    ]).finally(() => (clearTimeout(timer), told.restore()));
    if ('refused' in outcome) {
      // The workbench's own confirmation (a dialog the test workbench refuses): nothing reached the controller.
      assert.deepStrictEqual(told.asked, [], String(outcome.refused));
      console.log(`the workbench refused the create's confirmation: ${String(outcome.refused)}`);
      return;
    }
    assert.equal(told.asked.length, 1, 'the editor asked before the write');
    assert.ok(told.asked[0].modal);
    assert.match(told.asked[0].message, /Create order from new-customer\.order\.json on Local sandbox/);
    assert.match(outcome.data.orderNumber, /\S/, JSON.stringify(outcome.data));
    console.log(`no workbench confirmation outside a chat; the editor asked, then created ${outcome.data.orderNumber}`);
  });
});
