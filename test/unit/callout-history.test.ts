// The Callouts view's core (src/client/calloutHistory.ts) against the Local sandbox over loopback: a definition
// pointing at a receiver this test starts, an order and a bill run posting its invoice, then the history read
// through the billing client as deliveries (an event and its attempts), filtered, and resent. Deliveries run on
// the sandbox's step timer: no sleeps.
import { test, type TestContext } from 'node:test';
import * as assert from 'node:assert/strict';
import { BillingClient } from '../../src/client';
import {
  actionOf,
  attemptDocument,
  deliveryStatus,
  filterText,
  groupDeliveries,
  parseAttempt,
  readCalloutHistory,
  resendDelivery,
} from '../../src/client/calloutHistory';
import { DEFINITIONS, invoicePosted, sandboxWithReceiver } from './calloutReceiver';
import { newCustomerOrder } from './sandbox-v1-helpers';

const ordersHook = (url: string) => ({
  name: 'Orders to the CRM',
  eventTypeName: 'OrderProcessed',
  calloutActive: true,
  callout: { calloutBaseurl: url, httpMethod: 'POST', calloutParams: { order: '<Order.OrderNumber>' } },
});

/** A sandbox with an invoice-posted definition (and an order one) to a loopback receiver answering `script`. */
async function postedInvoice(t: TestContext, script: number[] = [], calloutRetry = true) {
  const env = await sandboxWithReceiver(t, script);
  const { hook, hooks, sb, call } = env;
  assert.equal((await call('POST', DEFINITIONS, invoicePosted(hook.url, { calloutRetry }))).status, 200);
  assert.equal((await call('POST', DEFINITIONS, ordersHook(hook.url))).status, 200);
  const order = await call('POST', '/v1/orders', newCustomerOrder());
  assert.equal(order.status, 200, JSON.stringify(order.json));
  const accountId = (await call('GET', `/v1/accounts/${order.json.accountNumber}`)).json.basicInfo.id;
  const filters = [{ filterType: 'Account', accountId }];
  assert.equal(
    (await call('POST', '/v1/bill-runs', { targetDate: '2027-01-01', billRunFilters: filters })).status,
    200,
  );
  hooks.timer.advance(0);
  await hooks.attempts.next(); // the order's
  await hooks.attempts.next(); // the invoice's
  const client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  t.after(() => client.close());
  return { ...env, client, accountNumber: order.json.accountNumber as string, orderNumber: order.json.orderNumber };
}

test('an invoice posted on the Local sandbox is one delivery, newest first, with its event, invoice number and 200', async t => {
  const { client, accountNumber, orderNumber } = await postedInvoice(t);
  const read = await readCalloutHistory(client);
  assert.equal(read.truncated, false);
  assert.deepEqual(
    read.deliveries.map(d => [d.eventType, d.notification, deliveryStatus(d), d.attempts.length]),
    [
      ['InvoicePosted', 'Invoice posted to the ERP', '200', 1],
      ['OrderProcessed', 'Orders to the CRM', '200', 1],
    ],
  );
  const [invoice, order] = read.deliveries;
  assert.match(invoice.object, /^INV\d{8}$/, 'the invoice number, not the account number beside it');
  assert.equal(order.object, orderNumber);

  // The attempt as the document the view opens: request and answer, the body pretty JSON, no secret.
  const doc = attemptDocument(invoice, invoice.attempts[0], client.redactor) as {
    request: { method: string; url: string };
    answer: { status: number; body: unknown };
    event: { context: Record<string, string> };
  };
  assert.equal(doc.request.method, 'POST');
  assert.match(doc.request.url, /^http:\/\/127\.0\.0\.1:\d+\/hook$/);
  assert.deepEqual(doc.answer, { status: 200, body: { received: true } });
  assert.equal(doc.event.context['Account.AccountNumber'], accountNumber);
  assert.ok(!JSON.stringify(doc).includes('hook-secret'));
});

test('on the Local sandbox an attempt opens with the request as sent: its headers (credentials masked), body and time', async t => {
  const { client } = await postedInvoice(t);
  const plain = (await readCalloutHistory(client)).deliveries[0];
  const bare = attemptDocument(plain, plain.attempts[0], client.redactor) as { request: { body: unknown } };
  assert.match(String(bare.request.body), /not in the service’s history answer/, 'the reference rows hold no body');
  const [invoice] = (await readCalloutHistory(client, {}, { localSandbox: true })).deliveries;
  const doc = attemptDocument(invoice, invoice.attempts[0], client.redactor) as {
    request: { headers: Record<string, string>; body: { invoice: string } };
    answer: { durationMs: number };
  };
  assert.equal(doc.request.body.invoice, invoice.object, 'the body as its parameters filled it');
  assert.match(doc.request.headers['content-type'] ?? doc.request.headers['Content-Type'], /json/);
  const auth = Object.entries(doc.request.headers).find(([k]) => k.toLowerCase() === 'authorization')?.[1] ?? '';
  assert.ok(auth !== '' && !auth.includes(Buffer.from('erp:hook-secret').toString('base64')), auth);
  assert.equal(typeof doc.answer.durationMs, 'number');
  assert.ok(!JSON.stringify(doc).includes('hook-secret'));
});

test('on the Local sandbox the view reads its attempts in one request, the same deliveries as the history pages give', async t => {
  const { client } = await postedInvoice(t);
  const paths: string[] = [];
  const counted = {
    send: <T>(op: { method: string; path: string }, r?: Parameters<typeof client.send>[1]) => {
      paths.push(op.path);
      return client.send<T>(op, r);
    },
  };
  const local = await readCalloutHistory(counted, {}, { localSandbox: true });
  assert.deepEqual(paths, ['/_sandbox/callouts']);
  const paged = await readCalloutHistory(client);
  const view = (r: typeof local) =>
    r.deliveries.map(d => [d.eventType, d.notification, d.object, deliveryStatus(d), d.attempts.map(a => a.id)]);
  assert.deepEqual(view(local), view(paged));
  assert.equal(local.attempts, paged.attempts);
  paths.length = 0;
  const invoices = await readCalloutHistory(counted, { eventType: 'InvoicePosted' }, { localSandbox: true });
  assert.deepEqual(paths, ['/_sandbox/callouts'], 'the event type filtered by the sandbox');
  assert.deepEqual(
    invoices.deliveries.map(d => d.eventType),
    ['InvoicePosted'],
  );
});

test('a sandbox without the full-attempts path is read page by page as any service', async t => {
  const { client } = await postedInvoice(t);
  const older = {
    send: <T>(op: { method: string; path: string }, r?: Parameters<typeof client.send>[1]) =>
      op.path === '/_sandbox/callouts' ? Promise.reject(new Error('404 Not Found')) : client.send<T>(op, r),
  };
  const read = await readCalloutHistory(older, {}, { localSandbox: true });
  assert.deepEqual(
    read.deliveries.map(d => d.eventType),
    ['InvoicePosted', 'OrderProcessed'],
  );
});

test('retries and a resend are attempts of the one delivery; Resend sends it again and it then reads 200', async t => {
  // The invoice callout is not retried: it fails once (500) and stays failed until resent.
  const { client, hook, hooks } = await postedInvoice(t, [200, 500], false);
  let [invoice] = (await readCalloutHistory(client, { eventType: 'InvoicePosted' })).deliveries;
  assert.equal(deliveryStatus(invoice), '500');

  await resendDelivery(client, invoice);
  hooks.timer.advance(0);
  assert.equal((await hooks.attempts.next()).responseCode, 200);
  assert.equal(hook.got.all.length, 3);
  const after = await readCalloutHistory(client, { eventType: 'InvoicePosted' });
  assert.equal(after.deliveries.length, 1, 'the resend joins its delivery');
  invoice = after.deliveries[0];
  assert.deepEqual(
    invoice.attempts.map(a => a.status),
    [500, 200],
  );
  assert.equal(deliveryStatus(invoice), '200');
});

test('a delivery the sandbox retries reads "failed after N attempts" until an attempt is answered, its attempts in order', async t => {
  const { client, hooks } = await postedInvoice(t, [200, 500, 500]);
  const status = async () =>
    deliveryStatus((await readCalloutHistory(client, { eventType: 'InvoicePosted' })).deliveries[0]);
  assert.equal(await status(), '500', 'one failed attempt: its status (the row is marked failed)');
  hooks.timer.advance(1_000);
  assert.equal((await hooks.attempts.next()).responseCode, 500);
  assert.equal(await status(), 'failed after 2 attempts (500)');
  hooks.timer.advance(2_000);
  assert.equal((await hooks.attempts.next()).responseCode, 200);
  const [done] = (await readCalloutHistory(client, { eventType: 'InvoicePosted' })).deliveries;
  assert.deepEqual(
    done.attempts.map(a => [a.attempt, a.status]),
    [
      [1, 500],
      [2, 500],
      [3, 200],
    ],
  );
  assert.equal(deliveryStatus(done), '200');
});

test('the filter keeps an event type, the failed deliveries, or one object (its number or an account number)', async t => {
  const { client, accountNumber } = await postedInvoice(t, [200, 500], false);
  const all = await readCalloutHistory(client);
  assert.equal(all.deliveries.length, 2);
  const types = (f: Parameters<typeof readCalloutHistory>[1]) =>
    readCalloutHistory(client, f).then(r => r.deliveries.map(d => d.eventType));
  assert.deepEqual(await types({ eventType: 'OrderProcessed' }), ['OrderProcessed']);
  assert.deepEqual(await types({ failedOnly: true }), ['InvoicePosted']);
  const invoiceNumber = all.deliveries[0].object;
  assert.deepEqual(await types({ object: invoiceNumber.toLowerCase() }), ['InvoicePosted']);
  assert.deepEqual(await types({ object: accountNumber }), ['InvoicePosted', 'OrderProcessed']);
  assert.deepEqual(await types({ object: 'INV99999999' }), []);
  assert.equal(filterText({ eventType: 'InvoicePosted', failedOnly: true }), 'InvoicePosted · failed only');
  assert.equal(filterText({ object: '  ' }), undefined);
});

test('a long history is read a bounded number of pages and says it was cut', async t => {
  const { client } = await postedInvoice(t);
  let pages = 0;
  const paged = {
    send: async <T>(op: { method: string; path: string }, r?: Parameters<typeof client.send>[1]) => {
      pages++;
      const real = await client.send<T>(op, { ...r, query: { ...r?.query, pageSize: '1' } });
      return real;
    },
  };
  const read = await readCalloutHistory(paged, {}, { maxPages: 1 });
  assert.equal(pages, 1);
  assert.equal(read.truncated, true);
  assert.equal(read.attempts, 1);
});

test("a row the reference's schema allows with fields missing or of other types is read, never thrown on", () => {
  assert.equal(parseAttempt('x', 0), undefined);
  const bare = parseAttempt({}, 0)!;
  assert.deepEqual([bare.status, bare.ok, bare.attempt, bare.eventType, bare.context], [0, false, 1, '', '']);
  const rich = parseAttempt(
    {
      id: 'h1',
      attemptedNum: '2',
      responseCode: 204,
      eventCategory: 'PaymentProcessed',
      eventContext: '{"Payment.PaymentNumber":"P-00000001","Account.AccountNumber":"A1","Payment.Amount":12.5}',
      requestHeaders: { Authorization: 'Basic ZXJwOmhvb2stc2VjcmV0', 'Content-Type': 'application/json' },
      requestBody: '{"payment":"P-00000001"}',
      duration: '31',
    },
    0,
  )!;
  assert.deepEqual([rich.status, rich.ok, rich.attempt, rich.durationMs], [204, true, 2, 31]);
  const [d] = groupDeliveries([rich]);
  assert.equal(d.object, 'P-00000001');
  const doc = attemptDocument(
    d,
    rich,
    new BillingClient({ baseUrl: 'http://127.0.0.1:1', clientId: 'i', clientSecret: 's' }).redactor,
  ) as {
    request: { headers: Record<string, string>; body: unknown };
  };
  assert.notEqual(doc.request.headers.Authorization, rich.headers!.Authorization, 'the credentials are masked');
  assert.deepEqual(doc.request.body, { payment: 'P-00000001' });

  // A subscription's order action: its subscription is the object, its type said beside the status.
  const action = parseAttempt(
    {
      responseCode: '200',
      eventCategory: 'OrderActionProcessed',
      eventContext: JSON.stringify({
        'OrderAction.Type': 'CancelSubscription',
        'Order.OrderNumber': 'O-00000009',
        'Subscription.SubscriptionNumber': 'S00000004',
        'Account.AccountNumber': 'A1',
      }),
    },
    1,
  )!;
  const [cancelled] = groupDeliveries([action]);
  assert.equal(cancelled.object, 'S00000004');
  assert.equal(actionOf(cancelled), 'CancelSubscription');
  const refund = parseAttempt(
    { eventCategory: 'RefundProcessed', eventContext: '{"Refund.RefundNumber":"R-1","Payment.PaymentNumber":"P-1"}' },
    2,
  )!;
  assert.equal(groupDeliveries([refund])[0].object, 'R-1', 'the refund, not the payment it refunds');
});
