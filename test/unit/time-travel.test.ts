// Time travel on the Local sandbox (issue 21, item 4): the movable clock, what falls due when it moves (terms
// renew or expire, paused subscriptions resume), and going back to the state of an earlier date. All in memory,
// on the engine: the clock is injected, nothing waits.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { isClockDate, parseBy, parseClockInput } from '../../src/wire/sandboxClock';
import { isRealDate } from '../../src/schemas/dates';
import { runOrder } from '../../src/sandbox/engine/orders';
import { MovableClock, sandboxClock, stepTarget } from '../../src/sandbox/state/clock';
import { Store, type SubscriptionRec } from '../../src/sandbox/state/store';
import { finish, runDue, type DueHandler } from '../../src/sandbox/timeTravel/due';
import { DUE_HANDLERS } from '../../src/sandbox/timeTravel/handlers';
import { scheduledResumes } from '../../src/sandbox/timeTravel/resumes';
import { termEnds } from '../../src/sandbox/timeTravel/terms';
import { StateHistory } from '../../src/sandbox/timeTravel/history';
import { TimeMachine } from '../../src/sandbox/timeTravel/timeMachine';
import type { TimeEvent } from '../../src/wire/sandboxClock';
import { clockSummary } from '../../src/client/clockText';
import { subscriptionView } from '../../src/sandbox/engine/orderRecord';
import { subscriptionAnswer } from '../../src/sandbox/v1/subscriptionView';
import { serviceErrorOf } from '../../src/sandbox/http/errors';

describe('the clock', () => {
  const source = () => new Date('2026-11-24T10:20:30.000Z');

  test('follows its source until set, then stays; the time of day stays real', () => {
    const clock = new MovableClock({ now: source });
    assert.equal(clock.today(), '2026-11-24');
    assert.equal(clock.real, true);
    clock.set('2027-01-01');
    assert.equal(clock.today(), '2027-01-01');
    assert.equal(clock.timestamp(), '2027-01-01T10:20:30.000Z');
    assert.equal(clock.real, false);
  });

  test('advances to a date or by days, weeks, months and years (month ends clamp)', () => {
    const rows: [string, Parameters<MovableClock['advance']>[0], string][] = [
      ['2027-01-01', { to: '2027-06-01' }, '2027-06-01'],
      ['2027-01-01', { by: { count: 10, unit: 'day' } }, '2027-01-11'],
      ['2027-01-01', { by: { count: 2, unit: 'week' } }, '2027-01-15'],
      ['2027-01-31', { by: { count: 1, unit: 'month' } }, '2027-02-28'],
      ['2027-01-01', { by: { count: 3, unit: 'month' } }, '2027-04-01'],
      ['2028-02-29', { by: { count: 1, unit: 'year' } }, '2029-02-28'],
    ];
    for (const [from, step, expected] of rows) {
      const clock = sandboxClock(from, source);
      assert.equal(clock.advance(step), expected, `${from} ${JSON.stringify(step)}`);
      assert.equal(clock.today(), expected);
    }
  });

  test('refuses a date that is not real, and a step past 9999-12-31', () => {
    assert.throws(() => sandboxClock('2027-02-30'), /real date written YYYY-MM-DD/);
    assert.throws(() => sandboxClock('9999-06-01').advance({ by: { count: 1, unit: 'year' } }), /past 9999-12-31/);
  });

  test('"by" and the input box read "3 months", "1 year", "10 days" and a date; anything else says what to write', () => {
    assert.deepEqual(parseBy('3 months'), { count: 3, unit: 'month' });
    assert.deepEqual(parseBy(' 1 Year '), { count: 1, unit: 'year' });
    assert.deepEqual(parseClockInput('2027-06-01'), { to: '2027-06-01' });
    assert.deepEqual(parseClockInput('10 days'), { by: { count: 10, unit: 'day' } });
    for (const bad of ['0 months', '-3 months', '3 fortnights', 'soon', '1.5 months', '']) {
      const r = parseClockInput(bad);
      assert.ok('error' in r, bad);
    }
    assert.match((parseClockInput('2027-02-30') as { error: string }).error, /not a real date/);
    for (const d of [
      '2028-02-29',
      '2027-02-29',
      '2100-02-29',
      '2000-02-29',
      '2027-13-01',
      '2027-00-10',
      '2027-04-31',
      '27-04-01',
    ]) {
      assert.equal(
        isClockDate(d),
        isRealDate(d),
        `${d}: the wire's date check (no import) agrees with the validator's`,
      );
    }
    assert.match((parseBy('3 fortnights') as { error: string }).error, /such as "3 months"/);
    assert.deepEqual(stepTarget('9999-12-01', { by: { count: 1, unit: 'month' } }), {
      error: '1 month(s) from 9999-12-01 is past 9999-12-31.',
    });
  });
});

// ---- what falls due ----

const ACCOUNT = { name: 'Time', currency: 'USD', bill_to: { first_name: 'T', last_name: 'T' } };
const termOf = (months: number) => ({ type: 'termed', interval: 'month', interval_count: months }) as const;

/** A store with one account and one subscription on the team plan, as an order makes it. */
function storeWith(sub: Record<string, unknown>, orderDate = '2027-01-01'): { store: Store; number: string } {
  const store = new Store();
  const body = {
    order_date: orderDate,
    account_data: ACCOUNT,
    subscriptions: [
      {
        initial_term: termOf(12),
        renewal_term: termOf(12),
        start_on: { contract_effective: orderDate },
        subscription_plans: [{ plan_id: 'plan-team-monthly', prices: [{ price_id: 'price-team-seats', quantity: 5 }] }],
        ...sub,
      },
    ],
  };
  const { order } = runOrder(store, body as never, true);
  const number = (order!.subscriptions[0] as { subscription_number: string }).subscription_number;
  return { store, number };
}
const change = (store: Store, number: string, date: string, entry: Record<string, unknown>) =>
  runOrder(
    store,
    {
      account_number: 'A00000001',
      order_date: date,
      subscriptions: [{ subscription_number: number, ...entry }],
    } as never,
    true,
  );

/** What happened to subscriptions (bill runs' documents: sandbox-bill-runs.test.ts). */
const ofSubscriptions = (events: TimeEvent[]) =>
  events.filter((e): e is Exclude<TimeEvent, { type: 'billed' }> => e.type !== 'billed');
const brief = (events: TimeEvent[]) => ofSubscriptions(events).map(e => `${e.date} ${e.type}`);
const seatsEnd = (s: SubscriptionRec) => s.plans[0].items[0].end_date;

describe('what falls due', () => {
  interface Row {
    name: string;
    sub?: Record<string, unknown>;
    /** Changes by order after the subscription is created: [date, entry]. */
    then?: [string, Record<string, unknown>][];
    until: string;
    events: string[];
    state: SubscriptionRec['state'];
    term: [string, string | null];
    version: number;
    end: string | null;
  }
  const rows: Row[] = [
    {
      name: 'a 12-month term from 2027-01-01 that auto-renews, moved to 2029-03-01: two renewals',
      sub: { auto_renew: true },
      until: '2029-03-01',
      events: ['2028-01-01 renewed', '2029-01-01 renewed'],
      state: 'active',
      term: ['2029-01-01', '2030-01-01'],
      version: 3,
      end: '2030-01-01',
    },
    {
      name: 'the same without auto-renew: expired on its term end, the version unchanged',
      sub: { auto_renew: false },
      until: '2029-03-01',
      events: ['2028-01-01 expired'],
      state: 'expired',
      term: ['2027-01-01', '2028-01-01'],
      version: 1,
      end: '2028-01-01',
    },
    {
      name: 'a term ends on the day the clock reaches: it renews that day',
      until: '2028-01-01',
      events: ['2028-01-01 renewed'],
      state: 'active',
      term: ['2028-01-01', '2029-01-01'],
      version: 2,
      end: '2029-01-01',
    },
    {
      name: 'a day before the term ends nothing happens',
      until: '2027-12-31',
      events: [],
      state: 'active',
      term: ['2027-01-01', '2028-01-01'],
      version: 1,
      end: '2028-01-01',
    },
    {
      name: 'a 3-month renewal term renews four times in a year after the first',
      sub: { renewal_term: termOf(3) },
      until: '2029-01-01',
      events: [
        '2028-01-01 renewed',
        '2028-04-01 renewed',
        '2028-07-01 renewed',
        '2028-10-01 renewed',
        '2029-01-01 renewed',
      ],
      state: 'active',
      term: ['2029-01-01', '2029-04-01'],
      version: 6,
      end: '2029-04-01',
    },
    {
      name: 'a renewal to evergreen renews once, then nothing ends',
      sub: { renewal_term: { type: 'evergreen' } },
      until: '2031-01-01',
      events: ['2028-01-01 renewed'],
      state: 'active',
      term: ['2028-01-01', null],
      version: 2,
      end: null,
    },
    {
      name: 'an evergreen subscription has nothing due',
      sub: { initial_term: { type: 'evergreen' }, renewal_term: { type: 'evergreen' } },
      until: '2031-01-01',
      events: [],
      state: 'active',
      term: ['2027-01-01', null],
      version: 1,
      end: null,
    },
    {
      name: 'paused with a resume date: resumed that day (a new version), then the term renews as usual',
      then: [['2027-03-01', { pause: { resume_behavior: { resume_date: '2027-06-01' } } }]],
      until: '2028-02-01',
      events: ['2027-06-01 resumed', '2028-01-01 renewed'],
      state: 'active',
      term: ['2028-01-01', '2029-01-01'],
      version: 4,
      end: '2029-01-01',
    },
    {
      name: 'paused for 2 months with extend_term: the term grows by the 61 days paused',
      then: [
        [
          '2027-03-01',
          { pause: { pause_interval: 'month', pause_interval_count: 2, resume_behavior: { extend_term: true } } },
        ],
      ],
      until: '2028-02-01',
      events: ['2027-05-01 resumed'],
      state: 'active',
      term: ['2027-01-01', '2028-03-02'],
      version: 3,
      end: '2028-03-02',
    },
    {
      name: 'paused without a resume date: it stays paused, and its term does not renew while paused',
      then: [['2027-03-01', { pause: {} }]],
      until: '2029-03-01',
      events: [],
      state: 'paused',
      term: ['2027-01-01', '2028-01-01'],
      version: 2,
      end: '2028-01-01',
    },
    {
      name: 'a canceled subscription has nothing due',
      then: [['2027-03-01', { cancel: {} }]],
      until: '2029-03-01',
      events: [],
      state: 'canceled',
      term: ['2027-01-01', '2028-01-01'],
      version: 2,
      end: '2028-01-01',
    },
  ];
  for (const row of rows) {
    test(row.name, () => {
      const { store, number } = storeWith(row.sub ?? {});
      for (const [date, entry] of row.then ?? []) change(store, number, date, entry);
      const events = runDue(store, row.until, DUE_HANDLERS);
      assert.deepEqual(brief(events), row.events);
      const s = store.subscriptions.get(number)!;
      assert.equal(s.state, row.state);
      assert.deepEqual([s.current_term_start, s.current_term_end], row.term);
      assert.equal(s.version, row.version);
      assert.equal(s.end_date, row.end);
      assert.equal(seatsEnd(s), row.end, 'the seats run to the end of the term');
      for (const e of ofSubscriptions(events)) assert.equal(e.subscription_number, number);
    });
  }

  test('each event says what happened in words, with the term and version after it', () => {
    const { store, number } = storeWith({});
    const [e] = ofSubscriptions(runDue(store, '2028-01-01', DUE_HANDLERS));
    assert.deepEqual(e, {
      date: '2028-01-01',
      type: 'renewed',
      subscription_number: number,
      account_number: 'A00000001',
      version: 2,
      term: { start: '2028-01-01', end: '2029-01-01' },
      message: `${number} renewed: term 2028-01-01 to 2029-01-01 (version 2)`,
    });
    assert.equal(store.subscriptions.get(number)!.updated_time, '2028-01-01T00:00:00.000Z');
  });

  test('after a renewal the current term is the renewal term, in the v2 and v1 views of the subscription', () => {
    const { store, number } = storeWith({ renewal_term: termOf(24) });
    const sub = () => store.subscriptions.get(number)!;
    const account = store.accounts.get('A00000001')!;
    assert.equal(subscriptionView(sub(), [], account, 'test').current_term.interval_count, 12);
    runDue(store, '2028-01-01', DUE_HANDLERS);
    const v2 = subscriptionView(sub(), [], account, 'test');
    assert.deepEqual(v2.current_term, {
      type: 'termed',
      interval: 'month',
      interval_count: 24,
      start_date: '2028-01-01',
      end_date: '2030-01-01',
    });
    assert.equal(v2.initial_term.interval_count, 12, 'the initial term stays what it was');
    const v1 = subscriptionAnswer(sub(), account) as unknown as Record<string, unknown>;
    assert.equal(v1.currentTerm, 24);
    assert.equal(v1.initialTerm, 12);
  });

  test('a term that ended before today renews when the clock next moves (the state never lags the clock)', () => {
    const { store } = storeWith({}, '2020-01-01');
    assert.deepEqual(brief(runDue(store, '2022-06-01', DUE_HANDLERS)), ['2021-01-01 renewed', '2022-01-01 renewed']);
  });

  test('handlers run in date order, and in list order on one date (a handler after the term handler sees the new term)', () => {
    const { store } = storeWith({});
    const seen: string[] = [];
    const afterTerms: DueHandler = {
      name: 'bill runs',
      next: (_s, until) => ['2027-02-01', '2028-01-01'].find(d => d <= until && !seen.includes(d)),
      run: (_s, date) => {
        seen.push(date);
        const term = store.subscriptions.get('S00000001')!.current_term_start;
        return [{ date, type: 'renewed', subscription_number: 'bill', account_number: term, version: 0, message: '' }];
      },
    };
    const events = ofSubscriptions(runDue(store, '2028-06-01', [scheduledResumes, termEnds, afterTerms]));
    assert.deepEqual(
      events.map(
        e => `${e.date} ${e.subscription_number === 'bill' ? `bill run (term from ${e.account_number})` : e.type}`,
      ),
      [
        '2027-02-01 bill run (term from 2027-01-01)',
        '2028-01-01 renewed',
        '2028-01-01 bill run (term from 2028-01-01)',
      ],
    );
  });

  test('a handler that leaves something due on the date it ran is a bug said by name, not a loop', () => {
    const { store } = storeWith({});
    const stuck: DueHandler = { name: 'the stuck handler', next: () => '2027-02-01', run: () => [] };
    assert.throws(
      () => runDue(store, '2027-03-01', [stuck]),
      /the stuck handler still has something due on 2027-02-01/,
    );
  });
});

// ---- going back ----

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
    let failing = false;
    const tm = new TimeMachine({
      store,
      clock,
      commit: change =>
        store.commit(() => {
          const r = change();
          if (failing) throw new Error('disk full');
          return r;
        }),
    });
    const before = state(store);
    failing = true;
    assert.throws(() => tm.move({ to: '2029-03-01' }), /disk full/);
    assert.deepEqual(state(store), before);
    assert.equal(clock.today(), '2027-01-01');
    assert.equal(store.subscriptions.get(number)!.version, 1);
    failing = false;
    tm.move({ to: '2029-03-01' });
    const after = state(store);
    failing = true;
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

describe('a move in words (the editor says it in one message)', () => {
  const history = { kept: 1, earliest: '2027-01-01', dropped: 0, limit: 100 };
  const event = (date: string, type: 'renewed' | 'expired' | 'resumed', n: string): TimeEvent => ({
    date,
    type,
    subscription_number: n,
    account_number: 'A00000001',
    version: 2,
    message: '',
  });

  test('where the clock is, and each kind of event with its subscriptions (a repeat counted once, ×N)', () => {
    const events = [
      event('2028-01-01', 'renewed', 'S1'),
      event('2028-01-01', 'expired', 'S2'),
      event('2029-01-01', 'renewed', 'S1'),
    ];
    const answer = { today: '2029-03-01', previous: '2027-01-01', real: false, history, events };
    assert.equal(
      clockSummary(answer),
      'Local sandbox today is 2029-03-01 (was 2027-01-01). 2 renewed: S1 (×2); 1 expired: S2.',
    );
  });

  test('going back names the state restored; nothing due says so; dropped copies are a note', () => {
    const back = {
      today: '2027-01-01',
      previous: '2029-03-01',
      real: false,
      history,
      events: [],
      restored: '2027-01-01',
    };
    assert.equal(
      clockSummary(back),
      'Local sandbox back to 2027-01-01 (the state of 2027-01-01 restored). Nothing fell due.',
    );
    const dropped = { ...back, restored: undefined, previous: '2026-12-01', dropped: ['2026-11-01'] };
    assert.equal(
      clockSummary(dropped),
      'Local sandbox today is 2027-01-01 (was 2026-12-01). Nothing fell due. Note: the sandbox keeps its last 100 states; it can no longer go back to 2026-11-01.',
    );
  });
});
