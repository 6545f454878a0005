// Issue 21 item 2: the Local sandbox answers billing-document previews from its billing engine, over loopback HTTP.
// v2: `metrics: ["billing_documents"]` answers `billing_documents` once for the order (orderPreviewResponse), v1:
// `previewTypes: ["BillingDocs"]` answers `invoices` and `creditMemos`; every answer is checked against the
// reference's response schema (its extract in test/fixtures/reference), required fields included.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { referenceChecker } from './sandbox-reference';
import { changeOrder, newAccount, teamPlan, v1Caller, type Answer } from './sandbox-v1-helpers';

const v2 = referenceChecker('quickstart-v2-openapi.yaml', { required: true });
const v1 = referenceChecker('v1-openapi.yaml', { required: true });
let sb: Sandbox;
let call: Awaited<ReturnType<typeof v1Caller>>;

before(async () => {
  sb = await startSandbox({ today: '2027-01-01' });
  call = await v1Caller(sb);
});
after(() => sb.close());

interface Item {
  price_id?: string;
  subscription_item_name?: string;
  service_start_date: string;
  service_end_date: string;
  subtotal: number;
  tax: number;
  total: number;
}
interface Doc {
  type: string;
  target_date: string;
  subtotal: number;
  tax: number;
  total: number;
  billing_document_items: Item[];
}

/** A new customer's preview: the Team plan (10 seats at 25, the 100 platform fee) from `start`, plus `more`. */
const teamPreview = (start: string, more: Record<string, unknown> = {}, plans: object[] = [teamPlanV2]) => ({
  order_date: '2027-01-01',
  account_data: { currency: 'USD', bill_cycle_day: 1 },
  metrics: ['billing_documents'],
  subscriptions: [{ start_on: { contract_effective: start }, subscription_plans: plans }],
  ...more,
});
const teamPlanV2 = { plan_id: 'plan-team-monthly', prices: [{ price_id: 'price-team-seats', quantity: 10 }] };

/** A v2 preview: 201, its answer conforms to orderPreviewResponse, and every document adds up exactly. */
async function previewV2(body: object): Promise<{ docs: Doc[]; answer: Answer }> {
  const answer = await call('POST', '/v2/orders/preview', body);
  assert.equal(answer.status, 201, JSON.stringify(answer.json));
  assert.deepEqual(v2.mismatches(answer.json, 'orderPreviewResponse'), []);
  const docs = (answer.json.billing_documents ?? []) as Doc[];
  for (const d of docs)
    exactDocument(
      d.total,
      d.subtotal,
      d.tax,
      d.billing_document_items.map(i => i.total),
    );
  return { docs, answer };
}

const cents = (n: number) => Math.round(n * 100);
function exactDocument(total: number, subtotal: number, tax: number, items: number[]) {
  assert.equal(tax, 0, 'the Local sandbox computes no tax');
  assert.equal(total, subtotal + tax, 'total = subtotal + tax');
  assert.equal(
    cents(subtotal),
    items.map(cents).reduce((a, b) => a + b, 0),
    'subtotal = the sum of the items',
  );
}
const summary = (docs: Doc[]) => docs.map(d => `${d.type} ${d.target_date} ${d.total}`);

test('v2, Done when: 10 seats at 25 + the 100 platform fee from Jan 1, 3 periods: three invoices of 350 on Jan, Feb, Mar 1', async () => {
  const { docs, answer } = await previewV2(teamPreview('2027-01-01', { number_of_periods: 3 }));
  assert.deepEqual(summary(docs), ['invoice 2027-01-01 350', 'invoice 2027-02-01 350', 'invoice 2027-03-01 350']);
  assert.deepEqual(
    docs.map(d => d.billing_document_items.map(i => i.service_start_date)),
    [
      ['2027-01-01', '2027-01-01'],
      ['2027-02-01', '2027-02-01'],
      ['2027-03-01', '2027-03-01'],
    ],
  );
  const [seats, platform] = docs[0].billing_document_items;
  assert.deepEqual(seats, {
    subscription_item_name: 'Seats',
    processing_type: 'subscription_item',
    product_name: 'Team workspace',
    price_id: 'price-team-seats',
    service_start_date: '2027-01-01',
    service_end_date: '2027-01-31',
    quantity: 10,
    unit_of_measure: 'seat',
    tax: 0,
    subtotal: 250,
    total: 250,
  });
  assert.equal(platform.price_id, 'price-team-platform');
  // The documents are the order's, once: the reference's subscriptions of an order preview have only actions.
  assert.deepEqual(Object.keys(answer.json.subscriptions[0]), ['actions']);
});

test('v2, Done when: from Jan 15 the first invoice is 17 of 31 days (191.94), then 350', async () => {
  const { docs } = await previewV2(teamPreview('2027-01-15', { number_of_periods: 3 }));
  assert.deepEqual(summary(docs), ['invoice 2027-01-15 191.94', 'invoice 2027-02-01 350', 'invoice 2027-03-01 350']);
  assert.deepEqual(
    docs[0].billing_document_items.map(i => [i.price_id, i.service_start_date, i.service_end_date, i.total]),
    [
      ['price-team-seats', '2027-01-15', '2027-01-31', 137.1],
      ['price-team-platform', '2027-01-15', '2027-01-31', 54.84],
    ],
  );
});

test('v2, Done when: a yearly licence with a setup fee bills both on the first invoice', async () => {
  const plans = [{ plan_id: 'plan-enterprise-yearly' }, { plan_id: 'plan-onboarding' }];
  const { docs } = await previewV2(teamPreview('2027-01-01', { number_of_periods: 1 }, plans));
  assert.deepEqual(summary(docs), ['invoice 2027-01-01 12500']);
  assert.deepEqual(
    docs[0].billing_document_items.map(i => [i.price_id, i.service_start_date, i.service_end_date, i.total]),
    [
      ['price-enterprise-annual', '2027-01-01', '2027-12-31', 12000],
      ['price-onboarding-setup', '2027-01-01', '2027-01-01', 500],
    ],
  );
});

test('v2: to the term end, the invoices add up to the TCB the same preview shows; a line item bills once', async () => {
  const lineItem = { name: 'Training', type: 'services', unit_amount: 150, quantity: 2, start_date: '2027-01-01' };
  const body = teamPreview('2027-01-01', {
    metrics: ['delta_metrics', 'billing_documents'],
    term_end: true,
    line_items: [lineItem],
  });
  const { docs, answer } = await previewV2(body);
  assert.equal(docs.length, 12, 'the 12 months of the default term');
  const billed = docs.reduce((s, d) => s + cents(d.total), 0);
  const items = answer.json.subscriptions[0].actions[0].subscription_items as { tcb: { net_amount: number } }[];
  const tcb = items.reduce((s, i) => s + cents(i.tcb.net_amount), 0) + cents(answer.json.line_items[0].tcb.net_amount);
  assert.equal(billed, tcb);
  assert.deepEqual(docs[0].billing_document_items.at(-1), {
    subscription_item_name: 'Training',
    service_start_date: '2027-01-01',
    service_end_date: '2027-01-01',
    quantity: 2,
    tax: 0,
    subtotal: 300,
    total: 300,
  });
  assert.ok(
    docs.slice(1).every(d => d.billing_document_items.length === 2),
    'the line item only once',
  );
});

test('v2: end_date bills every date up to it', async () => {
  const { docs } = await previewV2(teamPreview('2027-01-01', { end_date: '2027-02-15' }));
  assert.deepEqual(summary(docs), ['invoice 2027-01-01 350', 'invoice 2027-02-01 350']);
});

test('v2: a preview without billing_documents in its metrics answers as before: no documents, the same figures', async () => {
  const withDocs = await previewV2(teamPreview('2027-01-15', { metrics: ['delta_metrics', 'billing_documents'] }));
  const without = await previewV2(teamPreview('2027-01-15', { metrics: ['delta_metrics'] }));
  assert.deepEqual(Object.keys(without.answer.json), ['subscriptions', 'line_items']);
  const ids = /"(action_id|subscription_item_id)":"[^"]*"/g;
  const { billing_documents: _docs, ...rest } = withDocs.answer.json;
  assert.equal(JSON.stringify(without.answer.json).replace(ids, ''), JSON.stringify(rest).replace(ids, ''));
});

/** The seeded S00000001 (5 seats at 25, the 100 fee; renewing every 12 months from 2026-01-01), changed. */
const changeSeeded = (change: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
  account_number: 'A00000001',
  order_date: '2027-01-01',
  metrics: ['billing_documents'],
  number_of_periods: 1,
  subscriptions: [{ subscription_number: 'S00000001', ...change }],
  ...more,
});

test('v2: more seats from Jan 15 credit the 17 unused days and bill them again at the new quantity', async () => {
  const update = {
    update_subscription_plans: [
      {
        subscription_plan: {
          subscription_plan_id: 'SP00000001',
          subscription_items: [{ subscription_item_number: 'SI00000001', quantity: 10 }],
        },
        start_date: '2027-01-15',
      },
    ],
  };
  const { docs } = await previewV2(changeSeeded(update));
  // 5 x 25 x 17/31 = 68.55 back, 10 x 25 x 17/31 = 137.10 billed; then February at 10 seats and the fee.
  assert.deepEqual(summary(docs), ['invoice 2027-01-15 68.55', 'invoice 2027-02-01 350']);
  assert.deepEqual(
    docs[0].billing_document_items.map(i => [i.price_id, i.service_start_date, i.total]),
    [
      ['price-team-seats', '2027-01-15', -68.55],
      ['price-team-seats', '2027-01-15', 137.1],
    ],
  );
  assert.equal(sb.store.subscriptions.get('S00000001')!.plans[0].items[0].quantity, 5, 'a preview keeps nothing');
});

test('v2: a cancellation on Jan 20 is a credit memo for the 12 unused days, and nothing bills after', async () => {
  const { docs } = await previewV2(changeSeeded({ cancel: { cancel_date: '2027-01-20' } }, { number_of_periods: 3 }));
  // 5 x 25 x 12/31 = 48.39 and 100 x 12/31 = 38.71, credited: a memo of 87.10 whose items are positive.
  assert.deepEqual(summary(docs), ['credit_memo 2027-01-20 87.1']);
  assert.deepEqual(
    docs[0].billing_document_items.map(i => [i.price_id, i.service_start_date, i.service_end_date, i.total]),
    [
      ['price-team-seats', '2027-01-20', '2027-01-31', 48.39],
      ['price-team-platform', '2027-01-20', '2027-01-31', 38.71],
    ],
  );
});

test('v2: a cancellation at the end of the term bills the renewed term to its end, and nothing after', async () => {
  const cancel = { cancel: { cancel_at: 'subscription_term_end' } };
  const { docs } = await previewV2(changeSeeded(cancel, { number_of_periods: undefined, end_date: '2028-06-01' }));
  assert.equal(docs.length, 12);
  assert.deepEqual([docs[0].target_date, docs.at(-1)!.target_date], ['2027-01-01', '2027-12-01']);
  assert.ok(docs.every(d => d.type === 'invoice' && d.total === 225));
});

test('v2: what the engine cannot bill is a 400 that names the field and says what to do', async () => {
  const r = await call('POST', '/v2/orders/preview', teamPreview('2027-01-01', { end_date: '2200-01-01' }));
  assert.equal(r.status, 400);
  assert.equal(r.json.errors[0].parameter, 'end_date');
  assert.match(r.json.errors[0].message, /2200-01-01 is outside the dates the Local sandbox takes/);
  const evergreen = { initial_term: { type: 'evergreen' }, start_on: { contract_effective: '2027-01-01' } };
  const subscriptions = [{ ...evergreen, subscription_plans: [teamPlanV2] }];
  const periods = await call(
    'POST',
    '/v2/orders/preview',
    teamPreview('2027-01-01', { number_of_periods: 1300, subscriptions }),
  );
  assert.equal(periods.status, 400);
  assert.equal(periods.json.errors[0].parameter, 'number_of_periods');
  assert.match(periods.json.errors[0].message, /at most 1200 periods.*fewer periods/);
});

// ---- v1 ----

const conformsV1 = (a: Answer) => {
  assert.equal(a.status, 200, JSON.stringify(a.json));
  assert.deepEqual(v1.mismatches(a.json, 'PostOrderPreviewResponseType'), []);
};
interface V1Doc {
  amount: number;
  amountWithoutTax: number;
  taxAmount: number;
  targetDate: string;
  invoiceItems?: { amountWithoutTax: number; serviceStartDate: string }[];
  creditMemoItems?: { amountWithoutTax: number; serviceStartDate: string }[];
}
const v1Exact = (d: V1Doc) =>
  exactDocument(
    d.amount,
    d.amountWithoutTax,
    d.taxAmount,
    (d.invoiceItems ?? d.creditMemoItems)!.map(i => i.amountWithoutTax),
  );

test('v1 BillingDocs: one invoice per billing date from the same engine: 191.94, then 350', async () => {
  const create = {
    type: 'CreateSubscription',
    triggerDates: [{ name: 'ContractEffective', triggerDate: '2027-01-15' }],
    createSubscription: {
      subscribeToRatePlans: [teamPlan(10)],
      terms: { initialTerm: { termType: 'TERMED', period: 12, periodType: 'Month', startDate: '2027-01-15' } },
    },
  };
  const body = {
    orderDate: '2027-01-01',
    newAccount,
    subscriptions: [{ orderActions: [create] }],
    previewOptions: { previewTypes: ['BillingDocs'], previewThruType: 'NumberOfPeriods', previewNumberOfPeriods: 3 },
  };
  const r = await call('POST', '/v1/orders/preview', body);
  conformsV1(r);
  const invoices = r.json.previewResult.invoices as V1Doc[];
  invoices.forEach(v1Exact);
  assert.deepEqual(
    invoices.map(i => [i.targetDate, i.amount]),
    [
      ['2027-01-15', 191.94],
      ['2027-02-01', 350],
      ['2027-03-01', 350],
    ],
  );
  assert.equal(r.json.previewResult.creditMemos, undefined, 'no credit memos when nothing is credited');
});

test('v1 BillingDocs: a cancellation on a date answers a credit memo', async () => {
  const cancel = {
    type: 'CancelSubscription',
    cancelSubscription: { cancellationPolicy: 'SpecificDate', cancellationEffectiveDate: '2027-01-20' },
  };
  const body = {
    ...changeOrder(cancel),
    previewOptions: { previewTypes: ['BillingDocs'], previewThruType: 'NumberOfPeriods', previewNumberOfPeriods: 1 },
  };
  const r = await call('POST', '/v1/orders/preview', body);
  conformsV1(r);
  const memos = r.json.previewResult.creditMemos as V1Doc[];
  memos.forEach(v1Exact);
  assert.deepEqual(
    memos.map(m => [m.targetDate, m.amount, m.creditMemoItems!.map(i => i.serviceStartDate)]),
    [['2027-01-20', 87.1, ['2027-01-20', '2027-01-20']]],
  );
  assert.deepEqual(r.json.previewResult.invoices, []);
});

test('the catalog models bill as they are priced: tiered, volume, quarterly and a discount, from the seeded plans', async () => {
  const plan = (plan_id: string, price_id?: string, quantity?: number) => ({
    plan_id,
    ...(price_id ? { prices: [{ price_id, quantity }] } : {}),
  });
  const first = async (plans: object[]) =>
    (await previewV2(teamPreview('2027-01-01', { number_of_periods: 1 }, plans))).docs[0];
  // 1,500 GB graduated: 100 at 0.50, 900 at 0.40, 500 at 0.25.
  assert.equal((await first([plan('plan-storage-tiered', 'price-storage-tiered', 1500)])).total, 535);
  // 25 licences, volume: every one at the 11-50 price of 100, a year billed in advance.
  assert.equal((await first([plan('plan-licences-volume', 'price-licences-volume', 25)])).total, 2500);
  // Support: 1,500 a quarter, in advance.
  assert.equal((await first([plan('plan-support-quarterly')])).total, 1500);
  // The launch discount takes 20% off the team month (350): 280.
  assert.equal((await first([teamPlanV2, plan('plan-discount-launch')])).total, 280);
});
