// A callout receiver on loopback (node:http on 127.0.0.1:0) and a timer tests step instead of sleeping: what the
// callout tests of the Local sandbox take to see deliveries arrive and retries wait; a JSON caller and a definition.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CalloutAttempt } from '../../src/sandbox/events/history';
import type { Timer } from '../../src/sandbox/events/delivery';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import type { TestContext } from 'node:test';
import { tokenOf } from './sandboxToken';

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A queue whose `next()` resolves with the next item pushed (or one already waiting). */
export class Arrivals<T> {
  readonly all: T[] = [];
  private taken = 0;
  private waiting: ((t: T) => void)[] = [];
  push(t: T): void {
    this.all.push(t);
    const w = this.waiting.shift();
    if (w) {
      this.taken++;
      w(t);
    }
  }
  /** The next item; rejects when none came within `deadlineMs` (a test fails, it never hangs). */
  next(deadlineMs = 5_000): Promise<T> {
    if (this.taken < this.all.length) return Promise.resolve(this.all[this.taken++]);
    return new Promise((resolve, reject) => {
      const waiter = (t: T) => {
        clearTimeout(timer);
        resolve(t);
      };
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter(w => w !== waiter);
        reject(new Error(`nothing arrived within ${deadlineMs} ms`));
      }, deadlineMs);
      this.waiting.push(waiter);
    });
  }
}

/** A receiver answering the statuses of `script` in turn (then 200). */
export async function receiver(script: number[] = []) {
  const got = new Arrivals<Received>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const status = script.shift() ?? 200;
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ received: status < 300 }));
      got.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    });
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, got, close: () => new Promise<void>(r => server.close(() => r())) };
}

/** A timer that runs nothing until stepped: `advance(ms)` runs what falls due by then, in due order. */
export class StepTimer implements Timer {
  now = 0;
  /** The delay each task was scheduled with, in order. */
  readonly delays: number[] = [];
  private tasks: { at: number; run: () => void }[] = [];
  after(ms: number, run: () => void): void {
    this.delays.push(ms);
    this.tasks.push({ at: this.now + ms, run });
  }
  get pending(): number {
    return this.tasks.length;
  }
  advance(ms: number): void {
    this.now += ms;
    const due = this.tasks.filter(t => t.at <= this.now).sort((a, b) => a.at - b.at);
    this.tasks = this.tasks.filter(t => t.at > this.now);
    for (const t of due) t.run();
  }
}

/** The sandbox's callout options for a test: the step timer, and each attempt into `attempts`. */
export function calloutHooks() {
  const timer = new StepTimer();
  const attempts = new Arrivals<CalloutAttempt>();
  return { timer, attempts, options: { timer, onAttempt: (a: CalloutAttempt) => attempts.push(a) } };
}

export const DEFINITIONS = '/notifications/notification-definitions';

export async function caller(s: Sandbox) {
  const token = await tokenOf(s);
  return async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${s.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    return { status: r.status, json: text ? JSON.parse(text) : undefined };
  };
}

/** A definition of the invoice-posted callout to `url`: basic auth, four parameters with merge fields. */
export const invoicePosted = (url: string, extra: Record<string, unknown> = {}) => ({
  name: 'Invoice posted to the ERP',
  eventTypeName: 'InvoicePosted',
  calloutActive: true,
  callout: {
    name: 'erp hook',
    calloutBaseurl: url,
    httpMethod: 'POST',
    requiredAuth: true,
    calloutAuth: { username: 'erp', password: 'hook-secret' },
    calloutParams: {
      invoice: '<Invoice.InvoiceNumber>',
      amount: '<Invoice.Amount>',
      account: '<Account.AccountNumber>',
      note: 'posted on <Invoice.InvoiceDate>',
    },
    ...extra,
  },
});

/** A receiver on loopback and a sandbox (today 2027-01-01) whose callouts run on a step timer, both closed after `t`. */
export async function sandboxWithReceiver(t: TestContext, script: number[] = []) {
  const hook = await receiver(script);
  const hooks = calloutHooks();
  const sb = await startSandbox({ today: '2027-01-01', callouts: hooks.options });
  t.after(async () => {
    await sb.close();
    await hook.close();
  });
  return { hook, hooks, sb, call: await caller(sb) };
}
