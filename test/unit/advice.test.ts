// Each surface gives its own advice: the CLI never names editor commands or settings, the editor never
// names environment variables or flags; a Local sandbox 501 says to use a real environment, in the words
// of the surface that asked.
import { test, describe, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { allAdvice, ApiError, BillingClient, checkBaseUrl, type Surface } from '../../src/client';
import { httpError, networkError, unexpectedAnswer } from '../../src/client/errors';
import { startSandbox, type Sandbox } from '../../src/sandbox';

const SURFACES: Surface[] = ['editor', 'cli'];
/** What a surface must never say: the other surface's commands, settings, variables and flags. */
const FOREIGN: Record<Surface, RegExp> = {
  cli: /Billing: |\bsetting\b|Sign In|Switch Connection|connection's base URL/,
  editor: /BILLING_|HTTPS?_PROXY|NO_PROXY|NODE_EXTRA_CA_CERTS|(^|\s)--[a-z]/,
};
const URL_ = 'https://billing.example.com/v1/accounts/A-1';

/** Every error the client builds whose words depend on the surface, as message and advice. */
function failures(surface: Surface): { name: string; text: string }[] {
  const errs: [string, () => ApiError][] = [
    ['401 v2', () => httpError('GET', URL_, 401, {}, { type: 'unauthorized', errors: [] }, surface)],
    [
      '401 v1 category 11',
      () =>
        httpError('POST', URL_, 401, {}, { success: false, reasons: [{ code: 90000011, message: 'No.' }] }, surface),
    ],
    [
      '501 not served locally',
      () =>
        httpError(
          'GET',
          URL_,
          501,
          { 'local-sandbox': 'not-served' },
          { success: false, reasons: [{ code: 50000045, message: 'Not served.' }] },
          surface,
        ),
    ],
    ['3xx', () => unexpectedAnswer('GET', URL_, 302, { location: 'https://login.example.com/x' }, '', surface)],
    ...['ECONNREFUSED', 'ENOTFOUND', 'ECONNRESET', 'UND_ERR_CONNECT_TIMEOUT', 'TimeoutError', 'CERT_HAS_EXPIRED'].map(
      code => [code, () => networkError('GET', URL_, { code }, 30_000, surface)] as [string, () => ApiError],
    ),
    ...[
      'not a url',
      'http://billing.example.com',
      'https://u:p@billing.example.com',
      'ftp://127.0.0.1:1',
      'https://billing.example.com/v2',
    ].map(
      url =>
        [
          `base URL ${url}`,
          () => {
            try {
              checkBaseUrl(url, surface);
            } catch (e) {
              return e as ApiError;
            }
            assert.fail(`${url} is refused`);
          },
        ] as [string, () => ApiError],
    ),
  ];
  return errs.map(([name, make]) => {
    const e = make();
    return { name, text: `${e.message} | ${e.advice ?? ''}` };
  });
}

describe('advice per surface', () => {
  for (const surface of SURFACES) {
    test(`${surface}: no text names the other surface's commands, settings, variables or flags`, () => {
      const texts = [...allAdvice(surface).map(text => ({ name: 'advice', text })), ...failures(surface)];
      for (const { name, text } of texts) assert.doesNotMatch(text, FOREIGN[surface], `${surface} ${name}: ${text}`);
    });
  }
  test('the editor names its command or setting where the CLI names its variable or flag', () => {
    const text = (surface: Surface, name: string) => failures(surface).find(f => f.name === name)!.text;
    assert.match(text('editor', '401 v2'), /Billing: Sign In/);
    assert.match(text('cli', '401 v2'), /BILLING_CLIENT_ID and BILLING_CLIENT_SECRET/);
    assert.match(text('editor', 'ECONNREFUSED'), /Billing: Switch Connection/);
    assert.match(text('cli', 'ECONNREFUSED'), /--base-url/);
    assert.match(text('editor', 'ENOTFOUND'), /setting http\.proxy/);
    assert.match(text('cli', 'ENOTFOUND'), /HTTPS_PROXY/);
    assert.match(text('editor', 'TimeoutError'), /billingWorkbench\.requestTimeoutSeconds/);
    assert.match(text('cli', 'base URL https://u:p@billing.example.com'), /BILLING_CLIENT_ID/);
    assert.match(text('editor', 'base URL https://u:p@billing.example.com'), /Sign In/);
  });
});

describe('a Local sandbox 501 (an operation it does not serve), over HTTP', () => {
  let sb: Sandbox;
  const clients: BillingClient[] = [];
  after(async () => {
    for (const c of clients) await c.close();
    await sb?.close();
  });
  const fail = async (surface?: Surface) => {
    sb ??= await startSandbox();
    const c = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret, surface });
    clients.push(c);
    try {
      await c.send(
        { method: 'PUT', path: '/v1/credit-memos/{creditMemoKey}/cancel-async' },
        { pathParams: { creditMemoKey: 'CM-1' } },
      );
    } catch (e) {
      assert.ok(e instanceof ApiError);
      return e;
    }
    assert.fail('the Local sandbox does not serve the asynchronous cancel (the contract has no answer for it)');
  };
  test('says to use a real environment, in each surface\'s words, never "fix the endpoint"', async () => {
    const editor = await fail('editor');
    assert.equal(editor.status, 501);
    assert.equal(editor.next, 'realEnvironment');
    assert.match(editor.advice!, /Switch to a real environment \(Billing: Switch Connection\)/);
    const cli = await fail('cli');
    assert.match(cli.message, /not served by the local sandbox\. Use --base-url with a real environment/);
    const neutral = await fail();
    assert.match(neutral.advice!, /Use a real environment/);
    for (const e of [editor, cli, neutral]) {
      assert.doesNotMatch(`${e.message} ${e.advice}`, /Fix the endpoint|to support/, 'nothing for support to fix');
    }
  });
  test('a 405 (a path served with another method) still says to fix the method: not every 45 is a 501', async () => {
    sb ??= await startSandbox();
    const c = new BillingClient({
      baseUrl: sb.url,
      clientId: sb.clientId,
      clientSecret: sb.clientSecret,
      surface: 'cli',
    });
    clients.push(c);
    const e = await c.send({ method: 'DELETE', path: '/v1/catalog/products' }, {}).then(
      () => assert.fail('DELETE is not served'),
      (x: ApiError) => x,
    );
    assert.equal(e.status, 405);
    assert.equal(e.next, undefined);
    assert.match(e.advice!, /Fix the endpoint or the HTTP method/);
  });
});

test('a v2 failure says what to do in the panel: by its status and code, naming the parameter', () => {
  const v2 = (status: number, code: string, parameter?: string) =>
    httpError('POST', URL_, status, {}, { type: 'x', errors: [{ code, message: 'No.', parameter }] }, 'editor').advice;
  assert.equal(v2(400, 'missing_parameter', 'bill_to.last_name'), 'Add "bill_to.last_name".');
  assert.equal(v2(400, 'unknown_parameter', 'colour'), 'Remove "colour".');
  assert.equal(v2(400, 'invalid_parameter', 'filter[]'), 'Correct "filter[]" as the message says, then send again.');
  assert.match(v2(404, 'not_found')!, /Check the id: it may be mistyped, deleted, or from another environment/);
  assert.match(v2(400, 'invalid_state')!, /Read the object first \(GET\) to see its status/);
  assert.match(v2(403, 'forbidden')!, /permission/);
  assert.match(v2(500, 'server_error')!, /try again later/);
});

describe('the texts each surface writes itself', () => {
  const sources = (dirs: string[]) =>
    dirs.flatMap(d =>
      fs.statSync(d).isFile()
        ? [d]
        : fs
            .readdirSync(d, { recursive: true, encoding: 'utf8' })
            .filter(f => f.endsWith('.ts'))
            .map(f => path.join(d, f)),
    );
  /** String literals and template texts only: comments may say anything. */
  const literals = (file: string) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`|"(?:[^"\\\n]|\\.)*"/g)].map(
      m => m[0],
    );
  test('the CLI and the core it prints never name an editor command', () => {
    const files = sources(['src/cli.ts', 'src/cli', 'src/client', 'src/sandbox', 'src/payloads', 'src/catalog']);
    const named = files.flatMap(f =>
      literals(f)
        .filter(l => /Billing: [A-Z]/.test(l))
        .map(l => `${f}: ${l}`),
    );
    assert.deepEqual(
      named.filter(n => !n.startsWith(path.join('src', 'client', 'advice.ts'))),
      [],
    );
  });
  test('the editor never names an environment variable or a CLI flag', () => {
    const files = sources(['src/services', 'src/commands', 'src/connections', 'src/views', 'src/languageFeatures']);
    const named = files.flatMap(f =>
      literals(f)
        .filter(l => FOREIGN.editor.test(l))
        .map(l => `${f}: ${l}`),
    );
    assert.deepEqual(named, []);
  });
});

test('a base URL of another scheme on loopback is told HTTPS, or http on this machine; never that loopback needs HTTPS', () => {
  for (const url of ['ftp://127.0.0.1:1', 'ws://localhost:8080']) {
    assert.throws(
      () => checkBaseUrl(url, 'cli'),
      (e: ApiError) => /the service speaks HTTPS.*\(or http:\/\/\S+ on this machine\)/.test(e.message),
      url,
    );
  }
  assert.throws(
    () => checkBaseUrl('ftp://billing.example.com', 'cli'),
    /Change --base-url to https:\/\/billing\.example\.com\.$/,
  );
});

test("a base URL with the service's path is refused naming the host to pass; the host alone, or a gateway's path, is kept", () => {
  // The v2 reference lists its servers with /v2 (https://rest.sandbox.na.zuora.com/v2): the client adds /v2 itself.
  const refused: [string, string][] = [
    ['https://rest.sandbox.na.zuora.com/v2', 'https://rest.sandbox.na.zuora.com'],
    ['https://billing.example.com/v1', 'https://billing.example.com'],
    ['http://127.0.0.1:8080/v2/', 'http://127.0.0.1:8080'],
    ['http://localhost:8080/oauth/token', 'http://localhost:8080'],
    ['https://gw.example.com/billing/V2/orders/preview', 'https://gw.example.com/billing'],
    ['https://billing.example.com/?tenant=1', 'https://billing.example.com'],
  ];
  for (const [url, corrected] of refused) {
    for (const [surface, place] of [
      ['cli', '--base-url'],
      ['editor', "the connection's base URL"],
    ] as const) {
      assert.throws(
        () => checkBaseUrl(url, surface),
        (e: ApiError) =>
          e.kind === 'config' &&
          e.message.includes('A base URL is the host (and optional port) only') &&
          e.message.endsWith(`Change ${place} to ${corrected}.`),
        `${url} (${surface})`,
      );
    }
  }
  // Never cry wolf: the v1 reference's servers are hosts, and a path in front of the service is the user's.
  for (const url of [
    'https://rest.sandbox.na.zuora.com',
    'https://rest.test.eu.zuora.com/',
    'http://127.0.0.1:8080',
    'http://[::1]:8080/',
    'https://gw.example.com/billing',
    'https://gw.example.com/api/billing/',
  ]) {
    assert.equal(checkBaseUrl(url, 'cli').href, new URL(url).href, url);
  }
});
