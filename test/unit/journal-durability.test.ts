// Issue 33 item 4: the trust issue's durability promises on the journal (state/journal.ts). A torn last record
// (its fsync never returned, so it was never acknowledged) is dropped and the file cut there; a damaged record
// with good ones after it sets the data aside with a message saying where it went and how to get it back; a
// full disk mid-append fails the commit with nothing half kept; a second process cannot write; a file written
// before the journal opens; compaction on its worker leaves a file that reopens the same, even when cut off.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox } from '../../src/sandbox';
import { atomicWriter, type SaveOps } from '../../src/sandbox/state/dataFile';
import { Store } from '../../src/sandbox/state/store';
import { seed } from '../../src/sandbox/engine/seed';
import { newCustomerOrder, v1Caller } from './sandbox-v1-helpers';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'bw-journal-'));
const journalOf = (file: string) => `${file}.journal`;
/** The journal's length (0 before its first record: it is started then). */
const journalSize = (file: string) => (fs.existsSync(journalOf(file)) ? fs.statSync(journalOf(file)).size : 0);
/** A copy of the data file (snapshot and journal) in a folder of its own, as a crash would leave it. */
function copyOf(file: string): string {
  const to = path.join(tempDir(), path.basename(file));
  for (const f of [file, journalOf(file), `${file}.journal.next`]) {
    if (fs.existsSync(f)) fs.copyFileSync(f, to + f.slice(file.length));
  }
  return to;
}
const opened = (file: string) => {
  const s = new Store(file);
  try {
    return { text: s.serialise(), damaged: s.damaged };
  } finally {
    s.close();
  }
};

/** A sandbox on a data file, five orders created; the state and the journal's length after each. */
async function fiveOrders() {
  const file = path.join(tempDir(), 'sandbox.json');
  const sb = await startSandbox({ dataFile: file, today: '2027-01-01' });
  const states = [sb.store.serialise()];
  const ends = [journalSize(file)];
  try {
    const call = await v1Caller(sb);
    for (let i = 0; i < 5; i++) {
      assert.equal((await call('POST', '/v1/orders', newCustomerOrder())).status, 200);
      states.push(sb.store.serialise());
      ends.push(journalSize(file));
    }
  } finally {
    await sb.close();
  }
  return { file, states, ends };
}

test('a torn last record (the journal cut by k bytes) reopens with every acknowledged commit but that one', async () => {
  const { file, states, ends } = await fiveOrders();
  assert.equal(opened(copyOf(file)).text, states[5], 'whole, it reopens with all five');
  const last = ends[5] - ends[4];
  for (const k of [1, 2, 11, 12, 13, Math.floor(last / 2), last - 1]) {
    const copy = copyOf(file);
    fs.truncateSync(journalOf(copy), ends[5] - k);
    const got = opened(copy);
    assert.equal(got.damaged, undefined, `k=${k}`);
    assert.equal(got.text, states[4], `cut by ${k} bytes: the four before it, nothing of the fifth`);
    assert.equal(fs.statSync(journalOf(copy)).size, ends[4], `k=${k}: the file is cut to the last good record`);
    assert.equal(opened(copy).text, states[4], `k=${k}: and opens so again`);
  }
  const zeros = copyOf(file); // a crash that left the tail allocated but never written
  fs.truncateSync(journalOf(zeros), ends[4]);
  fs.appendFileSync(journalOf(zeros), Buffer.alloc(last));
  assert.equal(opened(zeros).text, states[4], 'a zero-filled tail is a torn record too');
});

test('a flipped byte in a middle record is damage: set aside with a message; the start is fresh', async () => {
  const { file, states, ends } = await fiveOrders();
  const journal = fs.readFileSync(journalOf(file));
  for (const at of [ends[2] + 3, Math.floor((ends[2] + ends[3]) / 2)]) {
    const copy = copyOf(file);
    const bad = Buffer.from(journal);
    bad[at] ^= 0x20;
    fs.writeFileSync(journalOf(copy), bad);
    const got = opened(copy);
    const notice = got.damaged ?? '';
    assert.match(
      notice,
      /started fresh: the Local sandbox data file .* is corrupt \(its journal has a damaged record at byte/,
    );
    assert.ok(notice.includes(`at byte ${ends[2]} of ${journal.length}`), notice);
    const kept = /the journal is kept as (\S+?)\)/.exec(notice)![1];
    assert.deepEqual(fs.readFileSync(kept), bad, 'the journal is kept as it was');
    assert.match(notice, new RegExp(`truncate -s ${ends[2]} `), 'says how to keep its good records');
    const snapshotAside = /The damaged file is kept as (\S+):/.exec(notice)![1];
    assert.ok(fs.existsSync(snapshotAside), 'the snapshot is kept beside it');
    // Doing what the message says gets the records before the damage back.
    fs.truncateSync(kept, ends[2]);
    fs.renameSync(kept, journalOf(copy));
    fs.renameSync(snapshotAside, copy);
    const back = new Store(copy);
    assert.equal(back.damaged, undefined);
    assert.equal(back.serialise(), states[2], 'the two orders before the damage are back');
    back.close();
  }
});

test('a full disk mid-append fails the commit: a 500, memory put back, nothing half written, reopens as before', async () => {
  const file = path.join(tempDir(), 'sandbox.json');
  let room = Infinity;
  const ops: SaveOps = {
    writeSync: (fd, b, o, l) => {
      if (room <= 0) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      const n = fs.writeSync(fd, b, o, Math.min(l, room));
      room -= n;
      return n;
    },
    fsyncSync: fd => fs.fsyncSync(fd),
    renameSync: (a, b) => fs.renameSync(a, b),
  };
  const sb = await startSandbox({ dataFile: file, writer: atomicWriter(ops), today: '2027-01-01' });
  let orders = 0;
  try {
    const call = await v1Caller(sb);
    assert.equal((await call('POST', '/v1/orders', newCustomerOrder())).status, 200);
    const [before, bytes] = [sb.store.serialise(), fs.readFileSync(journalOf(file))];
    orders = JSON.parse(before).orders.length;
    room = 100; // part of the record, then ENOSPC
    const refused = await call('POST', '/v1/orders', newCustomerOrder());
    assert.equal(refused.status, 500, JSON.stringify(refused.json));
    assert.match(refused.json.reasons[0].message, /could not save .*: the disk is full\. Nothing was created/);
    assert.equal(sb.store.serialise(), before, 'memory put back');
    assert.deepEqual(fs.readFileSync(journalOf(file)), bytes, 'nothing half written in the journal');
    room = Infinity;
    const made = await call('POST', '/v1/orders', newCustomerOrder());
    assert.equal(made.status, 200, 'space freed: the next create is kept');
  } finally {
    await sb.close();
  }
  const again = opened(file);
  assert.equal(again.damaged, undefined, 'no record in the middle is bad');
  assert.equal(JSON.parse(again.text).orders.length, orders + 1, 'the refused order is not there, the next one is');
});

test('two processes cannot both write: the lock holds with the journal', async () => {
  const file = path.join(tempDir(), 'sandbox.json');
  const sb = await startSandbox({ dataFile: file });
  try {
    const script = `require(${JSON.stringify(path.resolve('dist/sandbox.js'))}).startSandbox({ dataFile: ${JSON.stringify(file)} })
      .then(s => { console.log('served'); return s.close(); }, e => { console.log(e.problem, e.message); process.exitCode = 3; })`;
    const other = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(other.status, 3, other.stdout + other.stderr);
    assert.match(other.stdout, /^locked .* is in use by another Local sandbox \(PID \d+/);
  } finally {
    await sb.close();
  }
});

test('a data file written before the journal (one JSON snapshot) opens, and its first save moves it on', () => {
  const old = new Store(); // the whole-snapshot file the previous format wrote: serialise, nothing else
  seed(old, 3);
  const file = path.join(tempDir(), 'sandbox.json');
  fs.writeFileSync(file, old.serialise());
  const s = new Store(file);
  try {
    assert.equal(s.serialise(), old.serialise(), 'opens as it was written');
    s.commit(() => (s.today = '2027-03-01'));
    assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).journal?.length, 36, 'a snapshot of a journal generation');
  } finally {
    s.close();
  }
  assert.equal(opened(file).text, JSON.stringify({ ...JSON.parse(old.serialise()), today: '2027-03-01' }));
});

test('compaction on its worker: the journal starts again small, and a copy taken while it runs reopens the same', async () => {
  const file = path.join(tempDir(), 'sandbox.json');
  const s = new Store(file, { compactAt: 20_000 });
  try {
    s.commit(() => seed(s, 2));
    let during: { copy: string; text: string } | undefined;
    for (let i = 0; i < 200 && s.log!.compactions === 0; i++) {
      s.commit(() => seed(s, 1, s.accounts.size));
      if (!during && fs.existsSync(`${file}.journal.next`)) during = { copy: copyOf(file), text: s.serialise() };
      await s.log!.idle();
    }
    assert.ok(during, 'a copy taken while the worker ran');
    assert.equal(opened(during.copy).text, during.text, 'cut off mid-compaction: both journals read in order');
    assert.ok(s.log!.compactions > 0);
    assert.ok(fs.statSync(journalOf(file)).size < 20_000, 'the journal starts again');
    assert.ok(!fs.existsSync(`${file}.journal.next`));
    const live = s.serialise();
    s.close();
    assert.equal(opened(file).text, live);
  } finally {
    s.close();
  }
});

test('a reset writes a snapshot of a new generation: the journal of the old one, still there, is ignored', async () => {
  const { file } = await fiveOrders();
  const sb = await startSandbox({ dataFile: file });
  try {
    const call = await v1Caller(sb);
    assert.equal((await call('POST', '/_sandbox/reset', {})).status, 200);
    const copy = copyOf(file); // as a crash right after the reset's rename leaves it: the old journal beside
    assert.ok(fs.statSync(journalOf(copy)).size > 1000, 'the old journal is there');
    assert.equal(opened(copy).text, sb.store.serialise());
  } finally {
    await sb.close();
  }
});
