// The v2 lists filter and sort by any scalar field their answers show (v2/listQuery.ts), found by a tryout: a
// subscription's `end_date` and `current_term[end_date]`, and an account's `remaining_*_balance` fields, were shown
// but refused as filters ("cannot be filtered or sorted by"), because the lists' samples left them out.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox } from '../../src/sandbox';
import { v1Caller } from './sandbox-v1-helpers';

type Row = Record<string, unknown>;
const scalar = (v: unknown) => v === null || typeof v !== 'object';

/** The scalar fields of a row as filters name them: `a`, and `a[b]` one level into an object. */
function fieldsOf(row: Row): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [k, v] of Object.entries(row)) {
    if (scalar(v)) out.push([k, v]);
    else if (!Array.isArray(v) && !('data' in (v as Row)))
      for (const [j, w] of Object.entries(v as Row)) if (scalar(w)) out.push([`${k}[${j}]`, w]);
  }
  return out;
}

test('every scalar field a v2 list shows filters it (EQ finds the row) and sorts it', async () => {
  const sb = await startSandbox({ today: '2027-01-01' });
  try {
    const call = await v1Caller(sb);
    for (const list of ['accounts', 'subscriptions', 'orders', 'contacts']) {
      const page = await call('GET', `/v2/${list}?page_size=1`);
      assert.equal(page.status, 200);
      const [row] = page.json.data as Row[];
      assert.ok(row, `${list} has a row`);
      for (const [field, value] of fieldsOf(row)) {
        if (value === null || value === '') continue; // nothing to match on
        const q = new URLSearchParams({ 'filter[]': `${field}.EQ:${String(value)}`, page_size: '99' });
        const found = await call('GET', `/v2/${list}?${q}`);
        assert.equal(found.status, 200, `${list} filtered by ${field}: ${JSON.stringify(found.json)}`);
        assert.ok(
          (found.json.data as Row[]).some(r => r.id === row.id),
          `${list} filtered by ${field} = ${String(value)} finds the row that shows it`,
        );
        const sorted = await call('GET', `/v2/${list}?${new URLSearchParams({ 'sort[]': `${field}.desc` })}`);
        assert.equal(sorted.status, 200, `${list} sorted by ${field}: ${JSON.stringify(sorted.json)}`);
      }
    }
  } finally {
    await sb.close();
  }
});

test('accounts filter by a balance: those that owe more than zero, as numbers', async () => {
  const sb = await startSandbox({ today: '2027-01-01' });
  try {
    const call = await v1Caller(sb);
    const all = (await call('GET', '/v2/accounts?page_size=99')).json.data as Row[];
    const owing = all.filter(a => (a.remaining_invoice_balance as number) > 0).map(a => a.account_number);
    const asked = await call('GET', '/v2/accounts?filter[]=remaining_invoice_balance.GT:0&page_size=99');
    assert.equal(asked.status, 200, JSON.stringify(asked.json));
    assert.deepEqual(
      (asked.json.data as Row[]).map(a => a.account_number),
      owing,
    );
    const notNumber = await call('GET', '/v2/accounts?filter[]=remaining_invoice_balance.GT:lots');
    assert.equal(notNumber.status, 400);
    assert.match(JSON.stringify(notNumber.json), /remaining_invoice_balance is a number/);
  } finally {
    await sb.close();
  }
});
