// Issue 33 item 4: seeded customers are derived on demand, and are what the engine's seeding makes.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { Store } from '../../src/sandbox/state/store';
import { seed } from '../../src/sandbox/engine/seed';
import { seedCustomer } from '../../src/sandbox/engine/seedOrders';

/** The engine's seeding, customer by customer (what every start did before derivation). */
function engineSeeded(n: number): Store {
  const store = new Store();
  for (let i = 0; i < n; i++) seedCustomer(store, i);
  return store;
}

const ID = /^[0-9a-f]{32}$/;
const TIME = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/;
/** The same shape with ids and times made one placeholder each (they are random and the clock's). */
function aside(x: unknown): unknown {
  if (typeof x === 'string') return ID.test(x) ? '<id>' : TIME.test(x) ? '<time>' : x;
  if (Array.isArray(x)) return x.map(aside);
  if (x && typeof x === 'object') {
    return Object.fromEntries(Object.entries(x).map(([k, v]) => [ID.test(k) ? '<id>' : k, aside(v)]));
  }
  return x;
}

test('60 derived customers deep-equal what the engine seeds: accounts, subscriptions, orders and counters', () => {
  const made = engineSeeded(60);
  const derived = new Store();
  seed(derived, 60);
  assert.ok(derived.seeding, 'an empty store derives its seeded customers');
  assert.equal(derived.accountList.length, 60);
  assert.deepEqual(aside([...derived.accountList]), aside([...made.accountList]));
  assert.deepEqual(aside([...derived.subscriptions.entries()]), aside([...made.subscriptions.entries()]));
  assert.deepEqual(aside([...derived.orderList]), aside([...made.orderList]));
  assert.deepEqual(derived.numbers.counters, made.numbers.counters);
  // The ids are the derived ones throughout: an order names its account's and its subscription's.
  const order = derived.orders.get('O00000050')!;
  assert.equal(order.account_id, derived.accounts.get(order.account_number)!.id);
});

test('ids are derived consistently: each engine id maps to one derived id, and none is shared', () => {
  const made = engineSeeded(61);
  const derived = new Store();
  seed(derived, 61);
  const pairs = new Map<string, string>();
  const walk = (a: unknown, b: unknown) => {
    if (typeof a === 'string' && ID.test(a)) {
      assert.equal(pairs.get(a) ?? b, b, `${a} is always the same derived id`);
      pairs.set(a, b as string);
    } else if (a && typeof a === 'object') {
      const [x, y] = [Object.entries(a), Object.entries(b as object)];
      x.forEach(([k, v], n) => walk(ID.test(k) ? k : v, ID.test(k) ? y[n][0] : y[n][1]));
    }
  };
  walk(
    [[...made.accountList], [...made.subscriptions.values()], [...made.orderList]],
    [[...derived.accountList], [...derived.subscriptions.values()], [...derived.orderList]],
  );
  assert.equal(new Set(pairs.values()).size, pairs.size, 'no two ids derive alike');
});

test('a derived row handed out and changed in place keeps its change; the map and list agree as a Map and array do', () => {
  const store = new Store();
  seed(store, 1000);
  assert.equal(store.accounts.size, 1000);
  assert.equal(store.subscriptions.size, 1001);
  const found = store.accountList.find(a => a.account_number === 'A00000010')!;
  found.name = 'Changed in place';
  assert.equal(store.accounts.get('A00000010')!.name, 'Changed in place', 'the list and the map hand out one row');
  assert.equal(store.accountList[9].name, 'Changed in place');
  for (const s of store.subscriptions.values()) if (s.subscription_number === 'S00000500') s.auto_renew = false;
  assert.equal(store.subscriptions.get('S00000500')!.auto_renew, false, 'iteration hands out kept rows');
  store.subscriptions.delete('S00000600');
  assert.equal(store.subscriptions.has('S00000600'), false);
  assert.equal(store.subscriptions.size, 1000);
  assert.equal([...store.subscriptions.keys()].length, 1000);
  const saved = JSON.parse(store.serialise());
  assert.deepEqual(saved.seeded.gone, ['S00000600']);
  const again = new Store();
  again.replaceWith(store.serialise());
  assert.equal(again.accounts.get('A00000010')!.name, 'Changed in place');
  assert.equal(again.subscriptions.get('S00000500')!.auto_renew, false);
  assert.equal(again.subscriptions.has('S00000600'), false);
  assert.deepEqual(again.accounts.get('A00000999'), store.accounts.get('A00000999'), 'derived alike after a load');
  assert.equal(again.accountList.length, 1000);
});
