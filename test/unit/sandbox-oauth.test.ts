// The Local sandbox over real HTTP on loopback: the OAuth token endpoint (its answer, bad credentials, an expired
// token, no token).
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from '../../src/sandbox';
import { body, getToken, sharedSandbox } from './sandboxHttp';

const { shared, call } = sharedSandbox();

describe('sandbox: OAuth', () => {
  test('token answer has the spec fields', async () => {
    const r = await fetch(`${shared.sb.url}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: DEMO_CLIENT_ID,
        client_secret: DEMO_CLIENT_SECRET,
        grant_type: 'client_credentials',
      }),
    });
    const j = (await r.json()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(j).sort(), ['access_token', 'expires_in', 'jti', 'scope', 'token_type']);
    assert.equal(j.token_type, 'bearer');
    assert.equal(j.expires_in, 3600);
    assert.ok(r.headers.get('service-request-id'));
  });
  test('a bad credential: 401 with the v1 body and code 90000011', async () => {
    const r = await fetch(`${shared.sb.url}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: DEMO_CLIENT_ID,
        client_secret: 'wrong',
        grant_type: 'client_credentials',
      }),
    });
    assert.equal(r.status, 401);
    const j = (await r.json()) as { success: boolean; processId: string; reasons: { code: number }[] };
    assert.equal(j.success, false);
    assert.ok(j.processId);
    assert.equal(j.reasons[0].code, 90000011);
  });
  test('a token request sent as JSON is told to send the form instead', async () => {
    const r = await fetch(`${shared.sb.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_id: DEMO_CLIENT_ID,
        client_secret: DEMO_CLIENT_SECRET,
        grant_type: 'client_credentials',
      }),
    });
    assert.equal(r.status, 400);
    const j = (await r.json()) as { success: boolean; reasons: { message: string }[] };
    assert.equal(j.success, false);
    assert.match(j.reasons[0].message, /form-encoded, not JSON.*application\/x-www-form-urlencoded/);
  });
  test('an expired token is refused (token life set to 1 s)', async () => {
    let clock = 1_000_000;
    const short = await startSandbox({ tokenTtlSeconds: 1, now: () => clock });
    try {
      const t = await getToken(short);
      clock += 999;
      assert.equal((await call('GET', '/v1/catalog/products', undefined, {}, short, t)).status, 200);
      clock += 2;
      const r = await call('GET', '/v1/catalog/products', undefined, {}, short, t);
      assert.equal(r.status, 401);
      assert.equal(r.json.reasons[0].code, 90000011);
      const v2 = await call('GET', '/v2/orders/O00000001', undefined, {}, short, t);
      assert.equal(v2.status, 401);
      assert.equal(v2.json.type, 'unauthorized');
    } finally {
      await short.close();
    }
  });
  test('no token: 401 on v2 with the v2 body', async () => {
    const r = await call('POST', '/v2/orders/preview', body('preview'), {}, shared.sb, 'nope');
    assert.equal(r.status, 401);
    assert.deepEqual(r.json, { type: 'unauthorized', errors: [], retryable: false }, 'empty errors, as the reference');
  });
});
