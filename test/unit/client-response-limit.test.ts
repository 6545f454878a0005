// Issue 29 item 14: the client reads an answer up to a limit (default 64 MB; the setting
// billingWorkbench.maxResponseMB, the CLI's --max-response-mb), then stops with an error that names the limit
// and how to raise it. Before, an endless body was read until memory ran out (2.95 GB in 23 s).
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { once } from 'node:events';
import * as http from 'node:http';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import { ApiError, BillingClient } from '../../src/client';
import { runCli } from './cli';

let server: http.Server;
let url: string;
/** Bytes each endless answer had written when its connection closed (the client stopped reading). */
const written: number[] = [];
const MB = 1024 * 1024;
const CAP = 100 * MB;

before(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    if (req.url === '/oauth/token') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"access_token":"t0k3n","expires_in":3600}');
    }
    if (req.url === '/v2/accounts/DECLARED') {
      const body = `{"a":"${'x'.repeat(3 * MB)}"}`; // its length said first: refused before it is read
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
      return res.end(body);
    }
    // An endless body (for the test, 100 MB): chunks as fast as the client takes them, until it hangs up.
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    let open = true;
    const pump = () => {
      while (open && sent < CAP && res.write(chunk)) sent += chunk.length;
      if (sent >= CAP) res.end('"}'); // a client without a limit would read all of it
    };
    res.on('drain', pump);
    res.on('close', () => {
      open = false;
      written.push(sent);
      server.emit('answer-closed');
    });
    res.write('{"endless":"');
    pump();
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

const client = (maxResponseBytes?: number, surface?: 'cli' | 'editor') =>
  new BillingClient({ baseUrl: url, clientId: 'id', clientSecret: 'secret', maxResponseBytes, surface });

async function failureOf(c: BillingClient, account: string): Promise<ApiError> {
  try {
    await c.getAccount(account);
  } catch (e) {
    assert.ok(e instanceof ApiError, String(e));
    return e;
  } finally {
    await c.close();
  }
  assert.fail('an endless answer was read to its end');
}

test('an endless body stops at the limit with an error naming it and the setting that raises it', async () => {
  const e = await failureOf(client(2 * MB, 'editor'), 'A1');
  assert.equal(e.kind, 'network');
  assert.equal(e.retryable, false, 'not sent again: it would be as large again');
  assert.match(e.message, /GET \/v2\/accounts\/A1 is over 2 MB, the limit on one answer/);
  assert.match(e.message, /billingWorkbench\.maxResponseMB/);
  if (!written.length) await once(server, 'answer-closed'); // the client hung up: the server stops sending
  assert.ok(written[0] < 64 * MB, `${written[0]} bytes sent`);
});

test('the default limit is 64 MB', async () => {
  const e = await failureOf(client(), 'A2');
  assert.match(e.message, /over 64 MB/);
});

test('an answer that declares a length over the limit is refused before its body is read', async () => {
  const e = await failureOf(client(1 * MB), 'DECLARED');
  assert.match(e.message, /over 1 MB/);
});

test('the CLI: --max-response-mb sets the limit; the error says how to raise it (exit 1)', async () => {
  const env = { BILLING_CLIENT_ID: 'id', BILLING_CLIENT_SECRET: 'secret' };
  const file = 'examples/new-customer.preview.json';
  const r = await runCli(['preview', file, '--base-url', url, '--max-response-mb', '1.5'], env);
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /POST \/v2\/orders\/preview is over 1\.5 MB, the limit on one answer: not read\./);
  assert.match(r.stderr, /raise the limit with --max-response-mb/);
  const bad = await runCli(['preview', file, '--base-url', url, '--max-response-mb', '0'], env);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--max-response-mb must be a number of MB above 0/);
});

test('`test` with an answer over --max-response-mb: the step errors, the reports are written, no crash (exit 3)', async () => {
  // The embedded sandbox declares each answer's length: refused before its body is read, and nothing throws after.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-response-limit-'));
  try {
    const junit = path.join(dir, 'junit.xml');
    const scenario = path.resolve('examples/scenarios/pause-then-resume.scenario.json');
    const r = await runCli(['test', scenario, '--max-response-mb', '0.001', '--report', `junit=${junit}`]);
    assert.equal(r.status, 3, r.stdout + r.stderr);
    assert.doesNotMatch(r.stderr, /Unhandled 'error' event|at .*\(node:/, 'no stack trace');
    assert.match(r.stdout, /is over 1,04\d bytes, the limit on one answer/);
    assert.match(fs.readFileSync(junit, 'utf8'), /errors="1"/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
