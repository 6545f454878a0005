// Issue 10 item 5: the client reads answers the way the service means them. Each test serves a scripted
// answer from a tiny node:http server on loopback and sends a real request to it.
import { test, describe, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BillingClient, decodeCode } from '../../src/client';
import { failure } from './apiFailure';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const servers: http.Server[] = [];
const clients: BillingClient[] = [];
const SECRET = 'answers-client-secret-7d1e';
const TOKEN = 'answers-token-0c4f9a';

/** A loopback server that issues a token on /oauth/token and answers everything else with `answer`. */
async function serve(answer: Handler): Promise<{ client: BillingClient; logs: string[] }> {
  const server = http.createServer((req, res) => {
    if (req.url === '/oauth/token') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ access_token: TOKEN, token_type: 'bearer', expires_in: 3600 }));
      return;
    }
    answer(req, res);
  });
  await new Promise<void>(r => server.listen(0, '127.0.0.1', () => r()));
  servers.push(server);
  const logs: string[] = [];
  const client = new BillingClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    clientId: 'answers',
    clientSecret: SECRET,
    log: l => logs.push(l),
    retry: { maxTries: 1 },
  });
  clients.push(client);
  return { client, logs };
}

const json =
  (status: number, body: unknown): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', 'service-request-id': 'req-answers-1' });
    res.end(JSON.stringify(body));
  };

after(async () => {
  await Promise.all(clients.map(c => c.close()));
  for (const s of servers) s.close();
});

describe('client: answers read as the service means them', () => {
  test('a v1 HTTP 200 with success:false is a failure with its decoded reasons, in the error and the log', async () => {
    const { client, logs } = await serve(
      json(200, {
        success: false,
        processId: 'P1',
        reasons: [{ code: 53100320, message: 'The subscription term is invalid.' }],
      }),
    );
    const op = { method: 'GET', path: '/v1/subscriptions/{key}' };
    const e = await failure(client.send(op, { pathParams: { key: 'S1' } }));
    assert.equal(e.status, 200);
    assert.equal(e.kind, 'http');
    const r = e.v1![0];
    assert.deepEqual([r.resourceCode, r.category, r.categoryName], [531003, 20, 'Invalid format or value']);
    assert.match(e.message, /failed \(200, 53100320 Invalid format or value\): The subscription term is invalid\. Co/);
    const logged = /GET \/v1\/subscriptions\/S1 200 .*53100320 Invalid format or value/;
    assert.ok(
      logs.some(l => logged.test(l)),
      logs.join('\n'),
    );
  });

  test('an error body handed on (to the panel) is redacted: known secrets, tokens, card numbers', async () => {
    const { client } = await serve(
      json(400, {
        success: false,
        reasons: [{ code: 53100320, message: `Card ${'4111111111111111'} refused` }],
        echo: { client_secret: SECRET, authorization: `Bearer ${TOKEN}`, note: `secret was ${SECRET}` },
      }),
    );
    const e = await failure(client.send({ method: 'POST', path: '/v1/payments' }, { body: {} }));
    const shown = JSON.stringify(e.body) + e.message;
    for (const s of [SECRET, TOKEN, '4111111111111111']) assert.ok(!shown.includes(s), `${s} in ${shown}`);
  });

  test('a v1 200 with success:true is a success', async () => {
    const { client } = await serve(json(200, { success: true, id: 'S1' }));
    const r = await client.send<{ id: string }>({ method: 'GET', path: '/v1/subscriptions/S1' });
    assert.equal(r.data.id, 'S1');
  });

  test('a 302 is an error that says it was a redirect, where to, and the first bytes, never a success', async () => {
    const { client } = await serve((_req, res) => {
      res.writeHead(302, { location: 'https://login.example.com/sso?session=abc', 'content-type': 'text/html' });
      res.end('<html><body>Moved</body></html>');
    });
    const e = await failure(client.getAccount('A00000001'));
    assert.equal(e.status, 302);
    assert.match(e.message, /GET \/v2\/accounts\/A00000001 answered a redirect \(302 to https:\/\/login\.example\.com/);
    assert.match(e.message, /"<html><body>Moved<\/body><\/html>"/);
    assert.ok(!e.message.includes('session=abc'), 'the redirect query is not shown');
  });

  test('an HTML 200 is an error naming the status, content type and first bytes, redacted', async () => {
    const { client } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>client_secret=${SECRET}</body></html>`);
    });
    const e = await failure(client.getOrder('O00000001'));
    assert.equal(e.status, 200);
    assert.match(e.message, /answered HTTP 200 with text\/html; charset=utf-8, not JSON: "<!DOCTYPE html> <html>/);
    assert.ok(!e.message.includes(SECRET) && !JSON.stringify(e.body).includes(SECRET), e.message);
  });

  test('an empty 2xx (204) is a success; a 2xx JSON body without success:false is a success', async () => {
    const { client } = await serve((req, res) => {
      res.writeHead(req.method === 'DELETE' ? 204 : 200, { 'content-type': 'application/json' });
      res.end(req.method === 'DELETE' ? '' : '{"ok":1}');
    });
    assert.equal((await client.send({ method: 'DELETE', path: '/v1/things/T1' })).status, 204);
    assert.deepEqual((await client.send({ method: 'GET', path: '/v1/things/T1' })).data, { ok: 1 });
  });

  test('eight-digit codes are checked (resource 500000-679999 or a 9 code); others are shown raw', async () => {
    assert.deepEqual(decodeCode(90000011), {
      code: 90000011,
      valid: true,
      resourceCode: 900000,
      category: 11,
      categoryName: 'Authentication failed',
      action: decodeCode(90000011).action,
    });
    assert.equal(decodeCode(67999940).valid, true);
    for (const bad of [12345620, 70000020, 49999920, 5310032, 531003200, Number.NaN]) {
      const d = decodeCode(bad);
      assert.equal(d.valid, false, String(bad));
      assert.equal(d.category, undefined);
      assert.equal(d.action, undefined);
    }
    const { client } = await serve(json(400, { success: false, reasons: [{ code: 12345620, message: 'Odd.' }] }));
    const e = await failure(client.send({ method: 'GET', path: '/v1/x' }));
    assert.match(e.message, /failed \(400, code 12345620, not a v1 eight-digit code\): Odd\.$/);
    assert.equal(e.category, undefined);
    assert.equal(e.advice, undefined);
  });

  test('an unknown category shows its raw number with no invented advice', async () => {
    const reasons = [{ code: 53100377, message: 'Something new.' }];
    const { client } = await serve(json(200, { success: false, reasons }));
    const e = await failure(client.send({ method: 'GET', path: '/v1/x' }));
    assert.equal(e.category, 77);
    assert.equal(e.advice, undefined);
    assert.equal(e.v1![0].categoryName, 'Unknown category');
    assert.match(e.message, /failed \(200, 53100377, unknown category 77\): Something new\.$/);
  });
});
