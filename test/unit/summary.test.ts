import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { BillingClient, summarizePreview, comparePreviews } from '../../src/client';
import { startSandbox } from '../../src/sandbox';
import { TEMPLATES, type PreviewRequestBody } from '../../src/schemas';

test('summary rows and totals from a real preview; the change after editing the file', async () => {
  const sb = await startSandbox();
  const c = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  try {
    const body = structuredClone(TEMPLATES.find(t => t.id === 'preview')!.body) as PreviewRequestBody & { subscriptions: { subscription_plans: { prices?: { quantity?: number }[] }[] }[] };
    const first = summarizePreview((await c.preview(body)).data);
    assert.deepEqual(first.totals, [{ currency: 'USD', mrr: 1350, tcb: 16700 }]);
    assert.equal(first.rows.length, 4);
    body.subscriptions[0].subscription_plans[0].prices![0].quantity = 12; // 10 -> 12 seats
    body.line_items = [];
    const second = summarizePreview((await c.preview(body)).data);
    const change = comparePreviews(first, second);
    assert.deepEqual(change.totals, [{ currency: 'USD', mrr: 50, tcb: 600 - 500 }]);
    assert.deepEqual(change.rows.map(r => [r.status, r.mrr, r.tcb]).sort(), [['changed', 50, 600], ['gone', -0, -500]].sort());
  } finally { await c.close(); await sb.close(); }
});
