// Issue 30, item 5: a clock move's message counts what the Accounts tree lists. The sandbox is moved over HTTP on
// loopback as the editor moves it, then the tree's own query (accountDocuments, what AccountsModel.documents asks)
// lists the account's documents: the message's "14 invoices and 1 credit memo" are the tree's groups, the dates
// it names are the documents' dates, and a first move says why it billed months before today.
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { BillingClient, clockLines, clockSummary } from '../../src/client';
import { accountDocuments, DOCUMENTS_PAGE_SIZE } from '../../src/client/accountDocuments';
import { startSandbox, type Sandbox } from '../../src/sandbox';

let sb: Sandbox;
let client: BillingClient;
before(async () => {
  sb = await startSandbox({ today: '2026-11-27' });
  client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
});
after(() => sb.close());

/** The tree's groups of an account: document type -> rows, as documentGroups splits them. */
async function treeGroups(account: string) {
  const listed = await accountDocuments(client, account);
  const groups = new Map<string, string[]>();
  for (const r of listed.rows) groups.set(r.type, [...(groups.get(r.type) ?? []), `${r.date} ${r.number}`]);
  return { groups, more: listed.more, rows: listed.rows };
}

describe('a clock move says what the Accounts tree lists', () => {
  test('"3 months" on the seeded account: 14 invoices and 1 credit memo, each in its tree group, and from when', async () => {
    const moved = (await client.moveSandboxClock({ by: '3 months' })).data;
    const { groups, rows } = await treeGroups('A00000001');
    // The credit memo of 2026-06-01 (the seeded change of that day gives back its unused months) is listed too;
    // what that day bills at the new terms is an invoice of its own (a credit memo only gives back).
    assert.equal(groups.get('invoice')?.length, 14);
    assert.deepEqual(groups.get('credit_memo'), ['2026-06-01 CM00000001']);
    const billed = moved.events.filter(e => e.type === 'billed');
    assert.equal(billed.length, rows.length, 'every billed event is a row of the tree');
    assert.deepEqual(
      billed.map(e => (e.type === 'billed' ? e.document_number : '')).sort(),
      rows.map(r => r.number).sort(),
    );

    const said = clockSummary(moved);
    assert.match(
      said,
      /^Local sandbox today is 2027-02-27 \(was 2026-11-27\)\. 14 invoices and 1 credit memo billed for 2026-01-01\.\.2027-02-01: A00000001 \(×15\); 1 renewed: S00000001\./,
    );
    assert.match(
      said,
      /The dates before 2026-11-27 had not been billed yet \(the Local sandbox bills only when its clock moves/,
    );
    assert.equal(
      clockLines(moved)[1],
      "billed 14 invoices and 1 credit memo for 2026-01-01..2027-02-01: the dates before 2026-11-27 had not been billed yet (the Local sandbox bills only when its clock moves: an account's first move bills it from its subscriptions' start)",
    );

    // The next month bills one invoice on its own date: no "before" note, and the tree has one more.
    const next = (await client.moveSandboxClock({ by: '1 month' })).data;
    assert.match(clockSummary(next), /\. 1 invoice billed for 2027-03-01: A00000001\.$/);
    assert.equal((await treeGroups('A00000001')).groups.get('invoice')?.length, 15);
  });

  test('years of invoices: the tree lists every one the moves billed, past a page of the list', async () => {
    const moved = (await client.moveSandboxClock({ by: '8 years' })).data;
    const { groups, more, rows } = await treeGroups('A00000001');
    const invoices = moved.events.filter(e => e.type === 'billed' && e.document_type === 'invoice').length;
    assert.ok(rows.length > DOCUMENTS_PAGE_SIZE, `${rows.length} documents: more than one page`);
    assert.equal(more, false);
    assert.match(clockSummary(moved), new RegExp(`\\. ${invoices} invoices billed for 2027-04-01\\.\\.2035-03-01: `));
    assert.equal(groups.get('invoice')?.length, 15 + invoices);
    assert.deepEqual(
      rows.map(r => r.date),
      rows.map(r => r.date).sort((a, b) => b.localeCompare(a)),
      'newest first',
    );
  });
});
