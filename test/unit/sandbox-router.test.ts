// The sandbox's route table: 404/405 derived from it, and the order in which a request is checked.
import { test, describe, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { allowedMethods, routeFor, RouteTable, type Route } from '../../src/sandbox/http/router';

const answer =
  (name: string): Route['handle'] =>
  () => ({ status: 200, body: name });

describe('sandbox: route table', () => {
  const table = new RouteTable([
    { method: 'POST', path: '/v2/orders/preview', handle: answer('preview') },
    { method: 'GET', path: '/v2/orders/{orderKey}', handle: answer('order') },
    { method: 'POST', path: '/v2/orders', handle: answer('create') },
  ]);

  test('a literal path wins over a template, so GET /v2/orders/preview is a 405, not the order "preview"', () => {
    const match = table.match('/v2/orders/preview')!;
    assert.equal(routeFor(match, 'GET'), undefined);
    assert.deepEqual(allowedMethods(match), ['POST']);
  });

  test('a template hands its parameters over raw; a path with extra segments matches nothing', () => {
    const match = table.match('/v2/orders/O%2D1')!;
    assert.deepEqual(match.rawParams, { orderKey: 'O%2D1' });
    assert.equal(routeFor(match, 'GET')?.path, '/v2/orders/{orderKey}');
    assert.equal(table.match('/v2/orders/O-1/items'), undefined);
  });
});

describe('sandbox: routing over HTTP', () => {
  let sb: Sandbox;
  before(async () => {
    sb = await startSandbox();
  });
  after(() => sb.close());

  test('the token endpoint answers a wrong method without a token: 405 with Allow: POST', async () => {
    const r = await fetch(`${sb.url}/oauth/token`);
    assert.equal(r.status, 405);
    assert.equal(r.headers.get('allow'), 'POST');
  });

  test('any other path asks for a token before saying anything about the method or the path', async () => {
    assert.equal((await fetch(`${sb.url}/v2/orders`, { method: 'PUT' })).status, 401);
    assert.equal((await fetch(`${sb.url}/v2/no-such-thing`)).status, 401);
  });

  test('bad percent-encoding in a path parameter is a 400, not a 500', async () => {
    const form = new URLSearchParams({ client_id: sb.clientId, client_secret: sb.clientSecret });
    form.set('grant_type', 'client_credentials');
    const token = (await (await fetch(`${sb.url}/oauth/token`, { method: 'POST', body: form })).json()).access_token;
    const r = await fetch(`${sb.url}/v2/orders/%E0%A4%A`, { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(r.status, 400);
  });
});
