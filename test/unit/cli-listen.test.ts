// Issue 32 item 5 (the CLI part): `listen --forward-to` on a Local sandbox over loopback. It registers callouts,
// prints each event as it happens, forwards its body to the receiver and prints the answer's status; stopping
// removes what it registered. The sandbox delivers on its real timer (the first attempt at once): no sleeps, each
// wait has a deadline.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { describeCallout, listenCommand } from '../../src/cli/listen';
import { startSandbox } from '../../src/sandbox';
import { Arrivals, caller, DEFINITIONS, receiver } from './calloutReceiver';
import { newCustomerOrder } from './sandbox-v1-helpers';

test('listen forwards each event to --forward-to, prints it with the answer status, and removes its callouts when stopped', async t => {
  const target = await receiver();
  const sb = await startSandbox({ today: '2027-01-01' });
  t.after(async () => {
    await sb.close();
    await target.close();
  });
  const lines = new Arrivals<string>();
  const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(`ERR ${l}`) };
  const stop = new AbortController();
  const done = listenCommand(
    { baseUrl: sb.url, forwardTo: target.url, events: 'OrderProcessed,InvoicePosted', signal: stop.signal },
    io,
    {},
  );
  assert.match(await lines.next(), /^Forwarding OrderProcessed, InvoicePosted from http:\/\/127\.0\.0\.1:\d+ to /);
  const call = await caller(sb);
  assert.equal((await call('GET', DEFINITIONS)).json.data.length, 2);

  const order = await call('POST', '/v1/orders', newCustomerOrder());
  assert.equal(order.status, 200, JSON.stringify(order.json));
  const got = await target.got.next();
  assert.equal(JSON.parse(got.body)['Order.OrderNumber'], order.json.orderNumber);
  assert.equal(await lines.next(), `2027-01-01 OrderProcessed ${order.json.orderNumber} (${order.json.accountNumber})`);
  assert.equal(await lines.next(), `  -> ${target.url}: 200`);

  stop.abort();
  assert.equal(await done, 0);
  assert.deepEqual((await call('GET', DEFINITIONS)).json.data, [], 'its callouts are removed');
});

test('listen refuses plain http to another host and unknown events, saying what to give', async () => {
  const io = { out: () => {}, err: () => {} };
  await assert.rejects(
    listenCommand({ baseUrl: 'http://127.0.0.1:1', forwardTo: 'http://example.com/hook' }, io, {}),
    /--forward-to must use https, or http on this machine/,
  );
  await assert.rejects(
    listenCommand({ baseUrl: 'http://127.0.0.1:1', forwardTo: 'http://localhost:3000/hook', events: 'Nope' }, io, {}),
    /--events takes names among OrderProcessed, OrderActionProcessed, InvoicePosted, PaymentProcessed, PaymentDeclined, RefundProcessed, UsageUploaded, BillRunCompletion; not "Nope"/,
  );
});

test('each event in one line, usage uploads too (was an empty object: "UsageUploaded  (A00000002)")', () => {
  const usage = {
    'Event.Type': 'UsageUploaded',
    'Event.Date': '2027-01-15',
    'Usage.RecordCount': '2',
    'Usage.Quantity': '1234.5',
    'Usage.UnitOfMeasure': 'call',
    'Account.AccountNumber': 'A00000002',
  };
  assert.equal(describeCallout(JSON.stringify(usage)), '2027-01-15 UsageUploaded 2 records, 1234.5 call (A00000002)');
  const paid = { 'Event.Type': 'PaymentProcessed', 'Event.Date': '2027-01-01', 'Payment.PaymentNumber': 'P-00000001' };
  assert.equal(describeCallout(JSON.stringify(paid)), '2027-01-01 PaymentProcessed P-00000001');
  assert.equal(describeCallout(JSON.stringify({ 'Event.Type': 'X' })), 'X');
});
