// isRealDate reads eight ASCII digits by arithmetic (every date of a payload pays it): the same answers
// as reading the year, month and day as numbers, the way it did before, on generated date-like texts.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { daysInMonth, isRealDate } from '../../src/schemas/dates';

/** The reading isRealDate had before its digit path. */
function byNumbers(s: string): boolean {
  if (s.length !== 10 || s[4] !== '-' || s[7] !== '-') return false;
  const y = +s.slice(0, 4),
    m = +s.slice(5, 7),
    d = +s.slice(8, 10);
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d) || m < 1 || m > 12 || d < 1) return false;
  return d <= daysInMonth(y, m);
}

const char = fc.constantFrom(...'0123456789', '0', '1', '2', '9', ' ', '+', 'x', 'e', '.', '-', '٣');
const part = (n: number) => fc.array(char, { minLength: n, maxLength: n }).map(cs => cs.join(''));
const digits = (n: number) => fc.integer({ min: 0, max: 10 ** n - 1 }).map(v => String(v).padStart(n, '0'));

test('20,000 date-like texts: the same answer as reading the parts as numbers', () => {
  const dateLike = fc.oneof(
    fc.tuple(digits(4), digits(2), digits(2)).map(([y, m, d]) => `${y}-${m}-${d}`),
    fc.tuple(part(4), part(2), part(2)).map(([y, m, d]) => `${y}-${m}-${d}`),
    fc.string({ maxLength: 12 }),
  );
  fc.assert(
    fc.property(dateLike, s => assert.equal(isRealDate(s), byNumbers(s), s)),
    { numRuns: 20_000, seed: 20261125 },
  );
  for (const s of ['2024-02-29', '2100-02-29', '2000-02-29', '0099-02-29', '2027-02-30', '2027-13-01', '0x1F-01-01'])
    assert.equal(isRealDate(s), byNumbers(s), s);
});
