// Issue 29 item 2: starts racing to take over a stale lock (its owner died) on one data file. Exactly one wins,
// every round: separate processes (this file, forked as racers) are released together by a file appearing, each
// takes the lock (as a sandbox start does), and says whether it won; the winner then lets it go.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { acquireLock } from '../../src/sandbox/state/dataLock';
import { until, within } from './waits';

const RACER = 'BW_LOCK_RACER';
type Go = { file: string; go: string };
type Result = { won: boolean; error?: string };

if (process.env[RACER]) {
  // A racer: waits for the go file (spinning, so all racers start within microseconds), then takes the lock.
  let release: (() => void) | undefined;
  process.on('message', (m: Go | 'release') => {
    if (m === 'release') {
      release?.();
      release = undefined;
      process.send!('released');
      return;
    }
    process.send!('ready');
    const deadline = Date.now() + 10_000;
    while (!fs.existsSync(m.go) && Date.now() < deadline);
    try {
      release = acquireLock(m.file);
      process.send!({ won: true } satisfies Result);
    } catch (e) {
      process.send!({ won: false, error: (e as Error).message } satisfies Result);
    }
  });
} else {
  test('200 rounds of three starts racing for a stale lock: exactly one serves each time', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-lock-race-'));
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!; // a PID no process has
    const racers: ChildProcess[] = [0, 1, 2].map(() =>
      fork(__filename, [], { env: { ...process.env, [RACER]: '1' }, execArgv: [] }),
    );
    const next = (r: ChildProcess) =>
      within(
        once(r, 'message').then(([m]) => m),
        10_000,
        'a racer to answer',
      );
    const doubles: number[] = [];
    const refusals = new Set<string>();
    try {
      for (let round = 0; round < 200; round++) {
        const file = path.join(dir, `data-${round}.json`);
        fs.writeFileSync(`${file}.lock`, round % 2 ? `${dead}\n` : `${dead} - stale${round}\n`); // old and new form
        const go = path.join(dir, `go-${round}`);
        await Promise.all(racers.map(r => (r.send({ file, go } satisfies Go), next(r))));
        const results = racers.map(r => next(r) as Promise<Result>);
        fs.writeFileSync(go, '');
        const answers = await Promise.all(results);
        const winners = racers.filter((_, i) => answers[i].won);
        if (winners.length !== 1) doubles.push(round);
        for (const a of answers) if (a.error) refusals.add(a.error.split(dir).join('DIR').replace(/\d+/g, 'N'));
        await Promise.all(winners.map(r => (r.send('release'), next(r))));
      }
    } finally {
      for (const r of racers) r.kill();
    }
    assert.deepEqual(doubles, [], `rounds without exactly one winner: ${doubles.length} of 200`);
    for (const why of refusals) assert.match(why, /in use by another Local sandbox|being locked by another/);
  });

  const linux = fs.existsSync(`/proc/${process.ppid}/stat`);
  test(
    'a lock whose PID lives but started later (the PID was taken again) is stale; its real owner keeps it',
    { skip: !linux && 'needs /proc' },
    () => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bw-lock-pid-')), 'data.json');
      const stat = fs.readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
      const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      fs.writeFileSync(`${file}.lock`, `${process.ppid} ${boot}:${ticks} theirs\n`); // a live owner
      assert.throws(() => acquireLock(file), new RegExp(`in use by another Local sandbox \\(PID ${process.ppid}`));
      fs.writeFileSync(`${file}.lock`, `${process.ppid} ${boot}:${Number(ticks) + 1} gone\n`); // that PID, another start
      const release = acquireLock(file);
      assert.equal(fs.readFileSync(`${file}.lock`, 'utf8').split(' ')[0], String(process.pid));
      release();
      assert.ok(!fs.existsSync(`${file}.lock`));
    },
  );

  test('a takeover that died half way (its guard left behind) does not block the next start forever', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bw-lock-guard-')), 'data.json');
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    fs.writeFileSync(`${file}.lock`, `${dead} - stale\n`);
    fs.writeFileSync(`${file}.lock.stale.takeover`, `${dead} - died-mid-takeover\n`);
    const release = acquireLock(file);
    assert.equal(fs.readFileSync(`${file}.lock`, 'utf8').split(' ')[0], String(process.pid));
    assert.ok(!fs.existsSync(`${file}.lock.stale.takeover`), 'the guard is gone');
    release();
  });

  test('a lock whose owner ended but was never reaped (a zombie: nothing waits for it in a container) is taken over', async t => {
    if (!fs.existsSync('/proc/self/stat')) return t.skip('zombies are told from /proc, on Linux only');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-zombie-'));
    const file = path.join(dir, 'sandbox.json');
    const pidFile = path.join(dir, 'owner.pid');
    // The owner: a shell that notes its PID and kills itself; its parent then becomes `sleep`, which never reaps it.
    const parent = spawn('sh', ['-c', `sh -c 'echo $$ > "${pidFile}"; kill -9 $$' & exec sleep 60`], {
      stdio: 'ignore',
    });
    t.after(() => parent.kill('SIGKILL'));
    let owner = NaN;
    const zombie = () => {
      owner = Number(fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8').trim() : NaN);
      const stat = Number.isInteger(owner) ? fs.readFileSync(`/proc/${owner}/stat`, 'utf8') : '';
      return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
    };
    await until(zombie, 'the owner to end as a zombie');
    fs.writeFileSync(`${file}.lock`, `${owner} - zombie-nonce\n`);
    const release = acquireLock(file); // was refused: "in use by another Local sandbox (PID ...)"
    assert.match(fs.readFileSync(`${file}.lock`, 'utf8'), new RegExp(`^${process.pid} `));
    release();
  });
}
