// The rules about what is sent, shared by the editor and the CLI (src/payloads): parsePayload, the preview
// and create bodies, and an operation's cURL, whose headers are the ones the client really sends.
import { test, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { BillingClient } from '../../src/client';
import { createBody, operationCurl, parsePayload, previewBody } from '../../src/payloads';
import { TEMPLATES } from '../../src/schemas';
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
    baseUrl: sb.url,
    clientId: sb.clientId,
    clientSecret: sb.clientSecret,
    serviceVersion: VERSION,
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
  assert.deepEqual(previewBody(order, 'order', 0).metrics, ['delta_metrics']);
  assert.deepEqual(previewBody(order, 'order').metrics, ['delta_metrics', 'billing_documents'], 'and what it bills');
  const preview = { ...order, metrics: ['delta_metrics'] };
  assert.equal(previewBody(preview, 'preview'), preview);
  assert.deepEqual(createBody(preview), order);
});

test('parsePayload gives the value and the findings of one text; a blank new file has neither', () => {
  const text = JSON.stringify(TEMPLATES.find(t => t.id === 'new-customer')!.body, null, 2);
  const { value, findings } = parsePayload(text, 'order');
  assert.deepEqual(value, JSON.parse(text));
  assert.deepEqual(findings, [], 'a template is a payload the service accepts');
  const broken = parsePayload(text.replace('"currency"', '"curency"'), 'order');
  assert.ok(
    broken.findings.some(f => f.severity === 'error'),
    'a misspelt field is found',
  );
  assert.deepEqual(parsePayload('  \n', 'order'), { value: undefined, findings: [] });
  assert.equal(parsePayload('{ "account_number": ', 'order').value, undefined, 'not JSON: no value to send');
});
