// The client over real HTTP against the local sandbox on loopback.
import { test, describe, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import { BillingClient, ApiError, decodeCode, type ClientOptions } from '../../src/client';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox';
import { TEMPLATES, type OrderRequestBody, type PreviewRequestBody } from '../../src/schemas';
import { gate } from './waits';

const logs: string[] = [],
  messages: string[] = [],
  curls: string[] = [];
const sandboxes: Sandbox[] = [];
const clients: BillingClient[] = [];
const body = (id: string) => structuredClone(TEMPLATES.find(t => t.id === id)!.body);

async function setup(sbOpts: SandboxOptions = {}, clientOpts: Partial<ClientOptions> = {}) {
  const sb = await startSandbox(sbOpts);
  sandboxes.push(sb);
  const client = new BillingClient({
    baseUrl: sb.url,
    clientId: sb.clientId,
    clientSecret: sb.clientSecret,
    log: l => logs.push(l),
    ...clientOpts,
  });
  clients.push(client);
  return { sb, client };
}
async function rejects(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof ApiError, String(e));
    messages.push(e.message);
    return e;
  }
  assert.fail('expected an ApiError');
}

after(async () => {
  // No secret, no token, in any log line, error message or cURL string produced by the whole suite.
  const secrets = [...new Set(sandboxes.flatMap(s => [s.clientSecret, ...s.issuedTokens()]))];
  assert.ok(secrets.length > 5 && logs.length > 50 && messages.length > 3 && curls.length > 0);
  for (const line of [...logs, ...messages, ...curls])
    for (const s of secrets) assert.ok(!line.includes(s), `secret leaked in: ${line}`);
  await Promise.all(clients.map(c => c.close()));
  await Promise.all(sandboxes.map(s => s.close()));
});

describe('client: tokens', () => {
  test('a token is cached, and renewed before its life runs out: no call meets an expired token', async () => {
    let clock = 1_000_000;
    const now = () => clock;
    const { sb, client } = await setup({ tokenTtlSeconds: 2, now }, { now });
    await client.getAccount('A00000001');
    await client.getAccount('A00000001');
    assert.equal(client.tokens.requests, 1, 'cached');
    clock += 1_900; // the sandbox still takes the first token; the client renews ahead of expiry anyway
    assert.equal((await client.getAccount('A00000001')).status, 200);
    assert.equal(client.tokens.requests, 2, 'renewed ahead of expiry, not after a 401');
    clock += 1_900; // the first token has expired by now; the second is renewed ahead of its own expiry
    assert.equal((await client.getAccount('A00000001')).status, 200);
    assert.equal(client.tokens.requests, 3);
    assert.equal(sb.issuedTokens().length, 3);
  });
  test('a token the service reports expired (a clock ahead of ours) is renewed once and the call retried', async () => {
    let serviceClock = 1_000_000;
    const { sb, client } = await setup({ tokenTtlSeconds: 2, now: () => serviceClock }, { now: () => 1_000_000 });
    await client.getAccount('A00000001');
    serviceClock += 2_100;
    const r = await client.getAccount('A00000001');
    assert.equal(r.status, 200);
    assert.equal(r.attempts, 1, 'the renewal does not count as a try');
    assert.equal(sb.issuedTokens().length, 2);
  });
  test('50 concurrent calls make exactly one token request', async () => {
    const { sb, client } = await setup({ maxConcurrent: 100 });
    const rs = await Promise.all(Array.from({ length: 50 }, () => client.getAccount('A00000001')));
    assert.ok(rs.every(r => r.status === 200));
    assert.equal(sb.issuedTokens().length, 1);
  });
  test('a 401 renews the token once and retries once', async () => {
    const { sb, client } = await setup();
    await client.getAccount('A00000001');
    sb.revokeTokens();
    assert.equal((await client.getAccount('A00000001')).status, 200);
    assert.equal(sb.issuedTokens().length, 2);
  });
  test('bad credentials: one ApiError that says what to do, category 11', async () => {
    const { sb } = await setup();
    const bad = new BillingClient({
      baseUrl: sb.url,
      clientId: sb.clientId,
      clientSecret: 'wrong-secret-value',
      log: l => logs.push(l),
      surface: 'editor',
    });
    clients.push(bad);
    const e = await rejects(bad.getAccount('A00000001'));
    assert.equal(e.status, 401);
    assert.equal(e.category, 11);
    assert.match(e.message, /Authentication failed.*Sign In/);
    assert.ok(!e.message.includes('wrong-secret-value'));
  });
});

describe('client: errors and retries', () => {
  test("v1 codes split into resource code and category with the spec's advice", async () => {
    assert.deepEqual(decodeCode(53100320), {
      code: 53100320,
      valid: true,
      resourceCode: 531003,
      category: 20,
      categoryName: 'Invalid format or value',
      action: 'Correct the field named in the message.',
    });
    const { client } = await setup();
    const e = await rejects(
      client.send({ method: 'GET', path: '/v1/describe/{object}' }, { pathParams: { object: 'Acount' } }),
    );
    assert.equal(e.status, 404);
    assert.deepEqual([e.v1![0].resourceCode, e.v1![0].category, e.v1![0].categoryName], [500000, 40, 'Not found']);
    assert.ok(e.requestId);
  });
  test('v2 errors: type, code, parameter in the message', async () => {
    const { client } = await setup();
    const b = body('preview') as PreviewRequestBody;
    (b.account_data as { currency: string }).currency = 'usd';
    const e = await rejects(client.preview(b));
    assert.equal(e.v2!.errors[0].parameter, 'account_data.currency');
    assert.match(e.message, /400 bad_request, invalid_parameter\): account_data\.currency: /);
    assert.equal(e.retryable, false);
  });
  test('Retry-After is honoured on 429 (v2) and on category 70 (v1); a POST without a key is not retried', async () => {
    let hold = true;
    let arrived = gate('the slow catalog call to hold the only slot');
    const delay = (_m: string, p: string) => {
      if (p !== '/v1/catalog/products') return 0;
      arrived.open();
      return hold ? 1500 : 0;
    };
    const waits: number[] = [];
    const { client } = await setup({ maxConcurrent: 1, delay }, { onRetry: d => waits.push(d) });
    await client.getAccount('A00000001'); // token first
    const busy = client.send({ method: 'GET', path: '/v1/catalog/products' });
    await arrived.wait();
    hold = false;
    const [v2, v1] = [await client.getOrder('O00000001'), await client.queryAccounts({ pageSize: 1 })];
    assert.equal(v2.status, 200);
    assert.ok(v2.attempts >= 2 && v1.attempts >= 1);
    assert.ok(waits.length >= 1 && waits.every(w => w === 1000), `waited exactly Retry-After: ${waits}`);
    // a POST without an Idempotency-Key is never retried
    hold = true;
    arrived = gate('a second slow call to hold the slot');
    const slow = client.send({ method: 'GET', path: '/v1/catalog/products' });
    await arrived.wait();
    const retriesBefore = waits.length;
    const e = await rejects(client.preview(body('preview') as PreviewRequestBody));
    assert.equal(e.status, 429);
    assert.equal(waits.length, retriesBefore, 'not retried');
    hold = false;
    await Promise.all([busy, slow]);
  });
  test('create with a key survives an injected timeout without creating two orders', async () => {
    let first = true;
    const { sb, client } = await setup(
      { delay: (m, p) => (m === 'POST' && p === '/v2/orders' && first ? ((first = false), 1200) : 0) },
      { totalTimeoutMs: 400, retry: { maxTries: 8, maxTotalMs: 15_000 } },
    );
    const b = body('new-customer') as OrderRequestBody;
    b.account_data!.name = 'Timeout Test Ltd';
    const before = sb.store.orderList.length;
    const r = await client.createOrder(b);
    assert.equal(r.status, 200);
    assert.ok(r.attempts >= 2, `retried (${r.attempts} attempts)`);
    const orders = (await client.queryOrders({ pageSize: 99 })).data.data;
    const accounts = (await client.queryAccounts({ pageSize: 99 })).data.data.filter(
      a => a.name === 'Timeout Test Ltd',
    );
    assert.equal(accounts.length, 1, 'one account created');
    assert.equal(
      orders.filter(o => o.accountId === sb.store.accounts.get(accounts[0].accountNumber)?.id).length,
      1,
      'one order created',
    );
    assert.equal(sb.store.orderList.length, before + 1);
  });
  test('cancellation aborts a call in flight', async () => {
    const inFlight = gate('the call to reach the sandbox');
    const delay = (_m: string, p: string) => {
      if (p !== '/v1/catalog/products') return 0;
      inFlight.open();
      return 3000;
    };
    const { client } = await setup({ delay });
    const ac = new AbortController();
    const p = client.send({ method: 'GET', path: '/v1/catalog/products' }, { signal: ac.signal });
    await inFlight.wait();
    ac.abort();
    const e = await rejects(p);
    assert.equal(e.kind, 'cancelled');
  });
  test('a host that is down: a network error that names what to check', async () => {
    const srv = net.createServer();
    await new Promise<void>(r => srv.listen(0, '127.0.0.1', () => r()));
    const port = (srv.address() as net.AddressInfo).port;
    await new Promise(r => srv.close(r));
    const c = new BillingClient({
      baseUrl: `http://127.0.0.1:${port}`,
      clientId: 'x',
      clientSecret: 'secret-for-down-host',
    });
    clients.push(c);
    const e = await rejects(c.getOrder('O1'));
    assert.equal(e.kind, 'network');
    assert.match(e.message, /connection refused.*base URL/);
  });
  test('plain http to a host other than loopback is refused', () => {
    assert.throws(
      () => new BillingClient({ baseUrl: 'http://billing.example.com', clientId: 'x', clientSecret: 'y' }),
      (e: ApiError) => e.kind === 'config' && /HTTPS is required/.test(e.message),
    );
    assert.doesNotThrow(() =>
      new BillingClient({ baseUrl: 'https://billing.example.com', clientId: 'x', clientSecret: 'y' }).close(),
    );
  });
  test('copy as cURL is redacted', async () => {
    const { client } = await setup();
    const b = body('new-account') as Record<string, unknown>;
    const card = {
      card_number: '4111111111111111',
      brand: 'visa',
      security_code: '123',
      expiry_month: 12,
      expiry_year: 2030,
    };
    b.payment_method = { type: 'card', card }; // a preview's account_data takes no payment method: create the account
    const r = await client.createAccount(b as never);
    const curl = client.curl(r.request);
    curls.push(curl);
    assert.match(curl, /authorization: \*\*\*/i);
    assert.ok(!curl.includes('4111111111111111') && !curl.includes('"123"'), curl);
  });
  test('service-version goes on v1 calls only, and an unsupported value is warned about', async () => {
    const warnings: string[] = [];
    const { sb } = await setup();
    const c = new BillingClient({
      baseUrl: sb.url,
      clientId: sb.clientId,
      clientSecret: sb.clientSecret,
      serviceVersion: '190.0',
      log: (l, lvl) => {
        logs.push(l);
        if (lvl === 'warn') warnings.push(l);
      },
    });
    clients.push(c);
    assert.match(warnings[0], /190\.0 is not supported.*186\.0/);
    const r = await c.send({ method: 'GET', path: '/v1/catalog/products' });
    assert.equal(r.request.headers['service-version'], '190.0');
    assert.equal((await c.getAccount('A00000001')).request.headers['service-version'], undefined);
  });
});
