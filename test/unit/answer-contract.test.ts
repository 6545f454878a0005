// Issue 23 item 2: answers checked against the published contract (src/contract/answerCheck.ts). The Local
// sandbox's answers, over loopback, depart from nothing; a changed answer departs where it was changed, each
// kind said with its path; known departures of the real service (docs/FINDINGS.md) are not reported.
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BillingClient } from '../../src/client';
import { answerDepartures, hasResponseContract, MAX_DEPARTURES } from '../../src/contract';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { runCli } from './cli';
import { departingTenant } from './departingTenant';

const example = (name: string) => JSON.parse(fs.readFileSync(`examples/${name}`, 'utf8'));
const messages = (id: string, status: number, body: unknown) =>
  answerDepartures(id, status, body).departures.map(d => d.message);

type V1Order = {
  order: {
    subscriptions: {
      orderActions: {
        createSubscription: { subscribeToRatePlans: { chargeOverrides: Record<string, unknown>[] }[] };
      }[];
    }[];
  };
};

let sandbox: Sandbox;
let client: BillingClient;
before(async () => {
  sandbox = await startSandbox({ today: '2027-01-01' });
  client = new BillingClient({ baseUrl: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret });
});
after(async () => {
  await client.close();
  await sandbox.close();
});

/** A call through the client, as the editor makes it: status and data. */
async function call(method: string, path: string, body?: unknown) {
  const r = await client.send({ method, path }, body === undefined ? {} : { body });
  return { status: r.status, data: r.data as Record<string, unknown> };
}

describe("the Local sandbox's answers", () => {
  test('depart from nothing: v2 preview, order, order by number, account; v1 account, subscription, order, preview, catalog', async () => {
    const preview = await call('POST', '/v2/orders/preview', example('new-customer.preview.json'));
    const order = await call('POST', '/v2/orders', example('new-customer.order.json'));
    const number = order.data.order_number as string;
    const rows: [string, { status: number; data: unknown }][] = [
      ['POST /v2/orders/preview', preview],
      ['POST /v2/orders', order],
      ['GET /v2/orders/{order_number}', await call('GET', `/v2/orders/${number}`)],
      ['POST /v2/accounts', await call('POST', '/v2/accounts', example('acme.account.json'))],
      ['GET /v1/accounts/{account-key}', await call('GET', '/v1/accounts/A00000001')],
      ['GET /v1/subscriptions/{subscription-key}', await call('GET', '/v1/subscriptions/S00000001')],
      ['GET /v1/orders/{orderNumber}', await call('GET', `/v1/orders/${number}`)],
      [
        'POST /v1/orders/preview',
        await call('POST', '/v1/orders/preview', example('v1/new-and-add.request.json').body),
      ],
      ['GET /v1/catalog/products', await call('GET', '/v1/catalog/products')],
    ];
    for (const [id, r] of rows) {
      assert.ok(hasResponseContract(id), `${id} has a response schema`);
      assert.deepEqual(messages(id, r.status, r.data), [], id);
    }
  });
});

describe('a departure', () => {
  test('of each kind names its path: a field not listed, a required one missing, another type, a status', async () => {
    const { data } = await call('POST', '/v2/orders/preview', example('new-customer.preview.json'));
    const changed = structuredClone(data) as { subscriptions: { actions: Record<string, unknown>[] }[] };
    changed.subscriptions[0].actions[0].legacy_flag = true;
    changed.subscriptions[0].actions[0].sequence = 'first';
    assert.deepEqual(messages('POST /v2/orders/preview', 201, changed), [
      '`subscriptions[0].actions[0].sequence` is a string; the contract says integer',
      'the contract does not list `subscriptions[0].actions[0].legacy_flag`',
    ]);
    assert.deepEqual(messages('POST /v2/orders/preview', 202, data), [
      'status 202 is not declared (the contract lists 201, 400, 401, 404, 405, 429, 500, 502, 503, 504)',
    ]);
    const v1 = await call(
      'GET',
      `/v1/orders/${(await call('POST', '/v2/orders', example('new-customer.order.json'))).data.order_number}`,
    );
    const override = (v1.data as V1Order).order.subscriptions[0].orderActions[0].createSubscription
      .subscribeToRatePlans[0].chargeOverrides[0] as Record<string, unknown>;
    delete override.productRateplanChargeId; // the reference requires it in this spelling
    assert.deepEqual(messages('GET /v1/orders/{orderNumber}', 200, v1.data), [
      'required `order.subscriptions[0].orderActions[0].createSubscription.subscribeToRatePlans[0].chargeOverrides[0].productRateplanChargeId` is missing',
    ]);
  });

  test("the real service's known departures and custom fields are not reported; a repeated one is said once", async () => {
    const { data } = await call('POST', '/v2/orders/preview', example('new-customer.preview.json'));
    const changed = structuredClone(data) as { subscriptions: { actions: Record<string, unknown>[] }[] };
    for (const s of changed.subscriptions) for (const a of s.actions) a.subscription_number = null; // spec 01 lists it
    const account = (await call('GET', '/v1/accounts/A00000001')).data as { basicInfo: Record<string, unknown> };
    account.basicInfo.Region__c = 'EMEA';
    assert.deepEqual(messages('POST /v2/orders/preview', 201, changed), []);
    assert.deepEqual(messages('GET /v1/accounts/{account-key}', 200, account), []);
    for (const s of changed.subscriptions) for (const a of s.actions) a.legacy_flag = true;
    const many = changed.subscriptions.flatMap(s => s.actions).length;
    assert.ok(many > 1, `${many} actions`);
    assert.deepEqual(messages('POST /v2/orders/preview', 201, changed), [
      `the contract does not list \`subscriptions[0].actions[0].legacy_flag\` (and ${many - 1} more like it)`,
    ]);
  });

  test('at most MAX_DEPARTURES are listed, the rest counted; an operation without a contract gives none', () => {
    const body = Object.fromEntries([...Array(30).keys()].map(i => [`extra_${i}`, i]));
    const r = answerDepartures('POST /v2/accounts', 201, { ...body, id: 'x' });
    assert.equal(r.departures.length, MAX_DEPARTURES);
    assert.equal(r.more, 30 - MAX_DEPARTURES);
    assert.deepEqual(answerDepartures('GET /v9/nothing', 200, body), { departures: [], more: 0 });
  });
});

describe('test --contract', () => {
  test('fails a step whose answer departs, naming the field; without it the same run passes; the examples pass', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-contract-'));
    const scenario = path.join(dir, 'quote.scenario.json');
    const body = { ...example('new-customer.preview.json'), metrics: ['delta_metrics'] };
    fs.writeFileSync(scenario, JSON.stringify({ name: 'quote', steps: [{ kind: 'preview', body }] }));
    const tenant = await departingTenant(sandbox.url);
    const env = { BILLING_CLIENT_ID: sandbox.clientId, BILLING_CLIENT_SECRET: sandbox.clientSecret };
    try {
      const strict = await runCli(['test', scenario, '--base-url', tenant.url, '--contract'], env);
      assert.equal(strict.status, 1, strict.stdout + strict.stderr);
      assert.match(
        strict.stdout,
        /the answer departs from the contract of POST \/v2\/orders\/preview: the contract does not list `subscriptions\[0\]\.actions\[0\]\.legacy_flag`/,
      );
      const lenient = await runCli(['test', scenario, '--base-url', tenant.url], env);
      assert.equal(lenient.status, 0, lenient.stdout + lenient.stderr);
    } finally {
      tenant.server.close();
    }
    const examples = await runCli(['test', 'examples/scenarios', '--contract']);
    assert.equal(examples.status, 0, examples.stdout + examples.stderr);
  });
});
