// Issue 32 item 4: which events the Local sandbox announces, over HTTP on loopback with a receiver on 127.0.0.1 and
// a step timer (no sleeps). Both families' orders, a v2 bill run's invoice then its completion; nothing for a change
// whose save failed (rolled back); inactive definitions get nothing; `calloutRetry: false` is tried once; the
// definitions are kept in the data file across a restart; a reset forgets them and the history.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox } from '../../src/sandbox';
import { caller, calloutHooks, DEFINITIONS, receiver, sandboxWithReceiver } from './calloutReceiver';
import { newCustomerOrder } from './sandbox-v1-helpers';
import { newAccount, teamOrder } from './sandboxV2';
import { dataFileText, fullDiskWriter } from './dataFileHelpers';

/** A definition listening to `event`, its callout sending every field of the event (no parameters). */
const listening = (event: string, url: string, extra: Record<string, unknown> = {}) => ({
  name: `${event} hook`,
  eventTypeName: event,
  calloutActive: true,
  callout: { calloutBaseurl: url, httpMethod: 'POST', ...extra },
});

test('v1 and v2 order creates, then a v2 bill run: each order processed, then its invoice posted, then the run completed', async t => {
  const { hook, hooks, call } = await sandboxWithReceiver(t);
  for (const e of ['OrderProcessed', 'InvoicePosted', 'BillRunCompletion']) {
    assert.equal((await call('POST', DEFINITIONS, listening(e, hook.url))).status, 200);
  }
  const v1 = await call('POST', '/v1/orders', newCustomerOrder());
  assert.equal(v1.status, 200, JSON.stringify(v1.json));
  const v2 = await call('POST', '/v2/orders', teamOrder({ account_data: newAccount }));
  assert.equal(v2.status, 200, JSON.stringify(v2.json));
  const account = (await call('GET', `/v2/accounts/${v2.json.account_id}`)).json.account_number;
  const run = await call('POST', '/v2/bill_runs', {
    target_date: '2027-01-01',
    invoice_date: '2027-01-01',
    account_number: account,
  });
  assert.equal(run.status, 201, JSON.stringify(run.json));
  assert.equal(hook.got.all.length, 0, 'nothing is sent inside a request');
  hooks.timer.advance(0);
  const bodies = [];
  for (let i = 0; i < 4; i++) bodies.push(JSON.parse((await hook.got.next()).body));
  assert.deepEqual(
    bodies.map(b => [b['Event.Type'], b['Order.OrderNumber'] ?? b['Invoice.Amount'] ?? b['BillRun.NumberOfInvoices']]),
    [
      ['OrderProcessed', v1.json.orderNumber],
      ['OrderProcessed', v2.json.order_number],
      ['InvoicePosted', '350.00'],
      ['BillRunCompletion', '1'],
    ],
  );
  assert.equal(bodies[2]['Account.AccountNumber'], account);
  assert.equal(bodies[3]['BillRun.BillRunNumber'], bodies[2]['BillRun.BillRunNumber']);
});

test('a change whose save failed is never announced; the next one is, once', async t => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-events-'));
  const hook = await receiver();
  const hooks = calloutHooks();
  let full = false;
  const writer = fullDiskWriter(() => full);
  const sb = await startSandbox({
    today: '2027-01-01',
    dataFile: path.join(dir, 'data.json'),
    writer,
    callouts: hooks.options,
  });
  t.after(async () => {
    await sb.close();
    await hook.close();
    fs.rmSync(dir, { recursive: true });
  });
  const call = await caller(sb);
  assert.equal((await call('POST', DEFINITIONS, listening('OrderProcessed', hook.url))).status, 200);
  full = true;
  const failed = await call('POST', '/v1/orders', newCustomerOrder());
  assert.equal(failed.status, 500, JSON.stringify(failed.json));
  assert.equal(hooks.timer.pending, 0, 'the rolled-back order is not announced');
  full = false;
  const kept = await call('POST', '/v1/orders', newCustomerOrder());
  assert.equal(kept.status, 200, JSON.stringify(kept.json));
  assert.equal(hooks.timer.pending, 1);
  hooks.timer.advance(0);
  assert.equal(JSON.parse((await hook.got.next()).body)['Order.OrderNumber'], kept.json.orderNumber);
});

test('an inactive definition gets nothing; calloutRetry false is tried once', async t => {
  const { hook, hooks, call } = await sandboxWithReceiver(t, [503]);
  const off = { ...listening('OrderProcessed', hook.url), active: false };
  assert.equal((await call('POST', DEFINITIONS, off)).status, 200);
  const once = listening('OrderProcessed', hook.url, { calloutRetry: false });
  assert.equal((await call('POST', DEFINITIONS, once)).status, 200);
  assert.equal((await call('POST', '/v1/orders', newCustomerOrder())).status, 200);
  assert.equal(hooks.timer.pending, 1, 'one delivery: the inactive definition has none');
  hooks.timer.advance(0);
  assert.equal((await hooks.attempts.next()).responseCode, 503);
  assert.equal(hooks.timer.pending, 0, 'no retry');
});

test('definitions are kept in the data file but never their password: after a restart the callout is not sent, saying to PUT it again', async t => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-events-'));
  const file = path.join(dir, 'data.json');
  const hook = await receiver();
  t.after(async () => {
    await hook.close();
    fs.rmSync(dir, { recursive: true });
  });
  const first = await startSandbox({ today: '2027-01-01', dataFile: file });
  const auth = { requiredAuth: true, calloutAuth: { username: 'erp', password: 'hook-secret-42' } };
  const made = await (await caller(first))('POST', DEFINITIONS, listening('OrderProcessed', hook.url, auth));
  assert.equal(made.status, 200, JSON.stringify(made.json));
  await first.close();
  const kept = dataFileText(file);
  assert.ok(kept.includes(made.json.id), 'the definition is in the data file');
  assert.ok(!kept.includes('hook-secret-42'), 'its password is not');

  const hooks = calloutHooks();
  const again = await startSandbox({ today: '2027-01-01', dataFile: file, callouts: hooks.options });
  t.after(() => again.close());
  const call = await caller(again);
  assert.deepEqual(
    (await call('GET', DEFINITIONS)).json.data.map((d: { id: string }) => d.id),
    [made.json.id],
  );
  assert.equal(hooks.timer.pending, 0, 'a restart announces nothing of what was there');
  assert.equal((await call('POST', '/v1/orders', newCustomerOrder())).status, 200);
  hooks.timer.advance(0);
  const unsent = await hooks.attempts.next();
  assert.equal(unsent.status, 'not sent');
  assert.match(
    unsent.responseContent,
    /password is kept in memory only, never in the data file.*PUT the callout again with calloutAuth/,
  );
  const history = (await call('GET', '/v1/notification-history/callout?includeResponseContent=true')).json;
  assert.match(history.calloutHistories[0].responseContent, /PUT the callout again/);
  assert.equal(hooks.timer.pending, 0, 'not retried: only a new password helps');

  const put = await call('PUT', `${DEFINITIONS}/${made.json.id}`, { callout: auth });
  assert.equal(put.status, 200, JSON.stringify(put.json));
  assert.equal((await call('POST', '/v1/orders', newCustomerOrder())).status, 200);
  hooks.timer.advance(0);
  assert.equal(
    (await hook.got.next()).headers.authorization,
    `Basic ${Buffer.from('erp:hook-secret-42').toString('base64')}`,
  );
  assert.ok(!fs.readFileSync(file, 'utf8').includes('hook-secret-42'), 'the PUT kept it in memory only');
});

test('a reset makes the sandbox afresh: no definitions, no callout history, nothing announced of the fresh seed', async t => {
  const { hook, hooks, call } = await sandboxWithReceiver(t);
  assert.equal((await call('POST', DEFINITIONS, listening('OrderProcessed', hook.url))).status, 200);
  assert.equal((await call('POST', '/v1/orders', newCustomerOrder())).status, 200);
  hooks.timer.advance(0);
  await hooks.attempts.next();
  assert.equal((await call('GET', '/v1/notification-history/callout')).json.calloutHistories.length, 1);

  const reset = await call('POST', '/_sandbox/reset', {});
  assert.equal(reset.status, 200, JSON.stringify(reset.json));
  assert.deepEqual((await call('GET', DEFINITIONS)).json.data, []);
  assert.deepEqual((await call('GET', '/v1/notification-history/callout')).json.calloutHistories, []);
  assert.equal(hooks.timer.pending, 0);
});
