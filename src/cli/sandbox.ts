// `sandbox [--port 0] [--token-ttl S] [--max-concurrent N] [--seed-accounts N] [--data FILE]`
// First line: `listening on http://127.0.0.1:PORT`; then the demo credentials. Stops on SIGINT/SIGTERM.
import { startSandbox } from '../sandbox';
import { UsageError, type Io } from './io';

const int = (v: string | undefined, name: string, min: number): number | undefined => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} takes a whole number >= ${min}, not "${v}"`);
  return n;
};

export async function sandboxCommand(v: Record<string, string | undefined>, io: Io): Promise<number> {
  const sb = await startSandbox({
    port: int(v.port, 'port', 0), tokenTtlSeconds: int(v['token-ttl'], 'token-ttl', 1), maxConcurrent: int(v['max-concurrent'], 'max-concurrent', 1),
    seedAccounts: int(v['seed-accounts'], 'seed-accounts', 1), dataFile: v.data,
  });
  io.out(`listening on ${sb.url}`);
  io.out(`client id: ${sb.clientId}`);
  io.out(`client secret: ${sb.clientSecret}`);
  io.err(`${sb.store.accounts.size} account(s), ${sb.store.orders.size} order(s)${v.data ? ` in ${v.data}` : ' in memory'}; Ctrl+C stops`);
  await new Promise<void>(resolve => {
    const stop = () => { process.off('SIGINT', stop); process.off('SIGTERM', stop); resolve(); };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await sb.close();
  io.err('sandbox stopped');
  return 0;
}
