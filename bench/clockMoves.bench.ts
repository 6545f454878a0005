// Issue 29, item 9: the Local sandbox (in a child process: a move must not stop this one's timers) with 10,000
// seeded accounts, its clock moved +1 month 20 times over HTTP (each move bills every account; the 12th renews
// every subscription). Heap after forced GC before the moves, after 10 and after 20 (the live data grows too:
// every move issues 10,000 invoices); the time of a move; and how long a GET sent while a move runs waits for
// its answer (a 503 + Retry-After counts: answered). Then +1 year at once over 1,000 seeded accounts (each bills 12
// months and renews its term), on 3 fresh sandboxes.
import { fork } from 'child_process';
import { Agent } from 'undici';
import { startSandbox } from '../src/sandbox';
import { figure } from './measure';
import { fetchToken, sendJson } from './sandboxMix';

interface Sandbox {
  url: string;
  clientId: string;
  clientSecret: string;
}

const ACCOUNTS = Number(process.env.BW_CLOCK_ACCOUNTS ?? 10_000);
const MOVES = Number(process.env.BW_CLOCK_MOVES ?? 20);
const YEAR_ACCOUNTS = Number(process.env.BW_CLOCK_YEAR_ACCOUNTS ?? 1_000);
const YEAR_SANDBOXES = Number(process.env.BW_CLOCK_YEAR_SANDBOXES ?? 3);
/** A GET goes out this long after a move's POST (the move has begun by then). */
const GET_AFTER_MS = 300;
const MB = 1024 * 1024;
const agent = new Agent({ connections: 4 });

/** The child: serves, and answers each message with its heap after forced GC. */
async function child() {
  const seedAccounts = Number(process.env.BW_CLOCK_CHILD);
  const s = await startSandbox({ seedAccounts, today: '2026-01-01', maxConcurrent: 10 });
  process.on('message', () => {
    for (let i = 0; i < 4; i++) global.gc!();
    process.send!(process.memoryUsage().heapUsed / MB);
  });
  process.on('disconnect', () => void s.close());
  process.send!({ url: s.url, clientId: s.clientId, clientSecret: s.clientSecret });
}

const tokenOf = (s: Sandbox) => fetchToken(s, agent);

async function send(s: Sandbox, token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  return (await sendJson(s, agent, token, method, path, body)).status;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** A sandbox with `accounts` seeded accounts in a child process, and how to wait for its next message. */
async function sandboxChild(accounts: number) {
  const env = { ...process.env, BW_CLOCK_CHILD: String(accounts) };
  const proc = fork(__filename, [], { execArgv: ['--expose-gc'], env });
  const next = () => new Promise<unknown>(resolve => proc.once('message', resolve));
  return { proc, next, s: (await next()) as Sandbox };
}

/** The clock moved +1 year at once on fresh sandboxes: the time of each move, from its POST to its answer. */
async function yearMoves() {
  const moves: number[] = [];
  for (let i = 0; i < YEAR_SANDBOXES; i++) {
    const { proc, s } = await sandboxChild(YEAR_ACCOUNTS);
    try {
      const token = await tokenOf(s);
      const t = performance.now();
      const status = await send(s, token, 'POST', '/_sandbox/clock', { by: '1 year' });
      if (status !== 200) throw new Error(`the +1 year move answered ${status}`);
      moves.push((performance.now() - t) / 1000);
      console.log(`# +1 year, sandbox ${i + 1}: ${moves[i].toFixed(2)} s`);
    } finally {
      proc.disconnect();
    }
  }
  const name = `clock +1 year, ${YEAR_ACCOUNTS.toLocaleString('en-US')} accounts: a move (median of ${YEAR_SANDBOXES} fresh sandboxes)`;
  figure(name, median(moves), 's', '< 2 s');
}

async function main() {
  const { proc, next, s } = await sandboxChild(ACCOUNTS);
  const settledHeap = async () => {
    const heap = next();
    proc.send('heap');
    return (await heap) as number;
  };
  try {
    const token = await tokenOf(s);
    const start = await settledHeap();
    const heaps: number[] = [];
    const moves: number[] = [];
    const waits: number[] = [];
    const statuses = new Map<number | string, number>();
    for (let i = 0; i < MOVES; i++) {
      const t = performance.now();
      const moved = send(s, token, 'POST', '/_sandbox/clock', { by: '1 month' }).then(
        status => {
          if (status !== 200) throw new Error(`move ${i + 1} answered ${status}`);
          return performance.now();
        },
        (e: Error & { code?: string }) => {
          // The sandbox moved, but the connection was cut before its answer (seen on a move that held it 16 s+).
          console.log(`# move ${i + 1}: no answer (${e.code ?? e.message})`);
          return performance.now();
        },
      );
      const got = new Promise<number>(resolve => setTimeout(resolve, GET_AFTER_MS)).then(async () => {
        const sent = performance.now();
        const status = await send(s, token, 'GET', '/v2/accounts/A00000001').catch(
          (e: Error & { code?: string }) => e.code ?? 'error', // dropped (seen behind a move of 16 s+)
        );
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        return performance.now() - sent;
      });
      const [end, wait] = await Promise.all([moved, got]);
      moves.push((end - t) / 1000);
      waits.push(wait);
      heaps.push(await settledHeap());
      console.log(
        `# move ${i + 1}: ${((end - t) / 1000).toFixed(1)} s, GET waited ${wait.toFixed(0)} ms, heap ${heaps[i].toFixed(0)} MB`,
      );
    }
    const shown = (n: number) => `${n.toLocaleString('en-US')}`;
    console.log(
      `# heap before the moves ${start.toFixed(0)} MB; GET answers: ${[...statuses].map(([k, v]) => `${k}×${v}`).join(', ')}`,
    );
    if (MOVES >= 10) figure(`clock +1 month, ${shown(ACCOUNTS)} accounts: heap after 10 moves`, heaps[9], 'MB');
    figure(
      `clock +1 month, ${shown(ACCOUNTS)} accounts: retained bytes after ${MOVES} moves`,
      heaps[MOVES - 1] - start,
      'MB',
    );
    figure(`clock +1 month, ${shown(ACCOUNTS)} accounts: a move (median)`, median(moves), 's', '< 2 s');
    figure(`GET latency during a clock move (median), ${shown(ACCOUNTS)} accounts`, median(waits), 'ms', '< 100 ms');
  } finally {
    proc.disconnect();
  }
  try {
    if (YEAR_SANDBOXES > 0) await yearMoves();
  } finally {
    await agent.close();
  }
}

(process.env.BW_CLOCK_CHILD ? child() : main()).catch(e => {
  console.error(e);
  process.exitCode = 1;
});
