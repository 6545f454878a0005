// Issue 31 items 2 and 6 (v2): every v2 operation of the catalog called once against a fresh Local sandbox, through
// the client as the editor sends it: each answers a success, from the sandbox's state or simulated from the contract
// (marked so), and every answer conforms to its operation's v2 response schema (answerDepartures finds nothing).
// Served operations are called on objects that exist (an account, its invoices, bill runs in the state each action
// needs); simulated ones with their request template.
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { localAnswer, OPERATIONS, type Operation } from '../../src/catalog';
import { ApiError, BillingClient } from '../../src/client';
import { answerDepartures } from '../../src/contract';
import { V2_RESPONSES } from '../../src/contract/responseDataV2';
import { requestTemplates } from '../../src/payloads';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { newCustomer, TEAM } from './billRunFixtures';
import { safetyNetData, safetyNetLive } from './safetyNet';
import { tokenOf } from './sandboxToken';

const TODAY = '2027-01-01';
const V2 = OPERATIONS.filter(op => op.path.startsWith('/v2/'));
const example = (name: string) => JSON.parse(fs.readFileSync(`examples/${name}`, 'utf8'));

let sb: Sandbox;
let c: BillingClient;
before(async () => {
  sb = await startSandbox({ today: TODAY, ...safetyNetData() });
  c = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
});
after(async () => {
  safetyNetLive(sb);
  await c.close();
  await sb.close();
});

type Data = Record<string, unknown> & { id: string };
const send = async (method: string, path: string, body?: unknown, pathParams?: Record<string, string>) =>
  (await c.send<Data>({ method, path }, { body, ...(pathParams ? { pathParams } : {}) })).data;

/** A customer billed by a bill run of its own: the run and its invoice. */
async function billedRun() {
  const order = await send('POST', '/v2/orders', newCustomer([TEAM], TODAY));
  const account = order.account_id as string;
  const run = await send('POST', '/v2/bill_runs', { target_date: TODAY, invoice_date: TODAY, account_id: account });
  const invoices = await c.send<{ data: Data[] }>(
    { method: 'GET', path: '/v2/invoices' },
    { query: { 'filter[]': `account_id.EQ:${account}` } },
  );
  return { order, account, run: run.id, invoice: invoices.data.data[0].id };
}

const unpost = (id: string) => send('POST', '/v2/invoices/{invoice_id}/unpost', undefined, { invoice_id: id });

/**
 * The path parameters and body of each served operation: objects in the state its call needs (a draft to post or
 * cancel, a posted invoice to reverse, a canceled bill run to delete), each used once.
 */
async function servedCalls() {
  const runs: Awaited<ReturnType<typeof billedRun>>[] = [];
  while (runs.length < 7) runs.push(await billedRun());
  const [a, b, d, e, f, g, h] = runs;
  for (const x of [b, d, f, g]) await unpost(x.invoice);
  await send('POST', '/v2/bill_runs/{bill_run_id}/cancel', undefined, { bill_run_id: f.run });
  const plan = 'plan-team-monthly';
  const sub = (a.order.subscriptions as { subscription_number: string }[])[0].subscription_number;
  const full = await send('GET', `/v2/subscriptions/${sub}?expand[]=subscription_plans`);
  const contact = async () =>
    (await send('POST', '/v2/contacts', { account_id: a.account, first_name: 'Grace', last_name: 'Hopper' })).id;
  const card = {
    type: 'card',
    card: { card_number: '4242424242424242', brand: 'visa', expiry_month: 1, expiry_year: 2031 },
  };
  const method = async () =>
    (await send('POST', '/v2/payment_methods', { account_id: h.account, ...card })).id as string;
  const paymentMethod = await method();
  const pay = {
    account_id: h.account,
    payment_method_id: paymentMethod,
    amount: 10,
    currency: 'USD',
    payment_date: TODAY,
  };
  const paid = async (applied: number) =>
    (
      await send('POST', '/v2/payments', {
        ...pay,
        billing_documents: applied ? [{ id: h.invoice, type: 'invoice', amount: applied }] : [],
      })
    ).id as string;
  const five = { billing_documents: [{ id: h.invoice, type: 'invoice', amount: 5 }] };
  const used = { account_id: h.account, unit_of_measure: 'call', quantity: 3, start_time: `${TODAY}T10:00:00Z` };
  const usage = async () => (await send('POST', '/v2/usage_records', used)).id;
  const memos = await memoCalls(h.account, h.invoice);
  const ids: Record<string, string> = {
    account_id: a.account,
    subscription_id: sub,
    subscription_plan_id: (full.subscription_plans as { data: { id: string }[] }).data[0].id,
    contact_id: await contact(),
    order_number: a.order.order_number as string,
    order_id: a.order.id,
    invoice_id: a.invoice,
    billing_document_id: a.invoice,
    bill_run_id: a.run,
    plan_id: plan,
    price_id: 'price-team-seats',
    payment_method_id: paymentMethod,
    payment_id: await paid(10),
    refund_id: (await send('POST', '/v2/refunds', { payment_id: await paid(0), amount: 1 })).id as string,
    product_id: (await send('GET', '/v2/plans/{plan_id}', undefined, { plan_id: plan })).product_id as string,
    ...memos.ids,
  };
  const special: Record<string, { params?: Record<string, string>; body?: unknown }> = {
    'POST /v2/accounts': { body: example('acme.account.json') },
    'POST /v2/orders': { body: example('new-customer.order.json') },
    'POST /v2/orders/preview': { body: example('new-customer.preview.json') },
    'POST /v2/accounts/{account_id}/bill': { body: {} },
    'PATCH /v2/accounts/{account_id}': { body: { name: 'Renamed' } },
    'POST /v2/contacts': { body: { account_id: a.account, first_name: 'Ada', last_name: 'Lovelace' } },
    'PATCH /v2/contacts/{contact_id}': { body: { work_phone: '555' } },
    'DELETE /v2/contacts/{contact_id}': { params: { contact_id: await contact() } },
    'POST /v2/subscriptions': { body: { account_id: a.account, ...newCustomer([TEAM], TODAY).subscriptions[0] } },
    'PATCH /v2/subscriptions/{subscription_id}': { body: { description: 'Pilot' } },
    'POST /v2/subscriptions/preview': {
      body: { account_id: a.account, ...newCustomer([TEAM], TODAY).subscriptions[0] },
    },
    'POST /v2/subscriptions/{subscription_id}/preview': {
      body: { remove_subscription_plans: [{ subscription_plan_id: ids.subscription_plan_id }] },
    },
    'POST /v2/subscriptions/{subscription_id}/pause': { body: {} },
    'POST /v2/subscriptions/{subscription_id}/resume': { body: {} },
    'POST /v2/subscriptions/{subscription_id}/cancel': { body: { cancel_at: 'subscription_term_end' } },
    'POST /v2/bill_runs': { body: { target_date: TODAY, invoice_date: TODAY } },
    'POST /v2/invoices/{invoice_id}/post': { params: { invoice_id: b.invoice } },
    'POST /v2/invoices/{invoice_id}/cancel': { params: { invoice_id: d.invoice } },
    'POST /v2/invoices/{invoice_id}/reverse': { params: { invoice_id: e.invoice }, body: { document_date: TODAY } },
    'POST /v2/bill_runs/{bill_run_id}/post': { params: { bill_run_id: e.run }, body: { invoice_date: TODAY } },
    'POST /v2/bill_runs/{bill_run_id}/cancel': { params: { bill_run_id: g.run } },
    'DELETE /v2/bill_runs/{bill_run_id}': { params: { bill_run_id: f.run } },
    'POST /v2/payment_methods': { body: { account_id: h.account, ...card } },
    'PATCH /v2/payment_methods/{payment_method_id}': { body: { billing_details: { name: 'Ada' } } },
    'DELETE /v2/payment_methods/{payment_method_id}': { params: { payment_method_id: await method() } },
    'POST /v2/payments': { body: pay },
    'PUT /v2/payments/{payment_id}/apply': { params: { payment_id: await paid(5) }, body: five },
    'PUT /v2/payments/{payment_id}/unapply': { params: { payment_id: await paid(10) }, body: five },
    'POST /v2/payments/{payment_id}/cancel': { params: { payment_id: await paid(0) } },
    'POST /v2/refunds': { body: { payment_id: await paid(0), amount: 2, reason_code: 'Standard Refund' } },
    'POST /v2/usage_records': { body: used },
    'GET /v2/usage_records/{id}': { params: { id: await usage() } },
    'PATCH /v2/usage_records/{id}': { params: { id: await usage() }, body: { quantity: 4 } },
    'DELETE /v2/usage_records/{id}': { params: { id: await usage() } },
    ...memos.special,
    'POST /v2/invoices/{invoice_id}/pay': {
      params: { invoice_id: (await billedRun()).invoice },
      body: { currency: 'USD', external: true, amount: 1 },
    },
    'POST /v2/invoices/{invoice_id}/write-off': { params: { invoice_id: (await billedRun()).invoice }, body: {} },
  };
  return (op: Operation) => {
    const own = special[op.id] ?? {};
    const params = Object.fromEntries(op.pathParams.map(p => [p, own.params?.[p] ?? ids[p] ?? 'X1']));
    return { params, body: own.body };
  };
}

/** Credit and debit memos of `account` in the state each call needs: drafts to post or cancel, posted ones. */
async function memoCalls(account: string, invoice: string) {
  const item = [{ amount: 20, service_start: TODAY }];
  const memo = async (type: 'credit_memos' | 'debit_memos', post: boolean) =>
    (await send('POST', `/v2/${type}`, { account_id: account, post, items: item })).id;
  const onInvoice = (amount: number) => ({ billing_documents: [{ id: invoice, type: 'invoice', amount }] });
  const applied = await memo('credit_memos', true);
  await send('POST', '/v2/credit_memos/{credit_memo_id}/apply', onInvoice(5), { credit_memo_id: applied });
  const at = (key: string, id: string, body?: unknown) => ({ params: { [key]: id }, body });
  return {
    ids: { credit_memo_id: await memo('credit_memos', true), debit_memo_id: await memo('debit_memos', true) },
    special: {
      'POST /v2/credit_memos': { body: { invoice_id: invoice, reason_code: 'Correcting invoice' } },
      'POST /v2/credit_memos/{credit_memo_id}/apply': { body: onInvoice(5) },
      'POST /v2/credit_memos/{credit_memo_id}/unapply': at('credit_memo_id', applied, onInvoice(5)),
      'POST /v2/credit_memos/{credit_memo_id}/post': at('credit_memo_id', await memo('credit_memos', false)),
      'POST /v2/credit_memos/{credit_memo_id}/unpost': at('credit_memo_id', await memo('credit_memos', true)),
      'POST /v2/credit_memos/{credit_memo_id}/cancel': at('credit_memo_id', await memo('credit_memos', false)),
      'POST /v2/debit_memos': { body: { account_id: account, items: item } },
      'POST /v2/debit_memos/{debit_memo_id}/post': at('debit_memo_id', await memo('debit_memos', false)),
      'POST /v2/debit_memos/{debit_memo_id}/unpost': at('debit_memo_id', await memo('debit_memos', true)),
      'POST /v2/debit_memos/{debit_memo_id}/cancel': at('debit_memo_id', await memo('debit_memos', false)),
      'POST /v2/debit_memos/{debit_memo_id}/pay': at('debit_memo_id', await memo('debit_memos', true), {
        currency: 'USD',
        external: true,
      }),
    } as Record<string, { params?: Record<string, string>; body?: unknown }>,
  };
}

/**
 * What the Local sandbox refuses by design, with the advice it gives: what it cannot undo (a 501 naming what to do
 * instead), an order it completed when made (nothing to activate or cancel), an active subscription to activate.
 */
const REFUSED: Record<string, number> = {
  'DELETE /v2/accounts/{account_id}': 501,
  'POST /v2/contacts/{contact_id}/scrub': 501,
  'DELETE /v2/orders/{order_id}': 501,
  'POST /v2/orders/{order_id}/activate': 400,
  'POST /v2/orders/{order_id}/cancel': 400,
  'POST /v2/subscriptions/{subscription_id}/activate': 400,
  'POST /v2/subscriptions/{subscription_id}/keep': 501, // called after the cancel: canceled at once
};

test(`every v2 operation (${V2.length}) answers a success that conforms to its v2 response schema, or its named refusal`, async t => {
  assert.equal(V2.length, 166, 'the reference has 166 v2 operations');
  const served = await servedCalls();
  const counts = { served: 0, simulated: 0 };
  const wrong: string[] = [];
  const refused: string[] = [];
  for (const op of V2) {
    const how = localAnswer(op);
    if (!how) {
      wrong.push(`${op.id}: localAnswer says 501`);
      continue;
    }
    counts[how]++;
    const { params, body: given } = served(op);
    const template = given ?? (how === 'simulated' ? requestTemplates(op.id, { today: TODAY })[0]?.body : undefined);
    const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : template;
    const outcome = await c.send(op, { pathParams: params, body }).then(
      r => ({ status: r.status, data: r.data as unknown, simulated: r.simulated === true }),
      (e: ApiError) => ({ status: e.status ?? 0, data: e.body ?? e.message, simulated: false }),
    );
    if (REFUSED[op.id] === outcome.status) {
      refused.push(`${op.id} ${outcome.status}`);
      if (outcome.status === 501) continue; // not in the contract: the sandbox's own answer, with its advice
    } else if (outcome.status < 200 || outcome.status >= 300 || outcome.simulated !== (how === 'simulated')) {
      wrong.push(
        `${op.id}: ${outcome.status}${outcome.simulated ? ' simulated' : ''}, expected ${how}: ${outcome.data}`,
      );
      continue;
    }
    const { departures, more } = answerDepartures(op.id, outcome.status, outcome.data);
    if (departures.length)
      wrong.push(`${op.id}: ${departures.map(d => d.message).join('; ')}${more ? ` (+${more})` : ''}`);
  }
  assert.deepEqual(wrong, []);
  t.diagnostic(`${counts.served} served from the state + ${counts.simulated} simulated from the contract`);
  t.diagnostic(`refused by design, with advice: ${refused.join(', ')}`);
  assert.equal(counts.served + counts.simulated, 166);
  assert.deepEqual(refused.length, Object.keys(REFUSED).length, 'each named refusal is still one');
  assert.ok(counts.served >= 89, `${counts.served} served from the state`);
});

test('every v2 operation has a success answer in its contract: none is a 501 (localAnswer says simulated)', () => {
  const without = V2.filter(op => !Object.keys(V2_RESPONSES.operations[op.id] ?? {}).some(s => /^2\d\d$/.test(s)));
  assert.deepEqual(
    without.map(op => op.id),
    [],
  );
});

test('a simulated v2 object read or acted on by id answers that id; another object it answers has its own', async () => {
  const run42 = await c.send<Data>(
    { method: 'GET', path: '/v2/query_runs/{query_run_id}' },
    { pathParams: { query_run_id: 'QR-42' } },
  );
  assert.deepEqual([run42.simulated, run42.data.id], [true, 'QR-42']);
  const canceled = await send('POST', '/v2/query_runs/{query_run_id}/cancel', {}, { query_run_id: 'QR-42' });
  assert.equal(canceled.id, 'QR-42');
  const item = await send('GET', '/v2/custom_objects/{custom_object_type}/{custom_object_id}', undefined, {
    custom_object_type: 'vehicle',
    custom_object_id: 'CO-7',
  });
  assert.equal(item.id, 'CO-7');
});

test('a v2 body is checked against its request schema first: an unknown field is refused, one reason per mistake', async () => {
  const r = await c
    .send(
      { method: 'PATCH', path: '/v2/payments/{payment_id}' },
      { pathParams: { payment_id: 'P-1' }, body: { colour: 'red' } },
    )
    .then(
      () => undefined,
      (e: ApiError) => e,
    );
  assert.equal(r?.status, 400);
  const body = r?.body as { type: string; errors: { code: string; parameter?: string; message: string }[] };
  assert.equal(body.type, 'bad_request');
  assert.deepEqual(
    body.errors.map(e => `${e.code} ${e.parameter}`),
    ['unknown_parameter colour'],
  );
});

test('every v2 operation given hostile bodies and path parameters: never a 5xx but a named 501', async () => {
  const token = await tokenOf(sb);
  const bodies = [
    '{"__proto__":{"x":1},"constructor":{"prototype":{"a":1}},"amount":1e308,"quantity":-1e308,"date":"9999-99-99"}',
    `${'{"a":'.repeat(99)}1${'}'.repeat(99)}`,
    '[null]',
  ];
  const params = ['__proto__', '%2F..%2F', '9'.repeat(400), '%E0%A4%A'];
  const failures: string[] = [];
  for (const op of V2) {
    const takesBody = ['POST', 'PUT', 'PATCH'].includes(op.method);
    const paths = op.pathParams.length ? params.map(p => op.path.replace(/\{[^}]+\}/g, p)) : [op.path];
    for (const path of paths) {
      for (const body of takesBody ? (path === paths[0] ? bodies : bodies.slice(0, 1)) : [undefined]) {
        const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
        const r = await fetch(`${sb.url}${path}`, { method: op.method, headers, body });
        const text = await r.text();
        if (r.status >= 500 && REFUSED[op.id] !== r.status) failures.push(`${r.status} ${op.id} ${path}: ${text}`);
      }
    }
  }
  assert.deepEqual(failures, []);
});
