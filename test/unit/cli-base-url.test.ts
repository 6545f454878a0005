// --base-url as people write it: the v2 reference's server URL ends in /v2, so a URL with the service's path is
// refused before anything is sent, naming the URL to pass (the token request went to /v2/oauth/token, and a 401
// blamed the credentials). And a Local sandbox started by `sandbox` needs no credentials for preview and create,
// as for test and clock; a host that is not one still does.
import { test, describe, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { runCli } from './cli';
import { plainService } from './plainService';

let sb: Sandbox;
before(async () => {
  sb = await startSandbox();
});
after(() => sb.close());

/** A loopback server that notes every request it gets and answers 401, as a path the service lacks would. */
async function listening(): Promise<{ url: string; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(401, { 'content-type': 'application/json' }).end('{"type":"unauthorized","errors":[]}');
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>(resolve => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: `http://127.0.0.1:${port}`, seen, close };
}

const ORDER = 'examples/subscription-and-fee.order.json';
const CREDENTIALS = { BILLING_CLIENT_ID: 'id', BILLING_CLIENT_SECRET: 'secret' };

describe('--base-url is the host (and port) only', () => {
  test('with the service path (/v2, /v2/, /v1, a pasted endpoint): every command refuses it before any request, exit 2, naming the URL to pass', async () => {
    const server = await listening();
    try {
      const host = server.url;
      const runs: [string[], string][] = [
        [['preview', ORDER, '--base-url', `${host}/v2`], host],
        [['create', ORDER, '--base-url', `${host}/v2/`], host],
        [['test', 'examples/scenarios/pause-then-resume.scenario.json', '--base-url', `${host}/v1`], host],
        [['clock', '--base-url', `${host}/v2`], host],
        [['preview', ORDER, '--base-url', `${host}/billing/v2/orders/preview`], `${host}/billing`],
      ];
      for (const [args, corrected] of runs) {
        const r = await runCli(args, CREDENTIALS);
        const said = `${args.join(' ')}: ${r.stderr}`;
        assert.equal(r.status, 2, said);
        assert.match(r.stderr, /A base URL is the host \(and optional port\) only/, said);
        assert.ok(r.stderr.includes(`Change --base-url to ${corrected}.`), said);
        assert.doesNotMatch(r.stderr, /401|credentials? (are|is) wrong|Authentication failed/, said);
      }
      assert.deepEqual(server.seen, [], 'nothing was sent, not even the token request');
    } finally {
      await server.close();
    }
  });

  test('the host alone, with or without a trailing slash, is used as before', async () => {
    const r = await runCli(['preview', ORDER, '--base-url', `${sb.url}/`, '--format', 'json'], {
      BILLING_CLIENT_ID: sb.clientId,
      BILLING_CLIENT_SECRET: sb.clientSecret,
    });
    assert.equal(r.status, 0, r.stderr);
    assert.ok(JSON.parse(r.stdout).subscriptions.length > 0);
  });
});

describe('preview and create on a Local sandbox take its demo credentials, as test and clock do', () => {
  test('no BILLING_CLIENT_ID / _SECRET: preview answers and create makes the order, saying whose credentials', async () => {
    const preview = await runCli(['preview', ORDER, '--base-url', sb.url]);
    assert.equal(preview.status, 0, preview.stderr);
    assert.match(preview.stdout, /^subscription\s+action/);
    assert.match(preview.stderr, /Local sandbox at http:\/\/127\.0\.0\.1:\d+ with its demo credentials/);
    const created = await runCli(['create', ORDER, '--base-url', sb.url]);
    assert.equal(created.status, 0, created.stderr);
    const order = /created order (O\d{8})/.exec(created.stdout)![1];
    assert.ok(sb.store.orders.has(order), 'the order is in the sandbox that was named');
  });

  test('a host that is not a Local sandbox still needs them, with the same message (remote, or loopback that does not say it is one)', async () => {
    const plain = await plainService(sb.url);
    try {
      for (const url of ['https://billing.example.invalid', plain.url]) {
        for (const command of ['preview', 'create']) {
          const r = await runCli([command, ORDER, '--base-url', url]);
          assert.equal(r.status, 2, `${command} ${url}: ${r.stderr}`);
          assert.match(r.stderr, /--base-url needs BILLING_CLIENT_ID and BILLING_CLIENT_SECRET in the environment/);
        }
      }
    } finally {
      await plain.close();
    }
  });
});
