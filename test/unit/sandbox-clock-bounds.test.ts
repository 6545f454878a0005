// Issue 29, item 9: the Local sandbox's way back is bounded by bytes (it keeps the records a move changed, not
// copies of the state; past a byte budget the oldest states go, and the answer says so), and a move does not
// hold the sandbox: a request sent while one runs is answered (503 + Retry-After, in its family's shape) before
// the move ends, and nothing is written meanwhile. The move is held by the sandbox's pause hook, not by time.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { CLOCK_PATH } from '../../src/client';
import { clockSummary } from '../../src/client/clockText';
import { runOrder } from '../../src/sandbox/engine/orders';
import { sandboxClock } from '../../src/sandbox/state/clock';
import { seed } from '../../src/sandbox/engine/seed';
import { Store } from '../../src/sandbox/state/store';
import type { DueHandler } from '../../src/sandbox/timeTravel/due';
import { DUE_HANDLERS } from '../../src/sandbox/timeTravel/handlers';
import { TimeMachine } from '../../src/sandbox/timeTravel/timeMachine';
import { tokenOf } from './sandboxToken';
import { firstTurnHeld } from './waits';

const month = { by: { count: 1, unit: 'month' } } as const;

/** A store seeded with `accounts` customers (12-month terms from 2026-01-01, billed monthly) and its clock. */
function seeded(accounts: number, historyBytes?: number, handlers?: DueHandler[]) {
  const store = new Store();
  store.commit(() => seed(store, accounts));
  const clock = sandboxClock('2026-01-01');
  const tm = new TimeMachine({ store, clock, commit: change => store.commit(change), historyBytes, handlers });
  return { store, clock, tm };
}
/** Everything the store holds but its today (the clock's own date). */
const state = (store: Store) => {
  const { today: _today, ...data } = JSON.parse(store.serialise()) as Record<string, unknown>;
  return JSON.stringify(data);
};
const jsonBytes = (v: unknown) => JSON.stringify(v).length;
/** A new customer on the team plan from `date`. */
const customer = (store: Store, date: string) =>
  store.commit(() =>
    runOrder(
      store,
      {
        order_date: date,
        account_data: { name: 'New', currency: 'USD', bill_to: { first_name: 'N', last_name: 'N' } },
        subscriptions: [
          {
            initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
            renewal_term: { type: 'termed', interval: 'month', interval_count: 12 },
            start_on: { contract_effective: date },
            subscription_plans: [{ plan_id: 'plan-team-monthly' }],
          },
        ],
      } as never,
      true,
    ),
  );

describe('the way back is bounded by bytes', () => {
  test('a move keeps the records it changed, not a copy of the state; every state comes back exactly', () => {
    const { store, tm } = seeded(100);
    // The state's rows (seeded ones are derived, not in the data file: measured as the rows they are).
    const whole = JSON.stringify([
      [...store.accountList],
      [...store.subscriptions.values()],
      [...store.orderList],
    ]).length;
    const states = new Map<string, string>();
    for (let i = 0; i < 11; i++) {
      states.set(store.today ?? '2026-01-01', state(store));
      tm.move(month); // each bills the 100 accounts
      if (i === 4) {
        // Changes between moves are in the state of their date: a fee, and a pause the clock resumes on 08-01.
        const order = {
          account_number: 'A00000002',
          order_date: '2026-06-01',
          line_items: [{ name: 'Setup', type: 'fee', unit_amount: 5 }],
          subscriptions: [
            { subscription_number: 'S00000003', pause: { resume_behavior: { resume_date: '2026-08-01' } } },
          ],
        };
        store.commit(() => runOrder(store, order as never, true));
      }
    }
    assert.equal(store.today, '2026-12-01');
    assert.equal(store.subscriptions.get('S00000003')!.state, 'active', 'resumed on 2026-08-01');
    const quiet = tm.keptBytes();
    assert.ok(quiet < whole / 50, `11 moves that changed one subscription keep ${quiet} bytes (the state: ${whole})`);

    // 2027-01-01: every 12-month term renews; the way back keeps each subscription as it was, once.
    const renewing = [...store.subscriptions.values()].filter(s => s.current_term_end === '2027-01-01');
    assert.equal(renewing.length, 100);
    const renewedBytes = renewing.reduce((n, s) => n + s.subscription_number.length + jsonBytes(s), 0);
    states.set('2026-12-01', state(store));
    tm.move(month);
    const grown = tm.keptBytes() - quiet;
    assert.ok(grown >= renewedBytes && grown < renewedBytes + 1_000, `${grown} bytes for ${renewedBytes} renewed`);
    const now = store.serialise().length;
    assert.ok(tm.keptBytes() < now / 10, `12 states to go back to keep ${tm.keptBytes()} bytes (one state: ${now})`);

    for (const date of [...states.keys()].reverse()) {
      tm.move({ to: date });
      assert.equal(state(store), states.get(date), `the state of ${date}, exactly`);
    }
    assert.equal(tm.status().history.kept, 1);
  });

  test('past the byte budget the oldest states go: the answer says so, and what is kept comes back exactly', () => {
    const { store, tm } = seeded(60, 40_000);
    tm.move(month);
    tm.move(month);
    const before = state(store);
    const renewal = tm.move({ to: '2027-01-01' }); // renews 61 subscriptions: more than 40 KB to keep
    assert.ok(tm.keptBytes() > 40_000, 'the newest state is kept whatever its size');
    assert.deepEqual(renewal.dropped, ['2026-01-01', '2026-02-01']);
    assert.equal(renewal.byteLimit, 40_000);
    assert.deepEqual(renewal.history, { kept: 1, earliest: '2026-03-01', dropped: 2, limit: 100 });
    assert.match(
      clockSummary(renewal),
      /keeps its last 100 states, within 40 KB; it can no longer go back to 2026-01-01/,
    );
    assert.throws(() => tm.move({ to: '2026-02-01' }), /go back to 2026-03-01 at the earliest.*within 40 KB; 2 older/);
    tm.move({ to: '2026-03-01' });
    assert.equal(state(store), before);
  });

  test('a move that fails half way keeps nothing of it, and the way back is as it was', () => {
    let broken = false;
    const breaks: DueHandler = {
      name: 'the broken handler',
      next: (_store, until) => (broken && until >= '2026-06-01' ? '2026-06-01' : undefined),
      run: () => {
        throw new Error('broken on 2026-06-01');
      },
    };
    const { store, clock, tm } = seeded(20, undefined, [...DUE_HANDLERS, breaks]);
    tm.move(month);
    const before = state(store);
    const history = tm.status().history;
    const bytes = tm.keptBytes();
    broken = true;
    // Bills 03-01 to 05-01, renews nothing, then breaks on 06-01: nothing of it is kept.
    assert.throws(() => tm.move({ to: '2026-12-01' }), /broken on 2026-06-01/);
    assert.equal(state(store), before);
    assert.equal(clock.today(), '2026-02-01');
    assert.deepEqual(tm.status().history, history);
    assert.equal(tm.keptBytes(), bytes);
    // Going back, what fell due after the state put back happens again, and may break half way: the same.
    broken = false;
    tm.move({ to: '2026-08-01' });
    customer(store, '2026-08-01'); // made after the state going back puts back: gone, then back in its place
    tm.move({ to: '2026-09-01' });
    customer(store, '2026-09-01');
    const september = state(store);
    const kept = [tm.status().history, tm.keptBytes()];
    broken = true;
    assert.throws(() => tm.move({ to: '2026-07-01' }), /broken on 2026-06-01/);
    assert.equal(state(store), september);
    assert.equal(clock.today(), '2026-09-01');
    assert.deepEqual([tm.status().history, tm.keptBytes()], kept);
    broken = false;
    assert.equal(tm.move({ to: '2026-07-01' }).restored, '2026-02-01');
  });
});

// ---- over HTTP: a move in progress does not hold the sandbox ----

async function call(s: Sandbox, token: string, method: string, path: string, body?: unknown) {
  const r = await fetch(`${s.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return {
    status: r.status,
    retryAfter: r.headers.get('retry-after'),
    json: (await r.json()) as Record<string, unknown>,
  };
}

describe('a clock move does not hold the sandbox', () => {
  test('a request sent while a move runs is answered before the move ends: 503 + Retry-After, nothing written', async () => {
    const { clockPause, inMove, release } = firstTurnHeld();
    const s = await startSandbox({ today: '2026-01-01', seedAccounts: 3, clockPause });
    try {
      const token = await tokenOf(s);
      const moved = call(s, token, 'POST', CLOCK_PATH, { by: '1 month' });
      const first = await Promise.race([inMove.then(() => 'a pause'), moved.then(() => 'the move ended')]);
      assert.equal(first, 'a pause', 'the move lets other requests in before it ends');

      const v2 = await call(s, token, 'GET', '/v2/accounts/A00000001');
      assert.equal(v2.status, 503);
      assert.equal(v2.retryAfter, '1');
      assert.equal(v2.json.type, 'service_unavailable');
      assert.equal(v2.json.retryable, true);
      const [detail] = v2.json.errors as { code: string; message: string }[];
      assert.equal(detail.code, 'clock_moving');
      assert.match(detail.message, /moving its clock from 2026-01-01 by 1 month\(s\).*retry after the Retry-After/);
      const v1 = await call(s, token, 'GET', '/v1/accounts/A00000001');
      assert.equal(v1.status, 503);
      assert.equal(v1.retryAfter, '1');
      assert.equal(v1.json.success, false);
      assert.match((v1.json.reasons as { message: string }[])[0].message, /moving its clock/);
      const create = await call(s, token, 'POST', '/v2/orders', {
        order_date: '2026-01-15',
        account_data: { name: 'Meanwhile', currency: 'USD', bill_to: { first_name: 'M', last_name: 'M' } },
        line_items: [{ name: 'Setup', type: 'fee', unit_amount: 5 }],
      });
      assert.equal(create.status, 503, 'a write never interleaves with a move half done');
      assert.equal((await call(s, token, 'POST', CLOCK_PATH, { by: '1 day' })).status, 503, 'nor another move');

      release();
      const done = await moved;
      assert.equal(done.status, 200);
      assert.equal(done.json.today, '2026-02-01');
      const billed = (done.json.events as { type: string; account_number: string }[]).filter(e => e.type === 'billed');
      assert.deepEqual([...new Set(billed.map(e => e.account_number))], ['A00000001', 'A00000002', 'A00000003']);
      assert.equal(s.store.accounts.size, 3, 'the refused create made nothing');
      assert.equal((await call(s, token, 'GET', '/v2/accounts/A00000001')).status, 200);
    } finally {
      release();
      await s.close();
    }
  });
});
