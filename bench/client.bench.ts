// 1,000 sequential and 1,000 concurrent (10 at a time) GETs against the sandbox, through our client and
// through raw undici.request on the same keep-alive Agent; previews per second with 10 clients, warmed
// up over several rounds; the sandbox's start with 10,000 accounts; a page of accounts at 10,000 and
// 100,000 accounts, over HTTP through the client.
import { request } from 'undici';
import { BillingClient } from '../src/client';
import { startSandbox } from '../src/sandbox';
import { TEMPLATES, type PreviewRequestBody } from '../src/schemas';
import { figure } from './measure';

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}
async function inBatches(n: number, width: number, one: () => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next++ < n) await one();
    }),
  );
}

/** Median time of one GET page (pageSize 99) walking the first 60 pages, through the client. */
async function pageMs(accounts: number): Promise<number> {
  const sb = await startSandbox({ seedAccounts: accounts });
  const client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  try {
    await client.queryAccounts({ pageSize: 99 }); // token and connection
    const times: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 60; page++) {
      const t = process.hrtime.bigint();
      const r = await client.queryAccounts({ pageSize: 99, cursor });
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
      cursor = r.data.nextPage ?? undefined;
    }
    return times.sort((a, b) => a - b)[times.length >> 1];
  } finally {
    await client.close();
    await sb.close();
  }
}

async function main() {
  const sb = await startSandbox({ maxConcurrent: 64 });
  const client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  const token = await client.tokens.get();
  const url = `${sb.url}/v2/accounts/A00000001`;
  const raw = async () => {
    const r = await request(url, {
      dispatcher: client.dispatcher,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    JSON.parse(await r.body.text());
  };
  const ours = () => client.getAccount('A00000001');
  for (let i = 0; i < 200; i++) {
    await raw();
    await ours();
  } // warm both paths
  // Seven rounds of 1,000 each, alternating which side goes first; medians damp the noise of a 2-core box
  // where the sandbox shares the process.
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [label, run] of [
    [
      'sequential',
      (fn: () => Promise<unknown>) =>
        timed(async () => {
          for (let i = 0; i < 1000; i++) await fn();
        }),
    ],
    ['concurrent 10', (fn: () => Promise<unknown>) => timed(() => inBatches(1000, 10, fn))],
  ] as const) {
    const t = { raw: [] as number[], ours: [] as number[] };
    for (let round = 0; round < 7; round++) {
      if (round % 2) {
        t.ours.push(await run(ours));
        t.raw.push(await run(raw));
      } else {
        t.raw.push(await run(raw));
        t.ours.push(await run(ours));
      }
    }
    figure(`client GET ${label} (1,000)`, med(t.ours), 'ms');
    figure(`raw undici GET ${label} (1,000)`, med(t.raw), 'ms');
    figure(`client/raw undici ${label}`, med(t.ours.map((o, i) => o / t.raw[i])), 'x', '<= 1.15');
  }

  const preview = TEMPLATES.find(t => t.id === 'preview')!.body as PreviewRequestBody;
  const clients = Array.from(
    { length: 10 },
    () => new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret }),
  );
  await Promise.all(clients.map(c => c.preview(preview)));
  // The first round measures the JIT warming up; the figure is the median of the rounds after it.
  const rates: number[] = [];
  for (let round = 0; round < 6; round++) {
    let done = 0;
    const ms = await timed(() =>
      Promise.all(
        clients.map(async c => {
          for (let i = 0; i < 100; i++) {
            await c.preview(preview);
            done++;
          }
        }),
      ),
    );
    rates.push(done / (ms / 1000));
  }
  figure('sandbox previews per second, first round (10 concurrent clients, loopback)', rates[0], 'previews/s');
  figure('sandbox previews per second, warmed up (10 concurrent clients, loopback)', med(rates.slice(1)), 'previews/s');
  await Promise.all([client, ...clients].map(c => c.close()));
  await sb.close();
  const starts: number[] = [];
  for (let i = 0; i < 3; i++) {
    starts.push(await timed(async () => (await startSandbox({ seedAccounts: 10_000 })).close()));
  }
  figure('sandbox start with 10,000 seeded accounts', med(starts), 'ms');
  for (const accounts of [10_000, 100_000]) {
    figure(`ms per page of 99 at ${accounts.toLocaleString('en')} accounts`, await pageMs(accounts), 'ms');
  }
}
main();
