// The response panel's money-first view and timeline, from real previews of the template on the Local sandbox:
// what each card and total says, signs and words for changes, terms and dates for the timeline.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { BillingClient, comparePreviews, formatMoney, summarizePreview, type PreviewSummary } from '../../src/client';
import { startSandbox } from '../../src/sandbox';
import { TEMPLATES, type PreviewRequestBody } from '../../src/schemas';
import { previewBilling, termLabel, timelineHints } from '../../src/services/panelStates';
import { previewAsV2 } from '../../src/client/v1Preview';
import { billingDocumentsOfV1, billingDocumentsOfV2 } from '../../src/client';
import { v1PreviewBody } from '../../src/payloads';
import { invoicesView } from '../../src/webview/invoicesModel';
import { v1Result, v2Answer } from './billingAnswers';
import { amount, previewView } from '../../src/webview/previewModel';
import { OPEN_END, timelineOf } from '../../src/webview/timelineModel';
import { withoutAdvice } from '../../src/webview/dom';
import { NEW_CUSTOMER_TOTALS, SEAT, SETUP_FEE, USD } from './expected';
import * as fs from 'node:fs';

type Body = PreviewRequestBody & {
  subscriptions: { subscription_plans: { prices?: { quantity?: number }[] }[]; initial_term?: unknown }[];
};
const signed = (n: number, code = true) => formatMoney(n, code ? 'USD' : undefined, { signed: true });

async function twoPreviews(): Promise<{ body: Body; first: PreviewSummary; second: PreviewSummary }> {
  const sb = await startSandbox();
  const c = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  try {
    const body = structuredClone(TEMPLATES.find(t => t.id === 'preview')!.body) as Body;
    const first = summarizePreview((await c.preview(body)).data, body);
    const next = structuredClone(body);
    next.subscriptions[0].subscription_plans[0].prices![0].quantity = 12; // 10 -> 12 seats
    next.line_items = []; // the setup fee goes
    const second = summarizePreview((await c.preview(next)).data, next);
    return { body, first, second };
  } finally {
    await c.close();
    await sb.close();
  }
}
const previews = twoPreviews();

test('a first preview: totals with sign and grouping, a card per subscription and one for line items', async () => {
  const { body, first } = await previews;
  const view = previewView(first, undefined, timelineHints(body));
  // The Local sandbox's TCV is its TCB (no discounts): every item has one, so the total shows.
  assert.deepEqual(view.totals, [
    {
      currency: 'USD',
      mrr: signed(NEW_CUSTOMER_TOTALS.mrr),
      tcb: signed(NEW_CUSTOMER_TOTALS.tcb),
      tcv: signed(NEW_CUSTOMER_TOTALS.tcb),
    },
  ]);
  assert.match(view.totals[0].tcb, /^\+\d{1,3}(,\d{3})+\.00 USD$/, 'grouped, signed');
  assert.equal(view.compared, false);
  assert.deepEqual(
    view.cards.map(c => [c.title, c.term, c.items.length]),
    [
      ['new subscription 1', '12 months', 2],
      ['new subscription 2', '1 year', 1],
      ['Line items', undefined, 1],
    ],
  );
  const seats = view.cards[0].items[0];
  assert.deepEqual(
    [seats.name, seats.mrr, seats.tcb, seats.details, seats.change],
    [
      'price-team-seats',
      signed(10 * USD.seat, false),
      signed(120 * USD.seat, false),
      ['create_subscription', '2027-01-01 → 2028-01-01'],
      undefined,
    ],
  );
  const fee = view.cards[2].items[0];
  assert.deepEqual(
    [fee.name, fee.mrr, fee.tcb, fee.details],
    ['Setup fee', '—', signed(SETUP_FEE, false), ['fee', '2027-01-01']],
  );
  assert.equal(view.cards[2].mrr, '—', 'a card of one-time charges has no MRR');
});

test('the change since the previous preview: per item in signs and words, gone items kept, per total', async () => {
  const { first, second } = await previews;
  const view = previewView(second, comparePreviews(first, second));
  assert.equal(view.compared, true);
  const [seats, platform] = view.cards[0].items;
  assert.deepEqual(seats.change, [
    { text: `${signed(2 * SEAT.mrr, false)} MRR`, tone: 'up' },
    { text: `${signed(2 * SEAT.tcb, false)} TCB`, tone: 'up' },
  ]);
  assert.deepEqual(platform.change, [{ text: 'no change', tone: 'flat' }]);
  const gone = view.cards.find(c => c.title === 'Line items')!.items[0];
  assert.deepEqual([gone.name, gone.gone, gone.mrr], ['Setup fee', true, '—']);
  assert.deepEqual(gone.change, [
    { text: 'gone', tone: 'gone' },
    { text: `${signed(-SETUP_FEE, false)} TCB`, tone: 'down' },
  ]);
  assert.ok(gone.change![1].text.startsWith('\u2212'), 'a true minus sign');
  assert.deepEqual(view.totals[0].change, {
    mrr: { text: signed(2 * SEAT.mrr), tone: 'up' },
    tcb: { text: signed(2 * SEAT.tcb - SETUP_FEE), tone: toneOf(2 * SEAT.tcb - SETUP_FEE) },
  });
});
const toneOf = (n: number) => (n > 0 ? 'up' : n < 0 ? 'down' : 'flat');

test('several currencies: every amount names its currency; a new item says "new"', () => {
  const money = (n: number, currency: string) => ({ gross_amount: n, net_amount: n, currency });
  const row = (sub: string, price: string, currency: string, mrr: number) => ({
    key: `${sub}|create_subscription|${price}`,
    subscription: sub,
    action: 'create_subscription',
    price,
    start: '2027-01-01',
    end: null,
    mrr: money(mrr, currency),
    tcb: money(mrr * 12, currency),
  });
  const before: PreviewSummary = {
    rows: [row('S1', 'p-eur', 'EUR', 10)],
    totals: [{ currency: 'EUR', mrr: 10, tcb: 120 }],
  };
  const after: PreviewSummary = {
    rows: [row('S1', 'p-eur', 'EUR', 10), row('S2', 'p-jpy', 'JPY', 1500)],
    totals: [
      { currency: 'EUR', mrr: 10, tcb: 120 },
      { currency: 'JPY', mrr: 1500, tcb: 18000 },
    ],
  };
  const view = previewView(after, comparePreviews(before, after));
  assert.deepEqual(
    view.cards.map(c => c.items[0].mrr),
    ['+10.00 EUR', '+1,500 JPY'],
  );
  assert.deepEqual(view.cards[1].items[0].change, [{ text: 'new', tone: 'new' }]);
  assert.deepEqual(view.totals[1].change!.mrr, { text: '+1,500 JPY', tone: 'up' });
  assert.equal(amount(-250, 'USD', false), '\u2212250.00');
});

test('the timeline: bars from start to end on one scale, an open end runs to the edge, a line item is a dot', async () => {
  const { body, first } = await previews;
  const t = timelineOf(first.rows, timelineHints(body))!;
  assert.deepEqual([t.start, t.end, t.omitted], ['2027-01-01', '2028-01-01', 0]);
  assert.deepEqual(
    t.groups.map(g => g.label),
    ['new subscription 1 · 12 months', 'new subscription 2 · 1 year', 'Line items'],
  );
  const seats = t.groups[0].bars[0];
  assert.deepEqual(
    [seats.label, seats.from, seats.to, seats.open, seats.point],
    ['price-team-seats · 2027-01-01 → 2028-01-01', 1, 88, false, false],
  );
  const fee = t.groups[2].bars[0];
  assert.deepEqual([fee.point, fee.from, fee.label], [true, 1, 'Setup fee · 2027-01-01']);
  const open = timelineOf([{ ...first.rows[0], start: '2027-07-02', end: null }, first.rows[1]])!;
  assert.deepEqual(
    open.groups[0].bars.map(b => [b.open, b.to]),
    [
      [true, OPEN_END],
      [false, 88],
    ],
  );
  assert.ok(open.groups[0].bars[0].from > 40 && open.groups[0].bars[0].from < 50, 'mid-year starts mid-way');
  assert.equal(
    timelineOf(first.rows, undefined, 2)!.omitted,
    1,
    'two bars shown of three dated (without the request, the line item has no date)',
  );
  assert.equal(timelineOf([]), undefined);
});

test('terms as the request says them', () => {
  assert.equal(termLabel({ type: 'termed', interval: 'month', interval_count: 12 }), '12 months');
  assert.equal(termLabel({ type: 'termed', interval: 'year', interval_count: 1 }), '1 year');
  assert.equal(termLabel({ type: 'evergreen' }), 'evergreen');
  assert.equal(termLabel(undefined), undefined);
  assert.deepEqual(timelineHints({ subscriptions: [{ subscription_number: 'S1' }], line_items: [{}] }), {
    terms: [undefined],
    lineItemDates: [undefined],
  });
  assert.deepEqual(timelineHints(null), { terms: [], lineItemDates: [] });
});

test('an error reads its message once and its advice once: the advice the client appended is taken off the message', () => {
  const advice = 'Switch to a real environment (Billing: Switch Connection) to call it.';
  const message = `PUT /v1/debitmemos/DM-1/write-off is not served by the local sandbox. ${advice}`;
  assert.equal(
    withoutAdvice({ message, advice }),
    'PUT /v1/debitmemos/DM-1/write-off is not served by the local sandbox.',
  );
  assert.equal(withoutAdvice({ message: 'Timed out.' }), 'Timed out.');
  assert.equal(withoutAdvice({ message: 'Refused.', advice: 'Try again.' }), 'Refused.', 'advice not in the message');
});

test('Invoices: a row per document (date, type, total in its currency), opening to its items', () => {
  const billing = previewBilling({ body: { metrics: ['delta_metrics', 'billing_documents'] } }, v2Answer(), ['USD'])!;
  assert.equal(billing.asked, true);
  const view = invoicesView(billing)!;
  assert.equal(view.heading, 'Invoices (3)');
  assert.equal(view.note, undefined);
  assert.deepEqual(
    view.documents.map(d => [d.date, d.type, d.total, d.breakdown, d.label]),
    ['2027-01-01', '2027-02-01', '2027-03-01'].map(date => [
      date,
      'invoice',
      '350.00 USD',
      undefined, // no tax: the total says it all
      `invoice on ${date}, 350.00 USD, 2 items`,
    ]),
  );
  assert.deepEqual(view.documents[1].items, [
    { name: 'Seats (price-team-seats)', quantity: '× 10', period: '2027-02-01 → 2027-02-28', amount: '250.00 USD' },
    {
      name: 'Platform fee (price-team-platform)',
      quantity: '× 1',
      period: '2027-02-01 → 2027-02-28',
      amount: '100.00 USD',
    },
  ]);
});

test('Invoices: tax said under the items, credit memos named, one-time dates alone; nothing when none was asked', () => {
  const docs = billingDocumentsOfV1(v1Result(), 'EUR');
  const view = invoicesView({ asked: true, documents: docs })!;
  assert.deepEqual(
    view.documents.map(d => [d.type, d.total, d.breakdown]),
    [
      ['invoice', '367.50 EUR', 'Subtotal 350.00 EUR · tax 17.50 EUR'],
      ['invoice', '350.00 EUR', undefined],
      ['credit memo', '25.00 EUR', undefined],
    ],
  );
  const once = billingDocumentsOfV2({
    billing_documents: [
      {
        type: 'invoice',
        target_date: '2027-01-01',
        total: 1200,
        billing_document_items: [
          { price_id: 'fee', service_start_date: '2027-01-01', service_end_date: '2027-01-01', subtotal: 1200 },
        ],
      },
    ],
  });
  const [item] = invoicesView({ asked: true, documents: once })!.documents[0].items;
  assert.deepEqual(
    item,
    { name: 'fee', quantity: '', period: '2027-01-01', amount: '1,200.00' },
    'no currency known: no code',
  );
  // Asked, none answered: said; not asked and none: no section at all.
  assert.deepEqual(invoicesView({ asked: true, documents: [] }), {
    heading: 'Invoices (0)',
    documents: [],
    note: 'The answer lists no billing documents for the periods asked for.',
  });
  assert.equal(invoicesView({ asked: false, documents: [] }), undefined);
  assert.equal(invoicesView(undefined), undefined);
  assert.equal(previewBilling({ body: { metrics: ['delta_metrics'] } }, { subscriptions: [] }, ['USD']), undefined);
  // Text from the service stays text: the model passes it on as it is (the view makes text nodes of it).
  const odd = billingDocumentsOfV2({
    billing_documents: [{ billing_document_items: [{ subscription_item_name: '<img src=x onerror=alert(1)>' }] }],
  });
  assert.equal(
    invoicesView({ asked: true, documents: odd })!.documents[0].items[0].name,
    '<img src=x onerror=alert(1)>',
  );
});

test('the Invoices view builds its DOM from text only: no innerHTML anywhere in the panel script', () => {
  for (const f of ['invoicesView.ts', 'invoicesModel.ts', 'timeline.ts', 'previewView.ts']) {
    const source = fs.readFileSync(`src/webview/${f}`, 'utf8');
    assert.doesNotMatch(source, /innerHTML|outerHTML|insertAdjacentHTML|document\.write/, f);
  }
  assert.match(
    fs.readFileSync('src/webview/invoicesView.ts', 'utf8'),
    /el\('details'/,
    'a <details> opens by keyboard',
  );
});

test('the timeline marks each billing date on the axis, documents of one day together', async () => {
  const { body, first } = await previews;
  const docs = billingDocumentsOfV2(v2Answer(), 'USD');
  const t = timelineOf(first.rows, timelineHints(body), undefined, docs)!;
  assert.deepEqual([t.start, t.end], ['2027-01-01', '2028-01-01'], 'the same axis: every billing date is inside it');
  assert.deepEqual(
    t.marks.map(m => [m.date, m.label]),
    [
      ['2027-01-01', '2027-01-01: invoice 350.00 USD'],
      ['2027-02-01', '2027-02-01: invoice 350.00 USD'],
      ['2027-03-01', '2027-03-01: invoice 350.00 USD'],
    ],
  );
  assert.equal(t.marks[0].at, t.groups[0].bars[0].from, 'the first invoice sits where the items start');
  assert.ok(t.marks[0].at < t.marks[1].at && t.marks[1].at < t.marks[2].at, 'in date order, left to right');
  const credit = billingDocumentsOfV1(v1Result(), 'USD').concat(docs.slice(1, 2));
  const together = timelineOf(first.rows, undefined, undefined, credit)!.marks;
  assert.deepEqual(
    together.map(m => m.label),
    [
      '2027-01-01: invoice 367.50 USD',
      '2027-02-01: invoice 350.00 USD, invoice 350.00 USD',
      '2027-02-15: credit memo 25.00 USD',
    ],
  );
  // A billing date past the items widens the axis; no documents: no marks.
  const later = timelineOf(first.rows, timelineHints(body), undefined, [{ ...docs[0], date: '2028-06-01' }])!;
  assert.deepEqual([later.end, later.marks[0].at], ['2028-06-01', 88]);
  assert.deepEqual(timelineOf(first.rows, timelineHints(body))!.marks, []);
});

test('a v1 preview on the Local sandbox: its invoices reach the panel with items that add up to each total', async () => {
  const sb = await startSandbox();
  const c = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  try {
    const file = JSON.parse(fs.readFileSync('examples/v1/new-and-add.request.json', 'utf8')) as { body: object };
    const body = v1PreviewBody(file.body as Record<string, unknown>);
    const r = await c.previewV1(body);
    const call = { api: 'v1' as const, body };
    const currencies = summarizePreview(previewAsV2(call, r.data)).totals.map(t => t.currency);
    const billing = previewBilling(call, r.data, currencies)!;
    assert.equal(billing.asked, true);
    const invoices = (r.data.previewResult?.invoices ?? []) as { invoiceItems?: unknown[] }[];
    assert.ok(invoices.length > 0, 'the sandbox answers BillingDocs');
    assert.equal(billing.documents.length, invoices.length + (r.data.previewResult?.creditMemos?.length ?? 0));
    for (const d of billing.documents) {
      assert.equal(d.currency, 'USD');
      const items = d.items.reduce((n, i) => n + i.amount + i.tax, 0);
      assert.equal(Math.round(items * 100), Math.round(d.total * 100), `${d.date}: items add up to the total`);
    }
    const view = invoicesView(billing)!;
    assert.equal(view.heading, `Invoices (${billing.documents.length})`);
    assert.equal(view.documents[0].items.length, billing.documents[0].items.length);
  } finally {
    await c.close();
    await sb.close();
  }
});
