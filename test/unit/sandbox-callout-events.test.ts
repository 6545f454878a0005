// Issue 32 item 4: the events beyond orders and invoices, and how a callout is sent, over HTTP on loopback with a
// receiver on 127.0.0.1 and a step timer (no sleeps): payment processed vs declined, a refund, subscriptions
// created, canceled, renewed and paused by a clock move (in date order), a filterRule that skips an event, a
// callout template's body, headers and method, basic auth answered to a 401 challenge (the password never in an
// answer), resend, and the history's answers in the v1 reference's shapes.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Arrivals, DEFINITIONS, sandboxWithReceiver, type Received } from './calloutReceiver';
import { tokenOf } from './sandboxToken';
import { changeOrder } from './sandbox-v1-helpers';
import { newAccount, teamOrder } from './sandboxV2';
import { mismatches, referenceSuccess } from './v1-reference';

const TEMPLATES = '/notifications/callout-templates';
/** The reference's answer to a callout template's create, read, list (each) and change. */
const TEMPLATE_SCHEMA = { $ref: '#/components/schemas/GETPublicCalloutTemplateResponse' };
type Call = Awaited<ReturnType<typeof sandboxWithReceiver>>['call'];

/** A definition listening to `event` whose callout sends `params` (merge fields) to `url`. */
const listening = (event: string, url: string, params: Record<string, string> = {}, extra = {}) => ({
  name: `${event} hook`,
  eventTypeName: event,
  calloutActive: true,
  callout: { calloutBaseurl: url, httpMethod: 'POST', calloutParams: params },
  ...extra,
});

async function newAccountNumber(call: Call): Promise<string> {
  const order = await call('POST', '/v2/orders', teamOrder({ account_data: newAccount }));
  assert.equal(order.status, 200, JSON.stringify(order.json));
  return (await call('GET', `/v2/accounts/${order.json.account_id}`)).json.account_number;
}

/** A card payment of `amount` on the account with the test card `number`. */
async function cardPayment(call: Call, account: string, number: string, amount: number) {
  const card = { card_number: number, brand: 'visa', expiry_month: 1, expiry_year: 2031 };
  const method = await call('POST', '/v2/payment_methods', { account_number: account, type: 'card', card });
  assert.ok(method.status < 300, JSON.stringify(method.json));
  const body = { account_number: account, payment_method_id: method.json.id, amount, currency: 'USD' };
  return call('POST', '/v2/payments', { ...body, payment_date: '2027-01-01' });
}

const bodies = async (got: Arrivals<Received>, n: number) => {
  const out: Record<string, string>[] = [];
  for (let i = 0; i < n; i++) out.push(JSON.parse((await got.next()).body));
  return out;
};

test('a card that pays and one that declines: PaymentProcessed and PaymentDeclined with their merge fields; a refund of half: RefundProcessed', async t => {
  const { hook, hooks, call } = await sandboxWithReceiver(t);
  const params = {
    event: '<Event.Type>',
    payment: '<Payment.PaymentNumber>',
    amount: '<Payment.Amount>',
    status: '<Payment.Status>',
    code: '<Payment.GatewayResponseCode>',
    account: '<Account.AccountNumber>',
  };
  for (const e of ['PaymentProcessed', 'PaymentDeclined']) {
    assert.equal((await call('POST', DEFINITIONS, listening(e, hook.url, params))).status, 200);
  }
  const refundParams = { refund: '<Refund.RefundNumber>', amount: '<Refund.Amount>', of: '<Payment.PaymentNumber>' };
  assert.equal((await call('POST', DEFINITIONS, listening('RefundProcessed', hook.url, refundParams))).status, 200);
  const account = await newAccountNumber(call);
  const paid = await cardPayment(call, account, '4242424242424242', 150);
  assert.ok(paid.status < 300, JSON.stringify(paid.json));
  await cardPayment(call, account, '4000000000000002', 80);
  hooks.timer.advance(0);
  const [processed, declined] = await bodies(hook.got, 2);
  assert.deepEqual(processed, {
    event: 'PaymentProcessed',
    payment: paid.json.payment_number,
    amount: '150.00',
    status: 'Processed',
    code: processed.code, // the gateway's approval code, whatever it is
    account,
  });
  assert.equal(declined.event, 'PaymentDeclined');
  assert.equal(declined.amount, '80.00');
  assert.equal(declined.status, 'Error');
  assert.notEqual(declined.code, '', 'the gateway code of the decline');

  const refund = await call('POST', '/v2/refunds', { payment_id: paid.json.id, amount: 75 });
  assert.ok(refund.status < 300, JSON.stringify(refund.json));
  hooks.timer.advance(0);
  const [refunded] = await bodies(hook.got, 1);
  assert.deepEqual(refunded, { refund: refund.json.refund_number, amount: '75.00', of: paid.json.payment_number });
});

test('subscriptions: created and canceled by orders, paused, resumed and renewed by a clock move, each OrderActionProcessed in date order', async t => {
  const { hook, hooks, call } = await sandboxWithReceiver(t);
  const params = { type: '<OrderAction.Type>', date: '<Event.Date>', sub: '<Subscription.SubscriptionNumber>' };
  assert.equal((await call('POST', DEFINITIONS, listening('OrderActionProcessed', hook.url, params))).status, 200);
  const a = await call('POST', '/v2/orders', teamOrder({ account_data: newAccount }));
  const b = await call('POST', '/v2/orders', teamOrder({ account_data: newAccount }));
  const [subA, subB] = [a, b].map(o => o.json.subscriptions[0].subscription_number as string);
  const canceled = await call('POST', `/v2/subscriptions/${subB}/cancel`, { cancel_at: 'invoice_period_end' });
  assert.equal(canceled.status, 200, JSON.stringify(canceled.json));
  const pause = { pause_date: '2027-06-01', resume_behavior: { resume_date: '2027-08-01' } };
  const paused = await call('POST', `/v2/subscriptions/${subA}/pause`, pause);
  assert.equal(paused.status, 200, JSON.stringify(paused.json));
  assert.equal(paused.json.state, 'active', 'paused only when the clock reaches 2027-06-01');
  hooks.timer.advance(0);
  assert.deepEqual(await bodies(hook.got, 3), [
    { type: 'CreateSubscription', date: '2027-01-01', sub: subA },
    { type: 'CreateSubscription', date: '2027-01-01', sub: subB },
    { type: 'CancelSubscription', date: '2027-01-01', sub: subB },
  ]);
  const moved = await call('POST', '/_sandbox/clock', { to: '2028-02-01' });
  assert.equal(moved.status, 200, JSON.stringify(moved.json));
  hooks.timer.advance(0);
  // The seeded subscription (S00000001, a year from 2026-01-01) renews too: all in date order, one list.
  assert.deepEqual(await bodies(hook.got, 5), [
    { type: 'RenewSubscription', date: '2027-01-01', sub: 'S00000001' },
    { type: 'Suspend', date: '2027-06-01', sub: subA },
    { type: 'Resume', date: '2027-08-01', sub: subA },
    { type: 'RenewSubscription', date: '2028-01-01', sub: 'S00000001' },
    { type: 'RenewSubscription', date: '2028-01-01', sub: subA },
  ]);
  assert.equal((await call('GET', `/v2/subscriptions/${subA}`)).json.state, 'active');
  assert.equal(hooks.timer.pending, 0, 'nothing else: the pause order itself announced no Suspend');
});

test('a v1 Suspend on a SpecificDate later than today leaves the subscription active; the clock reaching it pauses it and announces it then', async t => {
  const { hook, hooks, call } = await sandboxWithReceiver(t);
  const params = { type: '<OrderAction.Type>', date: '<Event.Date>', status: '<Subscription.Status>' };
  assert.equal((await call('POST', DEFINITIONS, listening('OrderActionProcessed', hook.url, params))).status, 200);
  const made = await call('POST', '/v2/orders', teamOrder({ account_data: newAccount }));
  const sub = made.json.subscriptions[0].subscription_number as string;
  const account = (await call('GET', `/v2/accounts/${made.json.account_id}`)).json.account_number;
  hooks.timer.advance(0);
  assert.equal(JSON.parse((await hook.got.next()).body).type, 'CreateSubscription');
  const suspend = { suspendPolicy: 'SpecificDate', suspendSpecificDate: '2027-03-01' };
  const v1 = { ...changeOrder({ type: 'Suspend', suspend }, sub), existingAccountNumber: account };
  const order = await call('POST', '/v1/orders', v1);
  assert.equal(order.status, 200, JSON.stringify(order.json));
  assert.equal((await call('GET', `/v2/subscriptions/${sub}`)).json.state, 'active');
  assert.equal(hooks.timer.pending, 0, 'nothing announced yet: the pause has not begun');
  assert.equal((await call('POST', '/_sandbox/clock', { to: '2027-03-01' })).status, 200);
  assert.equal((await call('GET', `/v2/subscriptions/${sub}`)).json.state, 'paused');
  hooks.timer.advance(0);
  // The seeded subscription's term ended on 2027-01-01: renewed; then the pause on its date.
  assert.deepEqual(await bodies(hook.got, 2), [
    { type: 'RenewSubscription', date: '2027-01-01', status: 'Active' },
    { type: 'Suspend', date: '2027-03-01', status: 'Suspended' },
  ]);
});

test("a filterRule's condition is evaluated: an event it does not match is not delivered; one the sandbox cannot read is kept, each event recorded not sent", async t => {
  const { hook, hooks, call } = await sandboxWithReceiver(t);
  const filter = {
    filterRule: { condition: "Payment.Amount >= minimum && Account.Currency == 'USD'", parameters: {} },
    filterRuleParams: { minimum: '100' },
  };
  const made = await call(
    'POST',
    DEFINITIONS,
    listening('PaymentProcessed', hook.url, { amount: '<Payment.Amount>' }, filter),
  );
  assert.equal(made.status, 200, JSON.stringify(made.json));
  const account = await newAccountNumber(call);
  await cardPayment(call, account, '4242424242424242', 99.99);
  await cardPayment(call, account, '4242424242424242', 100);
  assert.equal(hooks.timer.pending, 1, 'one delivery: 99.99 is under the minimum');
  hooks.timer.advance(0);
  assert.deepEqual(await bodies(hook.got, 1), [{ amount: '100.00' }]);

  await hooks.attempts.next();
  const bad = { filterRule: { condition: 'Payment.Amount >>> 3', parameters: {} } };
  const kept = await call('POST', DEFINITIONS, listening('PaymentProcessed', hook.url, {}, bad));
  assert.equal(kept.status, 200, 'the service takes conditions the sandbox cannot read');
  await call('DELETE', `${DEFINITIONS}/${made.json.id}`);
  await cardPayment(call, account, '4242424242424242', 500);
  hooks.timer.advance(0);
  const unsent = await hooks.attempts.next();
  assert.equal(unsent.status, 'not sent');
  assert.match(
    unsent.responseContent,
    /filterRule\.condition: the Local sandbox evaluates comparisons .* Change the definition's filterRule/,
  );
  assert.equal(hook.got.all.length, 1, 'nothing sent unfiltered');
});

test("a definition naming a callout template sends the template's method, headers and custom body with its merge fields", async t => {
  const { hook, hooks, call } = await sandboxWithReceiver(t);
  const template = await call('POST', TEMPLATES, {
    name: 'ERP invoice hook',
    eventTypeName: 'InvoicePosted',
    calloutBaseurl: hook.url,
    httpMethod: 'PUT',
    calloutHeaders: { 'X-Source': 'billing <Event.Type>' },
    useCustomRequestBody: true,
    customRequestBody: '{"invoice":"<Invoice.InvoiceNumber>","total":{{Invoice.Amount}}}',
    calloutRetry: true,
  });
  assert.equal(template.status, 200, JSON.stringify(template.json));
  assert.deepEqual(mismatches(template.json, TEMPLATE_SCHEMA), []);
  const definition = { name: 'Invoices', eventTypeName: 'InvoicePosted', calloutActive: true };
  const made = await call('POST', DEFINITIONS, { ...definition, calloutTemplateIds: [template.json.id] });
  assert.equal(made.status, 200, JSON.stringify(made.json));
  const account = await newAccountNumber(call);
  const run = await call('POST', '/v2/bill_runs', {
    target_date: '2027-01-01',
    invoice_date: '2027-01-01',
    account_number: account,
  });
  assert.equal(run.status, 201, JSON.stringify(run.json));
  hooks.timer.advance(0);
  const got = await hook.got.next();
  assert.equal(got.method, 'PUT');
  assert.equal(got.headers['x-source'], 'billing InvoicePosted');
  assert.match(got.body, /^\{"invoice":"INV\d{8}","total":350\.00\}$/);
  const attempt = await hooks.attempts.next();
  assert.equal(attempt.templateId, template.json.id);

  const list = await call('GET', TEMPLATES);
  assert.equal(list.json.data.length, 1);
  assert.deepEqual(mismatches(list.json.data[0], TEMPLATE_SCHEMA), []);
  assert.equal((await call('DELETE', `${TEMPLATES}/${template.json.id}`)).status, 204);
  assert.equal((await call('GET', `${TEMPLATES}/${template.json.id}`)).status, 404);
});

/** A receiver that asks for Basic credentials (a 401 challenge) and takes only erp / hook-secret-42. */
async function guardedReceiver() {
  const got = new Arrivals<Received>();
  const expected = `Basic ${Buffer.from('erp:hook-secret-42').toString('base64')}`;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      got.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: '' });
      if (req.headers.authorization === expected) return void res.writeHead(200).end('{"ok":true}');
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="erp"' }).end('{"error":"who are you"}');
    });
  });
  await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, got, close: () => new Promise<void>(r => server.close(() => r())) };
}

test('basic auth not preemptive: sent without credentials, the 401 challenge answered with them; the password never in an answer; resend is a new attempt', async t => {
  const { hooks, call } = await sandboxWithReceiver(t);
  const guarded = await guardedReceiver();
  t.after(() => guarded.close());
  const auth = { requiredAuth: true, calloutAuth: { username: 'erp', password: 'hook-secret-42', preemptive: false } };
  const made = await call('POST', DEFINITIONS, {
    ...listening('OrderProcessed', guarded.url, { order: '<Order.OrderNumber>' }),
    callout: {
      calloutBaseurl: guarded.url,
      httpMethod: 'POST',
      calloutParams: { order: '<Order.OrderNumber>' },
      ...auth,
    },
  });
  assert.equal(made.status, 200, JSON.stringify(made.json));
  await newAccountNumber(call);
  hooks.timer.advance(0);
  assert.equal((await guarded.got.next()).headers.authorization, undefined, 'first without credentials');
  assert.match((await guarded.got.next()).headers.authorization ?? '', /^Basic /);
  const attempt = await hooks.attempts.next();
  assert.deepEqual([attempt.responseCode, attempt.status, attempt.challenged], [200, 'delivered', true]);

  const full = await call('GET', '/_sandbox/callouts');
  assert.equal(full.status, 200);
  const [shown] = full.json.attempts;
  assert.equal(shown.request.method, 'POST');
  assert.equal(shown.request.url, guarded.url);
  assert.match(shown.request.body, /"order":"O-?\d+"/);
  assert.equal(shown.request.headers.Authorization, '***');
  assert.equal(typeof shown.durationMs, 'number');
  assert.deepEqual(shown.response, { status: 200, body: '{"ok":true}' });
  const everything = JSON.stringify([
    full.json,
    (await call('GET', '/v1/notification-history/callout?includeResponseContent=true')).json,
    (await call('GET', `${DEFINITIONS}/${made.json.id}`)).json,
  ]);
  assert.ok(!everything.includes('hook-secret-42'), 'the password is in no answer');
  assert.ok(!everything.includes(Buffer.from('erp:hook-secret-42').toString('base64')), 'nor its Basic header');

  const resent = await call('POST', '/notifications/callout-histories/resend', [shown.id]);
  assert.equal(resent.status, 202, JSON.stringify(resent.json));
  hooks.timer.advance(0);
  const again = await hooks.attempts.next();
  assert.notEqual(again.deliveryId, attempt.deliveryId, 'a new delivery');
  assert.deepEqual([again.attemptedNum, again.responseCode], [1, 200]);
  const history = (await call('GET', '/v1/notification-history/callout?includeResponseContent=true')).json;
  assert.equal(history.calloutHistories.length, 2);
  assert.deepEqual(mismatches(history, referenceSuccess('GET /v1/notification-history/callout')!.schema!), []);
});

test('a callout asking for OAuth 2.0 is kept but never sent: its history says to test with basic auth', async t => {
  const { hook, hooks, call } = await sandboxWithReceiver(t);
  const oauth = { requiredOauth2: true, oauth2ProviderId: 'prov-1' };
  const made = await call('POST', DEFINITIONS, {
    ...listening('OrderProcessed', hook.url),
    callout: { calloutBaseurl: hook.url, httpMethod: 'POST', ...oauth },
  });
  assert.equal(made.status, 200, JSON.stringify(made.json));
  assert.equal(made.json.callout.requiredOauth2, true);
  await newAccountNumber(call);
  hooks.timer.advance(0);
  const unsent = await hooks.attempts.next();
  assert.equal(unsent.status, 'not sent');
  assert.match(unsent.responseContent, /no OAuth 2\.0 providers .* test it with basic authentication/);
  assert.equal(hook.got.all.length, 0);
});

test('usage uploaded: one UsageUploaded per upload and account (a record alone, a CSV file of two rows), the quantity summed as written', async t => {
  const { hook, hooks, call, sb } = await sandboxWithReceiver(t);
  const params = { event: '<Event.Type>', source: '<Usage.Source>', records: '<Usage.RecordCount>' };
  const more = { quantity: '<Usage.Quantity>', unit: '<Usage.UnitOfMeasure>', account: '<Account.AccountNumber>' };
  assert.equal(
    (await call('POST', DEFINITIONS, listening('UsageUploaded', hook.url, { ...params, ...more }))).status,
    200,
  );
  const order = teamOrder({ account_data: newAccount });
  order.subscriptions[0].subscription_plans = [
    { plan_id: 'plan-api-usage', prices: [{ price_id: 'price-api-calls' }] },
  ] as never;
  const made = await call('POST', '/v2/orders', order);
  assert.equal(made.status, 200, JSON.stringify(made.json));
  const account = (await call('GET', `/v2/accounts/${made.json.account_id}`)).json.account_number;
  const one = { account_number: account, unit_of_measure: 'call', quantity: 3, start_time: '2027-01-05T09:00:00Z' };
  assert.ok((await call('POST', '/v2/usage_records', one)).status < 300);
  const csv = `ACCOUNT_ID,UOM,QTY,STARTDATE,ENDDATE\r\n${account},call,617.25,01/06/2027,\r\n${account},call,617.25,01/07/2027,\r\n`;
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'usage.csv');
  const headers = { Authorization: `Bearer ${await tokenOf(sb)}` };
  const uploaded = await fetch(`${sb.url}/v1/usage`, { method: 'POST', body: form, headers });
  assert.equal(uploaded.status, 200, await uploaded.text());
  hooks.timer.advance(0);
  const got = await bodies(hook.got, 2);
  const common = { event: 'UsageUploaded', unit: 'call', account };
  assert.deepEqual(got, [
    { ...common, source: 'API', records: '1', quantity: '3' },
    { ...common, source: 'Import', records: '2', quantity: '1234.5' },
  ]);
});

test("the clock's bill runs are kept and announced: each billing day a bill run, its invoices naming it, a BillRunCompletion", async t => {
  const { hook, hooks, call } = await sandboxWithReceiver(t);
  const invoice = {
    event: '<Event.Type>',
    date: '<Event.Date>',
    run: '<BillRun.BillRunNumber>',
    invoice: '<Invoice.InvoiceNumber>',
  };
  const run = {
    event: '<Event.Type>',
    date: '<Event.Date>',
    run: '<BillRun.BillRunNumber>',
    invoices: '<BillRun.NumberOfInvoices>',
  };
  assert.equal((await call('POST', DEFINITIONS, listening('InvoicePosted', hook.url, invoice))).status, 200);
  assert.equal((await call('POST', DEFINITIONS, listening('BillRunCompletion', hook.url, run))).status, 200);
  const account = await newAccountNumber(call);
  const moved = await call('POST', '/_sandbox/clock', { to: '2027-02-01' });
  assert.equal(moved.status, 200, JSON.stringify(moved.json));
  type Run = { bill_run_number: string; name: string; target_date: string; invoices_generated: number };
  const runs = (await call('GET', '/v2/bill_runs?page_size=99')).json.data as Run[];
  // The seeded account (from 2026-01-01) is billed first for what fell due before the move, each month its run.
  assert.ok(runs.every(r => r.name === 'Local sandbox clock'));
  assert.deepEqual(runs.map(r => r.target_date).slice(-2), ['2027-01-01', '2027-02-01']);
  hooks.timer.advance(0);
  const got = await bodies(hook.got, runs.length + runs.reduce((n, r) => n + r.invoices_generated, 0));
  const feb = (
    (await call('GET', `/v2/invoices?filter[]=account_number.EQ:${account}`)).json.data as {
      invoice_number: string;
      document_date: string;
    }[]
  ).find(i => i.document_date === '2027-02-01')!;
  const febRun = runs[runs.length - 1].bill_run_number;
  assert.deepEqual(
    got.find(b => b.invoice === feb.invoice_number),
    { event: 'InvoicePosted', date: '2027-02-01', run: febRun, invoice: feb.invoice_number },
  );
  assert.deepEqual(
    got.filter(b => b.event === 'BillRunCompletion').map(b => [b.date, b.run, b.invoices]),
    runs.map(r => [r.target_date, r.bill_run_number, String(r.invoices_generated)]),
    'one completion per run, in date order',
  );
  assert.equal(hooks.timer.pending, 0);
  // Made by one move, each was sent as on its own day: the history finds January's by January's dates.
  const january = await call(
    'GET',
    '/v1/notification-history/callout?startTime=2027-01-01T00:00:00Z&endTime=2027-01-31T23:59:59Z&pageSize=40',
  );
  const rows = january.json.calloutHistories as { createTime: string; eventContext: string }[];
  assert.ok(rows.length >= 2, "the day's invoices and its bill run");
  assert.ok(
    rows.every(
      r => r.createTime.startsWith('2027-01-') && JSON.parse(r.eventContext)['Event.Date'].startsWith('2027-01-'),
    ),
  );
});
