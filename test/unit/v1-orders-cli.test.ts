// v1 on the command line, on the embedded Local sandbox: a POST /v1/orders/preview request file previews
// (the table of delta MRR and TCB), a POST /v1/orders file creates the order and it reads back through v2;
// any other operation's answer is simulated from the contract and a scenario report says so.
import { test, describe, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BillingClient, summarizePreview, v1PreviewAsV2 } from '../../src/client';
import { requestFileText, requestTemplates, v1PreviewBody } from '../../src/payloads';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { runCli } from './cli';

const TODAY = '2027-01-01';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-v1-'));
const write = (name: string, text: string) => {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, text);
  return file;
};
const template = (operation: string, label: RegExp) => {
  const t = requestTemplates(operation, { today: TODAY }).find(x => label.test(x.label))!;
  return requestFileText(operation, {}, {}, t.body);
};

let sb: Sandbox;
before(async () => {
  sb = await startSandbox({ today: TODAY });
});
after(async () => {
  await sb.close();
});
const env = () => ({ BILLING_CLIENT_ID: sb.clientId, BILLING_CLIENT_SECRET: sb.clientSecret });

describe('cli preview / create of v1 order request files', () => {
  test("preview: the new subscription's charges with their delta MRR and TCB, and the total", async () => {
    const file = write('new.request.json', template('POST /v1/orders/preview', /create subscription/));
    const r = await runCli(['preview', file, '--base-url', sb.url], env());
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stdout,
      /new subscription 1\s+CreateSubscription\s+price-team-seats\s+2027-01-01\s+2028-01-01\s+\+250\.00 USD\s+\+3,000\.00 USD/,
    );
    assert.match(r.stdout, /^total\s+\+350\.00 USD\s+\+4,200\.00 USD$/m);
  });

  test('the shipped example (examples/v1) validates clean and previews on the embedded sandbox as is', async () => {
    const v = await runCli(['validate', 'examples/v1/new-and-add.request.json']);
    assert.equal(v.status, 0, v.stdout + v.stderr);
    const r = await runCli(['preview', 'examples/v1/new-and-add.request.json']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^total\s+\+350\.00 USD\s+\+4,700\.00 USD$/m);
    assert.match(r.stdout, /^S00000001\s+AddProduct\s+price-onboarding-setup/m);
  });

  test('a POST /v1/orders file previews the same order; --format json prints the v1 answer', async () => {
    const file = write('order.request.json', template('POST /v1/orders', /create subscription/));
    const r = await runCli(['preview', file, '--base-url', sb.url, '--format', 'json'], env());
    assert.equal(r.status, 0, r.stderr);
    const answer = JSON.parse(r.stdout);
    assert.equal(answer.success, true);
    assert.ok(answer.previewResult.orderDeltaMetrics.orderDeltaMrr.length > 0);
  });

  test('create: the order is made, and reads back through GET /v2/orders/{n}', async () => {
    const file = write('create.request.json', template('POST /v1/orders', /create subscription/));
    const r = await runCli(['create', file, '--base-url', sb.url, '--format', 'json'], env());
    assert.equal(r.status, 0, r.stderr);
    const created = JSON.parse(r.stdout) as { orderNumber: string };
    const c = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
    try {
      const v2 = await c.getOrder(created.orderNumber);
      assert.equal(v2.data.order_number, created.orderNumber);
      assert.equal(v2.data.subscriptions.length, 1);
    } finally {
      await c.close();
    }
  });

  test('a file with an error is not sent (exit 1, the field named); another operation is refused (exit 2)', async () => {
    const bad = template('POST /v1/orders/preview', /create subscription/).replace('"CreateSubscription"', '"Create"');
    const r = await runCli(['preview', write('bad.request.json', bad), '--base-url', sb.url], env());
    assert.equal(r.status, 1);
    assert.match(r.stderr, /\(body\.subscriptions\[0\]\.orderActions\[0\]\.type\) \[invalid-value\]/);
    const other = write('cancel.request.json', template('PUT /v1/subscriptions/{subscription-key}/cancel', /end of/));
    const o = await runCli(['preview', other, '--base-url', sb.url], env());
    assert.equal(o.status, 2);
    assert.match(o.stderr, /only request files for POST \/v1\/orders\/preview or POST \/v1\/orders/);
  });
});

describe('cli create of a v1 preview file for a new customer (previewAccountInfo)', () => {
  test('names what POST /v1/orders needs (newAccount) and sends nothing, as the editor asks before it sends', async () => {
    const example = JSON.parse(fs.readFileSync('examples/v1/new-and-add.request.json', 'utf8'));
    const { existingAccountNumber: _n, ...body } = example.body;
    const previewAccountInfo = { currency: 'USD', billCycleDay: 1 };
    const v1 = { ...example, body: { ...body, previewAccountInfo, subscriptions: [body.subscriptions[0]] } };
    const file = write('new-customer.request.json', JSON.stringify(v1, null, 2));
    assert.equal((await runCli(['preview', file, '--base-url', sb.url], env())).status, 0, 'it previews');
    const orders = sb.store.orders.size;
    const r = await runCli(['create', file, '--base-url', sb.url], env());
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      /An order needs newAccount\.name and newAccount\.billToContact \(or existingAccountNumber\), which new-customer\.request\.json lacks/,
    );
    assert.match(r.stderr, /not sent/);
    assert.equal(sb.store.orders.size, orders, 'nothing sent');
  });
});

describe('the v1 preview answer read as the panel reads it', () => {
  test('each charge keeps its delta MRR, TCB and TCV; new subscriptions keep the request order', async () => {
    const c = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
    try {
      const file = JSON.parse(fs.readFileSync('examples/v1/new-and-add.request.json', 'utf8')) as { body: object };
      const r = await c.previewV1(v1PreviewBody(file.body as Record<string, unknown>));
      const summary = summarizePreview(v1PreviewAsV2(r.data.previewResult, file.body));
      assert.deepEqual(
        summary.rows.map(x => [x.subscription, x.price, x.mrr?.net_amount, x.tcb.net_amount, x.tcv?.net_amount]),
        [
          ['new subscription 1', 'price-team-seats', 250, 3000, 3000],
          ['new subscription 1', 'price-team-platform', 100, 1200, 1200],
          ['S00000001', 'price-onboarding-setup', undefined, 500, 500],
        ],
      );
      const tcv = r.data.previewResult!.orderDeltaMetrics!.orderDeltaTcv!.reduce((n, m) => n + (m.netAmount ?? 0), 0);
      assert.equal(tcv, 4700, "the answer's own TCV, summed");
    } finally {
      await c.close();
    }
  });
});

describe('answers simulated from the contract', () => {
  test('the client marks them; a scenario report says so under the step', async () => {
    const c = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
    try {
      const invoice = await c.send(
        { method: 'GET', path: '/v1/invoices/{invoiceKey}/files' },
        { pathParams: { invoiceKey: 'INV00000042' } },
      );
      assert.equal(invoice.simulated, true);
      const order = await c
        .send({ method: 'GET', path: '/v2/orders/{order_number}' }, { pathParams: { order_number: 'O-00000001' } })
        .catch(() => undefined);
      assert.notEqual(order?.simulated, true, 'a stateful answer is not marked');
    } finally {
      await c.close();
    }
    const scenario = write(
      'invoice.scenario.json',
      JSON.stringify({
        name: "Reads an invoice's files",
        steps: [
          {
            kind: 'operation',
            operation: 'GET /v1/invoices/{invoiceKey}/files',
            pathParams: { invoiceKey: 'INV00000042' },
            expect: { status: 200 },
          },
        ],
      }),
    );
    const r = await runCli(['test', scenario]);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /answer simulated from the contract: the Local sandbox keeps no state for this operation/);
  });
});
