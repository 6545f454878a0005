// Issue 33 item 4: a write costs what it changes. A Local sandbox with 100,000 seeded accounts (BW_JOURNAL_ACCOUNTS,
// derived: not stored) and 30,000 more made by the engine and stored (BW_JOURNAL_MADE: a store that holds something to
// compact) and a data file: 1,000 account creates over HTTP (BW_JOURNAL_CREATES), one at a time, each answered after its
// journal record is fsynced; the data file's bytes after; then a compaction on its worker while creates go on, and
// the longest event-loop stall meanwhile (monitorEventLoopDelay) with the creates' slowest answer.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { monitorEventLoopDelay } from 'perf_hooks';
import { startSandbox, type Sandbox } from '../src/sandbox';
import { figure } from './measure';

const ACCOUNTS = Number(process.env.BW_JOURNAL_ACCOUNTS ?? 100_000);
const CREATES = Number(process.env.BW_JOURNAL_CREATES ?? 1_000);
const MADE = Number(process.env.BW_JOURNAL_MADE ?? 30_000);
const MB = 1024 * 1024;
const ACCOUNT = {
  name: 'Acme Robotics',
  currency: 'USD',
  billCycleDay: 1,
  billToContact: { firstName: 'Ada', lastName: 'Lovelace', workEmail: 'ada@example.com', city: 'Springfield' },
};

async function creator(s: Sandbox) {
  const form = new URLSearchParams({
    client_id: s.clientId,
    client_secret: s.clientSecret,
    grant_type: 'client_credentials',
  });
  const token = (
    (await (await fetch(`${s.url}/oauth/token`, { method: 'POST', body: form })).json()) as { access_token: string }
  ).access_token;
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const body = JSON.stringify(ACCOUNT);
  return async (): Promise<number> => {
    const t = process.hrtime.bigint();
    const r = await fetch(`${s.url}/v1/accounts`, { method: 'POST', headers, body });
    await r.text();
    if (r.status !== 200) throw new Error(`create answered ${r.status}`);
    return Number(process.hrtime.bigint() - t) / 1e6;
  };
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const bytesOf = (file: string) =>
  [file, `${file}.journal`, `${file}.journal.next`].reduce(
    (n, f) => n + (fs.existsSync(f) ? fs.statSync(f).size : 0),
    0,
  );

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-journal-bench-'));
  const file = path.join(dir, 'sandbox.json');
  const t0 = Date.now();
  const s = await startSandbox({ dataFile: file, seedAccounts: ACCOUNTS, today: '2027-01-01' });
  try {
    s.seedAccounts(MADE); // on a store that holds rows: made by the engine, kept (one journal record)
    const snapshot = bytesOf(file);
    console.log(
      `# ${ACCOUNTS} accounts seeded and ${MADE} made, written in ${((Date.now() - t0) / 1000).toFixed(1)} s; data file and journal ${(snapshot / MB).toFixed(1)} MB; ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`,
    );
    const create = await creator(s);
    for (let i = 0; i < 20; i++) await create(); // warm-up
    const before = bytesOf(file);
    const times: number[] = [];
    const quiet = monitorEventLoopDelay({ resolution: 1 });
    quiet.enable();
    for (let i = 0; i < CREATES; i++) times.push(await create());
    quiet.disable();
    const label = `${ACCOUNTS.toLocaleString('en-US')} seeded accounts and ${MADE.toLocaleString('en-US')} stored`;
    figure(`sandbox account create over HTTP with a data file, ${label}, median`, pct(times, 0.5), 'ms', '< 50');
    figure(`sandbox account create over HTTP with a data file, ${label}, p95`, pct(times, 0.95), 'ms');
    figure(
      `data file + journal growth over ${CREATES.toLocaleString('en-US')} creates`,
      (bytesOf(file) - before) / 1024,
      'KB',
    );
    figure(`data file + journal after ${CREATES.toLocaleString('en-US')} creates, ${label}`, bytesOf(file) / MB, 'MB');

    // A compaction on its worker while creates go on: the event loop's longest stall, the slowest answer.
    const delay = monitorEventLoopDelay({ resolution: 1 });
    const log = s.store.log!;
    const done = log.compactions;
    const t = Date.now();
    delay.enable();
    log.compactNow();
    const during: number[] = [];
    const at: number[] = [];
    while (log.compactions === done && Date.now() - t < 600_000) {
      during.push(await create());
      at.push(Date.now() - t);
    }
    await log.idle();
    delay.disable();
    if (log.compactions === done) throw new Error('the compaction did not finish');
    const worst = during.indexOf(Math.max(...during));
    console.log(`# the slowest create during it ended ${at[worst]} ms after it started`);
    console.log(
      `# compaction of ${(snapshot / MB).toFixed(0)} MB took ${((Date.now() - t) / 1000).toFixed(1)} s; ${during.length} creates meanwhile`,
    );
    figure(`longest event-loop stall during a compaction, ${label}`, delay.max / 1e6, 'ms', '< 50');
    figure(`longest event-loop stall over the creates before it (no compaction), ${label}`, quiet.max / 1e6, 'ms');
    figure(`slowest account create during a compaction, ${label}`, Math.max(...during), 'ms');
  } finally {
    await s.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch(e => {
  console.error(e);
  process.exitCode = 1;
});
