// Issue 33 item 4: a big seeded tenant over HTTP: what a user changes on a derived row is kept (in memory and in
// the data file, which holds the seed count and time, not the rows), filters and pages see changed and new
// accounts, and a data file written before (every row stored) still opens.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox } from '../../src/sandbox';
import { Store } from '../../src/sandbox/state/store';
import { seedCustomer } from '../../src/sandbox/engine/seedOrders';
import { v1Caller } from './sandbox-v1-helpers';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'bw-seeded-'));
const q = (p: string, params: Record<string, string>) => `${p}?${new URLSearchParams(params)}`;

test('a change to a seeded account is kept, survives a restart, and the file holds the count, not the rows', async () => {
  const file = path.join(tempDir(), 'sandbox.json');
  let sb = await startSandbox({ dataFile: file, seedAccounts: 5000 });
  let call = await v1Caller(sb);
  const before = await call('GET', '/v2/accounts/A00002500');
  try {
    assert.equal(before.json.name, 'Customer 2500');
    const renamed = await call('PATCH', '/v2/accounts/A00002500', { name: 'Zeta Labs' });
    assert.equal(renamed.status, 200);
    const order = await call('POST', '/v2/orders', {
      account_number: 'A00003000',
      order_date: '2026-03-01',
      subscriptions: [{ subscription_number: 'S00003001', cancel: { cancel_at: 'subscription_term_end' } }],
    });
    assert.equal(order.status, 200, JSON.stringify(order.json));
  } finally {
    await sb.close();
  }
  const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.equal(saved.seeded.count, 5000);
  assert.ok(saved.accounts.length < 10, `${saved.accounts.length} accounts stored, not 5,000`);
  assert.ok(fs.statSync(file).size < 100_000, `${fs.statSync(file).size} bytes`);
  sb = await startSandbox({ dataFile: file });
  call = await v1Caller(sb);
  try {
    const again = await call('GET', '/v2/accounts/A00002500');
    assert.equal(again.json.name, 'Zeta Labs', 'the change came back');
    assert.equal(again.json.id, before.json.id, 'the same id: derived from its index, not drawn');
    const other = await call('GET', '/v2/accounts/A00004999');
    assert.equal(other.json.name, 'Customer 4999');
    const byId = await call('GET', `/v2/accounts/${other.json.id}`);
    assert.equal(byId.json.account_number, 'A00004999');
    const sub = await call('GET', '/v2/subscriptions/S00003001');
    assert.equal(sub.json.state, 'canceled', JSON.stringify(sub.json).slice(0, 300));
    const made = await call('POST', '/v2/accounts', {
      name: 'Zeta Two',
      currency: 'USD',
      bill_to: { first_name: 'Zed', last_name: 'Z' },
    });
    assert.equal(made.json.account_number, 'A00005001', 'numbers go on past the seeded ones');
  } finally {
    await sb.close();
  }
});

test("the Accounts tree's search and pages see changed and new accounts among 20,000 seeded ones", async () => {
  const sb = await startSandbox({ seedAccounts: 20_000 });
  const call = await v1Caller(sb);
  try {
    await call('PATCH', '/v2/accounts/A00000777', { name: 'Zeta Labs' });
    await call('POST', '/v2/accounts', {
      name: 'Zeta Rockets',
      currency: 'USD',
      bill_to: { first_name: 'Zed', last_name: 'Z' },
    });
    const numbers = (r: { json: { data: { data?: unknown[] } & unknown[] } }) =>
      ((r.json.data.data ?? r.json.data) as { accountNumber?: string; account_number?: string }[]).map(
        a => a.accountNumber ?? a.account_number,
      );
    const zeta = await call('GET', q('/object-query/accounts', { pageSize: '20', 'filter[]': 'name.SW:zeta' }));
    assert.deepEqual(numbers(zeta), ['A00000777', 'A00020001']);
    const gone = await call('GET', q('/object-query/accounts', { pageSize: '20', 'filter[]': 'name.SW:Customer 777' }));
    const tens = Array.from({ length: 10 }, (_, k) => `A0000777${k}`);
    assert.deepEqual(numbers(gone), tens, 'a renamed account no longer matches its old name');
    const byNumber = await call(
      'GET',
      q('/object-query/accounts', { pageSize: '3', 'filter[]': 'accountNumber.SW:a0001999' }),
    );
    assert.deepEqual(numbers(byNumber), ['A00019990', 'A00019991', 'A00019992']);
    assert.ok(byNumber.json.nextPage);
    const next = await call(
      'GET',
      q('/object-query/accounts', {
        pageSize: '20',
        'filter[]': 'accountNumber.SW:a0001999',
        cursor: byNumber.json.nextPage,
      }),
    );
    assert.deepEqual(numbers(next), [
      'A00019993',
      'A00019994',
      'A00019995',
      'A00019996',
      'A00019997',
      'A00019998',
      'A00019999',
    ]);
    assert.equal(next.json.nextPage, null);
    const v2 = await call('GET', q('/v2/accounts', { page_size: '2', 'filter[]': 'name.SW:Zeta' }));
    assert.deepEqual(numbers(v2), ['A00000777', 'A00020001']);
    // An account's subscriptions and orders (the tree opens an account), and a subscription's versions.
    const id = (await call('GET', '/v2/accounts/A00000777')).json.id;
    const subs = await call('GET', q('/v2/subscriptions', { 'filter[]': `account_id.EQ:${id}` }));
    assert.deepEqual(
      subs.json.data.map((x: { subscription_number: string }) => x.subscription_number),
      ['S00000778'],
    );
    const orders = await call('GET', q('/v2/orders', { 'filter[]': `account_id.EQ:${id}` }));
    assert.deepEqual(
      orders.json.data.map((x: { order_number: string }) => x.order_number),
      ['O00000779'],
    );
    const tree = await call('GET', q('/object-query/orders', { 'filter[]': 'accountNumber.EQ:A00000777' }));
    assert.deepEqual(
      tree.json.data.map((x: { orderNumber: string }) => x.orderNumber),
      ['O00000779'],
    );
    const cursor = Buffer.from('o:19999').toString('base64url');
    const last = await call('GET', q('/v2/accounts', { page_size: '5', cursor }));
    assert.deepEqual(numbers(last), ['A00020000', 'A00020001']);
    assert.equal(last.json.next_page, null);
    const eur = await call('GET', q('/v2/accounts', { page_size: '3', 'filter[]': 'currency.EQ:EUR' }));
    assert.deepEqual(numbers(eur), ['A00000003', 'A00000006', 'A00000009'], 'a filter that narrows nothing');
    const some = await call('GET', q('/v2/orders', { page_size: '2', 'filter[]': 'description.SW:Seeded order 1' }));
    assert.deepEqual(
      some.json.data.map((x: { order_number: string }) => x.order_number),
      ['O00000001', 'O00000012'],
      JSON.stringify(some.json).slice(0, 300),
    );
    const subNumbers = (r: { json: { data: { subscription_number: string }[] } }) =>
      r.json.data.map(x => x.subscription_number);
    const at = Buffer.from('o:19999').toString('base64url');
    const lastSubs = await call('GET', q('/v2/subscriptions', { page_size: '5', cursor: at }));
    assert.deepEqual(subNumbers(lastSubs), ['S00020000', 'S00020001']);
    const paused = await call('GET', q('/v2/subscriptions', { page_size: '1', 'filter[]': 'state.EQ:paused' }));
    assert.deepEqual(subNumbers(paused), ['S00000002']);
    const objSubs = await call('GET', q('/object-query/subscriptions', { pageSize: '2', cursor: at }));
    assert.deepEqual(
      objSubs.json.data.map((x: { name: string }) => x.name),
      ['S00020000', 'S00020001'],
    );
    const deep = (await call('GET', '/v2/accounts/A00015000')).json;
    const contact = await call('GET', `/v2/contacts/${deep.bill_to.id}`);
    assert.equal(contact.json.last_name, 'Customer 15000', 'a contact found among the seeded accounts');
    // A sort reads every row, transient: it keeps none (it kept all 20,000, and a big tenant grew by gigabytes).
    const sorted = await call('GET', q('/v2/accounts', { page_size: '3', 'sort[]': 'name.desc' }));
    assert.deepEqual(
      numbers(sorted),
      ['A00020001', 'A00000777', 'A00000001'],
      'Zeta Rockets, Zeta Labs, Demo Customer',
    );
    // The searches, pages and the sort made only the rows they answered, not the 20,000 they passed over.
    const held = sb.store.accounts.heldCount;
    assert.ok(held < 100, `${held} accounts made`);
    const subsHeld = sb.store.subscriptions.heldCount;
    assert.ok(subsHeld < 100, `${subsHeld} subscriptions made`);
  } finally {
    await sb.close();
  }
});

test('a data file written before seeded rows were derived (every row stored) still opens, as it was', async () => {
  const file = path.join(tempDir(), 'sandbox.json');
  const old = new Store();
  for (let i = 0; i < 30; i++) seedCustomer(old, i);
  fs.writeFileSync(file, old.serialise());
  const sb = await startSandbox({ dataFile: file });
  const call = await v1Caller(sb);
  try {
    assert.equal(sb.store.seeding, undefined);
    const a = await call('GET', '/v2/accounts/A00000030');
    assert.equal(a.json.id, old.accounts.get('A00000030')!.id);
    const list = await call('GET', q('/v2/accounts', { page_size: '99' }));
    assert.equal(list.json.data.length, 30);
  } finally {
    await sb.close();
  }
});
