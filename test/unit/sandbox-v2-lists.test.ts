// Issue 31 item 2: every v2 list of the Local sandbox takes `filter[]`, `sort[]`, `page_size` and `cursor` as the
// reference says, over loopback HTTP; a field a list cannot be filtered or sorted by is a 400 naming it.
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { answerDepartures } from '../../src/contract/answerCheck';
import { referenceChecker } from './sandbox-reference';
import { v1Caller, type Answer } from './sandbox-v1-helpers';

const v2 = referenceChecker('quickstart-v2-openapi.yaml', { required: true });
let sb: Sandbox;
let call: Awaited<ReturnType<typeof v1Caller>>;
const numbers: string[] = [];

const account = (name: string, currency: string, bill_cycle_day: number) => ({
  name,
  currency,
  bill_cycle_day,
  bill_to: { first_name: 'Ada', last_name: name },
});

before(async () => {
  sb = await startSandbox({ today: '2027-01-01' });
  call = await v1Caller(sb);
  for (const [name, currency, day] of [
    ['Zeta Labs', 'USD', 5],
    ['Alpha Works', 'EUR', 12],
    ['Mid Corp', 'USD', 20],
  ] as const) {
    const r = await call('POST', '/v2/accounts', account(name, currency, day));
    assert.equal(r.status, 201, JSON.stringify(r.json));
    numbers.push(r.json.account_number);
  }
});
after(() => sb.close());

/** A page conforms: `next_page` a string or null, every entry the reference's `schema`. */
const pageMismatches = (page: { next_page: unknown; data: unknown[] }, schema: string) => [
  ...(page.next_page === null || typeof page.next_page === 'string' ? [] : ['next_page']),
  ...page.data.flatMap((x, i) => v2.mismatches(x, schema, `data[${i}]`)),
];
const get = (query: string) => call('GET', `/v2/accounts?${query}`);
const names = (r: Answer) => (r.json.data as { name: string }[]).map(a => a.name);
/** Only this file's accounts (the seeded one is listed too). */
const mine = () => 'filter[]=' + encodeURIComponent(`account_number.IN:[${numbers.join(',')}]`);

test('filter[]: field.EQ:value keeps the one account; clauses all apply; IN, SW, NE, GT on numbers', async () => {
  const one = await get(`filter[]=${encodeURIComponent(`account_number.EQ:${numbers[1]}`)}`);
  assert.equal(one.status, 200);
  assert.deepEqual(names(one), ['Alpha Works']);
  assert.deepEqual(pageMismatches(one.json, 'account'), []);
  assert.deepEqual(answerDepartures('GET /v2/accounts', 200, one.json).departures, []);
  const mineNow = mine();
  assert.deepEqual(names(await get(`${mineNow}&filter[]=currency.EQ:USD`)), ['Zeta Labs', 'Mid Corp']);
  assert.deepEqual(names(await get(`${mineNow}&filter[]=name.SW:Mid`)), ['Mid Corp']);
  assert.deepEqual(names(await get(`${mineNow}&filter[]=currency.NE:USD`)), ['Alpha Works']);
  assert.deepEqual(names(await get(`${mineNow}&filter[]=bill_cycle_day.GT:10`)), ['Alpha Works', 'Mid Corp']);
  // A field of a contact: `a[b]`, as the reference's filter tutorial writes it.
  assert.deepEqual(names(await get(`${mineNow}&filter[]=${encodeURIComponent('bill_to[last_name].EQ:Zeta Labs')}`)), [
    'Zeta Labs',
  ]);
});

test('sort[]: field.asc|desc, several in order; a list field is ignored as the reference says', async () => {
  const mineNow = mine();
  assert.deepEqual(names(await get(`${mineNow}&sort[]=name.asc`)), ['Alpha Works', 'Mid Corp', 'Zeta Labs']);
  assert.deepEqual(names(await get(`${mineNow}&sort[]=currency.desc&sort[]=name.asc`)), [
    'Mid Corp',
    'Zeta Labs',
    'Alpha Works',
  ]);
  const ignored = await get(`${mineNow}&sort[]=bill_to.asc`);
  assert.equal(ignored.status, 200);
  assert.deepEqual(names(ignored), ['Zeta Labs', 'Alpha Works', 'Mid Corp']);
});

test('page_size and cursor: next_page leads to the rest, null on the last page', async () => {
  const mineNow = mine();
  const first = await get(`${mineNow}&sort[]=name.asc&page_size=2`);
  assert.deepEqual(names(first), ['Alpha Works', 'Mid Corp']);
  assert.equal(typeof first.json.next_page, 'string');
  const rest = await get(`${mineNow}&sort[]=name.asc&page_size=2&cursor=${first.json.next_page}`);
  assert.deepEqual(names(rest), ['Zeta Labs']);
  assert.equal(rest.json.next_page, null);
  const tooMany = await get('page_size=100');
  assert.equal(tooMany.status, 400);
  assert.equal(tooMany.json.errors[0].parameter, 'page_size');
});

test('a field the list cannot be filtered or sorted by is a 400 in the v2 error shape naming it', async () => {
  for (const [query, parameter] of [
    ['filter[]=colour.EQ:red', 'filter[]'],
    ['sort[]=colour.desc', 'sort[]'],
  ]) {
    const r = await get(query);
    assert.equal(r.status, 400, query);
    assert.deepEqual(v2.mismatches(r.json, 'errorResponse'), []);
    assert.equal(r.json.type, 'bad_request');
    assert.equal(r.json.errors[0].parameter, parameter);
    assert.match(r.json.errors[0].message, /"colour".*account_number/);
  }
  const op = await get('filter[]=name.eq:Mid');
  assert.equal(op.status, 400);
  assert.match(op.json.errors[0].message, /Unknown filter operator "eq"/);
  const misspelt = await get('filter[]=acount_number.EQ:A-1');
  assert.equal(misspelt.status, 400);
  assert.match(misspelt.json.errors[0].message, /"acount_number"; did you mean "account_number"\?/);
  const num = await get('filter[]=bill_cycle_day.GT:soon');
  assert.equal(num.status, 400);
  assert.match(num.json.errors[0].message, /bill_cycle_day is a number/);
});

test('every list of the core objects takes the same query: orders, contacts, subscriptions, plans, items', async () => {
  for (const [path, field, schema] of [
    ['/v2/orders', 'order_number', 'order'],
    ['/v2/contacts', 'last_name', 'contact'],
    ['/v2/subscriptions', 'subscription_number', 'subscription'],
    ['/v2/subscription_plans', 'plan_id', 'subscriptionPlan'],
    ['/v2/subscription_items', 'subscription_item_number', 'subscriptionItem'],
  ]) {
    const all = await call('GET', `${path}?sort[]=${field}.desc&page_size=1`);
    assert.equal(all.status, 200, path);
    assert.equal(all.json.data.length, 1, path);
    assert.deepEqual(pageMismatches(all.json, schema), [], path);
    assert.deepEqual(answerDepartures(`GET ${path}`, 200, all.json).departures, [], path);
    const value = all.json.data[0][field];
    const one = await call('GET', `${path}?filter[]=${encodeURIComponent(`${field}.EQ:${value}`)}`);
    assert.ok(one.json.data.length >= 1 && one.json.data.every((x: Record<string, unknown>) => x[field] === value));
    const bad = await call('GET', `${path}?filter[]=nope.EQ:1`);
    assert.equal(bad.status, 400, path);
  }
});
