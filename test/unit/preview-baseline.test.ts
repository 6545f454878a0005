// "Change since last preview" is measured against the preview the person saw before the edit began: live
// previews in the middle of typing do not move it; a preview of the content shown last (Send Again, Preview
// again, a save) is measured against that one, by content, so an unchanged file says "no change" (the clock
// is injected).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { PreviewBaselines, EDIT_GAP_MS, previewContent, type PreviewSummary } from '../../src/client';

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
const content = (q: number) =>
  previewContent({ subscriptions: [{ prices: [{ price_id: 'price-team-seats', quantity: q }] }] });

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
    /** A preview of the file with `q` seats (its content), answered with `figures` seats' figures. */
    show: (q: number, figures = q) => b.shown(FILE, seats(figures), content(q))?.totals[0],
    /** The whole change: `{ rows: [], totals: [] }` is "no change", undefined nothing to compare with. */
    change: (q: number) => b.shown(FILE, seats(q), content(q)),
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

test('the same content previewed again (Send Again, Preview, Preview Again) says "no change" since the last one', () => {
  const { key, show, change, after } = typing();
  show(10);
  after(60_000);
  key();
  key();
  assert.deepEqual(show(15), { currency: 'USD', mrr: 50, tcb: 600 }, 'the edit: against 10');
  for (const path of ['History Send Again', 'Preview', 'Preview Again'])
    assert.deepEqual(change(15), { rows: [], totals: [] }, `${path}: no change`);
});

test('an edit and its undo within one edit: the content previewed again is no change against the start of the edit', () => {
  const { key, show, change, after } = typing();
  show(10);
  after(60_000);
  key(); // 10 -> 12, previewed live
  assert.deepEqual(show(12), { currency: 'USD', mrr: 20, tcb: 240 });
  key(); // 12 -> 10 (undo)
  assert.deepEqual(change(10), { rows: [], totals: [] }, 'back to what was shown before the edit');
});

test('another content without an edit (an older History row sent again) is measured against the last shown', () => {
  const { show, change } = typing();
  show(15);
  assert.deepEqual(show(14), { currency: 'USD', mrr: -10, tcb: -120 });
  assert.deepEqual(show(15), { currency: 'USD', mrr: 10, tcb: 120 }, 'and the file previewed after it');
  assert.deepEqual(change(15), { rows: [], totals: [] }, 'then the same again: no change');
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
  let last;
  for (const q of [1, 15, 150, 15, 1, 12]) {
    key(EDIT_GAP_MS - 1);
    last = show(q);
  }
  assert.deepEqual(last, { currency: 'USD', mrr: 20, tcb: 240 }, 'still against 10');
});

test('new figures for the same content (another connection, a changed catalog) compare with the last shown', () => {
  const { b, show } = typing();
  show(10);
  assert.deepEqual(show(10, 11), { currency: 'USD', mrr: 10, tcb: 120 });
  assert.deepEqual(b.shown(FILE, seats(11), content(10)), { rows: [], totals: [] }, 'the same again: no change');
});

test('the first preview shown again without an edit says "no change"', () => {
  const { b, show } = typing();
  show(10);
  assert.deepEqual(b.shown(FILE, seats(10), content(10)), { rows: [], totals: [] }, 'a change of nothing, not none');
});

test('forget drops the baseline', () => {
  const { b, key, show, after } = typing();
  show(10);
  after(60_000);
  key();
  b.forget(FILE);
  assert.equal(show(20), undefined);
});
