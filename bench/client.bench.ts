// 1,000 sequential and 1,000 concurrent (10 at a time) GETs against the sandbox, through our client and
// through raw undici.request on the same keep-alive Agent; and previews per second with 10 clients.
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
  await Promise.all(Array.from({ length: width }, async () => { while (next++ < n) await one(); }));
}

async function main() {
  const sb = await startSandbox({ maxConcurrent: 64 });
  const client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  const token = await client.tokens.get();
  const url = `${sb.url}/v2/accounts/A00000001`;
  const raw = async () => { const r = await request(url, { dispatcher: client.dispatcher, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } }); JSON.parse(await r.body.text()); };
  const ours = () => client.getAccount('A00000001');
  for (let i = 0; i < 200; i++) { await raw(); await ours(); } // warm both paths
  // Nine rounds of 1,000 each, alternating which side goes first; medians damp the noise of a 2-core box
  // where the sandbox shares the process.
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [label, run] of [['sequential', (fn: () => Promise<unknown>) => timed(async () => { for (let i = 0; i < 1000; i++) await fn(); })],
    ['concurrent 10', (fn: () => Promise<unknown>) => timed(() => inBatches(1000, 10, fn))]] as const) {
    const t = { raw: [] as number[], ours: [] as number[] };
    for (let round = 0; round < 9; round++) {
      if (round % 2) { t.ours.push(await run(ours)); t.raw.push(await run(raw)); } else { t.raw.push(await run(raw)); t.ours.push(await run(ours)); }
    }
    figure(`client GET ${label} (1,000)`, med(t.ours), 'ms');
    figure(`raw undici GET ${label} (1,000)`, med(t.raw), 'ms');
    figure(`client/raw undici ${label}`, med(t.ours.map((o, i) => o / t.raw[i])), 'x', '<= 1.15');
  }

  const preview = TEMPLATES.find(t => t.id === 'preview')!.body as PreviewRequestBody;
  const clients = Array.from({ length: 10 }, () => new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret }));
  await Promise.all(clients.map(c => c.preview(preview)));
  let done = 0;
  const ms = await timed(() => Promise.all(clients.map(async c => { for (let i = 0; i < 200; i++) { await c.preview(preview); done++; } })));
  figure('sandbox previews per second (10 concurrent clients, loopback)', done / (ms / 1000), 'previews/s');
  await Promise.all([client, ...clients].map(c => c.close()));
  await sb.close();
  const seeded = await timed(async () => { const s = await startSandbox({ seedAccounts: 10_000 }); await s.close(); });
  figure('sandbox start with 10,000 seeded accounts', seeded, 'ms');
}
main();
