// Issue 29 item 20: the Local sandbox answers only requests addressed to loopback names (DNS rebinding: a page
// that points its own name at 127.0.0.1 sends that name as Host, and must neither get a token, read nor create).
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, startSandbox, type Sandbox } from '../../src/sandbox';
import { BillingClient } from '../../src/client';
import { TEMPLATES } from '../../src/schemas';

type Answer = { access_token?: string; errors: { code: string; message: string }[] };
let s: Sandbox;
before(async () => (s = await startSandbox()));
after(() => s.close());

/** One request with the Host header given (fetch does not let a caller set it). */
function send(host: string, method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; json: Answer }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: s.port, method, path, headers: { ...headers, host } }, res => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', d => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, json: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
const form = new URLSearchParams({
  client_id: DEMO_CLIENT_ID,
  client_secret: DEMO_CLIENT_SECRET,
  grant_type: 'client_credentials',
}).toString();
const token = (host: string) =>
  send(host, 'POST', '/oauth/token', { 'content-type': 'application/x-www-form-urlencoded' }, form);

test('another Host (token, read, create) is refused with a 403 that says why; nothing is created', async () => {
  const rebound = `rebind.attacker.example:${s.port}`;
  const t = await token(rebound);
  assert.equal(t.status, 403);
  assert.equal(t.json.errors[0].code, 'host_not_allowed');
  assert.match(t.json.errors[0].message, /127\.0\.0\.1, localhost or \[::1\].*rebind\.attacker\.example/);
  assert.equal(t.json.access_token, undefined);
  const good = (await token(`127.0.0.1:${s.port}`)).json.access_token as string;
  const auth = { authorization: `Bearer ${good}`, 'content-type': 'application/json' };
  assert.equal((await send(rebound, 'GET', '/v2/accounts/A00000001', auth)).status, 403);
  assert.equal((await send(`127.0.0.1.nip.io:${s.port}`, 'GET', '/v1/accounts/A00000001', auth)).status, 403);
  const order = JSON.stringify(TEMPLATES.find(x => x.id === 'new-customer')!.body);
  const before = s.store.orders.size;
  const created = await send(rebound, 'POST', '/v2/orders', { ...auth, 'idempotency-key': 'rebind-1' }, order);
  assert.equal(created.status, 403);
  assert.equal(s.store.orders.size, before, 'no order was made');
  assert.equal((await send(rebound, 'GET', '/.sandbox/info')).status, 403, 'nor which process and data file');
});

test('loopback names are answered, with or without the port; the client sends one', async () => {
  for (const host of [`127.0.0.1:${s.port}`, `localhost:${s.port}`, `[::1]:${s.port}`, 'localhost', 'LOCALHOST'])
    assert.equal((await token(host)).status, 200, host);
  for (const baseUrl of [s.url, `http://localhost:${s.port}`]) {
    const c = new BillingClient({ baseUrl, clientId: DEMO_CLIENT_ID, clientSecret: DEMO_CLIENT_SECRET });
    try {
      assert.equal((await c.getAccount('A00000001')).status, 200, baseUrl);
    } finally {
      await c.close();
    }
  }
});
