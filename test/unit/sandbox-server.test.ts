// Issue 11 "The sandbox as a server": never a crash and never a 500 for what a client sends, slow clients
// time out, per-request maps stay bounded, huge quantities are a clear 400, and faults on demand.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as net from 'node:net';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, parseFaults, startSandbox, type Sandbox } from '../../src/sandbox';
import { TEMPLATES } from '../../src/schemas';

const template = (id: string) => structuredClone(TEMPLATES.find(t => t.id === id)!.body);
const preview = () => ({ metrics: ['delta_metrics'], ...template('preview') });
const order = () => template('new-customer');

async function tokenAt(url: string): Promise<string> {
  const form = new URLSearchParams({
    client_id: DEMO_CLIENT_ID,
    client_secret: DEMO_CLIENT_SECRET,
    grant_type: 'client_credentials',
  });
  const r = await fetch(`${url}/oauth/token`, { method: 'POST', body: form });
  return ((await r.json()) as { access_token: string }).access_token;
}
const tokenOf = (s: Sandbox) => tokenAt(s.url);
type Headers = Record<string, string>;
async function call(s: Sandbox, t: string, method: string, path: string, body?: unknown, extra: Headers = {}) {
  const headers = { Authorization: `Bearer ${t}`, 'Content-Type': 'application/json', ...extra };
  const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const r = await fetch(`${s.url}${path}`, { method, headers, body: text });
  const answer = await r.text();
  return { status: r.status, headers: r.headers, json: answer ? JSON.parse(answer) : undefined };
}

/** Sends raw bytes and resolves with what came back when the server closes (or within `deadlineMs`, failing). */
function raw(s: Sandbox, request: string, deadlineMs = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(s.port, '127.0.0.1', () => socket.write(request));
    let got = '';
    const deadline = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no end within ${deadlineMs} ms; got ${JSON.stringify(got)}`));
    }, deadlineMs);
    socket.on('data', d => (got += d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(deadline);
      resolve(got);
    });
  });
}
const statusOf = (response: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1]);

test('malformed request targets (//[, http://a:99999/) answer 400 and the sandbox keeps serving', async () => {
  const s = await startSandbox();
  try {
    for (const target of ['//[', 'http://a:99999/', 'http://[::1:80/v2/orders']) {
      const r = await raw(s, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      assert.equal(statusOf(r), 400, `${target}: ${r}`);
    }
    assert.equal((await call(s, await tokenOf(s), 'GET', '/v2/orders/O00000001')).status, 200, 'still serving');
  } finally {
    await s.close();
  }
});

test('bad percent-encoding in a path answers 400 naming it, not 500', async () => {
  const s = await startSandbox();
  try {
    const t = await tokenOf(s);
    for (const p of ['/v2/orders/%E0%A4%A', '/v2/accounts/%ZZ', '/object-query/accounts/%C0', '/v1/describe/%']) {
      const r = await call(s, t, 'GET', p);
      assert.equal(r.status, 400, `${p}: ${JSON.stringify(r.json)}`);
    }
  } finally {
    await s.close();
  }
});

test('a 100,000-deep or unterminated nested body answers 400 malformed_json, not 500', async () => {
  const s = await startSandbox();
  try {
    const t = await tokenOf(s);
    const deep = 100_000;
    const unterminated = `{"x": ${'['.repeat(5e3)}`;
    const bodies = ['['.repeat(deep) + ']'.repeat(deep), '{"a":'.repeat(deep), '['.repeat(deep), unterminated];
    for (const body of bodies) {
      const r = await call(s, t, 'POST', '/v2/orders/preview', body);
      assert.equal(r.status, 400, `${body.slice(0, 20)}: ${JSON.stringify(r.json).slice(0, 300)}`);
      assert.equal(r.json.errors[0].code, 'malformed_json');
    }
  } finally {
    await s.close();
  }
});

test('a client that sends headers but never a body is cut off at the request timeout; others are served', async () => {
  const s = await startSandbox({ maxConcurrent: 1, bodyTimeoutMs: 400, headersTimeoutMs: 300 });
  try {
    const t = await tokenOf(s);
    const head = `POST /v2/orders/preview HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${t}\r\nContent-Length: 100\r\n`;
    const slow = raw(s, `${head}Content-Type: application/json\r\n\r\n{`);
    const silent = raw(s, 'GET /v2/orders/O00000001 HTTP/1.1\r\nHost: 127.0.0.1\r\n'); // headers never end
    await Promise.all([slow, silent]); // both closed by the server (raw() fails past its deadline)
    assert.equal((await call(s, t, 'POST', '/v2/orders/preview', preview())).status, 201, 'the slot is free again');
  } finally {
    await s.close();
  }
});

test('maps that grow per request stay bounded: tokens, idempotency replies, volume summary paths', async () => {
  const s = await startSandbox({ limits: { tokens: 5, idempotencyKeys: 5, volumePaths: 5 } });
  try {
    const first = await tokenOf(s);
    for (let i = 0; i < 20; i++) await tokenOf(s);
    assert.equal((await call(s, first, 'GET', '/v2/orders/O00000001')).status, 401, 'the oldest token was forgotten');
    const t = await tokenOf(s);
    for (let i = 0; i < 20; i++) {
      const r = await call(s, t, 'POST', '/v2/orders/preview', preview(), { 'Idempotency-Key': `k${i}` });
      assert.equal(r.status, 201);
      await call(s, t, 'GET', `/v2/orders/nothing-${i}`);
    }
    const sizes = s.sizes();
    const bounded = sizes.tokens <= 5 && sizes.issued <= 5 && sizes.idempotencyKeys <= 5 && sizes.volumePaths <= 6;
    assert.ok(bounded, JSON.stringify(sizes));
    const summary = await call(s, t, 'GET', '/system-health/api-requests/volume-summary');
    const others = summary.json.data.find((d: { api: string }) => d.api === '(other paths)');
    assert.ok(others?.total > 10, JSON.stringify(summary.json.data));
  } finally {
    await s.close();
  }
});

test('a quantity of 1e308 answers a clear 400 naming the field, never null metrics', async () => {
  const s = await startSandbox();
  try {
    const t = await tokenOf(s);
    const body = preview() as unknown as {
      subscriptions: { subscription_plans: { prices?: { quantity?: number }[] }[] }[];
    };
    body.subscriptions[0].subscription_plans[0].prices![0].quantity = 1e308;
    const r = await call(s, t, 'POST', '/v2/orders/preview', body);
    assert.equal(r.status, 400, JSON.stringify(r.json).slice(0, 300));
    assert.equal(r.json.errors[0].parameter, 'subscriptions[0].subscription_plans[0].prices[0].quantity');
    assert.match(r.json.errors[0].message, /at most 1,000,000,000,000 in size/);
    const huge = { name: 'Huge', type: 'fee', unit_amount: 1e308, quantity: 10 };
    const fee = { account_number: 'A00000001', line_items: [huge] };
    const li = await call(s, t, 'POST', '/v2/orders', fee);
    assert.equal(li.status, 400);
    assert.equal(li.json.errors[0].parameter, 'line_items[0].unit_amount');
  } finally {
    await s.close();
  }
});

test('faults on demand: 429 and 503 with Retry-After, v2 or v1 shape (category 70); a timeout unanswered', async () => {
  const draws = [0.1, 0.1, 0.6, 0.6, 0.8, 0.95];
  const faults = parseFaults('429:0.5,503:0.25,timeout:0.125');
  const s = await startSandbox({ faults, random: () => draws.shift() ?? 0.99, faultTimeoutMs: 50 });
  try {
    const t = await tokenOf(s); // the token call draws no fault
    const ordersBefore = s.store.orderList.length;
    const v2 = await call(s, t, 'POST', '/v2/orders', order());
    assert.deepEqual([v2.status, v2.headers.get('retry-after')], [429, '1']);
    assert.deepEqual(v2.json, { type: 'too_many_requests', errors: [], retryable: true });
    assert.equal(s.store.orderList.length, ordersBefore, 'a faulted create creates nothing');
    const v1 = await call(s, t, 'GET', '/v1/catalog/products');
    assert.deepEqual([v1.status, v1.json.success, v1.json.reasons[0].code], [429, false, 50000070]);
    const unavailable = await call(s, t, 'POST', '/v2/orders/preview', preview());
    const got = [unavailable.status, unavailable.headers.get('retry-after'), unavailable.json.type];
    assert.deepEqual(got, [503, '1', 'service_unavailable']);
    assert.equal((await call(s, t, 'GET', '/v1/catalog/products')).json.reasons[0].code, 50000061);
    await assert.rejects(call(s, t, 'GET', '/v1/catalog/products'), 'a timeout fault is never answered');
    assert.equal((await call(s, t, 'GET', '/v1/catalog/products')).status, 200, 'past the faults: 0.95 draws none');
  } finally {
    await s.close();
  }
});

test('with latency the concurrency limit is reached: the request over it answers 429 with Retry-After', async () => {
  const s = await startSandbox({ latencyMs: 300, maxConcurrent: 2 });
  try {
    const t = await tokenOf(s);
    const statuses = await Promise.all([1, 2, 3].map(() => call(s, t, 'GET', '/v2/orders/O00000001')));
    const limited = statuses.filter(r => r.status === 429);
    assert.equal(limited.length, 1, JSON.stringify(statuses.map(r => r.status)));
    assert.equal(limited[0].headers.get('retry-after'), '1');
  } finally {
    await s.close();
  }
});

test('a --faults spec is checked: kinds, probabilities from 0 to 1, a total of at most 1', () => {
  assert.deepEqual(parseFaults('429:0.1,503:0.05,timeout:0.01'), [
    { kind: '429', probability: 0.1 },
    { kind: '503', probability: 0.05 },
    { kind: 'timeout', probability: 0.01 },
  ]);
  for (const bad of ['500:0.1', '429', '429:x', '429:1.5', '429:0.6,503:0.6', '429:0.1:2']) {
    assert.throws(() => parseFaults(bad), bad);
  }
});

test('node dist/cli.js sandbox --faults 429:1 --latency 1 answers 429; a bad --faults exits 2', async () => {
  const cli = (...args: string[]) =>
    spawn(process.execPath, ['dist/cli.js', 'sandbox', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const bad = cli('--faults', '418:0.5');
  let badErr = '';
  bad.stderr.on('data', d => (badErr += d));
  assert.equal(await new Promise(r => bad.on('exit', r)), 2);
  assert.match(badErr, /--faults: "418:0.5" is not a fault/);
  const p = cli('--faults', '429:1', '--latency', '1');
  const exited = new Promise(r => p.on('exit', r));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      p.stdout.once('data', d => {
        const m = /listening on (\S+)/.exec(String(d));
        if (m) resolve(m[1]);
        else reject(new Error(String(d)));
      });
      p.on('exit', () => reject(new Error('exited')));
    });
    const t = await tokenAt(url);
    const r = await fetch(`${url}/v2/orders/O00000001`, { headers: { Authorization: `Bearer ${t}` } });
    assert.equal(r.status, 429);
    assert.equal(r.headers.get('retry-after'), '1');
  } finally {
    p.kill('SIGTERM');
    await exited;
  }
});
