import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { BillingClient, summarizePreview, comparePreviews, formatMoney, type PreviewResponse } from '../../src/client';
import { startSandbox } from '../../src/sandbox';
import { TEMPLATES, type PreviewRequestBody } from '../../src/schemas';
import { NEW_CUSTOMER_TOTALS, SEAT, SETUP_FEE } from './expected';

test('summary rows and totals from a real preview; the change after editing the file', async () => {
  const sb = await startSandbox();
  const c = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  try {
    const body = structuredClone(TEMPLATES.find(t => t.id === 'preview')!.body) as PreviewRequestBody & {
      subscriptions: { subscription_plans: { prices?: { quantity?: number }[] }[] }[];
    };
    const first = summarizePreview((await c.preview(body)).data);
    assert.deepEqual(first.totals, [NEW_CUSTOMER_TOTALS]);
    assert.equal(first.rows.length, 4);
    body.subscriptions[0].subscription_plans[0].prices![0].quantity = 12; // 10 -> 12 seats
    body.line_items = [];
    const second = summarizePreview((await c.preview(body)).data);
    const change = comparePreviews(first, second);
    const twoSeats = { mrr: 2 * SEAT.mrr, tcb: 2 * SEAT.tcb };
    assert.deepEqual(change.totals, [{ currency: 'USD', mrr: twoSeats.mrr, tcb: twoSeats.tcb - SETUP_FEE }]);
    const rows = change.rows.map(r => [r.status, r.mrr, r.tcb]).sort();
    assert.deepEqual(
      rows,
      [
        ['changed', twoSeats.mrr, twoSeats.tcb],
        ['gone', -0, -SETUP_FEE],
      ].sort(),
    );
  } finally {
    await c.close();
    await sb.close();
  }
});

test('preview totals include the line items, labelled from the request (the answer carries only their metrics)', () => {
  const usd = (n: number) => ({ gross_amount: n, net_amount: n, currency: 'USD' });
  const answer: PreviewResponse = {
    subscriptions: [
      {
        actions: [
          {
            action_id: 'a1',
            action: 'create_subscription',
            sequence: 0,
            subscription_items: [
              {
                subscription_item_id: 'i1',
                price_id: 'price-team-seats',
                start_date: '2027-01-01',
                mrr: usd(100),
                tcb: usd(1200),
              },
            ],
          },
        ],
      },
    ],
    line_items: [{ tcb: usd(500), tcv: usd(500) }],
  };
  const s = summarizePreview(answer, { line_items: [{ name: 'Setup fee', type: 'fee' }] });
  assert.deepEqual(s.totals, [{ currency: 'USD', mrr: 100, tcb: 1700 }]);
  assert.deepEqual(
    s.rows.map(r => [r.subscription, r.action, r.price, r.tcb.net_amount]),
    [
      ['new subscription 1', 'create_subscription', 'price-team-seats', 1200],
      ['line item', 'fee', 'Setup fee', 500],
    ],
  );
  assert.equal(summarizePreview(answer).rows[1].price, '#1', 'without the request, the line item is numbered');
});

test('amounts read as money: grouped, the currency’s decimals, a true minus, a plus only for a change', () => {
  assert.equal(formatMoney(16700, 'USD'), '16,700.00 USD');
  assert.equal(formatMoney(1350, 'USD', { signed: true }), '+1,350.00 USD');
  assert.equal(formatMoney(-250, 'USD', { signed: true }), '\u2212250.00 USD');
  assert.equal(formatMoney(-250), '\u2212250.00');
  assert.equal(formatMoney(0.001, 'EUR', { signed: true }), '0.00 EUR');
  assert.equal(formatMoney(1234567, 'JPY'), '1,234,567 JPY');
  assert.equal(formatMoney(12.5, 'XYZ'), '12.50 XYZ');
});
