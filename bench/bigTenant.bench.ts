// Issue 33, item 4: the Local sandbox with a big tenant (1,000,000 seeded accounts; BW_BIG_ACCOUNTS), in a child
// process as clockMoves.bench.ts runs it, keeping a data file (its journal fsynced before each answer). Its first
// start (seeding and the first snapshot), its start again from that data file, its RSS after forced GC (after the queries below), and the
// 95th percentile over HTTP of what the Accounts tree sends (object-query pages at the start, middle and end;
// its search by number and by name), the v2 account list (pages and filters), one account, a preview and an
// order create on a seeded account, and an order with a new account.
import { fork } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Agent } from 'undici';
import { startSandbox } from '../src/sandbox';
import { figure } from './measure';
import { fetchToken, sendJson } from './sandboxMix';

interface Sandbox {
  url: string;
  clientId: string;
  clientSecret: string;
  startMs: number;
  seedMs: number;
}

const ACCOUNTS = Number(process.env.BW_BIG_ACCOUNTS ?? 1_000_000);
const RUNS = Number(process.env.BW_BIG_RUNS ?? 40);
const MB = 1024 * 1024;
const agent = new Agent({ connections: 2 });

async function child() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-big-tenant-'));
  const dataFile = path.join(dir, 'sandbox.json');
  let t = performance.now();
  await (await startSandbox({ seedAccounts: ACCOUNTS, dataFile, maxConcurrent: 10 })).close();
  const seedMs = performance.now() - t;
  t = performance.now();
  const s = await startSandbox({ dataFile, maxConcurrent: 10 });
  const startMs = performance.now() - t;
  process.on('message', () => {
    for (let i = 0; i < 4; i++) global.gc!();
    process.send!(process.memoryUsage().rss / MB);
  });
  process.on('disconnect', () => void s.close().then(() => fs.rmSync(dir, { recursive: true, force: true })));
  process.send!({ url: s.url, clientId: s.clientId, clientSecret: s.clientSecret, startMs, seedMs });
}

async function send(s: Sandbox, token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const { status, text } = await sendJson(s, agent, token, method, path, body);
  if (status >= 300) throw new Error(`${method} ${path} answered ${status}: ${text.slice(0, 300)}`);
  return text;
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const cursorAt = (i: number) => Buffer.from(`o:${i}`).toString('base64url');
const pad = (n: number) => String(n).padStart(8, '0');
/** Seeded customer i (i > 0): account A(i+1), its subscription S(i+2). */
const accountOf = (i: number) => `A${pad(i + 1)}`;
const subscriptionOf = (i: number) => `S${pad(i + 2)}`;

const addPlan = (i: number) => ({
  account_number: accountOf(i),
  order_date: '2026-03-01',
  subscriptions: [
    {
      subscription_number: subscriptionOf(i),
      add_subscription_plans: [
        { subscription_plan: { plan_id: 'plan-onboarding', prices: [{ price_id: 'price-onboarding-setup' }] } },
      ],
    },
  ],
});
const newCustomer = (k: number) => ({
  order_date: '2026-03-01',
  account_data: { name: `Bench ${k}`, currency: 'USD', bill_to: { first_name: 'B', last_name: `${k}` } },
  subscriptions: [
    {
      initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
      renewal_term: { type: 'termed', interval: 'month', interval_count: 12 },
      start_on: { contract_effective: '2026-03-01' },
      subscription_plans: [{ plan_id: 'plan-team-monthly', prices: [{ price_id: 'price-team-seats', quantity: 7 }] }],
    },
  ],
});

async function main() {
  const proc = fork(__filename, [], { execArgv: ['--expose-gc'], env: { ...process.env, BW_BIG_CHILD: '1' } });
  const next = () => new Promise<unknown>(resolve => proc.once('message', resolve));
  const s = (await next()) as Sandbox;
  const shown = ACCOUNTS.toLocaleString('en-US');
  try {
    const token = await fetchToken(s, agent);
    const timed = async (
      name: string,
      path: (k: number) => string,
      method: 'GET' | 'POST' = 'GET',
      body?: (k: number) => unknown,
    ) => {
      const times: number[] = [];
      for (let k = 0; k < RUNS + 3; k++) {
        const t = performance.now();
        await send(s, token, method, path(k), body?.(k));
        if (k >= 3) times.push(performance.now() - t); // the first three warm up
      }
      figure(`big tenant, ${shown} accounts: ${name} (p95)`, p95(times), 'ms', '< 50 ms');
    };
    const mid = Math.floor(ACCOUNTS / 2);
    const end = ACCOUNTS - 50;
    const q = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;
    figure(`big tenant, ${shown} accounts: first start (seeding, first snapshot)`, s.seedMs, 'ms', '< 5000');
    figure(`big tenant, ${shown} accounts: start from its data file`, s.startMs, 'ms', '< 5000');
    // What the Accounts tree sends: object-query pages, its search (number and name start with), an account's orders.
    for (const [at, i] of [
      ['start', 0],
      ['middle', mid],
      ['end', end],
    ] as const) {
      await timed(`tree page at the ${at}`, () =>
        q('/object-query/accounts', { pageSize: '50', ...(i ? { cursor: cursorAt(i) } : {}) }),
      );
    }
    await timed('tree search by number', k =>
      q('/object-query/accounts', { pageSize: '20', 'filter[]': `accountNumber.SW:A00${50 + k}` }),
    );
    await timed('tree search by name', k =>
      q('/object-query/accounts', { pageSize: '20', 'filter[]': `name.SW:Customer ${77 + k}` }),
    );
    await timed("tree: an account's orders", k =>
      q('/object-query/orders', { pageSize: '99', 'filter[]': `accountNumber.EQ:${accountOf(mid + k)}` }),
    );
    const ids: string[] = [];
    for (let k = 0; k < RUNS + 3; k++) {
      ids.push(
        (JSON.parse(await send(s, token, 'GET', `/v2/accounts/${accountOf(mid + 400 + k)}`)) as { id: string }).id,
      );
    }
    await timed("tree: an account's subscriptions", k =>
      q('/v2/subscriptions', {
        'filter[]': `account_id.EQ:${ids[k]}`,
        'expand[]': 'subscription_plans.subscription_items',
      }),
    );
    // The v2 account list: pages and filters.
    for (const [at, i] of [
      ['start', 0],
      ['middle', mid],
      ['end', end],
    ] as const) {
      await timed(`v2 account page at the ${at}`, () =>
        q('/v2/accounts', { page_size: '50', ...(i ? { cursor: cursorAt(i) } : {}) }),
      );
    }
    await timed('v2 accounts filtered by account_number', k =>
      q('/v2/accounts', { 'filter[]': `account_number.EQ:${accountOf(mid + k)}` }),
    );
    await timed('v2 accounts filtered by name', k =>
      q('/v2/accounts', { page_size: '20', 'filter[]': `name.SW:Customer ${55 + k}` }),
    );
    await timed('GET one account', k => `/v2/accounts/${accountOf(mid + 100 + k)}`);
    const preview = (k: number) => ({ metrics: ['delta_metrics'], ...addPlan(mid + 200 + k) });
    await timed('preview on a seeded account', () => '/v2/orders/preview', 'POST', preview);
    await timed(
      'order on a seeded account',
      () => '/v2/orders',
      'POST',
      k => addPlan(mid + 300 + k),
    );
    await timed(
      'order with a new account',
      () => '/v2/orders',
      'POST',
      k => newCustomer(k),
    );
    const rss = next();
    proc.send('rss');
    figure(`big tenant, ${shown} accounts: memory (RSS after GC)`, (await rss) as number, 'MB', '< 1024');
  } finally {
    proc.disconnect();
    await agent.close();
  }
}

(process.env.BW_BIG_CHILD ? child() : main()).catch(e => {
  console.error(e);
  process.exitCode = 1;
});
