// A tenant whose v2 preview answers carry a field the contract does not list (`legacy_flag` on the first action):
// a Local sandbox behind a small loopback proxy. The answer-contract tests (CLI) and the panel's (VS Code) use it.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export const DEPARTING_FIELD = 'legacy_flag';

export async function departingTenant(target: string): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', c => chunks.push(c));
    req.on('end', async () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(
          ([k, v]) => typeof v === 'string' && !['host', 'content-length'].includes(k),
        ),
      ) as Record<string, string>;
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const r = await fetch(target + req.url, { method: req.method, headers, body });
      let text = await r.text();
      if (req.url === '/v2/orders/preview' && r.ok) {
        const answer = JSON.parse(text) as { subscriptions: { actions: Record<string, unknown>[] }[] };
        answer.subscriptions[0].actions[0][DEPARTING_FIELD] = true;
        text = JSON.stringify(answer);
      }
      res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' });
      res.end(text);
    });
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
