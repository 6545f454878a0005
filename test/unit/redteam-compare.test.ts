// Issue 20, red team B: Compare Across Connections. One payload goes to two connections at once; one side's
// credentials (client secret, tokens) must never reach the other host, whatever that host answers: a redirect
// to the other, an error echoing a token. Each host is a Local sandbox behind a small loopback proxy that
// records what it received, so every assertion is made from the server's side. The proxy gives each side its
// own client secret (the sandboxes share the demo one) and swaps it for the demo secret on the way in.
// connectionComparison.ts imports `vscode`: these tests drive the core it calls per side (BillingClient,
// invoke, historyRecord, RequestHistory.record with that side's redactor), not the service itself.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ApiError,
  BillingClient,
  checkBaseUrl,
  compareConnections,
  summarizePreview,
  type PreviewResponse,
} from '../../src/client';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, startSandbox, type Sandbox } from '../../src/sandbox';
import { TEMPLATES, type PreviewRequestBody } from '../../src/schemas';
import { describe as describeCall, invoke, type Call } from '../../src/services/calls';
import { historyRecord, type Outcome } from '../../src/services/historyRecords';
import { HISTORY_STATE_KEY, RequestHistory } from '../../src/services/requestHistory';
import { MemoryState } from './memoryState';

interface Seen {
  method: string;
  url: string;
  authorization?: string;
  body: string;
}

/** What the proxy does with a request: pass it on, answer a redirect, or answer an error echoing what it got. */
type Behaviour =
  | { kind: 'forward' }
  | { kind: 'redirect'; status: number; to: string; paths: RegExp }
  | { kind: 'echo'; paths: RegExp };

interface Host {
  url: string;
  sandbox: Sandbox;
  /** Every request the host received, in order. */
  seen: Seen[];
  close(): Promise<void>;
}

/** A Local sandbox behind a recording proxy that takes `secret` as its client secret. */
async function host(secret: string, behaviour: () => Behaviour = () => ({ kind: 'forward' })): Promise<Host> {
  const sandbox = await startSandbox();
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = req.url ?? '/';
      const authorization = req.headers.authorization;
      seen.push({ method: req.method ?? 'GET', url, body, ...(authorization ? { authorization } : {}) });
      const b = behaviour();
      if (b.kind === 'redirect' && b.paths.test(url)) {
        res.writeHead(b.status, { location: `${b.to}${url}`, 'content-length': 0 }).end();
        return;
      }
      if (b.kind === 'echo' && b.paths.test(url)) {
        const echo = JSON.stringify({ message: `Refused ${authorization} for ${body}`, received: { authorization } });
        res.writeHead(400, { 'content-type': 'application/json' }).end(echo);
        return;
      }
      const forwarded = body.replace(
        `client_secret=${encodeURIComponent(secret)}`,
        `client_secret=${DEMO_CLIENT_SECRET}`,
      );
      const headers = { ...req.headers } as Record<string, string>;
      delete headers.host;
      delete headers['content-length'];
      fetch(`${sandbox.url}${url}`, { method: req.method, headers, body: forwarded || undefined }).then(
        async r => {
          const text = await r.text();
          res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' }).end(text);
        },
        (e: Error) => res.writeHead(502).end(e.message),
      );
    });
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    sandbox,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>(resolve => server.close(() => resolve()));
      await sandbox.close();
    },
  };
}

const SECRET_A = 'secret-of-connection-A-4f1d';
const SECRET_B = 'secret-of-connection-B-9c2e';
const clientFor = (h: Host, clientSecret: string) =>
  new BillingClient({ baseUrl: h.url, clientId: DEMO_CLIENT_ID, clientSecret, retry: { maxTries: 1 } });

const previewCall = (): Extract<Call, { kind: 'preview' }> => ({
  kind: 'preview',
  file: 'a.preview.json',
  source: 'file:///a.preview.json',
  body: structuredClone(TEMPLATES.find(t => t.id === 'preview')!.body) as PreviewRequestBody,
});

/** Everything `h` received, as one text to search. */
const received = (h: Host) => JSON.stringify(h.seen);

/** One side as connectionComparison.side() runs it: send, then record the outcome with that side's redactor. */
async function side(client: BillingClient, name: string, history: RequestHistory, call: Call) {
  const connection = { id: name, name, kind: 'sandbox' as const, baseUrl: client.baseUrl };
  const record = (outcome: Outcome) =>
    history.record(historyRecord({ info: describeCall(call), connection }, call, outcome), client.redactor);
  try {
    const response = await invoke(client, call, new AbortController().signal);
    record({ response });
    return { response };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    record({ error: e, ms: 0 });
    return { error: e };
  }
}

describe('red team compare: one side never sends its credentials to the other host (held)', () => {
  test('both sides at once, twice, and again after both hosts revoke their tokens: each host sees only its own', async () => {
    const [a, b] = await Promise.all([host(SECRET_A), host(SECRET_B)]);
    const [ca, cb] = [clientFor(a, SECRET_A), clientFor(b, SECRET_B)];
    const history = new RequestHistory(new MemoryState());
    try {
      const round = () => Promise.all([side(ca, 'A', history, previewCall()), side(cb, 'B', history, previewCall())]);
      await round();
      await round();
      a.sandbox.revokeTokens();
      b.sandbox.revokeTokens();
      const [ra, rb] = await round(); // a 401 on each side: each renews its own token from its own host
      assert.ok(ra.response && rb.response, 'both sides answered');
      const body = previewCall().body;
      const c = compareConnections(
        summarizePreview(ra.response.data as PreviewResponse, body),
        summarizePreview(rb.response.data as PreviewResponse, body),
      );
      assert.equal(c.differences, 0, 'the same tenant data on both sides compares equal');

      const [tokensA, tokensB] = [a.sandbox.issuedTokens(), b.sandbox.issuedTokens()];
      assert.equal(tokensA.length, 2, 'A fetched a token, then a new one after the revocation');
      assert.equal(tokensB.length, 2);
      assert.ok(received(a).includes(SECRET_A) && received(b).includes(SECRET_B), 'each host got its own secret');
      for (const [h, others] of [
        [a, [SECRET_B, ...tokensB]],
        [b, [SECRET_A, ...tokensA]],
      ] as const) {
        for (const s of others) assert.ok(!received(h).includes(s), `${h.url} received ${s}`);
        const bearers = h.seen.flatMap(s => (s.authorization ? [s.authorization.replace('Bearer ', '')] : []));
        const own = h === a ? tokensA : tokensB;
        assert.ok(bearers.length >= 3 && bearers.every(t => own.includes(t)), 'only tokens this host issued');
      }
    } finally {
      await Promise.all([ca.close(), cb.close()]);
      await Promise.all([a.close(), b.close()]);
    }
  });

  for (const status of [301, 302, 303, 307, 308]) {
    test(`a ${status} from A's host to B's, on the token request or on the call: not followed, B receives nothing`, async () => {
      const b = await host(SECRET_B);
      let paths = /^\/oauth\/token/;
      const a = await host(SECRET_A, () => ({ kind: 'redirect', status, to: b.url, paths }));
      try {
        for (const redirected of [/^\/oauth\/token/, /^\/v2\//]) {
          paths = redirected;
          const ca = clientFor(a, SECRET_A);
          const e = await ca.preview(previewCall().body).then(
            () => assert.fail('a redirect is not a success'),
            (err: ApiError) => err,
          );
          await ca.close();
          assert.equal(e.status, status);
          assert.match(e.message, /a redirect .* which is not followed/);
          assert.deepEqual(b.seen, [], `B received ${received(b)}`);
        }
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  }

  test("an error on A echoing A's bearer token and body: masked in the error and in A's record; B's record is B's", async () => {
    const a = await host(SECRET_A, () => ({ kind: 'echo', paths: /^\/v2\// }));
    const b = await host(SECRET_B);
    const [ca, cb] = [clientFor(a, SECRET_A), clientFor(b, SECRET_B)];
    const state = new MemoryState();
    const history = new RequestHistory(state);
    try {
      const [ra, rb] = await Promise.all([
        side(ca, 'A', history, previewCall()),
        side(cb, 'B', history, previewCall()),
      ]);
      assert.ok(ra.error && rb.response, 'A refused, B answered');
      const [tokenA] = a.sandbox.issuedTokens();
      assert.ok(received(a).includes(tokenA), 'A received its token and echoed it');
      assert.ok(!JSON.stringify({ m: ra.error.message, b: ra.error.body }).includes(tokenA), ra.error.message);
      await history.flushed();
      const stored = state.saved.get(HISTORY_STATE_KEY) ?? '';
      assert.equal(JSON.parse(stored).length, 2, 'both sides are in the history');
      for (const s of [SECRET_A, SECRET_B, ...a.sandbox.issuedTokens(), ...b.sandbox.issuedTokens()]) {
        assert.ok(!stored.includes(s), `${s} is in the stored history`);
      }
    } finally {
      await Promise.all([ca.close(), cb.close()]);
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('red team compare: HTTPS for every host but loopback (held)', () => {
  const REFUSED = [
    'http://billing.example.com',
    'http://localhost.evil.example',
    'http://127.0.0.1.nip.io',
    'http://0.0.0.0:8080',
    'http://[::ffff:127.0.0.1]',
    'http://10.0.0.5',
    'ftp://127.0.0.1',
    'http://user:pass@127.0.0.1:1',
    'https://user:pass@billing.example.com',
  ];
  for (const url of REFUSED) {
    test(`${url} is refused before anything is sent`, () => {
      assert.throws(
        () => checkBaseUrl(url),
        (e: ApiError) => e.kind === 'config' && !e.message.includes('pass@'),
      );
    });
  }
  for (const url of ['http://127.0.0.1:9', 'http://localhost:9', 'http://[::1]:9', 'https://billing.example.com']) {
    test(`${url} is allowed`, () => {
      assert.doesNotThrow(() => checkBaseUrl(url));
    });
  }
});
