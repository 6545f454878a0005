// Issue 19 item 6: the Local sandbox's answers simulated from the contract. Every operation with a success
// schema answers a body the reference's own schema accepts (its test extract, not the product's contract data);
// answers are stable per request, echo the path key, date with the given today and stop on cycles.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import catalog from '../../src/catalog/operations.json';
import { Shapes, simulateAnswer, SIMULATED_HEADER, SIMULATED_NOTE } from '../../src/contract';
import { RESPONSES } from '../../src/contract/responseData';
import { simulatedValue, type SimulationContext } from '../../src/contract/simulateValues';
import { mismatches, referenceSuccess } from './v1-reference';

const today = '2026-03-15';
const HEX_KEY = '8ad09be48db5aac8018db5d1f6b84d40';
const paramsOf = (id: string, key: string) =>
  Object.fromEntries([...id.matchAll(/\{([^}]+)\}/g)].map(m => [m[1], key]));
const answer = (id: string, key = HEX_KEY, day = today) =>
  simulateAnswer(id, { pathParams: paramsOf(id, key), today: day });
const body = (id: string, key?: string, day?: string) => answer(id, key, day)?.body as Record<string, unknown>;

/** Every string of a value, at any depth. */
function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (v && typeof v === 'object') return Object.values(v).flatMap(strings);
  return [];
}

test('every operation with a 2xx JSON schema answers its lowest 2xx with a body the reference schema accepts', () => {
  const problems: string[] = [];
  let checked = 0;
  for (const id of Object.keys(RESPONSES.operations)) {
    const expected = referenceSuccess(id);
    // Both kinds of key: an id (echoed into `id` fields) and a number (into `...Number` fields).
    for (const key of [HEX_KEY, 'A00000042']) {
      const got = answer(id, key);
      if (!expected || !got) {
        problems.push(`${id}: reference ${expected?.status}, simulated ${got?.status}`);
        continue;
      }
      if (got.status !== expected.status) problems.push(`${id}: status ${got.status}, expected ${expected.status}`);
      if (!expected.schema || expected.status === 204) {
        if (got.body !== undefined) problems.push(`${id}: a body where the reference has none`);
        continue;
      }
      if (got.body === undefined) problems.push(`${id}: no body`);
      else problems.push(...mismatches(got.body, expected.schema).map(m => `${id} (${key}): ${m}`));
      checked++;
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(checked >= 2 * 500, `only ${checked} bodies checked`);
});

test('the same request gets the same answer, for every operation', () => {
  for (const id of Object.keys(RESPONSES.operations)) assert.deepEqual(answer(id), answer(id), id);
});

test('a different path key gives different ids', () => {
  const ids = (key: string) =>
    strings(body('GET /v1/invoices/{invoiceKey}/items', key)).filter(s => /^[0-9a-f]{32}$/.test(s));
  const first = ids('INV00000001');
  const second = new Set(ids('INV00000002'));
  assert.ok(first.length >= 5, `only ${first.length} ids`);
  assert.deepEqual(
    first.filter(id => second.has(id)),
    [],
  );
});

test('ids are 32 lower-case hex characters, and two objects of one answer have different ids', () => {
  const items = body('GET /v1/invoices/{invoiceKey}/items').invoiceItems as Record<string, unknown>[];
  const account = body('GET /v1/accounts/{account-key}') as Record<string, Record<string, unknown>>;
  assert.match(String(items[0].id), /^[0-9a-f]{32}$/);
  assert.match(String(items[0].subscriptionId), /^[0-9a-f]{32}$/);
  assert.notEqual(account.billToContact.id, account.soldToContact.id);
});

test('the path key is echoed in the fields named after it', () => {
  assert.equal(body('GET /v1/invoices/{invoiceKey}', 'INV00000042').invoiceNumber, 'INV00000042');
  assert.equal(body('GET /v1/invoices/{invoiceKey}', HEX_KEY).id, HEX_KEY);
  assert.equal(
    (body('GET /v1/orders/{orderNumber}', 'O-00000007').order as { orderNumber: string }).orderNumber,
    'O-00000007',
  );
  assert.equal(body('GET /object-query/accounts/{key}', 'A00000042').accountNumber, 'A00000042');
  // A refund made from a payment is not that payment: its `id` is its own, its `paymentId` the key.
  const refund = body('POST /v1/payments/{paymentKey}/refunds', HEX_KEY);
  assert.notEqual(refund.id, HEX_KEY);
  assert.equal(refund.paymentId, HEX_KEY);
});

test('every date of every answer is the given today', () => {
  for (const day of ['2026-03-15', '2031-12-01']) {
    const dates = Object.keys(RESPONSES.operations)
      .flatMap(id => strings(answer(id, HEX_KEY, day)?.body))
      .filter(s => /^\d{4}-\d{2}-\d{2}/.test(s));
    assert.ok(dates.length > 500, `only ${dates.length} dates`);
    assert.deepEqual(
      dates.filter(d => !d.startsWith(day)),
      [],
    );
  }
  const invoice = body('GET /v1/invoices/{invoiceKey}');
  assert.equal(invoice.invoiceDate, today);
  assert.equal(invoice.createdDate, `${today}T12:00:00.000Z`);
});

test('amounts have two decimals, currency is USD, success is true', () => {
  const invoice = body('GET /v1/invoices/{invoiceKey}');
  for (const field of ['amount', 'balance']) {
    const n = invoice[field] as number;
    assert.equal(typeof n, 'number', field);
    assert.match(String(n), /^\d+\.\d\d$/, field);
  }
  assert.equal(invoice.currency, 'USD');
  assert.equal(invoice.success, true);
  assert.equal(invoice.status, 'Posted'); // a plausible value of its enum, not merely the first
});

test('a 204 or a success without a JSON schema answers no body', () => {
  assert.deepEqual(answer('DELETE /notifications/notification-definitions/{id}'), { status: 204 });
  assert.deepEqual(answer('GET /v1/files/{file-id}'), { status: 200 });
  assert.equal(answer('POST /v1/accounting-codes')?.status, 200);
});

test('an operation the contract has no response for answers undefined (the sandbox says 501)', () => {
  const v1 = catalog.map(o => `${o.method} ${o.path}`).filter(id => !id.includes(' /v2/')); // v2: its own contract
  const missing = v1.filter(id => !RESPONSES.operations[id]);
  assert.ok(missing.length > 0);
  for (const id of missing) assert.equal(answer(id), undefined, id);
});

test('self-referencing components end, and bounds, lengths, item counts and enums hold', () => {
  const shapes = new Shapes({
    Node: {
      type: 'object',
      required: ['child', 'label'],
      properties: { child: { $ref: 'Node' }, label: { type: 'string', minLength: 3, maxLength: 4 } },
    },
    Tree: { type: 'object', properties: { children: { type: 'array', items: { $ref: 'Tree' } } } },
  });
  const ctx = (): SimulationContext => ({
    shapes,
    today,
    seed: 's',
    echoes: { anywhere: new Map(), top: new Map() },
    idsMade: 0,
  });
  let depth = 0;
  for (let n = simulatedValue(ctx(), { $ref: 'Node' }) as { child?: unknown }; n.child; n = n.child as typeof n)
    depth++;
  assert.ok(depth > 3 && depth < 20, `depth ${depth}`);
  assert.doesNotThrow(() => simulatedValue(ctx(), { $ref: 'Tree' }));
  const value = simulatedValue(ctx(), {
    type: 'object',
    required: ['count', 'totalAmount', 'code', 'tags', 'none', 'kind', 'maybe'],
    properties: {
      count: { type: 'integer', minimum: 5, maximum: 9 },
      totalAmount: { type: 'number', maximum: 10, exclusiveMaximum: true },
      code: { type: 'string', minLength: 40 },
      tags: { type: 'array', minItems: 2, items: { type: 'string', enum: [null, 'b'] } },
      none: { type: 'array', maxItems: 0, items: { type: 'string' } },
      kind: { type: 'string', nullable: true, enum: ['x', 'y'] },
      maybe: { type: 'string', nullable: true },
    },
  }) as Record<string, unknown>;
  assert.equal(value.count, 5);
  assert.ok((value.totalAmount as number) < 10);
  assert.equal((value.code as string).length, 40);
  assert.deepEqual(value.tags, ['b', 'b']);
  assert.deepEqual(value.none, []);
  assert.equal(value.kind, 'x');
  assert.equal(typeof value.maybe, 'string');
});

test('the marker the sandbox, panel and History share', () => {
  assert.match(SIMULATED_HEADER, /^x-[a-z-]+$/);
  assert.equal(SIMULATED_NOTE, 'simulated from the contract: the Local sandbox keeps no state for this operation');
});
