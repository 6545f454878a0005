// "Copy as cURL" for an operation and the preview/create bodies: the editor and the CLI share these rules
// (src/payloads), and the cURL's headers are the ones the client really sends.
import { test, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { BillingClient } from '../../src/client';
import { createBody, operationCurl, previewBody } from '../../src/payloads';
import { startSandbox, type Sandbox } from '../../src/sandbox';

const VERSION = '200.0';
const sandboxes: Sandbox[] = [];
const clients: BillingClient[] = [];

after(async () => {
  await Promise.all(clients.map(c => c.close()));
  await Promise.all(sandboxes.map(s => s.close()));
});

/** The service-version header the client sent on a real request to the Local sandbox, if any. */
async function sentServiceVersion(op: { method: string; path: string }, pathParams: Record<string, string>) {
  const sb = await startSandbox();
  sandboxes.push(sb);
  const client = new BillingClient({
    baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret, serviceVersion: VERSION,
  });
  clients.push(client);
  const r = await client.send(op, { pathParams });
  return r.request.headers['service-version'];
}

test('a v2 cURL carries no service-version, as the client sends none on v2 calls', async () => {
  const op = { method: 'GET', path: '/v2/accounts/{account-key}' };
  assert.equal(await sentServiceVersion(op, { 'account-key': 'A00000001' }), undefined);
  const curl = operationCurl(op, 'https://rest.example.com/', VERSION);
  assert.doesNotMatch(curl, /service-version/i);
  assert.match(curl, /https:\/\/rest\.example\.com\/v2\/accounts\/\{account-key\}/);
});

test('a v1 cURL carries the service-version the client sends on v1 calls', async () => {
  const op = { method: 'GET', path: '/v1/describe/{object}' };
  assert.equal(await sentServiceVersion(op, { object: 'Account' }), VERSION);
  assert.match(operationCurl(op, 'https://rest.example.com', VERSION), new RegExp(`service-version: ${VERSION}`, 'i'));
});

test('an order file previews with metrics added; a preview file creates its order without them', () => {
  const order = { account_number: 'A00000001', subscriptions: [] };
  assert.deepEqual(previewBody(order, 'order').metrics, ['delta_metrics']);
  const preview = { ...order, metrics: ['delta_metrics'] };
  assert.equal(previewBody(preview, 'preview'), preview);
  assert.deepEqual(createBody(preview), order);
});
