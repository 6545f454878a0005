// Issue 14: account_number completion never waits on the network past a bound, debounces, cancels the
// request it no longer needs, and narrows what it already knows. Time is a clock the test moves.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { AccountLookup, type LookupAnswer } from '../../src/client/accountLookup';
import type { AccountMatch } from '../../src/client/accountSearch';
import { accountNumberSlot } from '../../src/payloads/accountNumberSlot';

const account = (n: number, name: string): AccountMatch => ({
  accountNumber: `A${String(n).padStart(8, '0')}`,
  name,
  currency: 'USD',
  status: 'Active',
});
const ACCOUNTS = [account(1, 'Demo Customer'), account(2, 'Customer 2'), account(3, 'Acme'), account(20, 'Acme Two')];

/** Timers that fire only when the test says so; an aborted one resolves false at once. */
class ManualClock {
  private pending: { ms: number; resolve: (fired: boolean) => void }[] = [];
  delay = (ms: number, signal?: AbortSignal) =>
    new Promise<boolean>(resolve => {
      if (signal?.aborted) return resolve(false);
      const entry = { ms, resolve };
      this.pending.push(entry);
      signal?.addEventListener('abort', () => {
        this.pending = this.pending.filter(p => p !== entry);
        resolve(false);
      });
    });
  /** Fires every waiting timer of `ms`; resolves once the code it woke has run. */
  async fire(ms: number): Promise<void> {
    const due = this.pending.filter(p => p.ms === ms);
    this.pending = this.pending.filter(p => p.ms !== ms);
    for (const p of due) p.resolve(true);
    await new Promise(r => setImmediate(r));
  }
  waiting = (ms: number) => this.pending.filter(p => p.ms === ms).length;
}

/** A service that answers when the test releases it, and records each request and its signal. */
function service() {
  const requests: { prefix: string; signal: AbortSignal; answer: (a?: LookupAnswer) => void }[] = [];
  const fetch = (prefix: string, signal: AbortSignal) =>
    new Promise<LookupAnswer>((resolve, reject) => {
      const p = prefix.toLowerCase(); // the service matches in any case
      const rows = ACCOUNTS.filter(
        a => a.accountNumber.toLowerCase().startsWith(p) || a.name.toLowerCase().startsWith(p),
      );
      requests.push({ prefix, signal, answer: a => resolve(a ?? { rows, incomplete: false }) });
      signal.addEventListener('abort', () => reject(new Error('aborted')));
    });
  return { requests, fetch };
}

const tick = () => new Promise(r => setImmediate(r));
const numbers = (a: LookupAnswer) => a.rows.map(r => r.accountNumber);

test('debounced: a keystroke that is followed by another sends nothing', async () => {
  const clock = new ManualClock();
  const svc = service();
  const lookup = new AccountLookup(svc.fetch, { delay: clock.delay, debounceMs: 100, waitMs: 300 });
  const typing = new AbortController();
  const first = lookup.lookup('a', typing.signal);
  typing.abort(); // VS Code cancels the request of the previous keystroke
  assert.deepEqual(await first, { rows: [], incomplete: true });
  assert.equal(svc.requests.length, 0);
});

test('never waits past the bound: what is known, incomplete; the answer lands in the cache for the next ask', async () => {
  const clock = new ManualClock();
  const svc = service();
  const lookup = new AccountLookup(svc.fetch, { delay: clock.delay, debounceMs: 100, waitMs: 300 });
  const ask = lookup.lookup('acme', new AbortController().signal);
  await clock.fire(100);
  assert.deepEqual(
    svc.requests.map(r => r.prefix),
    ['acme'],
  );
  await clock.fire(300); // the service has not answered within the bound
  assert.deepEqual(await ask, { rows: [], incomplete: true });
  svc.requests[0].answer();
  await tick();
  const again = await lookup.lookup('acme', new AbortController().signal);
  assert.deepEqual([numbers(again), again.incomplete], [['A00000003', 'A00000020'], false]);
  assert.equal(svc.requests.length, 1, 'answered from the cache');
});

test('a complete answer narrows without a request: "acme t" is found in what "acme" returned', async () => {
  const clock = new ManualClock();
  const svc = service();
  const lookup = new AccountLookup(svc.fetch, { delay: clock.delay, debounceMs: 100, waitMs: 300 });
  const ask = lookup.lookup('Acme', new AbortController().signal);
  await clock.fire(100);
  svc.requests[0].answer();
  assert.deepEqual(numbers(await ask), ['A00000003', 'A00000020']);
  const narrowed = await lookup.lookup('Acme T', new AbortController().signal);
  assert.deepEqual([numbers(narrowed), narrowed.incomplete], [['A00000020'], false]);
  assert.equal(svc.requests.length, 1);
});

test('a capped answer is offered while the longer prefix is asked; a new prefix aborts the previous request', async () => {
  const clock = new ManualClock();
  const svc = service();
  const lookup = new AccountLookup(svc.fetch, { delay: clock.delay, debounceMs: 100, waitMs: 300 });
  const first = lookup.lookup('a', new AbortController().signal);
  await clock.fire(100);
  svc.requests[0].answer({ rows: ACCOUNTS.slice(2), incomplete: true }); // more match than a page holds
  assert.equal((await first).incomplete, true);
  const second = lookup.lookup('a00', new AbortController().signal);
  await clock.fire(100);
  const third = lookup.lookup('a0000000', new AbortController().signal);
  await clock.fire(100);
  assert.deepEqual(
    svc.requests.map(r => [r.prefix, r.signal.aborted]),
    [
      ['a', false],
      ['a00', true],
      ['a0000000', false],
    ],
  );
  await clock.fire(300);
  assert.deepEqual([numbers(await second), (await second).incomplete], [['A00000003', 'A00000020'], true]);
  assert.deepEqual([numbers(await third), (await third).incomplete], [['A00000003'], true], 'narrowed, partial');
});

test("the caller's cancellation aborts its request; a failed request is not kept", async () => {
  const clock = new ManualClock();
  const svc = service();
  const lookup = new AccountLookup(svc.fetch, { delay: clock.delay, debounceMs: 100, waitMs: 300 });
  const caller = new AbortController();
  const ask = lookup.lookup('demo', caller.signal);
  await clock.fire(100);
  caller.abort();
  await tick();
  assert.equal(svc.requests[0].signal.aborted, true);
  await clock.fire(300);
  assert.deepEqual(await ask, { rows: [], incomplete: true });
  const again = lookup.lookup('demo', new AbortController().signal);
  await clock.fire(100);
  assert.equal(svc.requests.length, 2, 'asked again, nothing cached from the aborted one');
  svc.requests[1].answer();
  assert.deepEqual(numbers(await again), ['A00000001']);
  lookup.clear();
  void lookup.lookup('demo', new AbortController().signal);
  assert.equal(clock.waiting(100), 1, 'forgotten after clear: debounced again');
});

test('accountNumberSlot: the order, a subscription owner and invoice owner; never a new account or a key', () => {
  const at = (text: string) => accountNumberSlot(text.replace('|', ''), text.indexOf('|'));
  assert.deepEqual(at('{ "account_number": "A00|" }'), { prefix: 'A00', start: 21, end: 24, quoted: true });
  assert.deepEqual(at('{ "account_number": "Ac|me" }'), { prefix: 'Ac', start: 21, end: 25, quoted: true });
  assert.deepEqual(at('{ "account_number": |'), { prefix: '', start: 20, end: 20, quoted: false });
  assert.equal(at('{ "subscriptions": [{ "account_number": "x|" }] }')?.prefix, 'x');
  assert.equal(at('{ "subscriptions": [{}, { "invoice_owner_account_number": "|" }] }')?.prefix, '');
  assert.equal(at('{ "account_data": { "account_number": "x|" } }'), undefined);
  assert.equal(at('{ "account_num|ber": "x" }'), undefined);
  assert.equal(at('{ "order_number": "x|" }'), undefined);
  assert.equal(at('{ "account_number": 12| }'), undefined);
});
