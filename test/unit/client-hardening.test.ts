// Issue 11, "The client and the CLI": proxies never see loopback traffic, the total timeout is a total, token
// answers are checked, and path parameters cannot turn one operation into another. Real HTTP on loopback.
import { test, describe, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import * as net from 'node:net';
import { ApiError, BillingClient, fillPath, type ClientOptions } from '../../src/client';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { failure } from './apiFailure';

const servers: (http.Server | net.Server)[] = [];
const clients: BillingClient[] = [];
const sandboxes: Sandbox[] = [];

interface Seen {
  paths: string[];
  auth: string[];
}
/** A loopback server: `token` answers /oauth/token, `answer` everything else; it records what arrives. */
async function serve(
  token: (res: http.ServerResponse) => void,
  answer: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_q, res) => res.end('{"ok":true}'),
): Promise<{ url: string; seen: Seen; tokenCalls: () => number }> {
  const seen: Seen = { paths: [], auth: [] };
  let tokenCalls = 0;
  const server = http.createServer((req, res) => {
    if (req.url === '/oauth/token') {
      tokenCalls++;
      token(res);
      return;
    }
    seen.paths.push(req.url ?? '');
    seen.auth.push(String(req.headers.authorization));
    answer(req, res);
  });
  await listen(server);
  return { url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, seen, tokenCalls: () => tokenCalls };
}

async function listen(server: http.Server | net.Server): Promise<void> {
  await new Promise<void>(r => server.listen(0, '127.0.0.1', () => r()));
  servers.push(server);
}

function client(baseUrl: string, more: Partial<ClientOptions> = {}): BillingClient {
  const c = new BillingClient({
    baseUrl,
    clientId: 'hardening',
    clientSecret: 'hardening-secret-93b1',
    retry: { maxTries: 1 },
    ...more,
  });
  clients.push(c);
  return c;
}

const tokenJson = (body: unknown) => (res: http.ServerResponse) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
};

/** A proxy on loopback that records every connection and every byte it is sent, and forwards nothing. */
async function recordingProxy(): Promise<{ url: string; received: string[] }> {
  const received: string[] = [];
  const proxy = net.createServer(sock => {
    received.push('(connection)');
    sock.on('data', d => {
      received.push(String(d));
      sock.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n'); // refuse the tunnel
    });
  });
  await listen(proxy);
  return { url: `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`, received };
}

after(async () => {
  await Promise.all(clients.map(c => c.close()));
  await Promise.all(sandboxes.map(s => s.close()));
  for (const s of servers) s.close();
});

describe('client hardening: proxies', () => {
  test('a loopback base URL never goes through a proxy: explicit, HTTP_PROXY or HTTPS_PROXY sees nothing', async () => {
    const sb = await startSandbox();
    sandboxes.push(sb);
    const proxy = await recordingProxy();
    const env = { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, http_proxy: proxy.url, https_proxy: proxy.url };
    for (const opts of [{ proxy: proxy.url }, { env }, { env: { HTTP_PROXY: proxy.url, NO_PROXY: '' } }]) {
      const c = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret, ...opts });
      clients.push(c);
      assert.equal((await c.getAccount('A00000001')).status, 200);
    }
    for (const base of [`http://localhost:${sb.port}`, `http://[::1]:${sb.port}`]) {
      const c = client(base, { proxy: proxy.url, retry: { maxTries: 1 } });
      await c.getAccount('A00000001').catch(() => undefined); // [::1] may not be served: only the proxy matters
    }
    assert.deepEqual(proxy.received, [], 'the proxy saw the client secret or the token');
  });

  test('a non-loopback host still uses the configured proxy', async () => {
    const proxy = await recordingProxy();
    const c = client('https://billing.example.com', { proxy: proxy.url });
    await failure(c.getAccount('A00000001'));
    assert.match(proxy.received.join(''), /^\(connection\)CONNECT billing\.example\.com:443 HTTP\/1\.1/);
  });
});

describe('client hardening: base URLs', () => {
  test('a base URL with user:password is refused, without repeating the password', () => {
    for (const baseUrl of ['https://alice:pa55w0rd@billing.example.com', 'http://bob:s3cret@127.0.0.1:9']) {
      assert.throws(
        () => client(baseUrl),
        (e: ApiError) => {
          assert.equal(e.kind, 'config');
          assert.match(e.message, /Refusing a base URL with a user name or password/);
          assert.ok(!e.message.includes('pa55w0rd') && !e.message.includes('s3cret') && !e.message.includes('alice'));
          return true;
        },
      );
    }
  });
});

describe('client hardening: the total timeout', () => {
  // Chunked, and with its length declared (read then by undici's own reader).
  for (const declared of [false, true])
    test(`a body dripping one byte at a time ends at the total limit, not when it finishes${declared ? ' (its length declared)' : ''}`, async () => {
      let sent = 0;
      const total = 12;
      const body = `[1${',1'.repeat(total - 2)}]`;
      const srv = await serve(tokenJson({ access_token: 'drip-token', expires_in: 3600 }), (_req, res) => {
        const length = declared ? { 'content-length': String(body.length) } : {};
        res.writeHead(200, { 'content-type': 'application/json', ...length });
        res.write('[');
        sent = 1;
        const t = setInterval(() => {
          if (sent >= total) {
            clearInterval(t);
            res.end(']');
            return;
          }
          res.write(sent++ > 1 ? ',1' : '1');
        }, 400);
        res.on('close', () => clearInterval(t));
      });
      const c = client(srv.url, { totalTimeoutMs: 1500 });
      const e = await failure(c.send({ method: 'GET', path: '/v1/slow' }));
      assert.equal(e.kind, 'timeout');
      assert.match(e.message, /GET \/v1\/slow did not complete within 2 s/);
      assert.ok(sent < total, `the client waited for the whole body (${sent} of ${total} bytes)`);
    });
});

describe('client hardening: token answers', () => {
  test('a token answer without access_token is a clear error; no request goes out as "Bearer undefined"', async () => {
    const srv = await serve(tokenJson({ token_type: 'bearer', expires_in: 3600 }));
    const e = await failure(client(srv.url).getAccount('A00000001'));
    assert.match(e.message, /POST \/oauth\/token answered 200 without an access_token \(fields: token_type, exp/);
    assert.match(e.message, /base URL/);
    assert.deepEqual(srv.seen.auth, [], 'nothing was sent with a made-up token');
  });

  test('an HTML token answer is a clear error naming what came back', async () => {
    const srv = await serve(res => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><title>Corporate sign-in</title></html>');
    });
    const e = await failure(client(srv.url).getAccount('A00000001'));
    assert.match(e.message, /POST \/oauth\/token answered HTTP 200 with text\/html, not JSON: "<html><title>Corporate/);
    assert.deepEqual(srv.seen.auth, []);
  });

  test('a token answer without expires_in is used for a default lifetime, not renewed on every call', async () => {
    const srv = await serve(tokenJson({ access_token: 'no-expiry-token', token_type: 'bearer' }));
    const c = client(srv.url);
    for (let i = 0; i < 5; i++) await c.getAccount('A00000001');
    assert.equal(srv.tokenCalls(), 1);
    assert.equal(c.tokens.requests, 1);
    assert.deepEqual(new Set(srv.seen.auth), new Set(['Bearer no-expiry-token']));
  });
});

describe('client hardening: path parameters', () => {
  test('".", ".." and empty path parameters are refused before anything is sent', async () => {
    const srv = await serve(tokenJson({ access_token: 'path-token', expires_in: 3600 }));
    const c = client(srv.url);
    const op = { method: 'GET', path: '/v1/accounts/{account-key}/summary' };
    for (const v of ['..', '.', '', '  ']) {
      const e = await failure(c.send(op, { pathParams: { 'account-key': v } }));
      assert.equal(e.kind, 'config');
      assert.match(e.message, /Path parameter "account-key" (cannot be|is required)/);
    }
    await failure(c.getAccount('..'));
    await failure(c.getOrder('.'));
    assert.deepEqual(srv.seen.paths, [], 'no request reached the server (GET /v1/summary was the old result)');
  });

  test('a path parameter is one encoded segment; fillPath gives the concrete path a confirmation shows', async () => {
    const notes = { method: 'post', path: '/v1/accounts/{k}/notes' };
    assert.equal(fillPath(notes, { k: 'A 1/../x' }), '/v1/accounts/A%201%2F..%2Fx/notes');
    const two = { method: 'GET', path: '/v1/a/{x}/b/{y}' };
    assert.equal(fillPath(two, { x: '..a', y: '%2e%2e' }), '/v1/a/..a/b/%252e%252e');
    const srv = await serve(tokenJson({ access_token: 'path-token-2', expires_in: 3600 }));
    await client(srv.url).send({ method: 'GET', path: '/v1/accounts/{k}/summary' }, { pathParams: { k: '%2e%2e' } });
    assert.deepEqual(srv.seen.paths, ['/v1/accounts/%252e%252e/summary']);
  });
});
