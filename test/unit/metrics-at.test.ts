// The inline metrics' core (src/payloads/metricsAt.ts): where subscriptions[i] and line_items[i] are in the
// text, and their delta MRR and TCB summed per currency from a real preview of the Local sandbox.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { BillingClient, summarizePreview, type PreviewSummary, type SummaryRow } from '../../src/client';
import { metricsAt, metricsLabel, sumsByEntry, totalsLabel } from '../../src/payloads/metricsAt';
import { startSandbox } from '../../src/sandbox';
import { TEMPLATES, type PreviewRequestBody } from '../../src/schemas';
import { NEW_CUSTOMER_TOTALS, SETUP_FEE, USD, teamMonth, SEATS } from './expected';

const usd = (n: number) => ({ gross_amount: n, net_amount: n, currency: 'USD' });
const eur = (n: number) => ({ gross_amount: n, net_amount: n, currency: 'EUR' });
const row = (r: Partial<SummaryRow>): SummaryRow => ({
  key: String(Math.random()),
  subscription: 's',
  action: 'create_subscription',
  price: 'p',
  start: '2027-01-01',
  end: null,
  tcb: usd(0),
  ...r,
});

test('a real preview of the new-customer template: each subscription and line item at its opening brace, with its sums', async () => {
  const sb = await startSandbox();
  const c = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  try {
    const body = TEMPLATES.find(t => t.id === 'preview')!.body as PreviewRequestBody;
    const summary = summarizePreview((await c.preview(body)).data, body);
    const text = JSON.stringify(body, null, 2);
    const found = metricsAt(text, summary);
    assert.deepEqual(
      found.map(f => [f.list, f.index, text[f.offset]]),
      [
        ['subscriptions', 0, '{'],
        ['subscriptions', 1, '{'],
        ['line_items', 0, '{'],
      ],
    );
    const team = teamMonth(SEATS);
    assert.deepEqual(found[0].sums, [{ currency: 'USD', mrr: team, tcb: 12 * team }]);
    assert.deepEqual(found[1].sums, [{ currency: 'USD', mrr: USD.annualLicence / 12, tcb: USD.annualLicence }]);
    assert.deepEqual(found[2].sums, [{ currency: 'USD', tcb: SETUP_FEE }], 'a one-time fee has no MRR');
    // the entries add up to the totals
    const all = found.flatMap(f => f.sums);
    assert.equal(
      all.reduce((n, s) => n + (s.mrr ?? 0), 0),
      NEW_CUSTOMER_TOTALS.mrr,
    );
    assert.equal(
      all.reduce((n, s) => n + s.tcb, 0),
      NEW_CUSTOMER_TOTALS.tcb,
    );
  } finally {
    await c.close();
    await sb.close();
  }
});

test("an entry's figures are exact sums: ten rows of 0.10 are 1.00, 1.005 + 2.675 is 3.68 (no partial sum rounded)", () => {
  const tenths = Array.from({ length: 10 }, () => row({ subscriptionIndex: 0, mrr: usd(0.1), tcb: usd(0.1) }));
  // Rounding each partial sum made 1.005 + 2.675 into 1.01 + 2.675 = 3.69; three rows of 0.004 added up to 0.00.
  const mills = [1.005, 2.675].map(n => row({ subscriptionIndex: 1, mrr: usd(n), tcb: usd(n) }));
  const small = [0.004, 0.004, 0.004].map(n => row({ lineItemIndex: 0, tcb: usd(n) }));
  assert.deepEqual(
    sumsByEntry({ rows: [...tenths, ...mills, ...small], totals: [] }).map(e => e.sums),
    [
      [{ currency: 'USD', mrr: 1, tcb: 1 }],
      [{ currency: 'USD', mrr: 3.68, tcb: 3.68 }],
      [{ currency: 'USD', tcb: 0.012 }],
    ],
  );
});

test('rows of one entry add up per currency; rows without a request position are left out', () => {
  const summary: PreviewSummary = {
    rows: [
      row({ subscriptionIndex: 1, mrr: usd(10.1), tcb: usd(121.2) }),
      row({ subscriptionIndex: 1, mrr: usd(0.2), tcb: usd(2.4) }),
      row({ subscriptionIndex: 1, mrr: eur(5), tcb: eur(60) }),
      row({ subscriptionIndex: 0, mrr: usd(-25), tcb: usd(-300) }),
      row({ lineItemIndex: 0, tcb: usd(500) }),
      row({ tcb: usd(1) }),
    ],
    totals: [],
  };
  assert.deepEqual(sumsByEntry(summary), [
    {
      list: 'subscriptions',
      index: 1,
      sums: [
        { currency: 'USD', mrr: 10.3, tcb: 123.6 },
        { currency: 'EUR', mrr: 5, tcb: 60 },
      ],
    },
    { list: 'subscriptions', index: 0, sums: [{ currency: 'USD', mrr: -25, tcb: -300 }] },
    { list: 'line_items', index: 0, sums: [{ currency: 'USD', tcb: 500 }] },
  ]);
});

test('an entry the text no longer has is left out; one-line JSON and a broken text still place the rest', () => {
  const summary: PreviewSummary = {
    rows: [
      row({ subscriptionIndex: 0, mrr: usd(1), tcb: usd(12) }),
      row({ subscriptionIndex: 1, mrr: usd(2), tcb: usd(24) }),
      row({ lineItemIndex: 0, tcb: usd(5) }),
    ],
    totals: [],
  };
  const oneLine = '{"subscriptions":[{"a":1}],"line_items":[{"n":"x"}]}';
  assert.deepEqual(
    metricsAt(oneLine, summary).map(f => [f.list, f.index, f.offset]),
    [
      ['subscriptions', 0, oneLine.indexOf('{"a"')],
      ['line_items', 0, oneLine.indexOf('{"n"')],
    ],
  );
  const broken = '{"subscriptions":[{"a":1},{"b":';
  assert.deepEqual(
    metricsAt(broken, summary).map(f => f.index),
    [0, 1],
  );
  assert.deepEqual(metricsAt('', summary), []);
  assert.deepEqual(
    metricsAt('{"subscriptions":[1,{"a":1}]}', summary).map(f => f.index),
    [1],
    'not an object',
  );
});

test('labels: signed, grouped money; MRR only where there is one; several currencies side by side', () => {
  assert.equal(metricsLabel([{ currency: 'USD', mrr: 100, tcb: 1700 }]), 'MRR +100.00 USD · TCB +1,700.00 USD');
  assert.equal(metricsLabel([{ currency: 'USD', tcb: 500 }]), 'TCB +500.00 USD');
  assert.equal(
    metricsLabel([
      { currency: 'USD', mrr: -250, tcb: -3000 },
      { currency: 'EUR', tcb: 40 },
    ]),
    'MRR \u2212250.00 USD · TCB \u22123,000.00 USD, +40.00 EUR',
  );
  assert.equal(totalsLabel([{ currency: 'USD', mrr: 1350, tcb: 16700 }]), 'MRR +1,350.00 USD · TCB +16,700.00 USD');
  assert.equal(totalsLabel([{ currency: 'JPY', mrr: 0, tcb: 1200 }]), 'MRR 0 JPY · TCB +1,200 JPY');
  assert.equal(totalsLabel([]), 'no MRR or TCB in the answer');
});
