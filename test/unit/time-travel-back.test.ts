// Time travel on the Local sandbox (issue 21, item 4): going back to the state of an earlier date. All in memory,
// on the engine: the clock is injected, nothing waits.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { runOrder } from '../../src/sandbox/engine/orders';
import { sandboxClock } from '../../src/sandbox/state/clock';
import { Store } from '../../src/sandbox/state/store';
import { finish } from '../../src/sandbox/timeTravel/due';
import { StateHistory } from '../../src/sandbox/timeTravel/history';
import { TimeMachine } from '../../src/sandbox/timeTravel/timeMachine';
import { brief, machineWithFailingSaves, storeWith } from './timeTravelFixtures';
import { serviceErrorOf } from '../../src/sandbox/http/errors';

describe('going back', () => {
  /** Everything kept (accounts, subscriptions, orders, the numbers handed out), but the clock's own date. */
  const state = (store: Store) => {
    const { today: _today, ...data } = JSON.parse(store.serialise()) as Record<string, unknown>;
    return data;
  };

  function machine(limit?: number) {
    const { store, number } = storeWith({});
    const clock = sandboxClock('2027-01-01');
    const tm = new TimeMachine({ store, clock, commit: change => store.commit(change), historyLimit: limit });
    return { store, number, clock, tm };
  }

  test('advance then back to the date before: the same state as before the advance, events not repeated', () => {
    const { store, number, clock, tm } = machine();
    const before = state(store);
    const forward = tm.move({ to: '2029-03-01' });
    assert.deepEqual(brief(forward.events), ['2028-01-01 renewed', '2029-01-01 renewed']);
    assert.equal(forward.previous, '2027-01-01');
    const back = tm.move({ to: '2027-01-01' });
    assert.equal(back.restored, '2027-01-01');
    assert.deepEqual(back.events, []);
    assert.equal(clock.today(), '2027-01-01');
    assert.deepEqual(state(store), before);
    assert.equal(store.subscriptions.get(number)!.version, 1);
  });

  test('back to a date between copies: the copy before it, and what fell due after it happens again', () => {
    const { store, number, tm } = machine();
    tm.move({ to: '2029-03-01' });
    const back = tm.move({ to: '2028-06-01' });
    assert.equal(back.restored, '2027-01-01');
    assert.deepEqual(brief(back.events), ['2028-01-01 renewed']);
    const s = store.subscriptions.get(number)!;
    assert.deepEqual([s.current_term_start, s.version, store.today], ['2028-01-01', 2, '2028-06-01']);
  });

  test('an order made after an advance is in the state of its date, and gone before it', () => {
    const { store, tm } = machine();
    tm.move({ by: { count: 6, unit: 'month' } });
    runOrder(
      store,
      {
        account_number: 'A00000001',
        order_date: '2027-07-01',
        line_items: [{ name: 'Setup', type: 'fee', unit_amount: 5 }],
      } as never,
      true,
    );
    const withOrder = state(store);
    tm.move({ to: '2028-06-01' });
    tm.move({ to: '2027-07-01' });
    assert.deepEqual(state(store), withOrder);
    tm.move({ to: '2027-03-01' });
    assert.equal(store.orders.size, 1, 'only the first order: the one of 2027-07-01 came later');
  });

  test('going back forgets the future it left; going forward again makes it anew', () => {
    const { tm } = machine();
    tm.move({ to: '2028-02-01' });
    tm.move({ to: '2029-02-01' });
    assert.equal(tm.status().history.kept, 2);
    tm.move({ to: '2027-06-01' });
    assert.deepEqual(tm.status().history, { kept: 1, earliest: '2027-01-01', dropped: 0, limit: 100 });
  });

  test('before the earliest copy: a 400 that names the earliest date and says copies were dropped', () => {
    const { tm, clock } = machine(2);
    assert.throws(
      () => tm.move({ to: '2026-01-01' }),
      (e: Error) => {
        assert.match(e.message, /cannot go back from 2027-01-01 to 2026-01-01/);
        assert.equal((serviceErrorOf(e) as { status?: number }).status, 400); // as the clock's path answers it
        return true;
      },
    );
    const first = tm.move({ by: { count: 1, unit: 'month' } });
    assert.equal(first.dropped, undefined);
    tm.move({ by: { count: 1, unit: 'month' } });
    const third = tm.move({ by: { count: 1, unit: 'month' } });
    assert.deepEqual(third.dropped, ['2027-01-01'], 'the answer says which date can no longer be gone back to');
    assert.deepEqual(third.history, { kept: 2, earliest: '2027-02-01', dropped: 1, limit: 2 });
    assert.throws(
      () => tm.move({ to: '2027-01-15' }),
      /go back to 2027-02-01 at the earliest, not 2027-01-15.*1 older states were dropped/,
    );
    assert.equal(clock.today(), '2027-04-01', 'a refused move leaves the clock where it was');
  });

  test('a save that fails keeps nothing: the state and the clock stay where they were', () => {
    const { store, number, clock } = machine();
    const { tm, saves } = machineWithFailingSaves(store, clock);
    const before = state(store);
    saves.failing = true;
    assert.throws(() => tm.move({ to: '2029-03-01' }), /disk full/);
    assert.deepEqual(state(store), before);
    assert.equal(clock.today(), '2027-01-01');
    assert.equal(store.subscriptions.get(number)!.version, 1);
    saves.failing = false;
    tm.move({ to: '2029-03-01' });
    const after = state(store);
    saves.failing = true;
    assert.throws(() => tm.move({ to: '2028-06-01' }), /disk full/);
    assert.deepEqual(state(store), after, 'a failed move back leaves the state of today');
    assert.equal(clock.today(), '2029-03-01');
  });

  test('the history keeps the newest state of a date and at most its limit', () => {
    const store = new Store();
    const h = new StateHistory(store, 3);
    /** A move forward that leaves the store's today at `v`. */
    const to = (v: string) =>
      (function* () {
        store.today = v;
        yield;
        return v;
      })();
    assert.deepEqual(finish(h.forward('2027-01-01', to('a'))).dropped, []);
    finish(h.forward('2027-01-01', to('b')));
    assert.equal(h.summary().kept, 1, 'the newest state of 2027-01-01 replaced the older');
    finish(h.forward('2027-02-01', to('c')));
    finish(h.forward('2027-03-01', to('d')));
    assert.deepEqual(finish(h.forward('2027-04-01', to('e'))).dropped, ['2027-01-01']);
    assert.equal(h.atOrBefore('2027-01-31'), undefined);
    assert.equal(h.atOrBefore('2027-03-15'), '2027-03-01');
    finish(h.back('2027-03-15', to('2027-03-15')));
    finish(h.back('2027-03-01', (function* () {})()));
    assert.equal(store.today, 'c', 'the state of 2027-03-01 is the one the move from it found');
  });
});
