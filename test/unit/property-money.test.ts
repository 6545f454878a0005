// Property-based (issue 20): money is exact to the cent. Totals of cent amounts, as the summary (CLI table, panel),
// the inline figures (metricsAt) and the sandbox's engine and v1 views add them up, equal the exact sum in whole
// cents; rounding to cents is symmetric and takes a half cent up, as written; formatted amounts read back.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatMoney, round2, type Money } from '../../src/wire/money';
import type { PreviewResponse } from '../../src/wire/responses';
import { comparePreviews, summarizePreview } from '../../src/client/summary';
import { sumsByEntry } from '../../src/payloads/metricsAt';
import { CURRENCIES } from '../../src/schemas/currencies';
import { runOrder } from '../../src/sandbox/engine/orders';
import { previewAnswer } from '../../src/sandbox/v1/previewView';
import { sandboxClock } from '../../src/sandbox/state/clock';
import { Store } from '../../src/sandbox/state/store';

const RUNS = 500;
/** Amounts up to ten million in cents, either sign: far past any order, well inside a double's exact cents. */
const cents = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });
const CODES = ['USD', 'EUR', 'GBP'];
/** -0 and 0 are the same amount (JSON writes both as 0, formatMoney shows no sign). */
const same = (actual: number, expectedCents: number, what: string) =>
  assert.equal(actual + 0, expectedCents / 100, `${what}: ${actual} for ${expectedCents} cents`);
const money = (c: number, currency: string): Money => ({ gross_amount: c / 100, net_amount: c / 100, currency });

/** A preview answer whose items and line items carry the given cents, and the exact sums per currency. */
const previewOf = fc
  .array(fc.record({ mrr: fc.option(cents), tcb: cents, currency: fc.constantFrom(...CODES), line: fc.boolean() }), {
    maxLength: 40,
  })
  .map(rows => {
    const answer: PreviewResponse = {
      subscriptions: [
        {
          subscription_number: 'S1',
          actions: [
            {
              action_id: 'a',
              action: 'create_subscription',
              sequence: 0,
              subscription_items: rows
                .filter(r => !r.line)
                .map((r, i) => ({
                  subscription_item_id: `i${i}`,
                  price_id: `p${i}`,
                  start_date: '2027-01-01',
                  ...(r.mrr !== null ? { mrr: money(r.mrr, r.currency) } : {}),
                  tcb: money(r.tcb, r.currency),
                })),
            },
          ],
        },
      ],
      line_items: rows.filter(r => r.line).map(r => ({ tcb: money(r.tcb, r.currency), tcv: money(r.tcb, r.currency) })),
    };
    const exact = new Map<string, { mrr: number; tcb: number }>();
    for (const r of rows) {
      const e = exact.get(r.currency) ?? { mrr: 0, tcb: 0 };
      if (!r.line) e.mrr += r.mrr ?? 0; // a line item answers no MRR
      e.tcb += r.tcb;
      exact.set(r.currency, e);
    }
    return { answer, exact };
  });

test(`the summary's totals per currency are the exact sums in cents (${RUNS} answers of up to 40 rows)`, () => {
  fc.assert(
    fc.property(previewOf, ({ answer, exact }) => {
      const totals = summarizePreview(answer).totals;
      assert.deepEqual(totals.map(t => t.currency).sort(), [...exact.keys()].sort());
      for (const t of totals) {
        same(t.mrr, exact.get(t.currency)!.mrr, `MRR ${t.currency}`);
        same(t.tcb, exact.get(t.currency)!.tcb, `TCB ${t.currency}`);
      }
    }),
    { numRuns: RUNS, seed: 2027_0501 },
  );
});

test(`the change between two previews totals the exact difference in cents (${RUNS} pairs)`, () => {
  fc.assert(
    fc.property(previewOf, previewOf, (before, after) => {
      const change = comparePreviews(summarizePreview(before.answer), summarizePreview(after.answer));
      for (const t of change.totals) {
        const a = after.exact.get(t.currency) ?? { mrr: 0, tcb: 0 },
          b = before.exact.get(t.currency) ?? { mrr: 0, tcb: 0 };
        same(t.mrr, a.mrr - b.mrr, `MRR change ${t.currency}`);
        same(t.tcb, a.tcb - b.tcb, `TCB change ${t.currency}`);
      }
    }),
    { numRuns: RUNS, seed: 2027_0502 },
  );
});

test(`the figures beside each entry of the payload are exact sums in cents (${RUNS} answers)`, () => {
  fc.assert(
    fc.property(previewOf, ({ answer }) => {
      const summary = summarizePreview(answer);
      for (const e of sumsByEntry(summary)) {
        for (const s of e.sums) {
          const rows = summary.rows.filter(
            r =>
              r.tcb.currency === s.currency &&
              (e.list === 'subscriptions' ? r.subscriptionIndex === e.index : r.lineItemIndex === e.index),
          );
          const inCents = (m: Money | undefined) => Math.round((m?.net_amount ?? 0) * 100);
          same(
            s.tcb,
            rows.reduce((sum, r) => sum + inCents(r.tcb), 0),
            `TCB of ${e.list}[${e.index}]`,
          );
          if (s.mrr !== undefined)
            same(
              s.mrr,
              rows.reduce((sum, r) => sum + inCents(r.mrr), 0),
              'MRR',
            );
        }
      }
    }),
    { numRuns: RUNS, seed: 2027_0503 },
  );
});

// ---- the sandbox's engine: line items and per-seat prices in cents ----

const lineItems = fc.array(
  fc.record({ unit: fc.integer({ min: 0, max: 100_000_000 }), quantity: fc.integer({ min: 1, max: 1000 }) }),
  { minLength: 1, maxLength: 10 },
);
const seatPrice = fc.record({
  unit: fc.integer({ min: 0, max: 10_000_000 }),
  seats: fc.integer({ min: 1, max: 1000 }),
  months: fc.integer({ min: 1, max: 36 }),
});

test(`the engine's figures and the v1 invoices are exact in cents (${RUNS} orders)`, () => {
  const store = new Store();
  const clock = sandboxClock('2027-01-01');
  try {
    fc.assert(
      fc.property(lineItems, seatPrice, (items, p) => {
        const body = {
          order_date: '2027-01-01',
          account_data: { currency: 'USD', bill_cycle_day: 1 },
          subscriptions: [
            {
              initial_term: { type: 'termed' as const, interval: 'month' as const, interval_count: p.months },
              start_on: { contract_effective: '2027-01-01' },
              subscription_plans: [
                {
                  plan_id: 'plan-team-monthly',
                  prices: [{ price_id: 'price-team-seats', quantity: p.seats, unit_amount: p.unit / 100 }],
                },
              ],
            },
          ],
          line_items: items.map((li, i) => ({
            name: `item ${i}`,
            type: 'fee' as const,
            unit_amount: li.unit / 100,
            quantity: li.quantity,
          })),
        };
        const outcome = runOrder(store, body, false, clock);
        // Each line item: unit x quantity.
        outcome.preview.line_items.forEach((li, i) =>
          same(li.tcb.net_amount, items[i].unit * items[i].quantity, `line_items[${i}]`),
        );
        // The seats: unit x seats a month, over the term; the platform fee is the catalog's 100 USD a month.
        const seats = outcome.preview.subscriptions[0].actions[0].subscription_items.find(
          i => i.price_id === 'price-team-seats',
        )!;
        same(seats.mrr!.net_amount, p.unit * p.seats, 'seats MRR');
        same(seats.tcb.net_amount, p.unit * p.seats * p.months, 'seats TCB');
        // v1 billing documents: two periods of both charges (a one-month term renews: auto-renew is the default),
        // and the line items once; one invoice per billing date, each exact in cents.
        const v1 = previewAnswer(outcome, ['BillingDocs'], { type: 'NumberOfPeriods', periods: 2 });
        const expected = 2 * (p.unit * p.seats + 100_00) + items.reduce((s, li) => s + li.unit * li.quantity, 0);
        const invoices = v1.previewResult.invoices!;
        invoices.forEach(i => same(i.amount, Math.round(i.amount * 100), `v1 invoice of ${i.targetDate}`));
        same(invoices.reduce((s, i) => s + Math.round(i.amount * 100), 0) / 100, expected, 'v1 invoices in all');
      }),
      { numRuns: RUNS, seed: 2027_0504 },
    );
  } finally {
    store.close();
  }
});

// ---- rounding and formatting ----

test(`round2 keeps cents, takes half a cent away from zero as written, and is symmetric (${RUNS * 4} amounts)`, () => {
  fc.assert(
    fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), c => {
      same(round2(c / 100), c, 'a cent amount');
      // c + 0.5 cents, written as such (2.135 is 2.135, not the double just below it): away from zero.
      const half = Number(`${Math.abs(c)}5e-3`) * (c < 0 ? -1 : 1);
      same(round2(half), c >= 0 ? c + 1 : c - 1, `${half}`);
      assert.equal(round2(-half) + 0, -round2(half) + 0, `symmetric at ${half}`);
    }),
    { numRuns: RUNS * 4, seed: 2027_0505 },
  );
});

/** Reads a formatted amount back: grouping and currency code dropped, the true minus made ASCII. */
const parse = (text: string) =>
  Number(
    text
      .replace(/ [A-Z]{3}$/, '')
      .replace(/,/g, '')
      .replace('\u2212', '-'),
  );
const digitsOf = (currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

test(`formatMoney reads back as the amount, in the currency's own decimals (${RUNS * 2} amounts)`, () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...CURRENCIES),
      fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }),
      fc.boolean(),
      (currency, units, signed) => {
        const amount = units / 10 ** digitsOf(currency);
        const text = formatMoney(amount, currency, { signed });
        assert.equal(parse(text) + 0, amount, `${amount} ${currency} as ${text}`);
        assert.ok(text.endsWith(` ${currency}`), text);
        const sign = text[0] === '+' ? 1 : text[0] === '\u2212' ? -1 : 0;
        assert.equal(sign, signed || amount < 0 ? Math.sign(amount) : 0, `the sign of ${text}`);
      },
    ),
    { numRuns: RUNS * 2, seed: 2027_0506 },
  );
});

// ---- what the properties found (fixed in src/wire/money.ts and src/client/summary.ts) ----

test('regression: round2 takes half a cent away from zero as written (2.135 was 2.13, -1.005 was -1.00)', () => {
  assert.equal(round2(2.135), 2.14);
  assert.equal(round2(10.005), 10.01);
  assert.equal(round2(1.005), 1.01);
  assert.equal(round2(-1.005), -1.01);
  assert.equal(round2(-2.135), -2.14);
  assert.equal(round2(0.1 + 0.2), 0.3);
  assert.equal(round2(Number.MAX_VALUE * 2), Infinity, 'too large to carry: left for the caller to refuse');
});

test('regression: a row whose currency changed between previews is gone in one currency, new in the other', () => {
  const answer = (c: number, currency: string): PreviewResponse => ({
    subscriptions: [
      {
        actions: [
          {
            action_id: 'a',
            action: 'create_subscription',
            sequence: 0,
            subscription_items: [
              {
                subscription_item_id: 'i',
                price_id: 'seats',
                start_date: '2027-01-01',
                mrr: money(c, currency),
                tcb: money(12 * c, currency),
              },
            ],
          },
        ],
      },
    ],
  });
  const change = comparePreviews(summarizePreview(answer(23000, 'EUR')), summarizePreview(answer(25000, 'USD')));
  assert.deepEqual(
    change.rows.map(r => [r.status, r.currency, r.mrr, r.tcb]),
    [
      ['gone', 'EUR', -230, -2760],
      ['new', 'USD', 250, 3000],
    ],
  );
  assert.deepEqual(change.totals, [
    { currency: 'EUR', mrr: -230, tcb: -2760 },
    { currency: 'USD', mrr: 250, tcb: 3000 },
  ]);
});
