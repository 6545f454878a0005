// Issue 32 item 4: 1,000 invoice-posted callouts delivered to a receiver on loopback by the sandbox's deliveries
// (events/delivery.ts: node's http, the real timer, each attempt recorded in the history): the time from the
// first scheduled to the last recorded, and the heap the history holds after them.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Deliveries, httpSender, REAL_TIMER } from '../src/sandbox/events/delivery';
import type { SandboxEvent } from '../src/sandbox/events/events';
import { newId } from '../src/sandbox/state/ids';
import type { NotificationDefinitionRec } from '../src/sandbox/state/notifications';
import { figure } from './measure';

const N = 1_000;

async function main(): Promise<void> {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const definition: NotificationDefinitionRec = {
    id: newId(),
    name: 'bench',
    active: true,
    eventTypeName: 'InvoicePosted',
    eventTypeNamespace: 'user.notification',
    calloutActive: true,
    emailActive: false,
    details: {},
    createdOn: '2027-01-01T00:00:00Z',
    updatedOn: '2027-01-01T00:00:00Z',
    callout: {
      id: newId(),
      name: 'bench',
      active: true,
      calloutBaseurl: url,
      httpMethod: 'POST',
      calloutParams: { invoice: '<Invoice.InvoiceNumber>', amount: '<Invoice.Amount>' },
      calloutRetry: true,
      requiredAuth: false,
    },
  };
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let done = 0;
  let finish: () => void = () => {};
  const all = new Promise<void>(r => (finish = r));
  const deliveries = new Deliveries({
    send: httpSender,
    timer: REAL_TIMER,
    timestamp: () => new Date().toISOString(),
    newId,
    onAttempt: () => {
      if (++done === N) finish();
    },
  });
  const t = process.hrtime.bigint();
  for (let i = 0; i < N; i++) {
    const n = `INV${String(i + 1).padStart(8, '0')}`;
    const event: SandboxEvent = {
      type: 'InvoicePosted',
      date: '2027-01-01',
      objectId: n,
      fields: { 'Invoice.InvoiceNumber': n, 'Invoice.Amount': '350.00' },
    };
    deliveries.deliver(definition, event);
  }
  await all;
  const took = Number(process.hrtime.bigint() - t) / 1e6;
  global.gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  server.close();
  const failed = deliveries.history.list.filter(a => !a.ok).length;
  if (received !== N || failed) throw new Error(`expected ${N} delivered, got ${received} (${failed} failed)`);
  figure(`${N} callouts delivered to a loopback receiver`, took, 'ms', '< 2000 ms');
  figure(`history of ${N} callouts, heap`, Math.max(0, heapMb), 'MB', '< 20 MB');
}

void main();
