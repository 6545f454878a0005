// Issue 19 item 5: the Local sandbox speaks v1 orders on the same store as v2. Previews and creates take the
// v1 body and answer the reference's v1 shapes (checked against its extract, test/fixtures/reference/v1.json,
// required fields included); the figures are the v2 engine's; what v1 creates reads in v2 and v1, and the reverse.
import { test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { TEMPLATES } from '../../src/schemas';
import { mismatches as v2Mismatches, referenceChecker } from './sandbox-reference';
import { changeOrder, createTeam, newCustomerOrder, PREVIEW_ALL, v1Caller, type Answer } from './sandbox-v1-helpers';

const v1 = referenceChecker('v1-openapi.yaml', { required: true });
let sb: Sandbox;
let call: Awaited<ReturnType<typeof v1Caller>>;

before(async () => {
  sb = await startSandbox({ today: '2027-01-01' });
  call = await v1Caller(sb);
});
after(() => sb.close());

const conforms = (a: Answer, schema: string) => {
  assert.equal(a.status, 200, JSON.stringify(a.json));
  assert.deepEqual(v1.mismatches(a.json, schema), []);
};
test('the v1 checker finds what the reference requires and an answer leaves out (so a pass means something)', () => {
  const cancel = { type: 'CancelSubscription', cancelSubscription: {} };
  const answer = { success: true, order: { subscriptions: [{ orderActions: [cancel] }] } };
  assert.deepEqual(v1.mismatches(answer, 'GetOrderResponse'), [
    'GetOrderResponse.order.subscriptions[0].orderActions[0].cancelSubscription.cancellationPolicy: required, left out',
  ]);
  assert.match(v1.mismatches({ success: 'yes' }, 'PostOrderResponseType')[0], /success: string, expected boolean/);
});
const sum = (rows: { netAmount: number }[]) => rows.reduce((s, r) => s + r.netAmount, 0);

test('a v1 preview answers PostOrderPreviewResponseType with charge metrics, delta metrics and its invoices', async () => {
  const body = {
    ...newCustomerOrder(),
    newAccount: undefined,
    previewAccountInfo: { currency: 'USD', billCycleDay: 1 },
    previewOptions: { ...PREVIEW_ALL, previewThruType: 'NumberOfPeriods', previewNumberOfPeriods: 2 },
  };
  const r = await call('POST', '/v1/orders/preview', body);
  conforms(r, 'PostOrderPreviewResponseType');
  const { chargeMetrics, orderDeltaMetrics, invoices } = r.json.previewResult;
  const seats = chargeMetrics[0].charges.find(
    (c: { productRatePlanChargeId: string }) => c.productRatePlanChargeId === 'price-team-seats',
  );
  assert.deepEqual(seats.cmrr, { regular: 250, regularDelta: 250, discount: 0, discountDelta: 0 });
  assert.equal(seats.productRatePlanId, 'plan-team-monthly');
  assert.equal(sum(orderDeltaMetrics.orderDeltaMrr), 350, '10 seats x 25 + the 100 platform fee');
  assert.equal(sum(orderDeltaMetrics.orderDeltaTcb), 4200, '12 months of 350');
  assert.ok(
    orderDeltaMetrics.orderDeltaTcv.every(
      (m: { orderActionType: string }) => m.orderActionType === 'CreateSubscription',
    ),
  );
  // Two monthly periods of 350: one invoice per billing date, each with both charges' service period.
  type Item = { productRatePlanChargeId: string; serviceStartDate: string; serviceEndDate: string };
  assert.deepEqual(
    invoices.map((i: { targetDate: string; amount: number; invoiceItems: Item[] }) => [
      i.targetDate,
      i.amount,
      i.invoiceItems.map(it => `${it.productRatePlanChargeId} ${it.serviceStartDate}..${it.serviceEndDate}`),
    ]),
    [
      ['2027-01-01', 350, ['price-team-seats 2027-01-01..2027-01-31', 'price-team-platform 2027-01-01..2027-01-31']],
      ['2027-02-01', 350, ['price-team-seats 2027-02-01..2027-02-28', 'price-team-platform 2027-02-01..2027-02-28']],
    ],
  );
  assert.equal(sb.store.orders.size, 3, 'a preview keeps nothing');
});

test("the v1 preview has the v2 preview's figures: one engine", async () => {
  const v2Body = { metrics: ['delta_metrics'], ...structuredClone(TEMPLATES.find(t => t.id === 'preview')!.body) };
  const v2 = await call('POST', '/v2/orders/preview', v2Body);
  const v2Tcb = v2.json.subscriptions[0].actions[0].subscription_items.reduce(
    (s: number, i: { tcb: { net_amount: number } }) => s + i.tcb.net_amount,
    0,
  );
  const r = await call('POST', '/v1/orders/preview', {
    orderDate: '2027-01-01',
    previewAccountInfo: { currency: 'USD', billCycleDay: 1 },
    subscriptions: [{ orderActions: [createTeam()] }],
    previewOptions: { previewTypes: ['OrderDeltaMetrics'] },
  });
  assert.equal(sum(r.json.previewResult.orderDeltaMetrics.orderDeltaTcb), v2Tcb);
  assert.deepEqual(Object.keys(r.json.previewResult), ['orderDeltaMetrics'], 'only what previewTypes asks');
});

test('a v1 create answers PostOrderResponseType: subscriptionNumbers by default, subscriptions from 223.0', async () => {
  const old = await call('POST', '/v1/orders', newCustomerOrder());
  conforms(old, 'PostOrderResponseType');
  assert.match(old.json.orderNumber, /^O\d{8}$/);
  assert.match(old.json.accountNumber, /^A\d{8}$/);
  assert.equal(old.json.status, 'Completed');
  assert.equal(old.json.subscriptionNumbers.length, 1);
  assert.equal(old.json.subscriptions, undefined);

  const now = await call('POST', '/v1/orders?returnIds=true', newCustomerOrder(), { 'service-version': '223.0' });
  conforms(now, 'PostOrderResponseType');
  assert.equal(now.json.subscriptions[0].status, 'Active');
  assert.match(now.json.subscriptions[0].subscriptionNumber, /^S\d{8}$/);
  assert.equal(now.json.subscriptionNumbers, undefined);
  assert.match(now.json.accountId, /^[0-9a-f]{32}$/);
  assert.deepEqual(now.json.subscriptionIds, [now.json.subscriptions[0].subscriptionId]);
});

test('a v1-made order reads in GET /v2/orders (the tree) and in the v1 order, subscription and account GETs', async () => {
  const made = await call('POST', '/v1/orders', newCustomerOrder());
  const { orderNumber, accountNumber } = made.json;
  const subscriptionNumber = made.json.subscriptionNumbers[0];

  const v2 = await call('GET', `/v2/orders/${orderNumber}`);
  assert.equal(v2.status, 200);
  assert.deepEqual(v2Mismatches(v2.json, 'order'), []);
  assert.equal(v2.json.subscriptions[0].subscription_number, subscriptionNumber);

  const order = await call('GET', `/v1/orders/${orderNumber}`);
  conforms(order, 'GetOrderResponse');
  const action = order.json.order.subscriptions[0].orderActions[0];
  assert.equal(action.type, 'CreateSubscription');
  assert.equal(action.createSubscription.subscribeToRatePlans[0].productRatePlanId, 'plan-team-monthly');
  assert.equal(order.json.order.existingAccountNumber, accountNumber);

  const sub = await call('GET', `/v1/subscriptions/${subscriptionNumber}`);
  conforms(sub, 'GETSubscriptionByKeyWithSuccess');
  assert.equal(sub.json.status, 'Active');
  assert.equal(sub.json.contractedMrr, 350);
  assert.equal(sub.json.termStartDate, '2027-01-01');
  assert.equal(sub.json.termEndDate, '2028-01-01');

  const account = await call('GET', `/v1/accounts/${accountNumber}`);
  conforms(account, 'GETAccountType');
  assert.equal(account.json.basicInfo.name, 'Acme Robotics');
  assert.equal(account.json.billToContact.firstName, 'Ada');
  assert.equal(account.json.metrics.contractedMrr, '350');
});

test('v2-made orders, subscriptions and accounts read in the v1 GETs (by number or id)', async () => {
  conforms(await call('GET', '/v1/orders/O00000001'), 'GetOrderResponse');
  const paused = await call('GET', '/v1/subscriptions/S00000002');
  conforms(paused, 'GETSubscriptionByKeyWithSuccess');
  assert.equal(paused.json.status, 'Suspended');
  assert.equal(paused.json.termType, 'EVERGREEN');
  const byId = await call('GET', `/v1/subscriptions/${paused.json.id}`);
  assert.equal(byId.json.subscriptionNumber, 'S00000002');
  const account = await call('GET', '/v1/accounts/A00000001');
  conforms(account, 'GETAccountType');
  conforms(await call('GET', `/v1/accounts/${account.json.basicInfo.id}`), 'GETAccountType');
});

test("every v1 change action previews on a seeded subscription with its v1 type and the engine's figures", async () => {
  const actions: Record<string, unknown>[] = [
    { type: 'AddProduct', addProduct: { productRatePlanId: 'plan-onboarding' } },
    {
      type: 'UpdateProduct',
      updateProduct: {
        ratePlanId: 'SP00000001',
        chargeUpdates: [{ chargeNumber: 'SI00000001', pricing: { recurringPerUnit: { quantity: 12 } } }],
      },
    },
    { type: 'RemoveProduct', removeProduct: { ratePlanId: 'SP00000001' } },
    { type: 'RenewSubscription' },
    { type: 'CancelSubscription', cancelSubscription: { cancellationPolicy: 'EndOfCurrentTerm' } },
    { type: 'Suspend', suspend: { suspendPolicy: 'Today' } },
    {
      type: 'TermsAndConditions',
      termsAndConditions: { autoRenew: false, lastTerm: { termType: 'TERMED', period: 24, periodType: 'Month' } },
    },
    { type: 'OwnerTransfer', ownerTransfer: { destinationAccountNumber: 'A00000001' } },
  ];
  const seen: string[] = [];
  for (const action of actions) {
    const r = await call('POST', '/v1/orders/preview', { ...changeOrder(action), previewOptions: PREVIEW_ALL });
    conforms(r, 'PostOrderPreviewResponseType');
    seen.push(
      ...new Set<string>(
        r.json.previewResult.orderDeltaMetrics.orderDeltaTcb.map((m: { orderActionType: string }) => m.orderActionType),
      ),
    );
  }
  const resume = await call('POST', '/v1/orders/preview', {
    ...changeOrder({ type: 'Resume', resume: { resumePolicy: 'Today' } }, 'S00000002'),
    previewOptions: PREVIEW_ALL,
  });
  conforms(resume, 'PostOrderPreviewResponseType');
  assert.deepEqual(seen, [
    'AddProduct',
    'UpdateProduct',
    'RemoveProduct',
    'RenewSubscription',
    'CancelSubscription',
    'Suspend',
    'TermsAndConditions',
    'OwnerTransfer',
  ]);
  const update = await call('POST', '/v1/orders/preview', { ...changeOrder(actions[1]), previewOptions: PREVIEW_ALL });
  assert.equal(sum(update.json.previewResult.orderDeltaMetrics.orderDeltaMrr), 175, 'the seeded 5 seats to 12, at 25');
});

test('a v1 change is kept: the subscription reads changed in v1 and the order in v2', async () => {
  const made = await call('POST', '/v1/orders', newCustomerOrder());
  const subscriptionNumber = made.json.subscriptionNumbers[0];
  const order = {
    orderDate: '2027-02-01',
    existingAccountNumber: made.json.accountNumber,
    subscriptions: [
      {
        subscriptionNumber,
        orderActions: [
          { type: 'AddProduct', addProduct: { productRatePlanId: 'plan-enterprise-yearly' } },
          { type: 'TermsAndConditions', termsAndConditions: { autoRenew: false } },
        ],
      },
    ],
  };
  const changed = await call('POST', '/v1/orders', order);
  conforms(changed, 'PostOrderResponseType');
  const sub = await call('GET', `/v1/subscriptions/${subscriptionNumber}`);
  assert.equal(sub.json.ratePlans.length, 2);
  assert.equal(sub.json.autoRenew, false);
  assert.equal(sub.json.version, 2);
  const v2 = await call('GET', `/v2/orders/${changed.json.orderNumber}`);
  assert.deepEqual(v2Mismatches(v2.json, 'order'), []);
  assert.deepEqual(
    v2.json.subscriptions[0].actions.map((a: { type: string }) => a.type),
    ['add_subscription_plan', 'terms'],
  );
  const v1Order = await call('GET', `/v1/orders/${changed.json.orderNumber}`);
  conforms(v1Order, 'GetOrderResponse');
  assert.deepEqual(
    v1Order.json.order.subscriptions[0].orderActions.map((a: { type: string }) => a.type),
    ['AddProduct', 'TermsAndConditions'],
  );
});

test('v1 order line items: billed once in the preview, kept and read back in v1 and v2', async () => {
  const fee = {
    itemName: 'Setup',
    itemType: 'Fee',
    amountPerUnit: 400,
    quantity: 2,
    transactionStartDate: '2027-01-01',
  };
  const body = { ...changeOrder({ type: 'RenewSubscription' }), orderLineItems: [fee] };
  const p = await call('POST', '/v1/orders/preview', { ...body, previewOptions: PREVIEW_ALL });
  conforms(p, 'PostOrderPreviewResponseType');
  const { orderDeltaMetrics, invoices } = p.json.previewResult;
  assert.deepEqual(orderDeltaMetrics.orderDeltaTcb.at(-1), {
    startDate: '2027-01-01',
    currency: 'USD',
    grossAmount: 800,
    netAmount: 800,
  });
  assert.equal(invoices[0].invoiceItems.at(-1).amountWithoutTax, 800);

  const made = await call('POST', '/v1/orders', body);
  conforms(made, 'PostOrderResponseType');
  assert.match(made.json.orderLineItems[0].itemNumber, /^LI\d{8}$/);
  const order = await call('GET', `/v1/orders/${made.json.orderNumber}`);
  conforms(order, 'GetOrderResponse');
  assert.equal(order.json.order.orderLineItems[0].amount, 800);
  assert.equal(order.json.order.orderLineItems[0].itemType, 'Fee');
  const v2 = await call('GET', `/v2/orders/${made.json.orderNumber}`);
  assert.deepEqual(v2Mismatches(v2.json, 'order'), []);
  assert.equal(v2.json.line_items.data[0].total, 800);
});

test('numbers written in quotes ("12", "20") are read as the service reads them: the same figures, never a 400', async () => {
  const quoted = (o: ReturnType<typeof newCustomerOrder>) =>
    JSON.parse(JSON.stringify(o).replace(/"(period|quantity|billCycleDay)":(\d+)/g, '"$1":"$2"'));
  const body = { ...newCustomerOrder(), previewOptions: PREVIEW_ALL };
  const asNumbers = await call('POST', '/v1/orders/preview', body);
  const inQuotes = await call('POST', '/v1/orders/preview', quoted(body));
  assert.match(JSON.stringify(quoted(body)), /"period":"12".*"quantity":"10"|"quantity":"10".*"period":"12"/);
  assert.equal(inQuotes.status, 200, JSON.stringify(inQuotes.json));
  const amounts = (a: Answer) =>
    Object.entries(a.json.previewResult.orderDeltaMetrics as Record<string, { netAmount: number }[]>).map(
      ([name, rows]) => [name, rows.map(r => r.netAmount)],
    );
  assert.deepEqual(amounts(inQuotes), amounts(asNumbers));
  assert.ok(
    amounts(asNumbers).every(([, xs]) => xs.length && (xs as number[]).every(x => x > 0)),
    'real figures',
  );
  const bad = await call(
    'POST',
    '/v1/orders/preview',
    JSON.parse(JSON.stringify(body).replace('"period":12', '"period":"twelve"')),
  );
  assert.equal(bad.status, 400, 'a text that is no number is still refused');
});
