// The engine's `terms` change container (v2; v1 TermsAndConditions maps to it): the term's length, renewal
// term and auto-renew change, reported as a `terms` action whose TCB is the difference the new length bills.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { BillingClient } from '../../src/client';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { TEMPLATES } from '../../src/schemas';
import { mismatches } from './sandbox-reference';

let sb: Sandbox;
let client: BillingClient;
before(async () => {
  sb = await startSandbox({ today: '2027-01-01' });
  client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
});
after(async () => {
  await client.close();
  await sb.close();
});

const twoYears = {
  account_number: 'A00000001',
  order_date: '2027-01-01',
  subscriptions: [
    {
      subscription_number: 'S00000001',
      terms: { auto_renew: false, current_term: { type: 'termed', interval: 'month', interval_count: 24 } },
    },
  ],
};

test('a terms change previews as a `terms` action: 12 more months of the seeded 225 a month', async () => {
  const r = await client.preview({ metrics: ['delta_metrics'], ...twoYears } as never);
  assert.deepEqual(mismatches(r.data, 'orderPreviewResponse'), []);
  const [action] = r.data.subscriptions[0].actions;
  assert.equal(action.action, 'terms');
  assert.equal(
    action.subscription_items.reduce((s, i) => s + i.tcb.net_amount, 0),
    2700,
  );
  assert.ok(action.subscription_items.every(i => i.mrr?.net_amount === 0));
});

test('a kept terms change ends the term later and stops auto-renew; a new subscription keeps auto_renew as given', async () => {
  const changed = await client.createOrder(twoYears as never);
  assert.deepEqual(mismatches(changed.data, 'order'), []);
  const sub = changed.data.subscriptions[0];
  assert.equal(sub.auto_renew, false);
  assert.equal(sub.current_term.end_date, '2028-01-01');
  assert.equal(sub.actions[0].type, 'terms');

  const body = structuredClone(TEMPLATES.find(t => t.id === 'new-customer')!.body) as { subscriptions: object[] };
  body.subscriptions = body.subscriptions.map(s => ({ ...s, auto_renew: false }));
  const created = await client.createOrder(body as never);
  assert.equal(created.data.subscriptions[0].auto_renew, false);
});
