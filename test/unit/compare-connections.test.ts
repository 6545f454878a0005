import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { BillingClient, compareConnections, summarizePreview, type PreviewSummary } from '../../src/client';
import { startSandbox } from '../../src/sandbox';
import { TEMPLATES, type PreviewRequestBody } from '../../src/schemas';
import { NEW_CUSTOMER_TOTALS, SEATS, USD } from './expected';

const body = () => structuredClone(TEMPLATES.find(t => t.id === 'preview')!.body) as PreviewRequestBody;

/** The template previewed on a fresh sandbox started with `prices`. */
async function previewOn(prices?: Record<string, Record<string, number>>): Promise<PreviewSummary> {
  const sb = await startSandbox(prices ? { prices } : {});
  const c = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  try {
    const b = body();
    return summarizePreview((await c.preview(b)).data, b);
  } finally {
    await c.close();
    await sb.close();
  }
}

test('two sandboxes, one pricing seats 5.00 higher: only the seat row differs, by SEATS × 5 a month', async () => {
  const [a, b] = await Promise.all([previewOn(), previewOn({ 'price-team-seats': { USD: USD.seat + 5, EUR: 30 } })]);
  const c = compareConnections(a, b);
  assert.equal(c.rows.length, 4);
  assert.equal(c.differences, 1);
  const seats = c.rows.find(r => r.price === 'price-team-seats')!;
  assert.equal(seats.status, 'differs');
  assert.deepEqual(seats.diff, { mrr: SEATS * 5, tcb: 12 * SEATS * 5 });
  assert.equal(seats.a!.mrr, SEATS * USD.seat);
  assert.equal(seats.b!.mrr, SEATS * (USD.seat + 5));
  for (const r of c.rows.filter(x => x !== seats)) {
    assert.equal(r.status, 'same', r.key);
    assert.deepEqual(r.diff, { mrr: 0, tcb: 0 });
  }
  assert.deepEqual(c.totals, [
    {
      currency: 'USD',
      a: NEW_CUSTOMER_TOTALS,
      b: {
        ...NEW_CUSTOMER_TOTALS,
        mrr: NEW_CUSTOMER_TOTALS.mrr + SEATS * 5,
        tcb: NEW_CUSTOMER_TOTALS.tcb + 60 * SEATS,
      },
      diff: { mrr: SEATS * 5, tcb: 12 * SEATS * 5 },
      same: false,
    },
  ]);
});

const usd = (n: number) => ({ gross_amount: n, net_amount: n, currency: 'USD' });
const eur = (n: number) => ({ gross_amount: n, net_amount: n, currency: 'EUR' });
const row = (price: string, tcb: ReturnType<typeof usd>, mrr?: ReturnType<typeof usd>) => ({
  key: `S1|update_product|${price}`,
  subscription: 'S1',
  action: 'update_product',
  price,
  start: '2027-01-01',
  end: null,
  tcb,
  ...(mrr ? { mrr } : {}),
});
const summary = (rows: ReturnType<typeof row>[]): PreviewSummary => {
  const m = new Map<string, { currency: string; mrr: number; tcb: number }>();
  for (const r of rows) {
    const t = m.get(r.tcb.currency) ?? { currency: r.tcb.currency, mrr: 0, tcb: 0 };
    t.mrr += r.mrr?.net_amount ?? 0;
    t.tcb += r.tcb.net_amount;
    m.set(r.tcb.currency, t);
  }
  return { rows, totals: [...m.values()] };
};

test('rows only on one side, a repeated price matched by its position, a currency only one side bills in', () => {
  const a = summary([row('p1', usd(10), usd(1)), row('p1', usd(20), usd(2)), row('gone', usd(5))]);
  const b = summary([row('p1', usd(10), usd(1)), row('p1', usd(25), usd(2)), row('new', eur(7))]);
  const c = compareConnections(a, b);
  assert.deepEqual(
    c.rows.map(r => [r.key, r.status, r.diff?.tcb]),
    [
      ['S1|update_product|p1', 'same', 0],
      ['S1|update_product|p1#2', 'differs', 5],
      ['S1|update_product|gone', 'onlyA', undefined],
      ['S1|update_product|new', 'onlyB', undefined],
    ],
  );
  assert.equal(c.differences, 3);
  assert.deepEqual(
    c.totals.map(t => [t.currency, t.a?.tcb, t.b?.tcb, t.diff.tcb, t.same]),
    [
      ['USD', 35, 35, 0, true],
      ['EUR', undefined, 7, 7, false],
    ],
  );
});

test('a row both sides answer in different currencies differs, with no amount of difference', () => {
  const c = compareConnections(summary([row('p', usd(10))]), summary([row('p', eur(9))]));
  assert.equal(c.rows[0].status, 'differs');
  assert.equal(c.rows[0].diff, undefined);
  assert.equal(c.differences, 1);
});

test('B − A is the exact difference of the answered figures, never a rounded float subtraction', () => {
  // 862.23 − 862.225 is 0.0049999999999954525 in doubles, which rounds to 0.00 and called the rows the same;
  // 0.036 − 0.001 is 0.034999999999999996, which rounded to 0.03.
  const a = summary([row('p', usd(0.001), usd(862.225))]);
  const b = summary([row('p', usd(0.036), usd(862.23))]);
  const c = compareConnections(a, b);
  assert.equal(c.rows[0].status, 'differs');
  assert.deepEqual(c.rows[0].diff, { mrr: 0.005, tcb: 0.035 });
  const tenths = summary(Array.from({ length: 10 }, (_, k) => row(`p${k}`, usd(0.1), usd(0.1))));
  const none = summary([row('other', usd(0), usd(0))]);
  const totals = compareConnections(none, { ...tenths, totals: [{ currency: 'USD', mrr: 1, tcb: 1 }] }).totals;
  assert.deepEqual(totals[0].diff, { mrr: 1, tcb: 1 });
  assert.deepEqual(compareConnections(b, a).rows[0].diff, { mrr: -0.005, tcb: -0.035 });
});
