// Issue 33 item 4, found by a tryout: on a big seeded tenant a v2 list filter that no index narrows, a sort, or the
// contacts list read every row. They blocked every other request for seconds (3 to 22 s on 1,000,000 accounts) and
// the sort and the contacts list held the rows (past 1 GB). Now a long scan lets other requests in as it goes, a
// filter stops at the page's end, a sort keeps only its keys, and the contacts list reads accounts only as far as
// its page. Ordering is checked by which answer comes first, never by a time.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox } from '../../src/sandbox';
import { v1Caller } from './sandbox-v1-helpers';

const q = (p: string, params: Record<string, string>) => `${p}?${new URLSearchParams(params)}`;
type Call = Awaited<ReturnType<typeof v1Caller>>;
/** The account numbers of a v2 accounts page. */
const numbers = (r: { json: { data: { account_number: string }[] } }) => r.json.data.map(a => a.account_number);

/** Which of two requests answered first: the slow one is sent first, the quick one right after. */
async function firstAnswered(call: Call, slow: string, quick: string) {
  const order: string[] = [];
  const s = call('GET', slow).then(r => (order.push('slow'), r));
  const k = call('GET', quick).then(r => (order.push('quick'), r));
  const [slowAnswer, quickAnswer] = await Promise.all([s, k]);
  return { order, slowAnswer, quickAnswer };
}

test('on 100,000 seeded accounts a scan of every row lets other requests in, and holds none of the rows', async () => {
  const sb = await startSandbox({ seedAccounts: 100_000 });
  const call = await v1Caller(sb);
  try {
    // No account has that bill-to first name, and no index narrows it: the filter reads all 100,000, finds none.
    const filter = await firstAnswered(
      call,
      q('/v2/accounts', { page_size: '5', 'filter[]': 'bill_to[first_name].EQ:Nobody' }),
      '/v2/accounts/A00000005',
    );
    assert.deepEqual(filter.order, ['quick', 'slow']);
    assert.equal(filter.quickAnswer.status, 200);
    assert.deepEqual(filter.slowAnswer.json, { next_page: null, data: [] });

    const sort = await firstAnswered(
      call,
      q('/v2/accounts', { page_size: '3', 'sort[]': 'name.desc' }),
      q('/v2/accounts', { page_size: '1' }),
    );
    assert.deepEqual(sort.order, ['quick', 'slow']);
    assert.deepEqual(
      numbers(sort.slowAnswer),
      ['A00000001', 'A00099999', 'A00099998'],
      'Demo Customer, then Customer 99999 and 99998',
    );

    const contacts = await firstAnswered(
      call,
      q('/v2/contacts', { page_size: '5', 'filter[]': 'first_name.EQ:Nobody' }),
      '/v2/accounts/A00000007',
    );
    assert.deepEqual(contacts.order, ['quick', 'slow']);
    assert.deepEqual(contacts.slowAnswer.json, { next_page: null, data: [] });

    const held = sb.store.accounts.heldCount;
    assert.ok(held < 10, `${held} accounts held after reading all 100,000 three times`);
  } finally {
    await sb.close();
  }
});

test('a filter stops at the end of its page; the contacts list reads accounts only as far as its page', async () => {
  const sb = await startSandbox({ seedAccounts: 20_000 });
  const call = await v1Caller(sb);
  try {
    const eur = await call('GET', q('/v2/accounts', { page_size: '2', 'filter[]': 'currency.EQ:EUR' }));
    assert.deepEqual(numbers(eur), ['A00000003', 'A00000006']);
    const next = await call(
      'GET',
      q('/v2/accounts', { page_size: '2', 'filter[]': 'currency.EQ:EUR', cursor: eur.json.next_page }),
    );
    assert.deepEqual(numbers(next), ['A00000009', 'A00000012'], 'the next page starts where the first ended');

    const page = await call('GET', q('/v2/contacts', { page_size: '3' }));
    assert.equal(page.status, 200);
    // The first accounts' bill-to contacts, in the accounts' order.
    const firsts = await Promise.all(
      ['A00000001', 'A00000002', 'A00000003'].map(async n => (await call('GET', `/v2/accounts/${n}`)).json.bill_to.id),
    );
    assert.deepEqual(
      page.json.data.map((c: { id: string }) => c.id),
      firsts,
    );
    const heldBefore = sb.store.accounts.heldCount;
    assert.ok(page.json.next_page, 'more contacts than a page');
    const deep = await call(
      'GET',
      q('/v2/contacts', { page_size: '2', cursor: Buffer.from('o:19998').toString('base64url') }),
    );
    assert.equal(deep.json.data.length, 2);
    assert.equal(sb.store.accounts.heldCount, heldBefore, 'listing contacts keeps no account');
  } finally {
    await sb.close();
  }
});

test('a sort with equal keys keeps the list order among them, ascending and descending', async () => {
  const sb = await startSandbox({ seedAccounts: 3_000 });
  const call = await v1Caller(sb);
  try {
    const byCurrency = await call('GET', q('/v2/accounts', { page_size: '4', 'sort[]': 'currency.asc' }));
    assert.deepEqual(
      numbers(byCurrency),
      ['A00000003', 'A00000006', 'A00000009', 'A00000012'],
      'EUR before USD, each in the order the accounts were made',
    );
    const last = await call('GET', q('/v2/accounts', { page_size: '2', 'sort[]': 'currency.desc' }));
    assert.deepEqual(numbers(last), ['A00000001', 'A00000002'], 'descending keeps equal ones in list order too');
  } finally {
    await sb.close();
  }
});

test('a currency filter skips the seeded accounts in other currencies, and still finds new and changed ones', async () => {
  const sb = await startSandbox({ seedAccounts: 3_000 });
  const call = await v1Caller(sb);
  try {
    const gbp = await call('POST', '/v2/accounts', {
      name: 'Pounds Ltd',
      currency: 'GBP',
      bill_to: { first_name: 'P', last_name: 'L' },
    });
    assert.equal(gbp.status, 201, JSON.stringify(gbp.json));
    await call('PATCH', '/v2/accounts/A00000004', { name: 'Renamed' }); // held: tested as it is now
    const pounds = await call('GET', q('/v2/accounts', { 'filter[]': 'currency.EQ:GBP' }));
    assert.deepEqual(numbers(pounds), [gbp.json.account_number]);
    const both = await call('GET', q('/v2/accounts', { page_size: '4', 'filter[]': 'currency.IN:[GBP,EUR]' }));
    assert.deepEqual(numbers(both), ['A00000003', 'A00000006', 'A00000009', 'A00000012']);
    const usd = await call('GET', q('/v2/accounts', { page_size: '3', 'filter[]': 'currency.EQ:USD' }));
    assert.deepEqual(numbers(usd), ['A00000001', 'A00000002', 'A00000004'], 'the changed one among them');
    const lastEur = await call(
      'GET',
      q('/v2/accounts', {
        page_size: '2',
        'filter[]': 'currency.EQ:EUR',
        cursor: Buffer.from('o:999').toString('base64url'),
      }),
    );
    assert.deepEqual(numbers(lastEur), ['A00003000'], 'the last of the 1,000 EUR accounts');
    assert.equal(lastEur.json.next_page, null);
    const tree = await call('GET', q('/object-query/accounts', { pageSize: '2', 'filter[]': 'currency.EQ:eur' }));
    assert.deepEqual(
      (tree.json.data as { accountNumber: string }[]).map(a => a.accountNumber),
      ['A00000003', 'A00000006'],
      "the Accounts tree's query, case-insensitive as it reads",
    );
  } finally {
    await sb.close();
  }
});
