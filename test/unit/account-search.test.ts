// Issue 14: accounts found by name or number on the service, over real HTTP to the Local sandbox with 10,000
// seeded accounts: the server filters (filter[] as the service documents it) and pages; the client merges.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { BillingClient, ApiError } from '../../src/client';
import { searchAccounts, type SearchCursors } from '../../src/client/accountSearch';
import { startSandbox, type Sandbox } from '../../src/sandbox';

let sb: Sandbox;
let client: BillingClient;
const SEEDED = 10_000;

before(async () => {
  sb = await startSandbox({ seedAccounts: SEEDED });
  client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
});
after(async () => {
  await client.close();
  await sb.close();
});

/** What the store holds whose field starts with `text`, case-insensitively (the expected answer). */
const stored = (field: 'name' | 'account_number', text: string) =>
  sb.store.accountList.filter(a => a[field].toLowerCase().startsWith(text.toLowerCase())).map(a => a.account_number);

async function allPages(filter: string, pageSize = 99): Promise<{ numbers: string[]; pages: number[] }> {
  const numbers: string[] = [],
    pages: number[] = [];
  let cursor: string | undefined;
  do {
    const r = await client.send<{ data: { accountNumber: string }[]; nextPage: string | null }>(
      { method: 'GET', path: '/object-query/accounts' },
      { query: { pageSize, cursor, 'filter[]': filter } },
    );
    numbers.push(...r.data.data.map(a => a.accountNumber));
    pages.push(r.data.data.length);
    cursor = r.data.nextPage ?? undefined;
  } while (cursor);
  return { numbers, pages };
}

test('by name prefix: the service answers exactly the accounts whose name starts so, in any case', async () => {
  const r = await client.queryAccounts({ pageSize: 99, startsWith: { field: 'name', text: 'customer 99' } });
  const expected = stored('name', 'Customer 99');
  assert.equal(expected.length, 1 + 10 + 100, 'Customer 99, 990-999, 9900-9999');
  assert.deepEqual(
    r.data.data.map(a => a.accountNumber),
    expected.slice(0, 99),
  );
  assert.ok(r.data.data.every(a => a.name.startsWith('Customer 99')));
  assert.notEqual(r.data.nextPage, null);
});

test('a substring is not a prefix: the service matches starts-with (SW) only, and so does the sandbox', async () => {
  const r = await client.queryAccounts({ pageSize: 20, startsWith: { field: 'name', text: 'ustomer 99' } });
  assert.deepEqual([r.data.data, r.data.nextPage], [[], null]);
  const demo = await client.queryAccounts({ startsWith: { field: 'name', text: 'demo' } });
  assert.deepEqual(
    demo.data.data.map(a => a.name),
    ['Demo Customer'],
  );
});

test('by number: prefix and exact match', async () => {
  const r = await client.queryAccounts({ startsWith: { field: 'accountNumber', text: 'a0000999' } });
  assert.deepEqual(
    r.data.data.map(a => a.accountNumber),
    Array.from({ length: 10 }, (_, i) => `A0000999${i}`),
  );
  assert.equal(r.data.nextPage, null);
  const eq = await allPages('accountNumber.EQ:A00000042');
  assert.deepEqual(eq.numbers, ['A00000042']);
});

test('paging with a filter visits every match once, pages full but the last, and never offers an empty page', async () => {
  const expected = stored('name', 'Customer 1');
  const { numbers, pages } = await allPages('name.SW:Customer 1');
  assert.equal(expected.length, 10 + 100 + 1000 + 1, 'Customer 10-19, 100-199, 1000-1999, 10000');
  assert.deepEqual(numbers, expected);
  assert.equal(pages.length, Math.ceil(expected.length / 99));
  assert.ok(pages.slice(0, -1).every(n => n === 99) && pages.at(-1)! > 0, pages.join(','));
});

test('filter clauses all apply (AND); a clause the service refuses answers 400 saying why', async () => {
  const query = new URLSearchParams([
    ['pageSize', '99'],
    ['filter[]', 'name.SW:Customer 99'],
    ['filter[]', 'currency.EQ:eur'],
  ]);
  const token = await client.tokens.get();
  const res = await fetch(`${sb.url}/object-query/accounts?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const r = (await res.json()) as { data: { accountNumber: string }[] };
  assert.ok(r.data.length > 10);
  assert.deepEqual(
    r.data.map(a => a.accountNumber),
    sb.store.accountList
      .filter(a => a.name.startsWith('Customer 99') && a.currency === 'EUR')
      .map(a => a.account_number),
  );
  const refused: [string, RegExp][] = [
    ['nickname.SW:x', /cannot be filtered by "nickname"/],
    ['name.LIKE:x', /Unknown filter operator "LIKE"/],
    ['name.LT:x', /LT compares numbers and dates/],
    ['name-x', /not a filter clause/],
  ];
  for (const [bad, why] of refused) {
    const e = await client.send({ method: 'GET', path: '/object-query/accounts' }, { query: { 'filter[]': bad } }).then(
      () => undefined,
      (x: unknown) => x,
    );
    assert.ok(e instanceof ApiError && e.status === 400, `${bad}: ${String(e)}`);
    assert.match(e.message, why);
  }
});

test('searchAccounts: name or number, merged (numbers first), paged by two cursors to the end', async () => {
  const first = await searchAccounts(client, 'A0000000', 5);
  assert.deepEqual(
    first.rows.map(a => a.accountNumber),
    ['A00000001', 'A00000002', 'A00000003', 'A00000004', 'A00000005'],
  );
  assert.deepEqual(first.next?.name, null, 'no name starts with A0000000');
  const byName = await searchAccounts(client, 'customer 10', 40);
  const expected = new Set([...stored('account_number', 'customer 10'), ...stored('name', 'customer 10')]);
  const seen: string[] = [...byName.rows.map(a => a.accountNumber)];
  let next: SearchCursors | null = byName.next;
  while (next) {
    const page = await searchAccounts(client, 'customer 10', 40, next);
    seen.push(...page.rows.map(a => a.accountNumber));
    next = page.next;
  }
  assert.equal(seen.length, expected.size);
  assert.deepEqual(new Set(seen), expected);
});

test('measured: a filtered page on 10,000 accounts, the rarest prefix scanning them all', async () => {
  const t0 = performance.now();
  for (let i = 0; i < 20; i++) await client.queryAccounts({ startsWith: { field: 'name', text: 'zzz' } });
  const rare = (performance.now() - t0) / 20;
  const t1 = performance.now();
  for (let i = 0; i < 20; i++) await client.queryAccounts({ startsWith: { field: 'name', text: 'Customer 5' } });
  const common = (performance.now() - t1) / 20;
  console.log(
    `filtered page over ${SEEDED} accounts: ${rare.toFixed(1)} ms (no match), ${common.toFixed(1)} ms (common)`,
  );
  assert.ok(rare < 1000 && common < 1000, 'a filtered page answers within a second');
});
