// Issue 19 item 5: v1 order errors keep the v1 body, {success: false, processId, reasons[{code, message}]}, the
// eight-digit code being the object's resource code then the category (spec 01): 22 a required field left
// out, 20 a bad value, 40 what the body names does not exist, 90 not JSON. And never a false alarm: what the
// real service takes (unknown and custom fields, a renewal without its optional block) is taken.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { changeOrder, createTeam, newCustomerOrder, PREVIEW_ALL, v1Caller, type Answer } from './sandbox-v1-helpers';

let sb: Sandbox;
let call: Awaited<ReturnType<typeof v1Caller>>;
before(async () => {
  sb = await startSandbox({ today: '2027-01-01' });
  call = await v1Caller(sb);
});
after(() => sb.close());

/** The one reason of a v1 error, checked for the v1 shape. */
function reason(a: Answer, status: number): { code: number; message: string } {
  assert.equal(a.status, status, JSON.stringify(a.json));
  assert.equal(a.json.success, false);
  assert.match(a.json.processId, /^[0-9A-F]{16}$/);
  assert.equal(a.json.reasons.length, 1);
  const [r] = a.json.reasons;
  assert.ok(Number.isInteger(r.code) && r.code >= 50_000_000 && r.code <= 67_999_999, `eight digits: ${r.code}`);
  return r;
}
const preview = (body: Record<string, unknown>) => call('POST', '/v1/orders/preview', body);
const create = (body: Record<string, unknown> | string) => call('POST', '/v1/orders', body);

test('a required field left out is category 22 on its object: orderDate, the account, previewOptions', async () => {
  const { orderDate: _d, ...noDate } = newCustomerOrder();
  const r = reason(await create(noDate), 400);
  assert.equal(r.code, 53000022);
  assert.match(r.message, /orderDate is required/);
  assert.equal(reason(await create({ orderDate: '2027-01-01' }), 400).code, 52000022);
  const noOptions = {
    ...newCustomerOrder(),
    newAccount: undefined,
    previewAccountInfo: { currency: 'USD', billCycleDay: 1 },
  };
  assert.match(reason(await preview(noOptions), 400).message, /previewOptions is required/);
  const noLastName = {
    ...newCustomerOrder(),
    newAccount: { ...newCustomerOrder().newAccount, billToContact: { firstName: 'Ada' } },
  };
  assert.match(reason(await create(noLastName), 400).message, /newAccount\.billToContact\.lastName is required/);
});

test('an action type without its block is 22 on the subscription; a block without its required field too', async () => {
  const r = reason(await create(changeOrder({ type: 'Suspend' })), 400);
  assert.equal(r.code, 53100322);
  assert.match(r.message, /subscriptions\[0\]\.orderActions\[0\]\.suspend is required for an action of type Suspend/);
  const noPolicy = reason(await create(changeOrder({ type: 'CancelSubscription', cancelSubscription: {} })), 400);
  assert.match(noPolicy.message, /cancelSubscription\.cancellationPolicy is required/);
  const noType = reason(await create(changeOrder({ suspend: { suspendPolicy: 'Today' } })), 400);
  assert.match(noType.message, /orderActions\[0\]\.type is required/);
});

test('an empty productRatePlanId says so and what to give, not "no product rate plan  in the catalog"', async () => {
  const empty = newCustomerOrder();
  empty.subscriptions[0].orderActions[0].createSubscription.subscribeToRatePlans[0].productRatePlanId = '';
  const r = reason(await create(empty), 400);
  assert.match(r.message, /\.productRatePlanId is empty: give the product rate plan's id\.$/);
  assert.doesNotMatch(r.message, /in the catalog/);
});

test('what the body names must exist: unknown account, rate plan, charge, subscription, plan of it are 40', async () => {
  const unknownAccount = reason(
    await create({ ...changeOrder({ type: 'RenewSubscription' }), existingAccountNumber: 'A99999999' }),
    400,
  );
  assert.equal(unknownAccount.code, 52000040);
  const badPlan = newCustomerOrder();
  badPlan.subscriptions[0].orderActions[0].createSubscription.subscribeToRatePlans[0].productRatePlanId = 'plan-nope';
  const plan = reason(await create(badPlan), 400);
  assert.equal(plan.code, 53200040);
  assert.match(plan.message, /no product rate plan plan-nope/);
  const badCharge = newCustomerOrder();
  badCharge.subscriptions[0].orderActions[0].createSubscription.subscribeToRatePlans[0].chargeOverrides[0].productRatePlanChargeId =
    'price-enterprise-annual';
  assert.equal(reason(await create(badCharge), 400).code, 53300040);
  assert.equal(reason(await create(changeOrder({ type: 'RenewSubscription' }, 'S99999999')), 400).code, 53100340);
  const removeUnknown = changeOrder({ type: 'RemoveProduct', removeProduct: { ratePlanId: 'SP99999999' } });
  assert.equal(reason(await create(removeUnknown), 400).code, 53200040);
  assert.equal(sb.store.orders.size, 3, 'nothing was kept');
});

test('bad values are 20 (a date that is not one, a previewType outside the enum); a body not JSON is 90', async () => {
  assert.equal(reason(await create({ ...newCustomerOrder(), orderDate: '2027-02-30' }), 400).code, 53000020);
  const badType = { ...changeOrder({ type: 'RenewSubscription' }), previewOptions: { previewTypes: ['Everything'] } };
  assert.match(reason(await preview(badType), 400).message, /"Everything" is not one of ChargeMetrics/);
  assert.equal(reason(await create('{"orderDate": '), 400).code, 50000090);
});

test('a state rule of the engine keeps the v1 body and a v1 code: resuming an active subscription is 30', async () => {
  const r = reason(await create(changeOrder({ type: 'Resume', resume: { resumePolicy: 'Today' } })), 400);
  assert.equal(r.code, 53100330);
  assert.match(r.message, /only a paused subscription can be resumed/);
});

test('the v1 GETs answer a missing key 404 with 500000 (no payload) and category 40', async () => {
  for (const path of ['/v1/orders/O99999999', '/v1/subscriptions/S99999999', '/v1/accounts/A99999999']) {
    assert.equal(reason(await call('GET', path), 404).code, 50000040, path);
  }
});

test('what the sandbox does not compute is a 501 with the not-served header, never a false "invalid"', async () => {
  const changePlan = {
    type: 'ChangePlan',
    changePlan: { ratePlanId: 'SP00000001', newProductRatePlan: { productRatePlanId: 'plan-enterprise-yearly' } },
  };
  const a = await create(changeOrder(changePlan));
  assert.equal(reason(a, 501).code, 53100345);
  assert.equal(a.headers.get('local-sandbox'), 'not-served');
});

test('never cry wolf: unknown and custom fields, productRatePlanNumber, a renewal without its block are taken', async () => {
  const order = {
    ...newCustomerOrder(),
    Region__c: 'EMEA',
    customFields: { Channel__c: 'web' },
    somethingNew: { nested: true },
    subscriptions: [
      {
        customFields: { Segment__c: 'SMB' },
        orderActions: [
          {
            ...createTeam(),
            createSubscription: {
              ...createTeam().createSubscription,
              subscribeToRatePlans: [{ productRatePlanNumber: 'PL-ONBOARDING', customFields: { Tag__c: 'x' } }],
            },
          },
        ],
      },
    ],
  };
  const made = await create(order);
  assert.equal(made.status, 200, JSON.stringify(made.json));
  assert.equal(made.json.success, true);
  const renew = await preview({
    ...changeOrder({ type: 'RenewSubscription', customFields: { Why__c: 'x' } }),
    previewOptions: PREVIEW_ALL,
  });
  assert.equal(renew.status, 200, JSON.stringify(renew.json));
  const noTerms = newCustomerOrder();
  delete (noTerms.subscriptions[0].orderActions[0].createSubscription as { terms?: unknown }).terms;
  assert.equal((await create(noTerms)).status, 200, 'terms are optional: the tenant default applies');
});

test('an order line item of an unknown itemType is 20 on the order', async () => {
  const body = {
    ...changeOrder({ type: 'RenewSubscription' }),
    orderLineItems: [{ itemName: 'Setup', itemType: 'Gift' }],
  };
  const r = reason(await create(body), 400);
  assert.equal(r.code, 53000020);
  assert.match(r.message, /orderLineItems\[0\]\.itemType: "Gift" is not one of Product, Fee, Services/);
});
