// The per-account index over a list that only grows: read after growth, after a rollback cut it back, and after it
// grew again past where it was cut (the records there are new: the index is built again, never stale).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { ofAccount } from '../../src/sandbox/payments/accountIndex';

type Rec = { account: string; n: number };
const key = (r: Rec) => r.account;
const ns = (list: readonly Rec[]) => list.map(r => r.n);

test("an account's records stay right as the list grows, is cut back and grows again", () => {
  const list: Rec[] = [];
  assert.deepEqual(ns(ofAccount(list, key, 'A')), []);
  list.push({ account: 'A', n: 1 }, { account: 'B', n: 2 });
  assert.deepEqual(ns(ofAccount(list, key, 'A')), [1]);
  list.push({ account: 'A', n: 3 });
  assert.deepEqual(ns(ofAccount(list, key, 'A')), [1, 3]);
  list.splice(1); // a rollback
  assert.deepEqual(ns(ofAccount(list, key, 'B')), []);
  list.push({ account: 'B', n: 4 }, { account: 'A', n: 5 }, { account: 'A', n: 6 });
  assert.deepEqual(ns(ofAccount(list, key, 'A')), [1, 5, 6]);
  list.splice(2);
  list.push({ account: 'B', n: 7 }); // the same length as a read before, another record at its end
  assert.deepEqual(ns(ofAccount(list, key, 'B')), [4, 7]);
  assert.deepEqual(ns(ofAccount(list, key, 'A')), [1]);
});
