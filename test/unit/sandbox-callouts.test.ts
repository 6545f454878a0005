// Issue 32 item 4 (events and callouts), over HTTP on loopback: notification definitions kept by the Local
// sandbox (/notifications/notification-definitions), the events it announces after a commit (order processed,
// invoice posted, bill run completed, a clock move's bills in date order), each delivered to a receiver on
// 127.0.0.1 with the body its parameters say and basic auth, retried with back-off on a step timer (no sleeps),
// and the history (GET /v1/notification-history/callout) and resend.
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { caller, calloutHooks, DEFINITIONS, invoicePosted, sandboxWithReceiver } from './calloutReceiver';
import { newCustomerOrder } from './sandbox-v1-helpers';
import { mismatches, referenceSuccess } from './v1-reference';

/** The reference's success schema of an operation, and the answer's mismatches against it. */
function conforms(operationId: string, answer: unknown): void {
  const success = referenceSuccess(operationId);
  assert.ok(success?.schema, `the reference declares a success for ${operationId}`);
  assert.deepEqual(mismatches(answer, success.schema), [], `${operationId} answers its reference schema`);
}

describe('notification definitions', () => {
  let sb: Sandbox;
  let call: Awaited<ReturnType<typeof caller>>;
  before(async () => {
    sb = await startSandbox({ today: '2027-01-01' });
    call = await caller(sb);
  });
  after(() => sb.close());

  test('are created, listed, read, changed and deleted, each answer in its reference shape, the password never answered', async () => {
    const created = await call('POST', DEFINITIONS, invoicePosted('http://127.0.0.1:9/hook'));
    assert.equal(created.status, 200, JSON.stringify(created.json));
    conforms('POST /notifications/notification-definitions', created.json);
    const id = created.json.id as string;
    assert.equal(created.json.eventTypeName, 'InvoicePosted');
    assert.equal(created.json.active, true);
    assert.equal(created.json.callout.calloutBaseurl, 'http://127.0.0.1:9/hook');
    assert.deepEqual(created.json.callout.calloutAuth, { username: 'erp' });
    assert.ok(!JSON.stringify(created.json).includes('hook-secret'), 'the password is never answered');

    const other = await call('POST', DEFINITIONS, { name: 'Orders', eventTypeName: 'OrderProcessed', active: false });
    assert.equal(other.status, 200, JSON.stringify(other.json));
    const listed = await call('GET', DEFINITIONS);
    assert.equal(listed.status, 200);
    conforms('GET /notifications/notification-definitions', listed.json);
    assert.deepEqual(
      listed.json.data.map((d: { name: string }) => d.name),
      ['Invoice posted to the ERP', 'Orders'],
    );
    const active = await call('GET', `${DEFINITIONS}?active=false`);
    assert.deepEqual(
      active.json.data.map((d: { id: string }) => d.id),
      [other.json.id],
    );

    const read = await call('GET', `${DEFINITIONS}/${id}`);
    conforms('GET /notifications/notification-definitions/{id}', read.json);
    assert.deepEqual(read.json, created.json);

    const changed = await call('PUT', `${DEFINITIONS}/${id}`, { active: false, callout: { httpMethod: 'PUT' } });
    assert.equal(changed.status, 200, JSON.stringify(changed.json));
    conforms('PUT /notifications/notification-definitions/{id}', changed.json);
    assert.equal(changed.json.active, false);
    assert.equal(changed.json.callout.httpMethod, 'PUT');
    assert.equal(changed.json.callout.calloutBaseurl, 'http://127.0.0.1:9/hook', 'what the PUT did not name stays');

    assert.equal((await call('DELETE', `${DEFINITIONS}/${id}`)).status, 204);
    const gone = await call('GET', `${DEFINITIONS}/${id}`);
    assert.equal(gone.status, 404);
    assert.match(gone.json.reasons[0].message, /does not exist/);
  });

  test('a definition without a name is refused, saying so; one without an event is kept and hears nothing', async () => {
    const noName = await call('POST', DEFINITIONS, { eventTypeName: 'InvoicePosted' });
    assert.equal(noName.status, 400);
    assert.match(noName.json.reasons[0].message, /name is required/);
    const noEvent = await call('POST', DEFINITIONS, { name: 'later' }); // the reference does not require one
    assert.equal(noEvent.status, 200, JSON.stringify(noEvent.json));
    conforms('POST /notifications/notification-definitions', noEvent.json);
  });
});

describe('callouts', () => {
  test("a bill run's invoice-posted callout reaches a loopback receiver with the body its parameters say", async t => {
    const { hook, hooks, call } = await sandboxWithReceiver(t);
    assert.equal((await call('POST', DEFINITIONS, invoicePosted(hook.url))).status, 200);
    const order = await call('POST', '/v1/orders', newCustomerOrder());
    assert.equal(order.status, 200, JSON.stringify(order.json));
    const accountId = (await call('GET', `/v1/accounts/${order.json.accountNumber}`)).json.basicInfo.id;
    const run = await call('POST', '/v1/bill-runs', {
      targetDate: '2027-01-01',
      billRunFilters: [{ filterType: 'Account', accountId }],
    });
    assert.equal(run.status, 200, JSON.stringify(run.json));
    // Answered before any delivery: the callout waits on the timer, never inside the request.
    assert.equal(hook.got.all.length, 0);
    assert.equal(hooks.timer.pending, 1);
    hooks.timer.advance(0);
    const got = await hook.got.next();
    assert.equal(got.method, 'POST');
    assert.equal(got.url, '/hook');
    assert.equal(got.headers['content-type'], 'application/json');
    assert.equal(got.headers.authorization, `Basic ${Buffer.from('erp:hook-secret').toString('base64')}`);
    const body = JSON.parse(got.body);
    assert.match(body.invoice, /^INV\d{8}$/);
    assert.deepEqual(body, {
      invoice: body.invoice,
      amount: '350.00',
      account: order.json.accountNumber,
      note: 'posted on 2027-01-01',
    });
    const attempt = await hooks.attempts.next();
    assert.equal(attempt.responseCode, 200);
    const history = await call('GET', '/v1/notification-history/callout?includeResponseContent=true');
    conforms('GET /v1/notification-history/callout', history.json);
    assert.equal(history.json.calloutHistories.length, 1);
    const row = history.json.calloutHistories[0];
    assert.equal(row.eventCategory, 'InvoicePosted');
    assert.equal(row.responseCode, '200');
    assert.equal(row.attemptedNum, '1');
    assert.equal(row.requestUrl, hook.url);
    assert.equal(row.responseContent, '{"received":true}');
  });

  test('a receiver answering 500 twice then 200 gets three attempts, 1 s then 2 s apart, and the history shows them', async t => {
    const { hook, hooks, call } = await sandboxWithReceiver(t, [500, 500]);
    const orders = {
      name: 'Orders',
      eventTypeName: 'OrderProcessed',
      calloutActive: true,
      callout: { calloutBaseurl: hook.url, httpMethod: 'POST', calloutParams: { order: '<Order.OrderNumber>' } },
    };
    assert.equal((await call('POST', DEFINITIONS, orders)).status, 200);
    const order = await call('POST', '/v1/orders', newCustomerOrder());
    assert.equal(order.status, 200, JSON.stringify(order.json));

    hooks.timer.advance(0);
    assert.equal((await hooks.attempts.next()).responseCode, 500);
    hooks.timer.advance(999); // the back-off is not over: nothing is sent
    assert.equal(hook.got.all.length, 1);
    hooks.timer.advance(1);
    assert.equal((await hooks.attempts.next()).responseCode, 500);
    hooks.timer.advance(2_000);
    const third = await hooks.attempts.next();
    assert.equal(third.responseCode, 200);
    assert.deepEqual(hooks.timer.delays, [0, 1_000, 2_000]);
    assert.equal(hooks.timer.pending, 0, 'an answered delivery is not tried again');
    assert.deepEqual(
      hook.got.all.map(g => JSON.parse(g.body)),
      [1, 2, 3].map(() => ({ order: order.json.orderNumber })),
    );

    const history = await call('GET', '/v1/notification-history/callout');
    conforms('GET /v1/notification-history/callout', history.json);
    const rows = history.json.calloutHistories as { attemptedNum: string; responseCode: string; id: string }[];
    assert.deepEqual(
      rows.map(r => [r.attemptedNum, r.responseCode]),
      [
        ['1', '500'],
        ['2', '500'],
        ['3', '200'],
      ],
    );
    const failed = await call('GET', '/v1/notification-history/callout?failedOnly=true');
    assert.equal(failed.json.calloutHistories.length, 2);
    const paged = await call('GET', '/v1/notification-history/callout?pageSize=2');
    assert.equal(paged.json.calloutHistories.length, 2);
    assert.equal(new URL(paged.json.nextPage, 'http://x').searchParams.get('page'), '2');
    // The reference's pageSize is at most 40: past it a 400 naming it, as the other v1 lists (it was cut to 40)
    const tooMany = await call('GET', '/v1/notification-history/callout?pageSize=41');
    assert.equal(tooMany.status, 400, JSON.stringify(tooMany.json));
    assert.match(JSON.stringify(tooMany.json), /pageSize: a whole number, 1 to 40, not \\"41\\"/);

    // Resend the first attempt: a new delivery, sent again to the receiver.
    const resent = await call('POST', '/notifications/callout-histories/resend', [rows[0].id, 'no-such-id']);
    assert.equal(resent.status, 202, JSON.stringify(resent.json));
    conforms('POST /notifications/callout-histories/resend', resent.json);
    assert.deepEqual(Object.keys(resent.json), ['no-such-id']);
    hooks.timer.advance(0);
    const again = await hooks.attempts.next();
    assert.equal(again.responseCode, 200);
    assert.equal(again.attemptedNum, 1);
    assert.equal(hook.got.all.length, 4);
  });

  test("a clock move's invoices are announced after its commit, in date order", async t => {
    const { hook, hooks, call } = await sandboxWithReceiver(t);
    assert.equal((await call('POST', DEFINITIONS, invoicePosted(hook.url))).status, 200);
    const order = await call('POST', '/v1/orders', newCustomerOrder());
    assert.equal(order.status, 200, JSON.stringify(order.json));
    const moved = await call('POST', '/_sandbox/clock', { by: '2 months' });
    assert.equal(moved.status, 200, JSON.stringify(moved.json));
    hooks.timer.advance(0);
    const mine = [];
    for (let i = 0; i < hooks.timer.delays.length; i++) mine.push(JSON.parse((await hook.got.next()).body));
    const dates = mine.map(b => b.note);
    assert.deepEqual(dates, [...dates].sort(), 'in date order');
    const ours = mine.filter(b => b.account === order.json.accountNumber).map(b => b.note);
    assert.deepEqual(ours, ['posted on 2027-01-01', 'posted on 2027-02-01', 'posted on 2027-03-01']);
  });

  test('a callout over plain http to another host is kept but never sent: the history says to use https', async t => {
    const hooks = calloutHooks();
    let sent = 0;
    const send = async () => {
      sent++;
      return { status: 200, body: '' };
    };
    const sb = await startSandbox({ today: '2027-01-01', callouts: { ...hooks.options, send } });
    t.after(() => sb.close());
    const call = await caller(sb);
    const made = await call('POST', DEFINITIONS, invoicePosted('http://erp.example.com/hook'));
    assert.equal(made.status, 200, 'the service takes it: never cry wolf');
    assert.equal((await call('POST', '/v1/bill-runs', { targetDate: '2027-01-01' })).status, 200);
    hooks.timer.advance(0);
    const a = await hooks.attempts.next();
    assert.equal(sent, 0, 'nothing went out in the clear');
    assert.equal(a.responseCode, 0);
    assert.match(a.responseContent, /sends callouts over https, or over http to loopback only/);
    hooks.timer.advance(60_000);
    assert.equal(hooks.attempts.all.length, hooks.timer.delays.length, 'no retry: only a new URL can help');
  });
});
