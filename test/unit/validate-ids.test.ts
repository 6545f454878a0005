// Issue 30, items 6 and 11: an empty id the service looks up ("" as plan_id, price_id, account_number...) is an
// error everywhere the file is checked (editor findings, `validate`, `validate --connection-catalog`) and the
// Local sandbox answers it with a 400 as the service does; a new object's number is never flagged. A template's
// placeholder left in a body (`invoiceId-1`, `PLAN_ID`) is a warning that says to replace it.
import { describe, test, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ApiError, BillingClient } from '../../src/client';
import { requestFindings, requestTemplates } from '../../src/payloads';
import { startSandbox } from '../../src/sandbox';
import { formatPath, TEMPLATES, validate, type Finding } from '../../src/schemas';
import { runCli } from './cli';

const NOW = new Date('2026-11-24T00:00:00Z');
const fileText = (operation: string, body: unknown) => JSON.stringify({ operation, body }, null, 2) + '\n';
const request = (operation: string, body: unknown) => requestFindings(fileText(operation, body), { now: NOW });
const v2 = (kind: 'order' | 'preview' | 'account', body: unknown) =>
  validate(JSON.stringify(body, null, 2), kind, { now: NOW });
const coded = (found: Finding[], code: string) =>
  found.filter(f => f.code === code).map(f => `${f.severity} ${formatPath(f.path)}`);
const templateBody = (id: string) => structuredClone(TEMPLATES.find(t => t.id === id)!.body) as Body;
type Body = Record<string, unknown> & { subscriptions: Record<string, unknown>[] };
type Plan = { plan_id?: string; prices?: { price_id: string }[] };

describe('empty ids (v2 payloads)', () => {
  test('"" as plan_id, price_id and account_number is an error at each, saying the service answers 400', () => {
    const body = templateBody('new-customer');
    const preview = { ...body, account_number: '', metrics: ['delta_metrics'] } as Body;
    delete preview.account_data;
    const plan = (preview.subscriptions[0].subscription_plans as Plan[])[0];
    plan.plan_id = '';
    plan.prices = [{ price_id: '' }];
    const found = v2('preview', preview);
    assert.deepEqual(coded(found, 'empty-id').sort(), [
      'error account_number',
      'error subscriptions[0].subscription_plans[0].plan_id',
      'error subscriptions[0].subscription_plans[0].prices[0].price_id',
    ]);
    const planId = found.find(f => formatPath(f.path).endsWith('plan_id'))!;
    assert.match(planId.message, /plan_id is empty: the service looks it up and answers 400.*Write the plan id\./);
  });

  test('the ids of changes and line items too; a new object’s number "" is the tenant’s, never flagged', () => {
    const order = {
      account_data: { name: 'A', currency: 'USD', bill_to: { first_name: 'A', last_name: 'B' }, account_number: '' },
      line_items: [{ name: 'Setup', type: 'fee', price_id: '' }],
      subscriptions: [
        {
          subscription_number: '',
          remove_subscription_plans: [{ subscription_plan_id: '' }],
          add_subscription_plans: [{ subscription_plan: { plan_number: '' } }],
        },
        { subscription_number: '', subscription_plans: [{ plan_id: 'plan-team-monthly' }] },
      ],
    };
    assert.deepEqual(coded(v2('order', order), 'empty-id').sort(), [
      'error line_items[0].price_id',
      'error subscriptions[0].add_subscription_plans[0].subscription_plan.plan_number',
      'error subscriptions[0].remove_subscription_plans[0].subscription_plan_id',
      'error subscriptions[0].subscription_number',
    ]);
    // Every shipped template and example still validates without an empty-id or placeholder finding.
    for (const t of TEMPLATES) assert.deepEqual(coded(v2(t.kind, t.body), 'empty-id'), [], t.id);
  });

  test('the quick fix’s PLAN_ID left in is a warning to replace it', () => {
    const body = templateBody('new-customer');
    (body.subscriptions[0].subscription_plans as Plan[])[0].plan_id = 'PLAN_ID';
    const found = v2('order', body).filter(f => f.code === 'placeholder');
    assert.equal(found.length, 1);
    assert.equal(found[0].severity, 'warning');
    assert.match(found[0].message, /"PLAN_ID": replace the placeholder with the real plan id/);
  });
});

describe('empty ids and placeholders (v1 request bodies)', () => {
  const createOrder = () =>
    requestTemplates('POST /v1/orders', { today: '2026-11-24' })[0].body as {
      existingAccountNumber: string;
      subscriptions: { orderActions: { createSubscription: { subscribeToRatePlans: Record<string, unknown>[] } }[] }[];
    };

  test('an order: existingAccountNumber, productRatePlanId and productRatePlanChargeId "" are errors', () => {
    const body = createOrder();
    body.existingAccountNumber = '';
    const plan = body.subscriptions[0].orderActions[0].createSubscription.subscribeToRatePlans[0];
    plan.productRatePlanId = '';
    (plan.chargeOverrides as Record<string, unknown>[])[0].productRatePlanChargeId = '';
    const found = request('POST /v1/orders', body);
    assert.deepEqual(coded(found, 'empty-id').sort(), [
      'error body.existingAccountNumber',
      'error body.subscriptions[0].orderActions[0].createSubscription.subscribeToRatePlans[0].chargeOverrides[0].productRatePlanChargeId',
      'error body.subscriptions[0].orderActions[0].createSubscription.subscribeToRatePlans[0].productRatePlanId',
    ]);
    assert.match(found.find(f => f.code === 'empty-id')!.message, /^[^b]\S* is empty/); // named within the body
  });

  test('a payment: accountNumber "" is an error, the template’s invoiceId-1 a warning; a new account’s number is not', () => {
    const payment = requestTemplates('POST /v1/payments', { today: '2026-11-24' })[0].body as Record<string, unknown>;
    const found = request('POST /v1/payments', { ...payment, accountNumber: '' });
    assert.deepEqual(coded(found, 'empty-id'), ['error body.accountNumber']);
    assert.deepEqual(coded(found, 'placeholder'), ['warning body.invoices[0].invoiceId']);
    assert.match(found.find(f => f.code === 'placeholder')!.message, /"invoiceId-1": replace the placeholder/);
    const account = requestTemplates('POST /v1/accounts', { today: '2026-11-24' })[0].body as Record<string, unknown>;
    assert.deepEqual(request('POST /v1/accounts', { ...account, accountNumber: '' }), []);
  });
});

describe('empty ids on the command line and over the wire', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-empty-ids-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const body = templateBody('new-customer');
  (body.subscriptions[0].subscription_plans as Plan[])[0].plan_id = '';
  const file = path.join(dir, 'empty.order.json');
  fs.writeFileSync(file, JSON.stringify(body, null, 2));

  test('validate and validate --connection-catalog exit 1 with the error at its line', async () => {
    for (const args of [
      ['validate', file],
      ['validate', '--connection-catalog', file],
    ]) {
      const r = await runCli(args);
      assert.equal(r.status, 1, r.stdout + r.stderr);
      assert.match(
        r.stdout,
        /empty\.order\.json:\d+:\d+: error subscriptions\[0\]\.subscription_plans\[0\]\.plan_id is empty.*\[empty-id\]/,
      );
    }
  });

  test('the Local sandbox answers "" as an id with a 400 naming the field (v2 preview, v1 payment)', async () => {
    const sb = await startSandbox();
    const client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
    try {
      const refused = async (p: string, b: unknown) => {
        const e = await client.send({ method: 'POST', path: p }, { body: b }).then(
          () => assert.fail(`${p} was accepted`),
          (x: unknown) => x,
        );
        assert.ok(e instanceof ApiError && e.status === 400, String(e));
        return JSON.stringify(e.body);
      };
      const preview = { ...body, metrics: ['delta_metrics'] };
      assert.match(await refused('/v2/orders/preview', preview), /subscription_plans\[0\]\.plan_id is empty/);
      const payment = { accountNumber: '', amount: 350, currency: 'USD', type: 'External' };
      assert.match(await refused('/v1/payments', payment), /accountNumber is empty/);
    } finally {
      await client.close();
      await sb.close();
    }
  });
});
