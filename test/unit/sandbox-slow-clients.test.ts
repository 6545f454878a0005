// Issue 20, item 1: clients that trickle a body must not starve the Local sandbox. A request takes one of
// the `maxConcurrent` slots only once it has arrived whole, and a body that arrives too slowly is answered
// 408 (in the family's error shape) and its connection closed.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as net from 'node:net';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, startSandbox, type Sandbox } from '../../src/sandbox';
import { within } from './waits';

const TOKEN_FORM = new URLSearchParams({
  client_id: DEMO_CLIENT_ID,
  client_secret: DEMO_CLIENT_SECRET,
  grant_type: 'client_credentials',
}).toString();

const tokenCall = (url: string) => fetch(`${url}/oauth/token`, { method: 'POST', body: TOKEN_FORM });
async function tokenAt(url: string): Promise<string> {
  return ((await (await tokenCall(url)).json()) as { access_token: string }).access_token;
}

/**
 * A client on a raw socket: sends `head` (the request line and headers), then `first`, then `byte` every
 * `everyMs` while `trickle` is set. `answer` resolves with all the server sent once it closes the connection.
 */
function slowClient(port: number, head: string, first: string, trickle: boolean, everyMs = 20, byte = ' ') {
  const socket = net.connect(port, '127.0.0.1');
  let got = '';
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  socket.on('data', d => (got += d));
  socket.on('error', () => undefined); // a reset after the answer is the server closing, checked by `answer`
  const answer = new Promise<string>(resolve =>
    socket.on('close', () => {
      closed = true;
      clearInterval(timer);
      resolve(got);
    }),
  );
  const sent = new Promise<void>(resolve =>
    socket.write(head + first, () => {
      if (trickle) timer = setInterval(() => socket.write(byte), everyMs);
      resolve();
    }),
  );
  return {
    sent,
    answer,
    state: () => ({ closed, got }),
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

const headOf = (method: string, path: string, headers: Record<string, string>) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

/** Status, headers (lower-case names) and JSON body of a raw HTTP/1.1 response. */
function parse(response: string) {
  const [head, body] = response.split('\r\n\r\n', 2);
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map(l => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]), headers, json: body ? JSON.parse(body) : {} };
}

/** How many requests to `method path` the sandbox has counted so far (its volume summary). */
async function counted(s: Sandbox, bearer: string, method: string, path: string): Promise<number> {
  const r = await fetch(`${s.url}/system-health/api-requests/volume-summary`, {
    headers: { Authorization: `Bearer ${bearer}` },
  });
  if (r.status !== 200) throw new Error(`the volume summary answered ${r.status}: ${await r.text()}`);
  const { data } = (await r.json()) as { data: { httpMethod: string; api: string; total: number }[] };
  return data.find(d => d.httpMethod === method && d.api === path)?.total ?? 0;
}

/** Resolves once `check` holds, asking again on each failure; fails naming `what` past `timeoutMs`. */
async function untilTrue(check: () => Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`gave up after ${timeoutMs} ms waiting for ${what}`);
  }
}

test('six clients trickling their bodies hold no slot: a fresh token request and an authenticated GET answer 200', async () => {
  const s = await startSandbox({ maxConcurrent: 4 });
  const bearer = await tokenAt(s.url);
  const head = headOf('POST', '/v2/orders/preview', {
    Authorization: `Bearer ${bearer}`,
    'Content-Type': 'application/json',
    'Content-Length': '100000',
  });
  const slow = Array.from({ length: 6 }, () => slowClient(s.port, head, '{', true));
  try {
    await within(Promise.all(slow.map(c => c.sent)), 5_000, 'the six slow clients to send their headers');
    await untilTrue(
      async () => (await counted(s, bearer, 'POST', '/v2/orders/preview')) === 6,
      'the sandbox to receive the six slow requests',
    );
    const token = await tokenCall(s.url);
    assert.equal(token.status, 200, `POST /oauth/token: ${await token.clone().text()}`);
    const fresh = ((await token.json()) as { access_token: string }).access_token;
    const get = await fetch(`${s.url}/v2/accounts/A00000001`, { headers: { Authorization: `Bearer ${fresh}` } });
    assert.equal(get.status, 200, `GET /v2/accounts/A00000001: ${await get.text()}`);
    for (const c of slow) assert.deepEqual(c.state(), { closed: false, got: '' }, 'the slow ones are still sending');
  } finally {
    for (const c of slow) c.stop();
    await s.close();
  }
});

test('a body trickled past the body time limit is answered 408 request_timeout (v2 shape) and the connection closed', async () => {
  const s = await startSandbox({ bodyTimeoutMs: 100 });
  const bearer = await tokenAt(s.url);
  const head = headOf('POST', '/v2/orders/preview', {
    Authorization: `Bearer ${bearer}`,
    'Content-Type': 'application/json',
    'Content-Length': '100000',
  });
  const c = slowClient(s.port, head, '{', true, 5);
  try {
    const r = parse(await within(c.answer, 5_000, 'the sandbox to end the trickling request'));
    assert.equal(r.status, 408);
    assert.equal(r.headers.connection, 'close');
    assert.equal(r.json.type, 'request_timeout');
    assert.equal(r.json.retryable, true);
    assert.match(r.json.errors[0].message, /did not arrive within 0\.1 s; send it again/);
    const again = await fetch(`${s.url}/v2/accounts/A00000001`, { headers: { Authorization: `Bearer ${bearer}` } });
    assert.equal(again.status, 200, 'the sandbox keeps serving');
  } finally {
    c.stop();
    await s.close();
  }
});

test('a body that stops arriving is answered 408 in the v1 shape on the token call, then the connection is closed', async () => {
  const s = await startSandbox({ bodyTimeoutMs: 100 });
  const head = headOf('POST', '/oauth/token', {
    'Content-Type': 'application/x-www-form-urlencoded',
    'Content-Length': String(TOKEN_FORM.length),
  });
  const c = slowClient(s.port, head, TOKEN_FORM.slice(0, 10), false); // the rest never comes
  try {
    const r = parse(await within(c.answer, 5_000, 'the sandbox to end the stalled request'));
    assert.equal(r.status, 408);
    assert.equal(r.json.success, false);
    assert.equal(r.json.reasons[0].code, 50000061, 'a temporary error: send it again');
  } finally {
    c.stop();
    await s.close();
  }
});

test('a request whose headers never end is closed at the headers time limit', async () => {
  const s = await startSandbox({ headersTimeoutMs: 100 });
  const c = slowClient(s.port, 'GET /v2/accounts/A00000001 HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: ', true, 5, 'a');
  try {
    const r = await within(c.answer, 5_000, 'the sandbox to close the connection');
    assert.equal(parse(r).status, 408, `node's bare 408, not ${JSON.stringify(r)}`);
  } finally {
    c.stop();
    await s.close();
  }
});

test('node dist/cli.js sandbox --body-timeout 100 answers a stalled body 408; a bad --headers-timeout exits 2', async () => {
  const cli = (...args: string[]) =>
    spawn(process.execPath, ['dist/cli.js', 'sandbox', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const bad = cli('--headers-timeout', '0');
  let badErr = '';
  bad.stderr.on('data', d => (badErr += d));
  assert.equal(await within(new Promise(r => bad.on('exit', r)), 10_000, 'the bad flag to exit'), 2);
  assert.match(badErr, /--headers-timeout takes a whole number >= 1, not "0"/);
  const p = cli('--port', '0', '--body-timeout', '100');
  const exited = new Promise(r => p.on('exit', r));
  try {
    const port = await within(
      new Promise<number>((resolve, reject) => {
        p.stdout.once('data', d => {
          const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(String(d));
          if (m) resolve(Number(m[1]));
          else reject(new Error(String(d)));
        });
        p.on('exit', () => reject(new Error('exited')));
      }),
      10_000,
      'the sandbox to listen',
    );
    const head = headOf('POST', '/oauth/token', { 'Content-Length': '50' });
    const c = slowClient(port, head, 'grant', false);
    const r = parse(await within(c.answer, 5_000, 'the sandbox to end the stalled request'));
    assert.equal(r.status, 408);
  } finally {
    p.kill('SIGTERM');
    await exited;
  }
});
