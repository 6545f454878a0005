// Issue 29 item 15: the Local sandbox's Idempotency-Key replies are bounded by bytes, not only by count (60
// keyed previews of 6 MB kept 300 MB of heap, of 20 MB almost 1 GB). The oldest are forgotten first, one
// answer over a quarter of the bound is not kept, and a repeat of a kept key still answers the same.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { startSandbox } from '../../src/sandbox';
import { tokenOf } from './sandboxToken';

const BOUND = 1024 * 1024;

/** A preview whose answer is about `periods` * 20 KB (50 subscriptions, billing documents per period). */
function bigPreview(periods: number): string {
  const body = JSON.parse(fs.readFileSync('examples/new-customer.preview.json', 'utf8'));
  body.subscriptions = Array.from({ length: 50 }, (_, i) => body.subscriptions[i % 2]);
  body.number_of_periods = periods;
  return JSON.stringify(body);
}

test('many keyed large previews keep the cache under its byte bound; a kept key still replays the same answer', async () => {
  const s = await startSandbox({ limits: { idempotencyBytes: BOUND } });
  try {
    const t = await tokenOf(s);
    const post = (key: string, body: string) =>
      fetch(`${s.url}/v2/orders/preview`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json', 'idempotency-key': key },
        body,
      });
    const body = bigPreview(4);
    let last = '';
    for (let i = 0; i < 30; i++) {
      const r = await post(`k${i}`, body);
      assert.equal(r.status, 201);
      last = await r.text();
      const { idempotencyBytes } = s.sizes();
      assert.ok(idempotencyBytes <= BOUND, `after ${i + 1}: ${idempotencyBytes} bytes kept`);
    }
    assert.ok(last.length > 60_000 && last.length < BOUND / 4, `each answer ${last.length} bytes`);
    const kept = s.sizes();
    assert.ok(kept.idempotencyKeys < 30, `the oldest were forgotten: ${JSON.stringify(kept)}`);
    assert.ok(kept.idempotencyBytes > BOUND / 2, 'the bound is used, not emptied');
    const again = await post('k29', body);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(await again.text(), last, 'the same answer');
    const reused = await post('k29', bigPreview(5));
    assert.equal(reused.status, 422, 'another body with a kept key is still refused');
    await reused.text();

    const huge = await post('huge', bigPreview(20)); // over a quarter of the bound: answered, not kept
    assert.equal(huge.status, 201);
    assert.ok((await huge.text()).length > BOUND / 4);
    assert.deepEqual(s.sizes().idempotencyBytes, kept.idempotencyBytes, 'nothing was pushed out for it');
  } finally {
    await s.close();
  }
});
