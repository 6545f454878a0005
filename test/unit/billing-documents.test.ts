// Billing documents in one shape from either family: a v2 answer's `billing_documents` and a v1 answer's
// invoices and credit memos, from answers built on the reference's schemas (checked against them here).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import {
  asksForBillingDocuments,
  billingDocumentOfInvoice,
  billingDocumentsOfV1,
  billingDocumentsOfV2,
  documentsCurrency,
  firstInvoiceLabel,
  previewBillingDocuments,
} from '../../src/client';
import { totalsLabel } from '../../src/payloads/metricsAt';
import { MONTHS, PLATFORM, SEATS, v1Result, v2Answer, v2Document, v2Item } from './billingAnswers';
import { mismatches, referenceChecker } from './sandbox-reference';

test("the test answers are the reference's shapes: v2 orderPreviewResponse, v1 PreviewOrderResult", () => {
  assert.deepEqual(mismatches(v2Answer(), 'orderPreviewResponse'), []);
  const v1 = referenceChecker('v1-openapi.yaml');
  assert.deepEqual(v1.mismatches(v1Result(), 'PreviewOrderResult'), []);
  assert.deepEqual(v1.mismatches({ success: true, previewResult: v1Result() }, 'PostOrderPreviewResponseType'), []);
});

test('v2: one document per billing document, with its date, totals and items (name, price, quantity, period)', () => {
  const docs = billingDocumentsOfV2(v2Answer(), 'USD');
  assert.deepEqual(
    docs.map(d => [d.type, d.date, d.currency, d.subtotal, d.tax, d.total, d.items.length]),
    MONTHS.map(([start]) => ['invoice', start, 'USD', 350, 0, 350, 2]),
  );
  assert.deepEqual(docs[1].items[0], {
    name: SEATS.name,
    price: SEATS.price,
    quantity: 10,
    serviceStart: '2027-02-01',
    serviceEnd: '2027-02-28',
    amount: 250,
    tax: 0,
  });
  for (const d of docs) {
    const items = d.items.reduce((n, i) => n + i.amount + i.tax, 0);
    assert.equal(d.total, items, `${d.date}: the total is the sum of its items`);
  }
});

test('v2: documents in date order (a tie keeps the answer order); what the answer leaves out is worked out or absent', () => {
  const jan = v2Document('invoice', '2027-01-15', [v2Item(SEATS, ['2027-01-15', '2027-01-31'], 191.94)]);
  const credit = v2Document('credit_memo', '2027-01-15', [v2Item(PLATFORM, ['2027-01-20', '2027-01-31'], 38.71)]);
  const feb = v2Document('invoice', '2027-02-01', [v2Item(SEATS, MONTHS[1])]);
  const docs = billingDocumentsOfV2({ billing_documents: [feb, jan, credit] });
  assert.deepEqual(
    docs.map(d => [d.date, d.type, d.total]),
    [
      ['2027-01-15', 'invoice', 191.94],
      ['2027-01-15', 'credit_memo', 38.71],
      ['2027-02-01', 'invoice', 250],
    ],
  );
  assert.equal(docs[0].currency, undefined, 'no currency named: none made up');
  // Only items: subtotal and total are their sums; no name but a price: the price names it.
  const bare = billingDocumentsOfV2({
    billing_documents: [
      {
        target_date: '2027-03-01',
        billing_document_items: [{ price_id: 'p1', subtotal: 10.1, tax: 0.7 }, { subtotal: 5 }],
      },
    ],
  });
  assert.deepEqual(bare, [
    {
      type: 'invoice',
      date: '2027-03-01',
      subtotal: 15.1,
      tax: 0.7,
      total: 15.8,
      items: [
        { name: 'p1', price: 'p1', amount: 10.1, tax: 0.7 },
        { name: 'item', amount: 5, tax: 0 },
      ],
    },
  ]);
});

test('what a document leaves out is added exactly: ten items of 0.10 are 1.00, 1.005 + 2.675 is 3.68', () => {
  const doc = (items: object[], more: object = {}) =>
    billingDocumentsOfV2({
      billing_documents: [{ target_date: '2027-03-01', billing_document_items: items, ...more }],
    })[0];
  const tenths = doc(Array.from({ length: 10 }, () => ({ subtotal: 0.1, tax: 0.01 })));
  assert.deepEqual([tenths.subtotal, tenths.tax, tenths.total], [1, 0.1, 1.1]);
  // Items answered with a total and a tax (no subtotal): 1.015 − 0.01 is 1.0049999999999999 in doubles. Each item
  // rounded to cents made these 1.00 (or 1.01) + 2.68; the answered amounts are kept and added as they are written.
  const mills = doc([
    { total: 1.015, tax: 0.01 },
    { total: 2.675, tax: 0 },
  ]);
  assert.deepEqual(
    mills.items.map(i => i.amount),
    [1.005, 2.675],
  );
  assert.deepEqual([mills.subtotal, mills.tax, mills.total], [3.68, 0.01, 3.69]);
  // A total without its tax: the tax is total − subtotal, exactly (0.3 − 0.1 − 0.2 is not 5.55e-17).
  const taxed = doc([{ subtotal: 0.1 }, { subtotal: 0.2 }], { total: 0.33 });
  assert.deepEqual([taxed.subtotal, taxed.tax, taxed.total], [0.3, 0.03, 0.33]);
});

test('untrusted answers: no documents, wrong types and junk entries read as absent, never throw', () => {
  for (const answer of [
    undefined,
    null,
    'x',
    [],
    {},
    { billing_documents: 'x' },
    { billing_documents: [null, 3, 'a'] },
  ])
    assert.deepEqual(billingDocumentsOfV2(answer), [], JSON.stringify(answer));
  const [d] = billingDocumentsOfV2({
    billing_documents: [
      { type: 7, target_date: 20270101, total: '350', billing_document_items: [{ quantity: 'ten', subtotal: NaN }] },
    ],
  });
  assert.deepEqual(d, {
    type: 'invoice',
    date: '',
    subtotal: 0,
    tax: 0,
    total: 0,
    items: [{ name: 'item', amount: 0, tax: 0 }],
  });
});

test('v1: invoices and credit memos in date order, tax included in the total, items with quantity from additionalInfo', () => {
  const docs = billingDocumentsOfV1(v1Result(), 'USD');
  assert.deepEqual(
    docs.map(d => [d.date, d.type, d.subtotal, d.tax, d.total, d.items.length]),
    [
      ['2027-01-01', 'invoice', 350, 17.5, 367.5, 2],
      ['2027-02-01', 'invoice', 350, 0, 350, 2],
      ['2027-02-15', 'credit_memo', 25, 0, 25, 1],
    ],
  );
  assert.deepEqual(docs[0].items[0], {
    name: 'Seats',
    price: SEATS.price,
    quantity: 10,
    serviceStart: '2027-01-01',
    serviceEnd: '2027-01-31',
    amount: 250,
    tax: 17.5,
  });
  assert.deepEqual(billingDocumentsOfV1(undefined), []);
  assert.deepEqual(billingDocumentsOfV1({ invoices: 'none', creditMemos: [null] }), []);
});

test('which preview asks for documents, and in which currency they are shown', () => {
  assert.equal(asksForBillingDocuments({ metrics: ['delta_metrics', 'billing_documents'] }), true);
  assert.equal(asksForBillingDocuments({ metrics: ['delta_metrics'] }), false);
  assert.equal(asksForBillingDocuments({ previewOptions: { previewTypes: ['BillingDocs'] } }, 'v1'), true);
  assert.equal(asksForBillingDocuments({ previewOptions: { previewTypes: ['ChargeMetrics'] } }, 'v1'), false);
  assert.equal(asksForBillingDocuments({ metrics: ['billing_documents'] }, 'v1'), false, 'v1 reads previewTypes');
  // The new account's currency first, else the preview's one currency; two currencies: none.
  assert.equal(documentsCurrency({ account_data: { currency: 'EUR' } }, ['USD']), 'EUR');
  assert.equal(documentsCurrency({ previewAccountInfo: { currency: 'GBP' } }, [], 'v1'), 'GBP');
  assert.equal(documentsCurrency({ account_number: 'A1' }, ['USD', 'USD']), 'USD');
  assert.equal(documentsCurrency({ account_number: 'A1' }, ['USD', 'EUR']), undefined);
  const v1 = previewBillingDocuments({ success: true, previewResult: v1Result() }, {}, ['USD'], 'v1');
  assert.deepEqual([v1.length, v1[0].currency], [3, 'USD']);
  assert.equal(previewBillingDocuments(v2Answer(), { account_data: { currency: 'JPY' } }, ['USD'])[0].currency, 'JPY');
});

test('the first invoice as the CodeLens line says it, after the totals', () => {
  const docs = billingDocumentsOfV2(v2Answer(), 'USD');
  assert.equal(firstInvoiceLabel(docs), 'first invoice 350.00 USD on 2027-01-01');
  assert.equal(
    totalsLabel([{ currency: 'USD', mrr: 350, tcb: 4200 }], docs),
    'MRR +350.00 USD · TCB +4,200.00 USD · first invoice 350.00 USD on 2027-01-01',
  );
  assert.equal(totalsLabel([{ currency: 'USD', mrr: 350, tcb: 4200 }]), 'MRR +350.00 USD · TCB +4,200.00 USD');
  // A credit memo first: the first invoice is the first document that is one; only credits: none.
  const v1 = billingDocumentsOfV1({ ...v1Result(), creditMemos: [{ amount: 5, targetDate: '2026-12-31' }] }, 'USD');
  assert.equal(firstInvoiceLabel(v1), 'first invoice 367.50 USD on 2027-01-01');
  assert.equal(firstInvoiceLabel(v1.filter(d => d.type !== 'invoice')), undefined);
  assert.equal(firstInvoiceLabel([]), undefined);
  assert.equal(
    firstInvoiceLabel(billingDocumentsOfV2(v2Answer())),
    'first invoice 350.00 on 2027-01-01',
    'no currency known',
  );
});

test('a billed v2 invoice (GET /v2/invoices, items expanded) reads as one document, items and all', () => {
  const invoice = {
    id: 'inv-1',
    invoice_number: 'INV00000001',
    document_date: '2027-02-01',
    currency: 'USD',
    subtotal: 350,
    tax: 0,
    total: 350,
    items: {
      data: [
        {
          name: 'Seats',
          price_id: 'price-team-seats',
          quantity: 10,
          service_start: '2027-02-01',
          service_end: '2027-02-28',
          amount: 250,
          tax: 0,
        },
        {
          name: 'Platform fee',
          price_id: 'price-team-platform',
          quantity: 1,
          service_start: '2027-02-01',
          service_end: '2027-02-28',
          amount: 100,
          tax: 0,
        },
      ],
    },
  };
  const d = billingDocumentOfInvoice(invoice);
  assert.deepEqual([d.type, d.date, d.currency, d.total], ['invoice', '2027-02-01', 'USD', 350]);
  assert.deepEqual(
    d.items.map(i => [i.name, i.price, i.quantity, i.serviceStart, i.serviceEnd, i.amount]),
    [
      ['Seats', 'price-team-seats', 10, '2027-02-01', '2027-02-28', 250],
      ['Platform fee', 'price-team-platform', 1, '2027-02-01', '2027-02-28', 100],
    ],
  );
  assert.deepEqual(billingDocumentOfInvoice('junk').items, [], 'junk reads as an empty invoice, never throws');
});
