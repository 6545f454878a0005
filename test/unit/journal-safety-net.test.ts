// Issue 33 item 4, the journal's safety net: the data file is a snapshot plus one record per commit of what it
// changed (state/journal.ts), so a change the records miss would be lost at the next start. Here the journeys
// that change the most (every v1 and v2 operation, order to cash with its reset, callouts and clock moves, a
// clock moved forward then back, a catalog copied in, a reset) run on a sandbox with a data file, and a store
// opened afresh on that file must hold exactly what the live one held (`serialise` byte for byte).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BillingClient } from '../../src/client';
import { fetchPlans } from '../../src/products';
import { readScenario, runScenarios } from '../../src/scenarios';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { Store } from '../../src/sandbox/state/store';
import { SANDBOX_CATALOG_PATH } from '../../src/wire';
import { CLOCK_PATH } from '../../src/wire/sandboxClock';
import { RESET_PATH } from '../../src/wire/sandboxReset';
import { changeOrder, newCustomerOrder, v1Caller } from './sandbox-v1-helpers';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'bw-journal-net-'));
const journalRecords = (file: string) => fs.statSync(`${file}.journal`).size;

/** Closes the sandbox, then opens the data file afresh: it must hold what the live store held. */
async function reopensAs(sb: Sandbox, file: string, label: string): Promise<void> {
  const live = sb.store.serialise();
  await sb.close();
  const again = new Store(file);
  try {
    assert.equal(again.damaged, undefined, label);
    assert.equal(again.serialise(), live, `${label}: a store opened afresh holds what the live one held`);
  } finally {
    again.close();
  }
}

for (const family of ['v1', 'v2']) {
  test(`every ${family} operation on a sandbox with a data file: reopened, it holds what the live store held`, () => {
    const dir = tempDir();
    const file = path.join(__dirname, `sandbox-${family}-every-operation.test.js`);
    const run = spawnSync(process.execPath, ['--test', file], {
      env: { ...process.env, NODE_TEST_CONTEXT: undefined, BW_SAFETY_NET: dir }, // a run of its own, not a subtest
      encoding: 'utf8',
      timeout: 180_000,
    });
    assert.equal(run.status, 0, run.stdout.slice(-3000) + run.stderr.slice(-2000));
    const data = path.join(dir, 'sandbox.json');
    assert.ok(journalRecords(data) > 10_000, 'the changes went to the journal');
    const again = new Store(data);
    try {
      assert.equal(again.serialise(), fs.readFileSync(path.join(dir, 'live.json'), 'utf8'));
    } finally {
      again.close();
    }
  });
}

test('order to cash, clock forward and back, a catalog copied in, a reset: each reopens as it was', async () => {
  const file = path.join(tempDir(), 'sandbox.json');
  const scenarioFile = path.resolve('examples/scenarios/order-to-cash.scenario.json');
  const s = readScenario(fs.readFileSync(scenarioFile, 'utf8'), { file: scenarioFile });
  let sb = await startSandbox({ dataFile: file, today: '2027-01-01' });
  const client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  const connection = { name: 'journaled', baseUrl: sb.url, production: false, localSandbox: true };
  const [r] = await runScenarios([s], { target: { kind: 'connection', client, connection } });
  await client.close();
  assert.equal(r.outcome, 'passed', JSON.stringify(r.steps.filter(x => x.outcome !== 'passed')).slice(0, 3000));
  const { usage, payments } = sb.store;
  assert.deepEqual([usage.list.length > 0, payments.refundList.length > 0], [true, true], 'usage and refunds kept');
  await reopensAs(sb, file, 'order to cash');

  // Forward a month with an order and an account change after, then back: accounts put back in place,
  // subscriptions put back, the lists cut.
  sb = await startSandbox({ dataFile: file });
  let call = await v1Caller(sb);
  assert.equal((await call('POST', '/v1/orders', newCustomerOrder())).status, 200);
  assert.equal((await call('POST', CLOCK_PATH, { by: '2 months' })).status, 200);
  const account = sb.store.accountList[0];
  const patched = await call('PUT', `/v1/accounts/${account.account_number}`, { name: 'Renamed after the move' });
  assert.equal(patched.status, 200, JSON.stringify(patched.json));
  assert.equal((await call('POST', '/v1/orders', newCustomerOrder())).status, 200);
  await reopensAs(sb, file, 'forward');
  sb = await startSandbox({ dataFile: file });
  call = await v1Caller(sb);
  const start = sb.clock.today(); // a restart keeps no way back before it
  assert.equal((await call('POST', CLOCK_PATH, { by: '1 month' })).status, 200);
  assert.equal((await call('PUT', `/v1/accounts/${account.account_number}`, { name: 'Again' })).status, 200);
  const back = await call('POST', CLOCK_PATH, { to: start });
  assert.equal(back.status, 200, JSON.stringify(back.json));
  await reopensAs(sb, file, 'forward then back');

  // A catalog copied in (the sandbox's own plans, as a connection's would be), then a reset.
  sb = await startSandbox({ dataFile: file });
  const c = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  const plans = await fetchPlans(c);
  await c.send({ method: 'PUT', path: SANDBOX_CATALOG_PATH }, { body: { plans } });
  await c.close();
  assert.ok(sb.store.catalog.source, 'copied');
  await reopensAs(sb, file, 'catalog copied');
  sb = await startSandbox({ dataFile: file });
  call = await v1Caller(sb);
  assert.equal((await call('POST', RESET_PATH, {})).status, 200);
  assert.equal((await call('POST', '/v1/orders', newCustomerOrder())).status, 200);
  await reopensAs(sb, file, 'reset, then an order');
});

test('300 seeded customers: a changed seeded account and subscription, a clock move there and back, reopen as they were, the rest derived', async () => {
  const file = path.join(tempDir(), 'sandbox.json');
  let sb = await startSandbox({ dataFile: file, seedAccounts: 300, today: '2026-01-01' });
  let call = await v1Caller(sb);
  const renamed = await call('PUT', '/v1/accounts/A00000150', { name: 'Renamed seeded customer' });
  assert.equal(renamed.status, 200, JSON.stringify(renamed.json));
  const terms = changeOrder({ type: 'TermsAndConditions', termsAndConditions: { autoRenew: false } }, 'S00000151');
  const changed = await call('POST', '/v1/orders', {
    ...terms,
    orderDate: '2026-01-15',
    existingAccountNumber: 'A00000150',
  });
  assert.equal(changed.status, 200, JSON.stringify(changed.json));
  await reopensAs(sb, file, 'seeded rows changed');

  sb = await startSandbox({ dataFile: file });
  call = await v1Caller(sb);
  assert.equal((await call('POST', CLOCK_PATH, { by: '1 month' })).status, 200, 'every seeded customer billed');
  await reopensAs(sb, file, 'a month billed');
  sb = await startSandbox({ dataFile: file });
  call = await v1Caller(sb);
  const start = sb.clock.today(); // a restart keeps no way back before it
  assert.equal((await call('POST', CLOCK_PATH, { by: '1 month' })).status, 200);
  const back = await call('POST', CLOCK_PATH, { to: start });
  assert.equal(back.status, 200, JSON.stringify(back.json));
  await reopensAs(sb, file, 'forward then back');

  const again = new Store(file);
  try {
    const kept = JSON.parse(again.serialise()) as {
      seeded?: { count: number };
      seededAccounts?: { account_number: string; name: string }[];
    };
    assert.equal(kept.seeded?.count, 300);
    assert.deepEqual(
      kept.seededAccounts?.map(a => [a.account_number, a.name]),
      [['A00000150', 'Renamed seeded customer']],
      'the file keeps the one seeded account that changed, not the 299 derived ones',
    );
    assert.equal(again.subscriptions.get('S00000151')?.auto_renew, false, 'the seeded subscription as changed');
    assert.equal(again.subscriptions.get('S00000152')?.auto_renew, true, 'the next one as derived');
  } finally {
    again.close();
  }
});
