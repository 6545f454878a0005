// Idempotency-Keys kept with the data (state/idempotencyKeys.ts, http/idempotency.ts), found by a tryout: the keys
// lived in memory only, so a client retrying after the Local sandbox restarted (or crashed between the change and
// its answer) made a second account or order. A key is now written in the same journal record as the change its
// request made, and its answer right after.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox } from '../../src/sandbox';
import { atomicWriter, type SaveOps } from '../../src/sandbox/state/dataFile';
import { Store } from '../../src/sandbox/state/store';
import { v1Caller } from './sandbox-v1-helpers';

const tempFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bw-idem-')), 'sandbox.json');
const account = (name: string) => ({ name, currency: 'USD', bill_to: { first_name: 'Ada', last_name: 'L' } });
const key = (k: string) => ({ 'Idempotency-Key': k });
type Call = Awaited<ReturnType<typeof v1Caller>>;
const countAccounts = async (call: Call) => {
  let n = 0;
  for (let cursor: string | null = ''; cursor !== null;) {
    const page = await call('GET', `/v2/accounts?page_size=99${cursor ? `&cursor=${cursor}` : ''}`);
    n += page.json.data.length;
    cursor = page.json.next_page;
  }
  return n;
};

test('a retry after a restart replays the answer: no second account, and another body with the key is refused', async () => {
  const file = tempFile();
  let sb = await startSandbox({ dataFile: file });
  let call = await v1Caller(sb);
  const first = await call('POST', '/v2/accounts', account('Acme'), key('create-acme'));
  assert.equal(first.status, 201, JSON.stringify(first.json));
  const count = await countAccounts(call);
  await sb.close();

  sb = await startSandbox({ dataFile: file });
  try {
    call = await v1Caller(sb);
    const again = await call('POST', '/v2/accounts', account('Acme'), key('create-acme'));
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.json, first.json, 'the same answer, the same account');
    assert.equal(await countAccounts(call), count, 'no second account');
    const other = await call('POST', '/v2/accounts', account('Other'), key('create-acme'));
    assert.equal(other.status, 422);
    assert.equal(other.json.reasons?.[0]?.code ?? other.json.errors?.[0]?.code, 'idempotency_key_reused');
  } finally {
    await sb.close();
  }
});

test('a crash between the change and its answer: the retry makes nothing and says the change was made', async () => {
  const file = tempFile();
  let writesLeft = Infinity; // journal writes allowed: the change's record, then the disk refuses (the "crash")
  const ops: SaveOps = {
    writeSync: (fd, b, o, l) => {
      if (writesLeft-- <= 0) throw Object.assign(new Error('input/output error'), { code: 'EIO' });
      return fs.writeSync(fd, b, o, l);
    },
    fsyncSync: fd => fs.fsyncSync(fd),
    renameSync: (a, b) => fs.renameSync(a, b),
  };
  let sb = await startSandbox({ dataFile: file, writer: atomicWriter(ops) });
  let call = await v1Caller(sb);
  let count: number;
  try {
    // A first change: the data file's snapshot is written, and later changes are one journal record each.
    assert.equal((await call('POST', '/v2/accounts', account('Before'))).status, 201);
    count = await countAccounts(call);
    writesLeft = 1;
    const made = await call('POST', '/v2/accounts', account('Acme'), key('crash-acme'));
    assert.equal(made.status, 201, 'the change was kept; only its answer could not be written');
  } finally {
    await sb.close(); // the process ends here: its answer was never written
  }

  sb = await startSandbox({ dataFile: file });
  try {
    call = await v1Caller(sb);
    assert.equal(await countAccounts(call), count + 1, 'the account the crashed request made is there');
    const retry = await call('POST', '/v2/accounts', account('Acme'), key('crash-acme'));
    assert.equal(retry.status, 409, JSON.stringify(retry.json));
    assert.match(JSON.stringify(retry.json), /idempotency_answer_lost/);
    assert.match(JSON.stringify(retry.json), /carried out.*read what it made instead of sending it again/);
    assert.equal(await countAccounts(call), count + 1, 'no second account');
  } finally {
    await sb.close();
  }
});

test('a request that failed keeps no key: the retry runs', async () => {
  const file = tempFile();
  const sb = await startSandbox({ dataFile: file });
  try {
    const call = await v1Caller(sb);
    const bad = await call('POST', '/v2/accounts', { name: 'No currency' }, key('bad-then-good'));
    assert.equal(bad.status, 400);
    const good = await call('POST', '/v2/accounts', { ...account('Fixed') }, key('bad-then-good'));
    assert.equal(good.status, 201, 'the key was not spent on a request that made nothing');
    assert.equal(good.headers.get('idempotent-replayed'), null);
  } finally {
    await sb.close();
  }
});

test('a key that expired while the sandbox was stopped may be used again, and leaves the data file', async () => {
  const file = tempFile();
  const store = new Store(file);
  store.commit(() => store.idempotencyKeys.put({ key: 'old', hash: 'x', expires: Date.now() - 1000 }));
  store.close();
  const sb = await startSandbox({ dataFile: file });
  try {
    const call = await v1Caller(sb);
    const made = await call('POST', '/v2/accounts', account('Fresh'), key('old'));
    assert.equal(made.status, 201);
    assert.equal(made.headers.get('idempotent-replayed'), null, 'ran anew: the old key had expired');
  } finally {
    await sb.close();
  }
  const reopened = new Store(file);
  try {
    const kept = JSON.parse(reopened.serialise()).idempotency as { key: string; hash: string }[];
    assert.equal(kept.length, 1);
    assert.equal(kept[0].key, 'old');
    assert.notEqual(kept[0].hash, 'x', 'the expired record was replaced by the new request');
  } finally {
    reopened.close();
  }
});

test('keyed creates, a preview, a clock move and keys forgotten for room: the data file holds what memory holds', async () => {
  const file = tempFile();
  const sb = await startSandbox({ dataFile: file, limits: { idempotencyKeys: 3 } });
  let live: string;
  try {
    const call = await v1Caller(sb);
    for (let i = 0; i < 5; i++) {
      const made = await call('POST', '/v2/accounts', account(`Keyed ${i}`), key(`k${i}`));
      assert.equal(made.status, 201);
    }
    const preview = await call(
      'POST',
      '/v2/orders/preview',
      {
        account_data: { currency: 'USD', bill_cycle_day: 1 },
        metrics: ['delta_metrics'],
        subscriptions: [
          {
            initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
            subscription_plans: [
              { plan_id: 'plan-team-monthly', prices: [{ price_id: 'price-team-seats', quantity: 2 }] },
            ],
          },
        ],
      },
      key('preview-1'),
    );
    assert.equal(preview.status, 201, JSON.stringify(preview.json));
    const moved = await call('POST', '/_sandbox/clock', { by: '1 month' }, key('move-1'));
    assert.equal(moved.status, 200, JSON.stringify(moved.json));
    live = sb.store.serialise();
    const kept = (JSON.parse(live).idempotency as { key: string }[]).map(k => k.key);
    assert.equal(kept.length, 3, `the oldest keys were forgotten for room: ${kept.join(', ')}`);
  } finally {
    await sb.close();
  }
  const again = new Store(file);
  try {
    assert.equal(again.serialise(), live, 'reopened, the keys and answers are those memory held');
  } finally {
    again.close();
  }
});

for (const dataFile of [undefined, 'a data file']) {
  test(`the clock moved back to before a keyed create forgets its key; keys from before stay (${dataFile ?? 'in memory'})`, async () => {
    const file = dataFile && tempFile();
    const sb = await startSandbox({ ...(file ? { dataFile: file } : {}), today: '2027-01-01' });
    try {
      const call = await v1Caller(sb);
      const early = await call('POST', '/v2/accounts', account('Early'), key('early'));
      assert.equal((await call('POST', '/_sandbox/clock', { by: '2 months' })).status, 200);
      const late = await call('POST', '/v2/accounts', account('Traveller'), key('late'));
      assert.equal(late.status, 201);
      assert.equal((await call('POST', '/_sandbox/clock', { to: '2027-01-15' })).status, 200);
      assert.equal((await call('GET', `/v2/accounts/${late.json.account_number}`)).status, 404, 'undone');

      const other = await call('POST', '/v2/accounts', account('Someone Else'));
      assert.equal(other.json.account_number, late.json.account_number, 'its number is another account now');
      const retry = await call('POST', '/v2/accounts', account('Traveller'), key('late'));
      assert.equal(retry.status, 201);
      assert.equal(retry.headers.get('idempotent-replayed'), null, 'ran anew: never a replay of what is gone');
      assert.notEqual(retry.json.account_number, other.json.account_number);
      assert.equal(retry.json.name, 'Traveller');

      const again = await call('POST', '/v2/accounts', account('Early'), key('early'));
      assert.equal(again.headers.get('idempotent-replayed'), 'true', 'a key from before the moment it went back to');
      assert.deepEqual(again.json, early.json);
    } finally {
      await sb.close();
    }
  });
}
