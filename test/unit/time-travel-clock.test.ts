// Time travel on the Local sandbox (issue 21, item 4): the movable clock, and a move said in words. On the engine:
// the clock is injected, nothing waits. What falls due: time-travel-due.test.ts; going back: time-travel-back.test.ts.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { isClockDate, parseBy, parseClockInput } from '../../src/wire/sandboxClock';
import { isRealDate } from '../../src/schemas/dates';
import { MovableClock, sandboxClock, stepTarget } from '../../src/sandbox/state/clock';
import type { TimeEvent } from '../../src/wire/sandboxClock';
import { clockSummary } from '../../src/client/clockText';

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
