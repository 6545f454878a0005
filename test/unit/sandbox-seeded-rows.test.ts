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
