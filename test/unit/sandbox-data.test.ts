// Issue 11 "Orders and data": one create, one order; one writer per data file; never overwrite what is not
// ours; temp files of a crash cleaned up; several editor windows share one Local sandbox without losing
// an acknowledged order; Reset backs up and starts fresh.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ApiError, BillingClient } from '../../src/client';
import { connectOrServe, resetDataFile, startSandbox, type LocalSandbox, type Sandbox } from '../../src/sandbox';
import { previewOf, TEMPLATES } from '../../src/schemas';
import { atomicWriter } from '../../src/sandbox/state/dataFile';
import { readDataFile } from '../../src/sandbox/state/journal';

const order = () => structuredClone(TEMPLATES.find(t => t.id === 'new-customer')!.body) as never;
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'bw-data-'));
const clientOf = (s: Sandbox | LocalSandbox) =>
  new BillingClient({ baseUrl: s.url, clientId: s.clientId, clientSecret: s.clientSecret });
/** What a start on the data file reads: its snapshot and journal (state/journal.ts). */
const saved = (file: string) => readDataFile(file)!.snapshot as unknown as { orders: { order_number: string }[] };
/** A PID no process has: one that just exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;
const cliSandbox = (file: string) =>
  spawnSync(process.execPath, ['dist/cli.js', 'sandbox', '--data', file], { encoding: 'utf8', timeout: 20_000 });

type Writer = (file: string, text: string) => void;

/** A sandbox on a data file that `breakIt` then makes unwritable; one create is refused with nothing kept. */
async function refusesToSave(breakIt: (file: string) => void, opts: { writer?: Writer } = {}) {
  const file = path.join(tempDir(), 'sandbox.json');
  const sb = await startSandbox({ dataFile: file, ...opts });
  const client = clientOf(sb);
  try {
    const state = () => ({
      orders: sb.store.orderList.length,
      accounts: sb.store.accounts.size,
      numbers: { ...sb.store.numbers.counters },
    });
    const before = state();
    breakIt(file);
    const key = 'one-create-one-order';
    await assert.rejects(client.createOrder(order(), { idempotencyKey: key }), (e: ApiError) => {
      assert.equal(e.status, 500);
      assert.equal(e.retryable, false, 'a failed save is not retried');
      assert.match(e.message, /Nothing was created/);
      return true;
    });
    assert.deepEqual(state(), before, 'memory is as it was: no order, no account, no number used');
    return { sb, client, file, key, before };
  } catch (e) {
    await client.close();
    await sb.close();
    throw e;
  }
}

test('a create whose data file became a directory leaves nothing and answers a non-retryable error', async () => {
  const { sb, client, file, key, before } = await refusesToSave(f => {
    fs.rmSync(f);
    fs.mkdirSync(f);
  });
  try {
    fs.rmdirSync(file); // fixed: the same key now creates exactly one order, and a replay creates none
    const made = await client.createOrder(order(), { idempotencyKey: key });
    const replay = await client.createOrder(order(), { idempotencyKey: key });
    assert.equal(replay.data.order_number, made.data.order_number);
    assert.equal(sb.store.orderList.length, before.orders + 1);
    assert.equal(saved(file).orders.at(-1)!.order_number, made.data.order_number, 'the order made is in the file');
  } finally {
    await client.close();
    await sb.close();
  }
});

test('a create on a full disk (an injected write failure) leaves nothing behind', async () => {
  let full = false;
  const writer = atomicWriter({
    writeSync: (fd, b, o, l) => {
      if (full) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      return fs.writeSync(fd, b, o, l);
    },
    fsyncSync: fd => fs.fsyncSync(fd),
    renameSync: (a, b) => fs.renameSync(a, b),
  }); // the journal's appends write through it too
  const { sb, client } = await refusesToSave(
    () => {
      full = true;
    },
    { writer },
  );
  await client.close();
  await sb.close();
});

test('a data file under a regular file (no folder there) is refused at start, naming the path', async () => {
  const parent = path.join(tempDir(), 'regular-file');
  fs.writeFileSync(parent, 'x');
  const file = path.join(parent, 'sandbox.json');
  await assert.rejects(startSandbox({ dataFile: file }), (e: Error) => {
    assert.ok(e.message.includes(file), e.message);
    assert.match(e.message, /not a folder/);
    return true;
  });
});

test("one writer per data file: another is refused naming file and PID; a dead PID's lock is taken", async () => {
  const file = path.join(tempDir(), 'sandbox.json');
  const first = await startSandbox({ dataFile: file });
  try {
    await assert.rejects(startSandbox({ dataFile: file }), (e: Error) => {
      assert.ok(e.message.includes(file) && e.message.includes(`PID ${process.pid}`), e.message);
      return true;
    });
    const cli = cliSandbox(file);
    assert.equal(cli.status, 1, cli.stderr);
    assert.ok(cli.stderr.includes(file) && cli.stderr.includes(`PID ${process.pid}`), cli.stderr);
  } finally {
    await first.close();
  }
  fs.writeFileSync(`${file}.lock`, `${deadPid()}\n`); // left by a crashed sandbox
  const again = await startSandbox({ dataFile: file });
  assert.equal(fs.readFileSync(`${file}.lock`, 'utf8').split(' ')[0], String(process.pid), 'the lock names us');
  await again.close();
  assert.ok(!fs.existsSync(`${file}.lock`), 'the lock goes with the sandbox');
});

test('a file that is not a sandbox snapshot (package.json, {}, []) is refused untouched, naming it', async () => {
  const dir = tempDir();
  const manifest = fs.readFileSync('package.json', 'utf8');
  const notOurs = [
    ['package.json', manifest],
    ['object.json', '{}'],
    ['list.json', '[]'],
  ];
  for (const [name, text] of notOurs) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    await assert.rejects(startSandbox({ dataFile: file }), (e: Error) => {
      assert.ok(e.message.includes(file) && /not a Local sandbox data file/.test(e.message), e.message);
      return true;
    });
    assert.equal(fs.readFileSync(file, 'utf8'), text, `${name} is untouched`);
    assert.ok(!fs.existsSync(`${file}.lock`), 'no lock left behind');
  }
  const cli = cliSandbox(path.join(dir, 'package.json'));
  assert.equal(cli.status, 1);
  assert.match(cli.stderr, /package\.json is not a Local sandbox data file/);
});

test('temp files a crash left mid-write are removed at the next start', async () => {
  const dir = tempDir();
  const file = path.join(dir, 'sandbox.json');
  const sb = await startSandbox({ dataFile: file });
  await sb.close();
  const leftovers = ['.sandbox.json.4242.tmp', `.sandbox.json.${deadPid()}-7.tmp`];
  for (const f of leftovers) fs.writeFileSync(path.join(dir, f), '{"half":');
  const again = await startSandbox({ dataFile: file });
  try {
    assert.deepEqual(
      fs.readdirSync(dir).filter(f => f.endsWith('.tmp')),
      [],
    );
    assert.equal(again.store.staleTempsRemoved, 2);
  } finally {
    await again.close();
  }
});

test('windows share one Local sandbox: no acknowledged order lost; when it goes, the next takes over', async () => {
  const file = path.join(tempDir(), 'local-sandbox.json');
  const windowA = await connectOrServe(file);
  const windowB = await connectOrServe(file);
  assert.equal(windowA.owned, true);
  assert.equal(windowB.owned, false, "the second window uses the first one's server");
  assert.equal(windowB.url, windowA.url);
  const [a, b] = [clientOf(windowA), clientOf(windowB)];
  const made = await Promise.all([a, b, a, b].map(c => c.createOrder(order())));
  await a.close();
  await b.close();
  await windowA.close(); // the serving window closes
  assert.equal(await windowB.alive(), false);
  const windowC = await connectOrServe(file); // the next request of another window
  try {
    assert.equal(windowC.owned, true);
    const numbers = saved(file).orders.map(o => o.order_number);
    for (const m of made) assert.ok(numbers.includes(m.data.order_number), `${m.data.order_number} was kept`);
  } finally {
    await windowC.close();
  }
});

test("a second CLI sandbox process on the editor's data file is refused while a window serves it", async () => {
  const file = path.join(tempDir(), 'local-sandbox.json');
  const served = await connectOrServe(file);
  try {
    const args = ['dist/cli.js', 'sandbox', '--data', file];
    const p = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', d => (err += d));
    const code = await new Promise<number | null>(r => p.on('exit', c => r(c)));
    assert.equal(code, 1);
    assert.match(err, /in use by another Local sandbox \(PID \d+/);
  } finally {
    await served.close();
  }
});

test('Reset backs up an unusable data file beside itself, then the start is fresh; refused while served', async () => {
  const file = path.join(tempDir(), 'local-sandbox.json');
  const served = await connectOrServe(file);
  assert.throws(() => resetDataFile(file), /in use \(PID \d+\)/);
  await served.close();
  fs.writeFileSync(file, '{}');
  await assert.rejects(connectOrServe(file), /not a Local sandbox data file/);
  const backup = resetDataFile(file, new Date('2026-11-21T22:30:00Z'))!;
  assert.equal(path.basename(backup), 'local-sandbox.json.20261121T223000Z.bak');
  assert.equal(fs.readFileSync(backup, 'utf8'), '{}');
  const fresh = await connectOrServe(file);
  try {
    const r = await clientOf(fresh).preview(previewOf(order() as Record<string, unknown>) as never);
    assert.equal(r.status, 201);
  } finally {
    await fresh.close();
  }
});
