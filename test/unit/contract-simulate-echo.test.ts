// Issue 30, item 8: a simulated answer says back what its request sent. Every field the answer's schema shares
// with the body (amounts, the account's number and id, dates, ids given, at the same place, nested objects and
// lists too) and the path keys answer as sent, over HTTP on loopback as a client sees them; and every operation,
// sent a body built from its request schema, still answers a body the reference's own schema accepts.
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { BillingClient } from '../../src/client';
import { isSecretField } from '../../src/client/secretNames';
import { answerDepartures, Shapes, simulateAnswer } from '../../src/contract';
import { REQUESTS } from '../../src/contract/requestData';
import { RESPONSES } from '../../src/contract/responseData';
import { simulatedValue } from '../../src/contract/simulateValues';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { mismatches, referenceSuccess } from './v1-reference';

let sb: Sandbox;
let client: BillingClient;
before(async () => {
  sb = await startSandbox({ today: '2026-11-27' });
  client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
});
after(() => sb.close());

type Obj = Record<string, unknown>;
const send = async (method: string, path: string, body: unknown, pathParams?: Record<string, string>) => {
  const r = await client.send<Obj>({ method, path }, { body, pathParams });
  assert.equal(r.simulated, true, `${method} ${path} is answered from the contract`);
  const id = `${method} ${path}`;
  assert.deepEqual(answerDepartures(id, r.status, r.data).departures, [], `${id} answers as its schema says`);
  return r.data;
};

describe('a simulated answer echoes its request', () => {
  // POST /v1/payments is served by the Local sandbox now (issue 32): its simulated answer is read from the simulator.
  const simulatedPayment = (body: Obj, known?: Record<string, string>) =>
    simulateAnswer('POST /v1/payments', { pathParams: {}, body, today: '2026-11-27', known })!.body as Obj;

  test('POST /v1/payments, 350 for A00000001: the payment is 350, for A00000001, on the date and with the comment sent', () => {
    const sent = {
      accountNumber: 'A00000001',
      amount: 350,
      currency: 'EUR',
      effectiveDate: '2026-11-02',
      type: 'External',
      comment: 'November retainer',
      referenceId: 'wire-7781',
    };
    const id = '2c92c0f86a8dd422016a9e7a70116b0d';
    const paid = simulatedPayment(sent, { accountId: id, accountNumber: 'A00000001' });
    assert.equal(paid.amount, 350);
    assert.equal(paid.accountNumber, 'A00000001');
    assert.equal(paid.accountId, id); // the account the sandbox keeps: its id, as GET /v2/accounts/A00000001 says
    assert.equal(paid.currency, 'EUR');
    assert.equal(paid.type, 'External');
    assert.equal(paid.comment, 'November retainer');
    assert.equal(paid.referenceId, 'wire-7781');
    assert.match(String(paid.effectiveDate), /^2026-11-02T/, 'the date sent, as the date-time the answer writes');
    assert.equal(paid.success, true);
    assert.deepEqual(mismatches(paid, referenceSuccess('POST /v1/payments')!.schema!), []);
  });

  test('the parts of a payment add up to it: 350 applied 100.10 to an invoice leaves 249.90 unapplied', () => {
    const sent = {
      accountNumber: 'A00000001',
      amount: 350,
      currency: 'USD',
      type: 'External',
      invoices: [{ invoiceId: '8ad09be48db5aac8018db5d1f6b84d40', amount: 100.1 }],
    };
    const paid = simulatedPayment(sent);
    assert.deepEqual(
      [paid.amount, paid.appliedAmount, paid.unappliedAmount, paid.refundAmount, paid.creditBalanceAmount],
      [350, 100.1, 249.9, 0, 0],
    );
  });

  test('an account id given is answered as given, even one the sandbox does not keep', () => {
    const sent = { accountId: '2c92c0f86a8dd422016a9e7a70116b0d', amount: 12.5, currency: 'USD', type: 'External' };
    const paid = simulatedPayment(sent);
    assert.deepEqual([paid.accountId, paid.amount], [sent.accountId, 12.5]);
  });

  test('nested objects and lists answer as sent: a payment schedule of two items, for an invoice', async () => {
    const sent = {
      accountNumber: 'A00000001',
      currency: 'USD',
      period: 'Monthly',
      startDate: '2026-12-01',
      billingDocument: { type: 'Invoice', number: 'INV00000003' },
      items: [
        { amount: 100, scheduledDate: '2026-12-01' },
        { amount: 250.5, scheduledDate: '2027-01-01' },
      ],
    };
    const schedule = await send('POST', '/v1/payment-schedules', sent);
    assert.equal(schedule.startDate, '2026-12-01');
    assert.equal((schedule.billingDocument as Obj).number, 'INV00000003');
    const items = schedule.items as Obj[];
    assert.deepEqual(
      items.map(i => [i.amount, i.scheduledDate, i.currency]),
      [
        [100, '2026-12-01', 'USD'],
        [250.5, '2027-01-01', 'USD'],
      ],
    );
    // The account the schedule names is the one of every item, the one the sandbox keeps as A00000001.
    assert.deepEqual([...new Set(items.map(i => i.accountId))], [schedule.accountId]);
    const account = (await client.send<Obj>({ method: 'GET', path: '/v2/accounts/A00000001' })).data;
    assert.equal(schedule.accountId, account.id);
  });

  test('the path key and the body together: a refund of 40 from a payment is that payment, with that amount', async () => {
    const key = '8ad09be48db5aac8018db5d1f6b84d40';
    const refund = await send(
      'POST',
      '/v1/payments/{paymentKey}/refunds/unapply',
      { totalAmount: 40, type: 'External', comment: 'goodwill', refundDate: '2026-11-20' },
      { paymentKey: key },
    );
    assert.equal(refund.paymentId, key);
    assert.equal(refund.amount, 40, 'the total sent is the amount refunded');
    assert.equal(refund.comment, 'goodwill');
    assert.equal(refund.refundDate, '2026-11-20');
  });

  test('a secret sent is never said back (an API key), the rest is', async () => {
    const sent = { name: 'Peppol', provider: 'Sovos', test: true, apiKey: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc' };
    const provider = await send('POST', '/v1/e-invoice/service-providers', sent);
    assert.deepEqual([provider.name, provider.provider, provider.test], ['Peppol', 'Sovos', true]);
    assert.ok(!JSON.stringify(provider).includes(sent.apiKey), JSON.stringify(provider));
  });

  test('a value the answer cannot hold is not echoed: the answer keeps to its schema', () => {
    const answer = simulateAnswer('POST /v1/payments', {
      pathParams: {},
      body: { amount: 'lots', currency: 'USD', type: 'NotAType', effectiveDate: 'soon', accountNumber: 42 },
      today: '2026-11-27',
    })!.body as Obj;
    assert.equal(typeof answer.amount, 'number');
    assert.notEqual(answer.type, 'NotAType');
    assert.match(String(answer.effectiveDate), /^2026-11-27T/);
    assert.deepEqual(mismatches(answer, referenceSuccess('POST /v1/payments')!.schema!), []);
  });
});

test('every operation sent a body built from its request schema answers a body the reference schema accepts, echoing it', () => {
  const shapes = new Shapes(REQUESTS.schemas);
  const answerShapes = new Shapes(RESPONSES.schemas);
  const problems: string[] = [];
  const notEchoed: string[] = [];
  let checked = 0,
    shared = 0;
  for (const id of Object.keys(RESPONSES.operations)) {
    const node = REQUESTS.operations[id];
    const expected = referenceSuccess(id);
    if (!node || REQUESTS.media[id] || !expected?.schema) continue;
    const seed = `request ${id}`;
    const ctx = { shapes, today: '2025-07-04', seed, echoes: { anywhere: new Map(), top: new Map() }, idsMade: 0 };
    const body = simulatedValue(ctx, node) as Obj;
    const pathParams = Object.fromEntries([...id.matchAll(/\{([^}]+)\}/g)].map(m => [m[1], 'K0001']));
    const got = simulateAnswer(id, { pathParams, body, today: '2026-11-27' });
    if (!got?.body) continue;
    problems.push(...mismatches(got.body, expected.schema).map(m => `${id}: ${m}`));
    checked++;
    // Each scalar the body sent at its top, where the answer's schema lists the field, is answered as sent.
    const listed = answerShapes.of(RESPONSES.operations[id][String(got.status)]!).properties;
    const answered = got.body as Obj;
    for (const [field, value] of Object.entries(body ?? {})) {
      if (typeof value === 'object' || !(field in listed) || field in pathParams) continue;
      const same =
        answered[field] === value || (typeof value === 'string' && String(answered[field]).startsWith(value));
      if (isSecretField(field, undefined)) {
        if (same) problems.push(`${id}: the secret ${field} said back`);
        continue;
      }
      shared++;
      if (!same) notEchoed.push(`${id} ${field}`);
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(checked >= 150, `only ${checked} operations with a body checked`);
  assert.ok(shared >= 150, `only ${shared} fields shared`);
  // The one left: a 32-hex id sent where the answer's field is a UUID (it could not hold it).
  assert.deepEqual(notEchoed, ['POST /notifications/notification-definitions communicationProfileId']);
});
