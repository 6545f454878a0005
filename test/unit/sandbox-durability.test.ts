// Issue 29 "Data is never lost" (items 1, 3, 4): a save the disk cuts short answers the family's 5xx error and
// keeps nothing, the data file staying the last complete save (an injected half write, and a real short write
// under a file-size limit); a damaged data file is moved aside, named, and the start is fresh; a server.json
// that cannot be written leaves no sandbox holding the file; two resets in one second keep two backups.
// Since issue 33 the data file is a snapshot and a journal (state/journal.ts): what a reopen reads is both
// (`kept`), and a create appends a record where it rewrote the file (journal-durability.test.ts has the rest).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { connectOrServe, resetDataFile, startSandbox, type Sandbox } from '../../src/sandbox';
import { atomicWrite, atomicWriter, type SaveOps } from '../../src/sandbox/state/dataFile';
import { lockHolder } from '../../src/sandbox/state/dataLock';
import { readDataFile } from '../../src/sandbox/state/journal';
import { TEMPLATES } from '../../src/schemas';
import { newCustomerOrder, v1Caller, type Answer } from './sandbox-v1-helpers';
import { within } from './waits';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'bw-durable-'));
const v2Order = () => structuredClone(TEMPLATES.find(t => t.id === 'new-customer')!.body);
/** What a reopen of the data file reads (snapshot + journal), as JSON. */
const kept = (file: string) => JSON.stringify(readDataFile(file)!.snapshot);
const journalBytes = (file: string) => fs.readFileSync(`${file}.journal`);
const orderNumbers = (text: string) =>
  (JSON.parse(text) as { orders: { order_number: string }[] }).orders.map(o => o.order_number);
const temps = (file: string) => fs.readdirSync(path.dirname(file)).filter(f => f.endsWith('.tmp'));

/** Both families' creates, each answered with its family's 500 saying nothing was kept (and not to retry). */
async function bothRefused(call: (method: string, path: string, body?: unknown) => Promise<Answer>) {
  const v2 = await call('POST', '/v2/orders', v2Order());
  assert.equal(v2.status, 500, JSON.stringify(v2.json));
  assert.equal(v2.json.type, 'internal_server_error');
  assert.equal(v2.json.retryable, false);
  assert.equal(v2.json.errors[0].code, 'data_not_saved');
  assert.match(v2.json.errors[0].message, /could not save .*Nothing was created/);
  const v1 = await call('POST', '/v1/orders', newCustomerOrder());
  assert.equal(v1.status, 500, JSON.stringify(v1.json));
  assert.equal(v1.json.success, false);
  assert.match(String(v1.json.reasons[0].code), /^\d{6}60$/, 'eight digits: resource code + category 60');
  assert.match(v1.json.reasons[0].message, /could not save .*Nothing was created/);
}

/** A disk with `room` bytes left (Infinity: all it wants), taking at most `chunk` bytes per write. */
function disk(chunk = Infinity) {
  const d = { room: Infinity, writes: 0 };
  const ops: SaveOps = {
    writeSync: (fd, buffer, offset, length) => {
      d.writes++;
      const n = Math.min(length, chunk, d.room);
      d.room -= n;
      return n === 0 ? 0 : fs.writeSync(fd, buffer, offset, n);
    },
    fsyncSync: fd => fs.fsyncSync(fd),
    renameSync: (from, to) => fs.renameSync(from, to),
  };
  return { d, writer: atomicWriter(ops) };
}

test('a save the disk cuts off half way answers 500 in v2 and v1 shapes; memory and file keep nothing of it', async () => {
  const file = path.join(tempDir(), 'sandbox.json');
  const { d, writer } = disk();
  const sb = await startSandbox({ dataFile: file, writer, today: '2027-01-01' });
  try {
    const call = await v1Caller(sb);
    assert.equal((await call('POST', '/v2/orders', v2Order())).status, 200, 'saved while there is room');
    const [before, journal] = [kept(file), journalBytes(file)];
    const state = () => [sb.store.orderList.length, sb.store.accounts.size, JSON.stringify(sb.store.numbers.counters)];
    const was = state();
    d.room = 300; // the next record stops part way: the disk takes nothing more
    await bothRefused(call);
    assert.deepEqual(state(), was, 'no order, account or number kept in memory');
    assert.equal(kept(file), before, 'what a reopen reads is the last complete save');
    assert.deepEqual(journalBytes(file), journal, 'the cut-off record is gone from the journal, byte for byte');
    assert.deepEqual(temps(file), [], 'no temp file left');
    d.room = Infinity; // space freed: the next create is kept, in memory and file
    const made = await call('POST', '/v2/orders', v2Order());
    assert.equal(made.status, 200);
    assert.ok(orderNumbers(kept(file)).includes(made.json.order_number));
  } finally {
    await sb.close();
  }
  const again = await startSandbox({ dataFile: file });
  assert.equal(again.store.damaged, undefined, 'the file opens as it was saved');
  await again.close();
});

test('a disk that takes a few KB per write still gets the whole file (a short write is written on)', async () => {
  const file = path.join(tempDir(), 'sandbox.json');
  const { d, writer } = disk(64); // seeded rows are derived, not written: the file is a few hundred bytes
  const sb = await startSandbox({ dataFile: file, writer, seedAccounts: 20 });
  const call = await v1Caller(sb);
  try {
    const made = await call('POST', '/v2/orders', v2Order());
    assert.equal(made.status, 200);
    const text = fs.readFileSync(file, 'utf8'); // the snapshot the start wrote
    assert.ok(text.length > 3 * 64, `${text.length} bytes: several writes`);
    assert.equal(kept(file), JSON.stringify(JSON.parse(sb.store.serialise())), 'every byte is on disk');
    assert.ok(d.writes > 4);
  } finally {
    await sb.close();
  }
});

test('a save failing at fsync or rename (EIO) keeps nothing either (rename: a reset, which writes a snapshot)', async () => {
  for (const step of ['fsyncSync', 'renameSync'] as const) {
    const file = path.join(tempDir(), 'sandbox.json');
    let broken = false;
    const ops: SaveOps = {
      writeSync: (fd, b, o, l) => fs.writeSync(fd, b, o, l),
      fsyncSync: fd => fs.fsyncSync(fd),
      renameSync: (a, b) => fs.renameSync(a, b),
    };
    const real = ops[step] as (...a: unknown[]) => void;
    (ops[step] as (...a: unknown[]) => void) = (...a) => {
      if (broken) throw Object.assign(new Error('i/o error'), { code: 'EIO' });
      real(...a);
    };
    const sb = await startSandbox({ dataFile: file, writer: atomicWriter(ops) });
    try {
      const call = await v1Caller(sb);
      assert.equal((await call('POST', '/v2/orders', v2Order())).status, 200, 'a journal record');
      const before = kept(file);
      broken = true;
      if (step === 'fsyncSync') await bothRefused(call);
      else assert.equal((await call('POST', '/_sandbox/reset', {})).status, 500, 'a reset writes a snapshot');
      assert.equal(kept(file), before, step);
      assert.deepEqual(temps(file), [], step);
    } finally {
      await sb.close();
    }
  }
});

/** `node dist/cli.js sandbox ARGS`, optionally under `prlimit` limits; its URL once it listens. */
async function cliSandbox(args: string[], limit?: string) {
  const cmd = [process.execPath, 'dist/cli.js', 'sandbox', '--port', '0', ...args];
  const [bin, ...rest] = limit ? ['prlimit', limit, ...cmd] : cmd;
  const p = spawn(bin, rest, { stdio: ['ignore', 'pipe', 'pipe'] });
  let [out, err] = ['', ''];
  const exited = new Promise(r => p.on('exit', r));
  const url = await within(
    new Promise<string>((resolve, reject) => {
      const started = () => {
        const m = /listening on (\S+)/.exec(out);
        if (m && err.includes('Ctrl+C stops')) resolve(m[1]); // its whole start said
      };
      p.stdout.on('data', d => {
        out += d;
        started();
      });
      p.stderr.on('data', d => {
        err += d;
        started();
      });
      p.on('exit', () => reject(new Error(`exited: ${err}`)));
    }),
    20_000,
    'the CLI sandbox to listen',
  );
  const stop = async () => {
    p.kill('SIGTERM');
    await exited;
  };
  return { url, stop, stderr: () => err };
}
const hasPrlimit = spawnSync('prlimit', ['--version']).status === 0;

test(
  'a real full disk (a file-size limit): creates are kept or refused with a 500, never cut off',
  { skip: !hasPrlimit && 'needs prlimit (Linux)' },
  async () => {
    const file = path.join(tempDir(), 'sandbox.json');
    const seeded = await startSandbox({ dataFile: file, today: '2027-01-01' });
    await seeded.close();
    const limit = fs.statSync(file).size + 8_000; // room for a few orders, then the kernel writes short
    const cli = await cliSandbox(['--data', file, '--today', '2027-01-01'], `--fsize=${limit}`);
    const acknowledged: string[] = [];
    try {
      const call = await v1Caller({ url: cli.url } as Sandbox);
      for (let i = 0; i < 100; i++) {
        const r = await call('POST', '/v2/orders', v2Order());
        if (r.status !== 200) {
          assert.equal(r.status, 500, JSON.stringify(r.json));
          break;
        }
        acknowledged.push(r.json.order_number);
      }
      assert.ok(acknowledged.length > 0, 'some fit');
      await bothRefused(call);
    } finally {
      await cli.stop();
    }
    for (const f of [file, `${file}.journal`]) assert.ok(fs.statSync(f).size <= limit, `${f}: within the limit`);
    const keptOrders = orderNumbers(kept(file)); // a cut-off record would be dropped, a damaged one refused
    for (const n of acknowledged) assert.ok(keptOrders.includes(n), `${n} was acknowledged and is kept`);
    assert.deepEqual(temps(file), []);
  },
);

test('a damaged data file is moved aside (named, never over another file) and the start is fresh', async () => {
  const file = path.join(tempDir(), 'sandbox.json');
  const sb = await startSandbox({ dataFile: file });
  await sb.close();
  const whole = fs.readFileSync(file, 'utf8');
  const damaged = whole.slice(0, whole.length >> 1); // cut by something else
  fs.writeFileSync(file, damaged);
  const fresh = await startSandbox({ dataFile: file });
  let aside: string;
  try {
    const notice = fresh.store.damaged ?? '';
    assert.match(notice, /sandbox\.json is corrupt \(it is not valid JSON/);
    aside = /kept as (\S+):/.exec(notice)![1];
    assert.ok(aside.startsWith(`${file}.`) && aside.endsWith('.damaged'), aside);
    assert.match(notice, /to get its data back, stop the Local sandbox, repair that file .* move it back to/);
    assert.ok(notice.includes(file));
    assert.equal(fs.readFileSync(aside, 'utf8'), damaged, 'kept as it was');
    assert.ok(fresh.store.accounts.has('A00000001'), 'a fresh, seeded sandbox');
  } finally {
    await fresh.close();
  }
  fs.writeFileSync(file, damaged.slice(0, 100)); // damaged again at once: another name, the first kept
  const cli = await cliSandbox(['--data', file]);
  await cli.stop();
  assert.match(cli.stderr(), /warning: .*is corrupt.*kept as \S+\.damaged/);
  const kept = fs.readdirSync(path.dirname(file)).filter(f => f.endsWith('.damaged'));
  assert.equal(kept.length, 2, kept.join());
  assert.equal(fs.readFileSync(aside, 'utf8'), damaged, 'the first one is not overwritten');
});

test('server.json that cannot be written: the sandbox is stopped, its lock freed; a retry and Reset work', async () => {
  const file = path.join(tempDir(), 'local-sandbox.json');
  const info = path.join(path.dirname(file), 'server.json');
  fs.mkdirSync(path.join(info, 'in-the-way'), { recursive: true }); // renaming over it fails
  await assert.rejects(connectOrServe(file), (e: Error) => {
    assert.ok(e.message.includes(info), e.message);
    assert.match(e.message, /could not write .*It was stopped/);
    return true;
  });
  assert.equal(lockHolder(file), undefined, 'no one holds the data file');
  assert.ok(resetDataFile(file)?.endsWith('.bak'), 'Reset is not refused as in use by our own PID');
  fs.rmSync(info, { recursive: true });
  const full = (f: string, text: string) => {
    if (path.basename(f) === 'server.json') throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
    atomicWrite(f, text);
  };
  await assert.rejects(connectOrServe(file, { writer: full }), /server\.json: the disk is full\. It was stopped/);
  const retry = await connectOrServe(file);
  try {
    assert.equal(retry.owned, true, 'the retry serves');
    assert.equal(JSON.parse(fs.readFileSync(info, 'utf8')).url, retry.url);
  } finally {
    await retry.close();
  }
});

test('two resets within one second keep two backups, each with its content; none is overwritten', () => {
  const file = path.join(tempDir(), 'local-sandbox.json');
  const now = new Date('2026-11-27T06:00:00.100Z');
  fs.writeFileSync(file, 'first');
  const one = resetDataFile(file, now)!;
  fs.writeFileSync(file, 'second');
  const two = resetDataFile(file, new Date('2026-11-27T06:00:00.900Z'))!;
  assert.notEqual(two, one);
  assert.equal(fs.readFileSync(one, 'utf8'), 'first');
  assert.equal(fs.readFileSync(two, 'utf8'), 'second');
  fs.writeFileSync(`${file}.20261127T060000Z-3.bak`, 'somebody else'); // a name taken by anything else is skipped
  fs.writeFileSync(file, 'third');
  const three = resetDataFile(file, now)!;
  assert.equal(path.basename(three), 'local-sandbox.json.20261127T060000Z-4.bak');
  assert.equal(fs.readFileSync(`${file}.20261127T060000Z-3.bak`, 'utf8'), 'somebody else');
  assert.equal(fs.readFileSync(three, 'utf8'), 'third');
  assert.ok(!fs.existsSync(file), 'the place is empty: the next start is fresh');
});
