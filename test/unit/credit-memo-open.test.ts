// Issue 30 follow-up: the credit memo the Accounts tree opens (GET /v2/billing_documents/{id} over loopback, as the
// editor sends it) is titled "Credit memo <number>", shows its account's currency (a billing document answers
// none), and credits positive amounts: the seeded change of 2026-06-01 gives back the unused licence (7,035.62)
// on a credit memo, and bills the new plan's 125.00 + 100.00 on an invoice of that day, not as negative memo lines.
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { BillingClient } from '../../src/client';
import { addAmounts } from '../../src/wire/money';
import { accountDocuments } from '../../src/client/accountDocuments';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { describe as describeCall, invoke, type Call } from '../../src/services/calls';
import { openInvoice } from '../../src/services/invoiceRequests';
import { openedDocument } from '../../src/services/panelStates';
import type { RequestController } from '../../src/services/requestController';
import { invoicesView } from '../../src/webview/invoicesModel';

let sb: Sandbox;
let client: BillingClient;
before(async () => {
  sb = await startSandbox({ today: '2026-11-27' });
  client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  await client.moveSandboxClock({ by: '3 months' });
});
after(async () => {
  await client.close();
  await sb.close();
});

/** The call the tree's Open sends for a row: openInvoice with the account's currency, as the command passes it. */
function openCall(number: string, type: string, currency: string): Extract<Call, { kind: 'operation' }> {
  let sent: Call | undefined;
  const controller = { run: (call: Call) => ((sent = call), Promise.resolve(undefined)) };
  void openInvoice(controller as unknown as RequestController, number, type, currency);
  assert.equal(sent?.kind, 'operation');
  return sent as Extract<Call, { kind: 'operation' }>;
}

test('a credit memo opened from the tree: "Credit memo CM…", in the account\'s currency, positive lines that add up', async () => {
  const { rows } = await accountDocuments(client, 'A00000001');
  const row = rows.find(r => r.type === 'credit_memo')!;
  assert.equal(row.number, 'CM00000001');
  const account = (
    await client.send(
      { method: 'GET', path: '/v2/accounts/{account_id}' },
      {
        pathParams: { account_id: 'A00000001' },
      },
    )
  ).data as { currency: string };
  const call = openCall(row.number, row.type, row.currency ?? account.currency);
  assert.equal(describeCall(call).title, 'Credit memo CM00000001');

  const answer = await invoke(client, call, new AbortController().signal);
  assert.equal(answer.status, 200);
  const shown = openedDocument(call, answer.data);
  assert.equal(shown.title, 'Credit memo CM00000001');
  const [memo] = shown.billing.documents;
  assert.deepEqual([memo.type, memo.date, memo.currency], ['credit_memo', '2026-06-01', 'USD']);
  assert.deepEqual(
    memo.items.map(i => i.amount),
    [7035.62],
    'what it gives back, as a positive amount',
  );
  assert.equal(memo.total, addAmounts(...memo.items.map(i => i.amount)));
  assert.equal(invoicesView(shown.billing)!.heading, 'Credit memos (1)', "the panel's section says what it lists");

  // What that day bills at the new terms is an invoice of the same date, with positive lines.
  const invoice = rows.find(r => r.type === 'invoice' && r.date === '2026-06-01')!;
  const opened = openCall(invoice.number, 'invoice', account.currency);
  const billed = openedDocument(opened, (await invoke(client, opened, new AbortController().signal)).data);
  assert.equal(billed.title, `Invoice ${invoice.number}`);
  assert.deepEqual(
    billed.billing.documents[0].items.map(i => i.amount),
    [125, 100],
  );
  assert.equal(billed.billing.documents[0].total, 225);
});

test('every credit memo of both families credits positive items that add up to its positive total', async () => {
  const v2 = await client.send(
    { method: 'GET', path: '/v2/billing_documents' },
    { query: { 'filter[]': 'type.EQ:credit_memo', 'expand[]': 'items' } },
  );
  const memos = (v2.data as { data: { total: number; items: { data: { amount: number }[] } }[] }).data;
  assert.ok(memos.length > 0);
  for (const m of memos) {
    assert.ok(m.total > 0, `total ${m.total}`);
    assert.ok(
      m.items.data.every(i => i.amount > 0),
      `items ${m.items.data.map(i => i.amount).join(', ')}`,
    );
    assert.equal(m.total, addAmounts(...m.items.data.map(i => i.amount)));
  }
  const v1 = await client.send(
    { method: 'GET', path: '/v1/billing-documents' },
    { query: { accountNumber: 'A00000001' } },
  );
  const v1Memos = (v1.data as { documents: { documentType: string; amount: number }[] }).documents.filter(
    d => d.documentType === 'CreditMemo',
  );
  assert.deepEqual(
    v1Memos.map(d => d.amount),
    [7035.62],
  );
});
