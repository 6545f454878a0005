// "Change since last preview" is measured against the preview the person saw before the edit began: live
// previews in the middle of typing and identical repeats do not move it (the clock is injected).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { PreviewBaselines, EDIT_GAP_MS, type PreviewSummary } from '../../src/client';

const seats = (quantity: number): PreviewSummary => {
  const mrr = quantity * 10,
    tcb = quantity * 120;
  return {
    rows: [
      {
        key: 'S1|create_subscription|price-team-seats',
        subscription: 'S1',
        action: 'create_subscription',
        price: 'price-team-seats',
        start: '2027-01-01',
        end: '2028-01-01',
        mrr: { currency: 'USD', net_amount: mrr, gross_amount: mrr },
        tcb: { currency: 'USD', net_amount: tcb, gross_amount: tcb },
      },
    ],
    totals: [{ currency: 'USD', mrr, tcb }],
  };
};
const FILE = 'file:///w/seats.order.json';

function typing() {
  let t = 0;
  const b = new PreviewBaselines(() => t);
  return {
    b,
    after: (ms: number) => (t += ms),
    key: (ms = 150) => {
      t += ms;
      b.edited(FILE);
    },
    show: (q: number) => b.shown(FILE, seats(q))?.totals[0],
  };
}

test('10 -> 20 typed with live previews in between: the change is against 10, the preview seen before', () => {
  const { key, show, after } = typing();
  assert.equal(show(10), undefined, 'the first preview has nothing to compare with');
  after(60_000);
  key(); // selects "10" and types "2"
  assert.deepEqual(show(2), { currency: 'USD', mrr: -80, tcb: -960 }, 'an intermediate preview is shown against 10');
  key(); // types "0"
  assert.deepEqual(show(20), { currency: 'USD', mrr: 100, tcb: 1200 }, 'against 10, not against the 2 in between');
});

test('an identical repeat (a save, the CodeLens) keeps the change instead of "no change"', () => {
  const { key, show, after } = typing();
  show(10);
  after(60_000);
  key();
  show(20);
  assert.deepEqual(show(20), { currency: 'USD', mrr: 100, tcb: 1200 });
  assert.deepEqual(show(20), { currency: 'USD', mrr: 100, tcb: 1200 });
});

test('a new edit after the text rested measures against what was shown then', () => {
  const { key, show, after } = typing();
  show(10);
  after(60_000);
  key();
  show(20);
  after(EDIT_GAP_MS + 1);
  key(); // 20 -> 30, a new edit
  assert.deepEqual(show(30), { currency: 'USD', mrr: 100, tcb: 1200 }, 'against 20');
});

test('keystrokes closer than the gap are one edit, however long it lasts', () => {
  const { key, show, after } = typing();
  show(10);
  after(60_000);
  for (const q of [1, 15, 150, 15, 1, 12]) {
    key(EDIT_GAP_MS - 1);
    show(q);
  }
  assert.deepEqual(show(12), { currency: 'USD', mrr: 20, tcb: 240 }, 'still against 10');
});

test('new figures without an edit (another connection, a changed catalog) compare with the last shown', () => {
  const { show } = typing();
  show(10);
  assert.deepEqual(show(11), { currency: 'USD', mrr: 10, tcb: 120 });
  assert.deepEqual(show(11), { currency: 'USD', mrr: 10, tcb: 120 }, 'and a repeat keeps it');
});

test('the first preview shown again without an edit says "no change"', () => {
  const { b, show } = typing();
  show(10);
  assert.deepEqual(b.shown(FILE, seats(10)), { rows: [], totals: [] }, 'a change of nothing, not no comparison');
});

test('forget drops the baseline', () => {
  const { b, key, show, after } = typing();
  show(10);
  after(60_000);
  key();
  b.forget(FILE);
  assert.equal(show(20), undefined);
});
