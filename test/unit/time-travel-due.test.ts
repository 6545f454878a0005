// Time travel on the Local sandbox (issue 21, item 4): what falls due when the clock moves (terms renew or expire,
// paused subscriptions resume). All in memory, on the engine: the clock is injected, nothing waits.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { type SubscriptionRec } from '../../src/sandbox/state/store';
import { runDue, type DueHandler } from '../../src/sandbox/timeTravel/due';
import { DUE_HANDLERS } from '../../src/sandbox/timeTravel/handlers';
import { scheduledResumes } from '../../src/sandbox/timeTravel/resumes';
import { termEnds } from '../../src/sandbox/timeTravel/terms';
import { subscriptionView } from '../../src/sandbox/engine/orderRecord';
import { subscriptionAnswer } from '../../src/sandbox/v1/subscriptionView';
import { brief, change, ofSubscriptions, seatsEnd, storeWith, termOf } from './timeTravelFixtures';

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
    /** The subscription's end date. */
    end: string | null;
    /** Its seats' end date, where it is not the subscription's. */
    seats?: string | null;
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
      name: 'a pause dated later than its order: active until that date, paused then, resumed on its resume date',
      then: [['2027-03-01', { pause: { pause_date: '2027-04-01', resume_behavior: { resume_date: '2027-06-01' } } }]],
      until: '2028-02-01',
      events: ['2027-04-01 paused', '2027-06-01 resumed', '2028-01-01 renewed'],
      state: 'active',
      term: ['2028-01-01', '2029-01-01'],
      version: 4,
      end: '2029-01-01',
    },
    {
      // "If the subscription term ends during the suspension period, the subscription ends" (the vendor's Suspend date).
      name: 'paused without a resume date: its term ends while paused, and so does the subscription (not renewed)',
      then: [['2027-03-01', { pause: {} }]],
      until: '2029-03-01',
      events: ['2028-01-01 expired'],
      state: 'expired',
      term: ['2027-01-01', '2028-01-01'],
      version: 2,
      end: '2028-01-01',
    },
    {
      name: 'a canceled subscription has nothing due; it ends on the day the cancellation takes effect',
      then: [['2027-03-01', { cancel: {} }]],
      until: '2029-03-01',
      events: [],
      state: 'canceled',
      term: ['2027-01-01', '2028-01-01'],
      version: 2,
      end: '2027-03-01',
      seats: '2028-01-01',
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
      assert.equal(seatsEnd(s), row.seats === undefined ? row.end : row.seats, 'the seats run to the end of the term');
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
