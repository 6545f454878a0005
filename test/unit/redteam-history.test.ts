// Issue 20, red team B: History. Everything the editor sends is recorded; nothing secret may survive into the
// stored record (the workspace state), whatever its spelling, encoding, nesting or size. Each test is one attack:
// "held" ones keep it held, "fixed" ones failed before the fix in src/client/redact.ts or requestHistory.ts.
// The store (services/requestHistory.ts) and historyRecord (services/historyRecords.ts) import no `vscode`,
// so they are tested here as the editor runs them; the History view's rendering is only testable in the editor.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { BillingClient, isSecretName, Redactor, toCurl } from '../../src/client';
import { operationCurl } from '../../src/payloads/operationCurl';
import { startSandbox } from '../../src/sandbox';
import { TEMPLATES, type PreviewRequestBody } from '../../src/schemas';
import { describe as describeCall, invoke, type Call } from '../../src/services/calls';
import { historyRecord } from '../../src/services/historyRecords';
import {
  HISTORY_STATE_KEY,
  MAX_VALUE_CHARS,
  RequestHistory,
  type RequestRecord,
} from '../../src/services/requestHistory';
import { MemoryState } from './memoryState';

/** This file is also the worker that redacts one adversarial text (see `redactsBeforeDeadline`). */
if (!isMainThread) {
  new Redactor().text(workerData as string);
  parentPort!.postMessage('done');
}

const LOCAL = { name: 'Local sandbox', kind: 'local' };
const SECRET = 'Zx9-sEcReT-vAlUe-417';

/** Records `r` with the client's redactor (which knows `known`) and returns what reached the workspace state. */
async function storedAfter(r: Partial<RequestRecord>, ...known: string[]): Promise<string> {
  const state = new MemoryState();
  const history = new RequestHistory(state);
  const redactor = new Redactor();
  for (const k of known) redactor.remember(k);
  history.record(
    { title: 'POST /v1/x', method: 'POST', path: '/v1/x', connection: LOCAL, request: {}, ...r },
    redactor,
  );
  await history.flushed();
  const stored = state.saved.get(HISTORY_STATE_KEY) ?? '';
  assert.ok(stored.includes('POST /v1/x'), 'the entry was stored');
  return stored;
}

const assertGone = (stored: string, ...secrets: string[]) => {
  for (const s of secrets) assert.ok(!stored.includes(s), `"${s.slice(0, 40)}" survived in ${stored.slice(0, 400)}`);
};

if (isMainThread) {
  describe('red team history: header names in any case (held)', () => {
    const NAMES = [
      'Authorization',
      'AUTHORIZATION',
      'proxy-authorization',
      'Cookie',
      'set-cookie',
      'X-Api-Key',
      'x-api-key',
      'X-API-KEY',
      'Api-Key',
      'X-Auth-Token',
      'X-Access-Token',
    ];
    for (const name of NAMES) {
      test(`header ${name}: its value is masked in the stored record`, async () => {
        const stored = await storedAfter({ request: { headers: { [name]: SECRET, Accept: 'application/json' } } });
        assertGone(stored, SECRET);
        assert.match(stored, /application\/json/, 'harmless headers are kept');
      });
    }
  });

  describe('red team history: secret fields of a body, any spelling (held, and fixed where marked)', () => {
    const FIELDS = [
      'client_secret',
      'clientSecret',
      'CLIENT-SECRET',
      'access_token',
      'accessToken',
      'refresh_token',
      'refreshToken',
      'password',
      'newPassword',
      'card_number',
      'cardNumber',
      'creditCardNumber',
      'cvv',
      'securityCode',
      'card_cvv', // fixed: cvv was matched only as a whole name
      'cardCvv', // fixed
      'passphrase', // fixed
      'googlePaymentToken', // fixed: a wallet's payment token is card data (v1 CreatePaymentMethodGooglePay…)
      'amazonPayToken', // fixed
    ];
    for (const field of FIELDS) {
      test(`body field ${field}: masked in the request, the call kept for Send Again and the answer`, async () => {
        const body = { name: 'Acme', nested: [{ [field]: SECRET }] };
        const stored = await storedAfter({
          request: { body },
          call: { kind: 'operation', operation: 'POST /v1/x', pathParams: {}, query: {}, body },
          answer: { echo: { [field]: SECRET } },
        });
        assertGone(stored, SECRET);
        assert.match(stored, /"Acme"/);
      });
    }

    // tokenId was here until issue 29: in the service's payment methods it is the gateway's payment token.
    test('names that only look alike stay readable: unique_token, account-key, signatureType', () => {
      for (const name of ['unique_token', 'account-key', 'signatureType', 'accountNumber']) {
        assert.equal(isSecretName(name), false, name);
      }
    });
  });

  describe('red team history: encodings and places (held)', () => {
    test('a form-encoded token request: client_secret and refresh_token masked, grant_type kept', async () => {
      const form = `grant_type=client_credentials&client_id=me&client_secret=${SECRET}&refresh_token=${SECRET}2`;
      const stored = await storedAfter({ request: { body: form } });
      assertGone(stored, SECRET);
      assert.match(stored, /grant_type=client_credentials/);
    });

    test('a query string, as the target path and as the query object: access_token and apiKey masked', async () => {
      const stored = await storedAfter({
        target: `/v1/x?page=2&access_token=${SECRET}&apiKey=${SECRET}`,
        request: { query: { access_token: SECRET, apiKey: SECRET, page: '2' } },
      });
      assertGone(stored, SECRET);
      assert.match(stored, /page=2/);
    });

    test("an error body echoing the client's own token: masked (the client's redactor knows its tokens)", async () => {
      const token = 'f3a9c2e1d4b5a6978877665544332211';
      const stored = await storedAfter(
        { status: 401, error: { message: `Invalid token ${token}`, body: { detail: `token ${token} expired` } } },
        token,
      );
      assertGone(stored, token);
    });

    test('JSON written inside a string: the secret inside is masked', async () => {
      const stored = await storedAfter({ answer: { raw: JSON.stringify({ password: SECRET }) } });
      assertGone(stored, SECRET);
    });

    test('a very long secret, and a secret at the end of a very long text, are masked', async () => {
      // Both under MAX_VALUE_CHARS together: a larger body would be kept as a note and prove nothing.
      const long = 'S'.repeat(90_000);
      const stored = await storedAfter({
        request: { body: { password: long, note: `${'x '.repeat(40_000)}password=${SECRET}` } },
      });
      assertGone(stored, long.slice(0, 1000), SECRET);
    });

    test('redacted before it is stored, not only when shown: the state after a reload has no secret', async () => {
      const state = new MemoryState();
      const history = new RequestHistory(state);
      history.record({
        title: 'POST /v1/payments',
        method: 'POST',
        path: '/v1/payments',
        connection: LOCAL,
        request: { body: { password: SECRET } },
      });
      await history.flushed();
      const reloaded = new RequestHistory(state);
      assert.equal(reloaded.entries().length, 1);
      assertGone(JSON.stringify(reloaded.entries()), SECRET);
      assertGone(state.saved.get(HISTORY_STATE_KEY) ?? '', SECRET);
    });

    test('Copy as cURL: an operation has a placeholder token; a sent request masks every credential header', () => {
      const curl = operationCurl({ method: 'POST', path: '/v1/payments' }, 'https://h.example');
      assert.match(curl, /Authorization: \*\*\*/);
      const sent = toCurl(
        {
          method: 'POST',
          url: `https://h.example/v1/x?apiKey=${SECRET}`,
          headers: { AUTHORIZATION: `Bearer ${SECRET}`, 'X-Api-Key': SECRET, Cookie: `sid=${SECRET}` },
          body: JSON.stringify({ card: { cvv: '123', number: '4111111111111111' } }),
        },
        new Redactor(),
      );
      assertGone(sent, SECRET, '"123"', '4111111111111111');
    });
  });

  describe('red team history: attacks that worked (fixed)', () => {
    test('a secret-named field holding a list or an object: every value inside is masked', async () => {
      const stored = await storedAfter({
        request: { body: { client_secret: [SECRET], password: { value: SECRET }, access_token: { v: [SECRET] } } },
      });
      assertGone(stored, SECRET);
    });

    test('JSON quoted inside a JSON string (an error quoting the body it refused): the secret is masked', async () => {
      const refused = JSON.stringify({ client_secret: SECRET, password: SECRET });
      const message = `HTTP 400: ${JSON.stringify({ message: `cannot read ${refused}` })}`;
      const stored = await storedAfter({ error: { message } });
      assertGone(stored, SECRET);
      assert.match(stored, /cannot read/);
    });

    test('Authorization with a scheme other than Bearer/Basic/Digest, written as text: the credential is masked', async () => {
      for (const scheme of ['Token', 'SSWS', 'ApiKey']) {
        const stored = await storedAfter({ error: { message: `Rejected header Authorization: ${scheme} ${SECRET}` } });
        assertGone(stored, SECRET);
      }
    });

    test("a presigned download URL in an answer (the reference's object-query file): its token and signature are masked", async () => {
      const url =
        `https://bucket.s3.us-west-2.amazonaws.com/result.dsv?X-Amz-Security-Token=${SECRET}` +
        `&X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=${SECRET}2`;
      const stored = await storedAfter({ answer: { file: { url } } });
      assertGone(stored, SECRET);
      assert.match(stored, /X-Amz-Algorithm=AWS4-HMAC-SHA256/);
    });

    test('a body nested deeper than the redaction walks: masked below, never stored as it came', async () => {
      let deep: unknown = { password: SECRET, card: '4111111111111111' };
      for (let i = 0; i < 300; i++) deep = { a: deep };
      const stored = await storedAfter({ request: { body: deep } });
      assertGone(stored, SECRET, '4111111111111111');
    });

    test('a __proto__ key in a body is kept as the field it is (not turned into the copy’s prototype)', () => {
      const body = JSON.parse('{"__proto__":{"password":"p4ss-w0rd"},"name":"Acme"}') as unknown;
      const out = new Redactor().json(body);
      assert.deepEqual(Object.keys(out as object), ['__proto__', 'name']);
      assert.equal(JSON.stringify(out), '{"__proto__":{"password":"***"},"name":"Acme"}');
    });

    test('an answer or error body nested too deep to save is kept as a note; recording never throws', async () => {
      const deep = JSON.parse(`${'['.repeat(20_000)}${']'.repeat(20_000)}`) as unknown;
      const stored = await storedAfter({ answer: deep, request: { body: deep }, error: { message: 'x', body: deep } });
      assert.match(stored, /nested too deep to save/);
      assert.match(stored, /"masked":true/, 'Send Again asks first: the note would be sent, not the body');
    });

    test(`an error body over ${MAX_VALUE_CHARS.toLocaleString('en-US')} characters is kept as a note, like an answer`, async () => {
      const stored = await storedAfter({ error: { message: 'Bad gateway', body: 'x'.repeat(MAX_VALUE_CHARS + 1) } });
      assert.match(stored, /Not kept in the history: [\d,]+ characters/);
      assert.ok(stored.length < 10_000);
    });
  });

  describe('red team history: text shaped to make the redaction backtrack (fixed: each ran past the deadline)', () => {
    // The redaction runs on the extension host's thread: a quadratic pattern on a long answer froze the editor.
    // Each text is redacted in a worker; the deadline is far above the linear time (tens of milliseconds) and far
    // below the quadratic one, so the test fails on a regression instead of hanging.
    const SIZE = 400_000;
    const TEXTS: [string, string][] = [
      ['dotted words (a URL scheme scanned from each word)', 'a.'],
      ['dashes between JWT starts', 'eyJ-'],
      ['a run of backslashes (guards the escaped-quote pattern added with these fixes)', '\\'],
      ['dashed secret-like words', 'x-secret-'],
    ];
    for (const [name, unit] of TEXTS) {
      test(`${name}: redacted before the deadline`, async () => {
        assert.equal(await redactsBeforeDeadline(unit.repeat(SIZE / unit.length), 10_000), true);
      });
    }
  });

  test('end to end on a Local sandbox: the recorded preview keeps no client secret and no token (held)', async () => {
    const sb = await startSandbox();
    const client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
    try {
      const body = structuredClone(TEMPLATES.find(t => t.id === 'preview')!.body) as PreviewRequestBody;
      const call: Call = { kind: 'preview', file: 'a.preview.json', source: 'file:///a.preview.json', body };
      const response = await invoke(client, call, new AbortController().signal);
      const state = new MemoryState();
      const history = new RequestHistory(state);
      const connection = { id: 'local', name: 'Local sandbox', kind: 'local' as const, baseUrl: sb.url };
      history.record(historyRecord({ info: describeCall(call), connection }, call, { response }), client.redactor);
      await history.flushed();
      const stored = state.saved.get(HISTORY_STATE_KEY) ?? '';
      assert.match(stored, /"authorization":"\*\*\*"/, 'the sent headers are in the record, masked');
      assertGone(stored, sb.clientSecret, ...sb.issuedTokens());
    } finally {
      await client.close();
      await sb.close();
    }
  });
}

/** Redacts `text` in a worker (this file); true when it finished before `ms`, false when it had to be stopped. */
function redactsBeforeDeadline(text: string, ms: number): Promise<boolean> {
  const worker = new Worker(__filename, { workerData: text, execArgv: [] });
  return new Promise<boolean>((resolve, reject) => {
    const deadline = setTimeout(() => resolve(false), ms);
    worker.once('message', () => resolve(true));
    worker.once('error', reject);
    worker.once('exit', () => clearTimeout(deadline));
  }).finally(() => worker.terminate());
}
