// A loopback service that does not say it is a Local sandbox: it forwards every request to one and drops the
// sandbox's identity header from the answers. Tests of what `test --base-url` does on a real environment
// (credentials, --yes, clock steps refused) reach it instead of the sandbox itself.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_IDENTITY_HEADER } from '../../src/wire/sandboxIdentity';

export interface PlainService {
  url: string;
  close(): Promise<void>;
}

export async function plainService(sandboxUrl: string): Promise<PlainService> {
  const target = new URL(sandboxUrl);
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers, host: target.host }; // the sandbox answers its own loopback name only
    const out = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers });
    out.on('response', answer => {
      const kept = { ...answer.headers };
      delete kept[SANDBOX_IDENTITY_HEADER];
      res.writeHead(answer.statusCode ?? 502, kept);
      answer.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
