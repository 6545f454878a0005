// Issue 32 item 4: 1,000 invoice-posted callouts delivered to a receiver on loopback by the sandbox's event hub, as
// a user sets them up: a definition with a filterRule (1,100 events announced, the 100 under its minimum skipped)
// naming a callout template (custom body with merge fields, a header, basic auth), node's http, the real timer,
// each attempt recorded in the history (request redacted). Figures: the time from the first announced to the last
// recorded, the heap the history holds after them, and the process's RSS after them.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventHub } from '../src/sandbox/events/hub';
import { httpSender, REAL_TIMER } from '../src/sandbox/events/delivery';
import type { SandboxEvent } from '../src/sandbox/events/events';
import { newId } from '../src/sandbox/state/ids';
import { templateFrom } from '../src/sandbox/state/calloutTemplates';
import { definitionFrom } from '../src/sandbox/state/notifications';
import { Store } from '../src/sandbox/state/store';
import { figure } from './measure';

const N = 1_000;
const SKIPPED = 100;

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
  const now = '2027-01-01T00:00:00Z';
  const store = new Store();
  const template = templateFrom(
    {
      name: 'ERP',
      calloutBaseurl: url,
      httpMethod: 'POST',
      calloutHeaders: { 'X-Event': '<Event.Type>' },
      useCustomRequestBody: true,
      customRequestBody:
        '{"invoice":"<Invoice.InvoiceNumber>","amount":<Invoice.Amount>,"account":"<Account.AccountNumber>"}',
      requiredAuth: true,
      calloutAuth: { username: 'erp', password: 'bench-secret-1', preemptive: true },
    },
    undefined,
    newId,
    now,
  );
  store.calloutTemplates.put(template);
  const definition = definitionFrom(
    {
      name: 'bench',
      eventTypeName: 'InvoicePosted',
      calloutActive: true,
      calloutTemplateIds: [template.id],
      filterRule: { condition: 'Invoice.Amount >= minimum', parameters: {} },
      filterRuleParams: { minimum: '100' },
    },
    newId,
    now,
  );
  store.notifications.put(definition);
  const events: SandboxEvent[] = [];
  for (let i = 0; i < N + SKIPPED; i++) {
    const n = `INV${String(i + 1).padStart(8, '0')}`;
    const amount = i % 11 === 10 ? '99.99' : '350.00'; // every 11th under the filter's minimum: 100 of 1,100
    const fields = {
      'Event.Type': 'InvoicePosted',
      'Invoice.InvoiceNumber': n,
      'Invoice.Amount': amount,
      'Account.AccountNumber': 'A00000001',
    };
    events.push({ type: 'InvoicePosted', date: '2027-01-01', objectId: n, fields });
  }
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let done = 0;
  let finish: () => void = () => {};
  const all = new Promise<void>(r => (finish = r));
  const hub = new EventHub(store, {
    send: httpSender,
    timer: REAL_TIMER,
    timestamp: () => new Date().toISOString(),
    newId,
    onAttempt: () => {
      if (++done === N) finish();
    },
  });
  const t = process.hrtime.bigint();
  hub.announce(events);
  await all;
  const took = Number(process.hrtime.bigint() - t) / 1e6;
  global.gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  const rssMb = process.memoryUsage().rss / 2 ** 20;
  server.close();
  const failed = hub.deliveries.history.list.filter(a => !a.ok).length;
  if (received !== N || failed) throw new Error(`expected ${N} delivered, got ${received} (${failed} failed)`);
  figure(`${N} callouts delivered to a loopback receiver (template, filter, basic auth)`, took, 'ms', '< 2000 ms');
  figure(`history of ${N} callouts, heap`, Math.max(0, heapMb), 'MB', '< 20 MB');
  figure(`process after ${N} callouts, RSS`, rssMb, 'MB', '< 200 MB');
}

void main();
