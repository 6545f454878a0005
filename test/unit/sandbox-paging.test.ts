// Issue 12: sandbox paging slices before it maps, so a page costs what the page holds.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { page } from '../../src/sandbox/http/paging';

test('a page maps only the records it holds, at any depth of 100,000', () => {
  const all = Array.from({ length: 100_000 }, (_, i) => i);
  let mapped = 0;
  const view = (i: number) => {
    mapped++;
    return `A${i}`;
  };
  const first = page(all, new URLSearchParams('pageSize=20'), view);
  assert.deepEqual([first.data.length, first.data[0], mapped], [20, 'A0', 20]);
  const next = page(all, new URLSearchParams({ pageSize: '99', cursor: first.nextPage! }), view);
  assert.deepEqual([next.data[0], next.data.length, mapped], ['A20', 99, 119]);
  let cursor = Buffer.from('o:99990').toString('base64url');
  const last = page(all, new URLSearchParams({ pageSize: '99', cursor }), view);
  assert.deepEqual([last.data.length, last.nextPage, mapped], [10, null, 129]);
  cursor = 'bm9wZQ';
  assert.throws(() => page(all, new URLSearchParams({ cursor }), view), /Unknown cursor/);
});
