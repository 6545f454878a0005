// Scenarios run on a connection other than the Local sandbox: asked before writes (every scenario on
// production), and Cancel in the Testing view aborts the request in flight.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { BillingWorkbenchApi } from '../../src/extension';
import type { ScenarioResult } from '../../src/scenarios';
import type { ScenarioStepRecord } from '../../src/services/scenarioTests';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { plainService, type PlainService } from '../unit/plainService';
import { answering, api } from './helpers';
import { DIR, FAILING, file, HELD_MS } from './scenarioTesting';

suite('Scenarios on another connection', function () {
  this.timeout(120000);
  let a: BillingWorkbenchApi;
  const added: string[] = [];
  const started: Sandbox[] = [];

  const plain: PlainService[] = [];

  /**
   * A connection of `kind` to `sb` (by default the Local sandbox's server), made active. It is reached through a
   * service that does not say it is a Local sandbox: one that does is treated as one (no question before writes).
   */
  async function connect(name: string, kind: 'sandbox' | 'production', sb?: Sandbox) {
    sb ??= await a.clients.servedSandbox();
    const service = await plainService(sb.url);
    plain.push(service);
    const conn = await a.connections.add({ name, kind, baseUrl: service.url });
    added.push(conn.id);
    await a.connections.storeCredentials(conn.id, { clientId: sb.clientId, clientSecret: sb.clientSecret });
    await a.connections.setActive(conn.id);
    return conn;
  }

  suiteSetup(async () => {
    a = await api();
    await a.scenarios.discover();
  });

  suiteTeardown(async () => {
    for (const id of added) await a.connections.remove(id);
    await a.connections.setActive('local');
    for (const sb of started) await sb.close();
    for (const service of plain) await service.close();
  });

  test('asks once per run before writes, naming the connection; declined, the writing scenario is not sent', async () => {
    await connect('Scenario env', 'sandbox');
    const sent: ScenarioStepRecord[] = [];
    const d = a.scenarios.onDidFinishStep(r => sent.push(r));
    const modal = answering('showWarningMessage', () => undefined);
    let results: ScenarioResult[];
    try {
      results = await a.scenarios.runFiles([file(`${DIR}/scenarios/pause-then-resume.scenario.json`), file(FAILING)]);
    } finally {
      modal.restore();
      d.dispose();
    }
    assert.deepStrictEqual(
      modal.asked.map(q => [q.message, q.items]),
      [['Run "Pause, then resume" on Scenario env?', ['Run']]],
    );
    assert.match(modal.asked[0].detail ?? '', /Steps that write:\nPause, then resume: customer, signup, pause, resume/);
    const [pause, wrong] = results;
    assert.strictEqual(pause.outcome, 'skipped');
    assert.ok(pause.steps.every(s => s.outcome === 'skipped' && /not confirmed/.test(s.error ?? '')));
    // The scenario that only previews ran on the connection, through its client.
    assert.strictEqual(wrong.target, 'Scenario env (its own today, not 2027-01-01)');
    assert.deepStrictEqual(
      wrong.steps.map(s => s.outcome),
      ['failed', 'passed'],
    );
    assert.deepStrictEqual(
      sent.map(s => `${s.scenario}/${s.step} ${s.connection}`),
      ['Wrong total on purpose/quote Scenario env', 'Wrong total on purpose/quoteAgain Scenario env'],
    );
  });

  test('production asks before every scenario that writes, naming production', async () => {
    await connect('Prod env', 'production');
    const modal = answering('showWarningMessage', () => undefined);
    let results: ScenarioResult[];
    try {
      results = await a.scenarios.runFiles([
        file(`${DIR}/scenarios/pause-then-resume.scenario.json`),
        file(`${DIR}/scenarios/change-plans-then-cancel.scenario.json`),
      ]);
    } finally {
      modal.restore();
    }
    assert.deepStrictEqual(
      modal.asked.map(q => [q.message, q.items]),
      [
        ['Run "Pause, then resume" on PRODUCTION (Prod env)?', ['Run on production']],
        [`Run "${results[1].name}" on PRODUCTION (Prod env)?`, ['Run on production']],
      ],
    );
    assert.ok(modal.asked.every(q => q.detail?.startsWith('This changes live data.')));
    assert.deepStrictEqual(
      results.map(r => r.outcome),
      ['skipped', 'skipped'],
    );
  });

  test('Cancel in the Testing view aborts the request in flight; the rest is skipped', async () => {
    // The second step's preview is held by the sandbox (never answered while the test runs) and Cancel is
    // pressed once it has arrived there: it is in flight when cancelled, however slow the machine.
    let previews = 0;
    let cancelling: Thenable<unknown> | undefined;
    const held = await startSandbox({
      delay: (method, p) => {
        if (method !== 'POST' || p !== '/v2/orders/preview' || ++previews < 2) return 0;
        cancelling ??= vscode.commands.executeCommand('testing.cancelRun');
        return HELD_MS;
      },
    });
    started.push(held);
    await connect('Slow env', 'sandbox', held);
    const results = await a.scenarios.runFiles([file(FAILING)]);
    assert.ok(cancelling, `the second preview reached the sandbox (${previews} previews)`);
    await cancelling;
    assert.deepStrictEqual(
      results[0].steps.map(s => `${s.label} ${s.outcome} ${s.error ?? ''}`.trim()),
      ['quote failed', 'quoteAgain skipped Cancelled.'],
    );
  });
});
