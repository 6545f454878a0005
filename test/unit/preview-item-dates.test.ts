// Issue 30, item 4: one source for a charge's dates. What a preview says of an item (its start and end, the dates
// the panel's Items card shows) is what its billing documents bill: a setup fee added on 2027-01-01 to a
// subscription that started in 2026 is dated 2027-01-01 in both. Over loopback HTTP, with the README's examples.
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { summarizePreview } from '../../src/client/summary';
import { previewAsV2 } from '../../src/client/v1Preview';
import type { PreviewResponse } from '../../src/wire/responses';
import { v1Caller } from './sandbox-v1-helpers';

const example = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(__dirname, '../../examples', file), 'utf8')) as Record<string, unknown>;

let sb: Sandbox;
let call: Awaited<ReturnType<typeof v1Caller>>;
before(async () => {
  sb = await startSandbox({});
  call = await v1Caller(sb);
});
after(() => sb.close());

/** The first service dates each price is billed for, over every document: "start..end" by price id. */
function firstBilled(items: { price: string; start: string; end: string }[]): Map<string, string> {
  const first = new Map<string, string>();
  for (const i of [...items].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))) {
    if (!first.has(i.price)) first.set(i.price, `${i.start}..${i.end}`);
  }
  return first;
}

describe("a charge's dates: the preview's items and the billing documents agree", () => {
  test('add-plan.order.json (v2): the setup fee is dated 2027-01-01 in the Items card and on the invoice', async () => {
    const body = { ...example('add-plan.order.json'), metrics: ['delta_metrics', 'billing_documents'] };
    const answer = await call('POST', '/v2/orders/preview', body);
    assert.equal(answer.status, 201, JSON.stringify(answer.json));
    const docs = answer.json.billing_documents as {
      billing_document_items: { price_id: string; service_start_date: string; service_end_date: string }[];
    }[];
    const billed = firstBilled(
      docs.flatMap(d =>
        d.billing_document_items.map(i => ({
          price: i.price_id,
          start: i.service_start_date,
          end: i.service_end_date,
        })),
      ),
    );
    // The Items card's rows, as the panel summarizes the answer.
    const rows = summarizePreview(answer.json as unknown as PreviewResponse).rows;
    const setup = rows.find(r => r.price === 'price-onboarding-setup')!;
    assert.equal(`${setup.start}..${setup.end}`, '2027-01-01..2027-01-01');
    assert.equal(billed.get('price-onboarding-setup'), '2027-01-01..2027-01-01');
    for (const r of rows) assert.equal(billed.get(r.price)?.split('..')[0], r.start, `${r.price} starts when billed`);
  });

  test('v1/new-and-add.request.json: every charge starts on the date its first invoice item serves from', async () => {
    const { body } = example('v1/new-and-add.request.json') as { body: object };
    const answer = await call('POST', '/v1/orders/preview', body);
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    const result = answer.json.previewResult as {
      orderDeltaMetrics: {
        orderDeltaTcb: { productRatePlanChargeId: string; startDate: string; endDate?: string }[];
      };
      invoices: {
        invoiceItems: { productRatePlanChargeId: string; serviceStartDate: string; serviceEndDate: string }[];
      }[];
    };
    const billed = firstBilled(
      result.invoices.flatMap(d =>
        d.invoiceItems.map(i => ({
          price: i.productRatePlanChargeId,
          start: i.serviceStartDate,
          end: i.serviceEndDate,
        })),
      ),
    );
    const rows = result.orderDeltaMetrics.orderDeltaTcb;
    assert.deepEqual(rows.map(r => r.productRatePlanChargeId).sort(), [
      'price-onboarding-setup',
      'price-team-platform',
      'price-team-seats',
    ]);
    for (const r of rows) {
      assert.equal(billed.get(r.productRatePlanChargeId)?.split('..')[0], r.startDate, r.productRatePlanChargeId);
    }
    // The Items card, as the panel reads a v1 answer.
    const card = summarizePreview(previewAsV2({ api: 'v1', body }, answer.json)).rows;
    const setup = card.find(r => r.price === 'price-onboarding-setup')!;
    assert.equal(`${setup.start}..${setup.end}`, '2027-01-01..2027-01-01');
    assert.equal(billed.get('price-onboarding-setup'), '2027-01-01..2027-01-01');
  });
});
