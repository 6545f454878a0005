// Issue 20, red team B: v1 request files and the v1 sandbox. Request files are checked as they are typed
// (requestFindings, the contract's checker); the Local sandbox answers every v1 operation (v1 orders by its
// engine, the rest from the contract). Attacks: prototype keys, odd operation strings and path parameters, huge
// and deep bodies, enormous numbers, values the engine would keep and then choke on. "Held" tests keep what
// already stood; "fixed" ones failed before the fix (src/contract/checkValue.ts, shapes.ts, src/sandbox/v1/check.ts).
import { test, describe, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { OPERATIONS } from '../../src/catalog';
import { fillPath } from '../../src/client';
import { REQUESTS } from '../../src/contract/requestData';
import { requestFindings } from '../../src/payloads/requestFindings';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { changeOrder, createTeam, newCustomerOrder, PREVIEW_ALL, v1Caller } from './sandbox-v1-helpers';

const file = (operation: unknown, body: unknown) => JSON.stringify({ operation, body });
const errors = (text: string) => requestFindings(text).filter(f => f.severity === 'error');

describe('red team v1 request files: the operation and its path (held)', () => {
  const ODD = [
    'POST /v1/../oauth/token',
    'POST /v1/orders/../orders',
    'POST /v1/orders?x=1',
    'POST  /v1/orders',
    'POST /v1/orders/',
    '__proto__ constructor',
    'constructor /v1/orders',
    'GET toString',
    `POST /${'a/'.repeat(50_000)}`,
    123,
    { method: 'POST' },
  ];
  for (const operation of ODD) {
    test(`operation ${JSON.stringify(operation).slice(0, 40)}: one error, at "operation", saying it is unknown`, () => {
      const found = requestFindings(file(operation, {}));
      assert.deepEqual(
        found.map(f => [f.code, f.path, f.severity]),
        [['unknown-operation', ['operation'], 'error']],
      );
    });
  }

  const ACCOUNT = { method: 'GET', path: '/v1/accounts/{account-key}' };
  for (const key of ['a/b', '%2F', '%2e%2e', '../oauth/token', '?q=1#frag', '9'.repeat(400), '__proto__', ' .. ']) {
    test(`path parameter ${JSON.stringify(key.slice(0, 20))} stays one segment of the operation's own path`, () => {
      const path = fillPath(ACCOUNT, { 'account-key': key });
      const url = new URL(path, 'https://billing.example.com/');
      const segments = url.pathname.split('/');
      assert.deepEqual(segments.slice(0, 3), ['', 'v1', 'accounts']);
      assert.equal(segments.length, 4, url.pathname);
      assert.equal(decodeURIComponent(segments[3]), key);
      assert.equal(url.search + url.hash, '');
    });
  }
  for (const key of ['.', '..', '', '   ']) {
    test(`path parameter ${JSON.stringify(key)} is refused: it would call another operation`, () => {
      assert.throws(() => fillPath(ACCOUNT, { 'account-key': key }), /Path parameter "account-key"/);
    });
  }
});

describe('red team v1 request files: bodies (held)', () => {
  test('a body nested 50 000 deep where the schema is open: findings, no stack overflow', () => {
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    const text = `{"operation":"POST /v1/accounts","body":{"name":"Acme","currency":"USD","customFields":${deep}}}`;
    assert.ok(Array.isArray(requestFindings(text)));
  });

  test('enormous numbers: an error naming the field, never a throw', () => {
    const text = '{"operation":"POST /v1/accounts","body":{"billCycleDay":1e999,"name":"A","currency":"USD"}}';
    const found = errors(text).filter(f => f.path.join('.') === 'body.billCycleDay');
    assert.equal(found.length, 1, JSON.stringify(requestFindings(text)));
  });

  test('every pattern in the contract is free of nested quantifiers (the shape of catastrophic backtracking)', () => {
    const patterns: string[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) {
          if (k === 'pattern' && typeof x === 'string') patterns.push(x);
          else walk(x);
        }
    };
    walk(REQUESTS);
    assert.ok(patterns.length > 0, 'the contract has patterns to check');
    for (const p of patterns) assert.doesNotMatch(p, /\([^)]*[+*][^)]*\)[+*{]/, `${p} may backtrack`);
  });
});

describe('red team v1 request files: attacks that worked (fixed)', () => {
  /** A bill run filter whose condition nests `conditions` `n` deep (the contract's Condition refers to itself). */
  const billRun = (n: number, operator: string) =>
    '{"operation":"POST /v1/bill-runs","body":{"billRunFilters":[{"filterType":"Account","accountId":"A1",' +
    `"condition":${'{"relation":"and","conditions":['.repeat(n)}{"field":"x","operator":"${operator}"}` +
    `${']}'.repeat(n)}}]}}`;

  test('a self-referring schema (conditions in conditions) 5 000 deep: findings, no stack overflow', () => {
    assert.deepEqual(errors(billRun(5_000, 'eq')), []);
  });

  test('a mistake a few levels down in that recursion is still found', () => {
    const found = errors(billRun(3, 'nope'));
    assert.equal(found.length, 1);
    assert.match(found[0].message, /operator must be one of/);
  });

  for (const key of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
    test(`a body field named "${key}" is an unknown field (a warning, never an error), like any other`, () => {
      const text = `{"operation":"PUT /v1/bill-runs/{billRunId}/post","body":{"invoiceDate":"2027-01-01","${key}":{"x":1}}}`;
      assert.deepEqual(
        requestFindings(text).map(f => [f.code, f.path.join('.'), f.severity]),
        [['unknown-field', `body.${key}`, 'warning']],
      );
    });
  }

  for (const [operation, tag] of [
    ['POST /v1/credit-memos/bulk', 'sourceType'],
    ['POST /v1/payment-methods', 'type'],
  ] as const) {
    test(`${operation}: a ${tag} of "constructor" or "toString" is read like any unknown ${tag}`, () => {
      const findings = (value: string) =>
        requestFindings(file(operation, { [tag]: value })).map(f => [f.code, f.path.join('.'), f.severity]);
      const unknown = findings('NotAType');
      assert.ok(unknown.length > 0);
      assert.deepEqual(findings('constructor'), unknown);
      assert.deepEqual(findings('toString'), unknown);
    });
  }
});

describe('red team v1 sandbox', () => {
  let sb: Sandbox;
  let call: Awaited<ReturnType<typeof v1Caller>>;
  before(async () => {
    sb = await startSandbox({ today: '2027-01-01', maxConcurrent: 50 });
    call = await v1Caller(sb);
  });
  after(() => sb.close());

  /** The v1 order body with one change made to its CreateSubscription action. */
  const withCreate = (change: (a: ReturnType<typeof createTeam>) => void) => {
    const order = { ...newCustomerOrder(), previewOptions: PREVIEW_ALL };
    change(order.subscriptions[0].orderActions[0]);
    return order;
  };
  const terms = (a: ReturnType<typeof createTeam>) => a.createSubscription.terms as Record<string, unknown>;

  const BAD_ORDERS: [string, () => Record<string, unknown>, RegExp][] = [
    [
      'a trigger date that is null (was a 500)',
      () => withCreate(a => ((a as { triggerDates: unknown[] }).triggerDates = [null])),
      /triggerDates\[0\]: expected an object/,
    ],
    [
      'chargeUpdates that is a string (was a 500)',
      () =>
        changeOrder({
          type: 'UpdateProduct',
          updateProduct: { subscriptionRatePlanNumber: 'SP00000001', chargeUpdates: 'x' },
        }),
      /chargeUpdates: expected an array/,
    ],
    [
      'a chargeUpdates entry that is null (was a 500)',
      () =>
        changeOrder({
          type: 'UpdateProduct',
          updateProduct: { subscriptionRatePlanNumber: 'SP00000001', chargeUpdates: [null] },
        }),
      /chargeUpdates\[0\]: expected an object/,
    ],
    [
      'a renewal term of periodType "constructor" (was kept, then every order on it a 500)',
      () => withCreate(a => (terms(a).renewalTerms = [{ period: 12, periodType: 'constructor' }])),
      /renewalTerms\[0\]\.periodType/,
    ],
    [
      'a renewal term of period 0',
      () => withCreate(a => (terms(a).renewalTerms = [{ period: 0, periodType: 'Month' }])),
      /renewalTerms\[0\]\.period: expected a whole number/,
    ],
    [
      'an initial term of 10^15 months (was kept with an end date of NaN)',
      () => withCreate(a => ((terms(a).initialTerm as Record<string, unknown>).period = 1e15)),
      /initialTerm\.period: expected a whole number from 1 to/,
    ],
    [
      'a last term of 10^15 months (was kept with an end date of NaN)',
      () =>
        changeOrder({
          type: 'TermsAndConditions',
          termsAndConditions: { lastTerm: { termType: 'TERMED', period: 1e15, periodType: 'Month' } },
        }),
      /lastTerm\.period/,
    ],
    [
      'autoRenew "yes" (was kept as a string)',
      () => changeOrder({ type: 'TermsAndConditions', termsAndConditions: { autoRenew: 'yes' } }),
      /autoRenew: expected true or false/,
    ],
    [
      'a cancellation date that is not a date (was kept)',
      () =>
        changeOrder({
          type: 'CancelSubscription',
          cancelSubscription: { cancellationPolicy: 'SpecificDate', cancellationEffectiveDate: 'soon' },
        }),
      /cancellationEffectiveDate/,
    ],
    [
      'a cancellation policy that is an object (was taken as the term end)',
      () => changeOrder({ type: 'CancelSubscription', cancelSubscription: { cancellationPolicy: {} } }),
      /cancellationPolicy/,
    ],
  ];
  for (const [name, body, reason] of BAD_ORDERS) {
    test(`v1 order with ${name}: a 400 naming the field, on preview and on create, and nothing kept (fixed)`, async () => {
      const before = sb.store.orders.size;
      for (const path of ['/v1/orders/preview', '/v1/orders']) {
        const r = await call('POST', path, { ...body(), previewOptions: PREVIEW_ALL });
        assert.equal(r.status, 400, `${path}: ${JSON.stringify(r.json)}`);
        assert.match(r.json.reasons[0].message, reason);
      }
      assert.equal(sb.store.orders.size, before, 'no order was created');
      const renew = await call('POST', '/v1/orders/preview', {
        ...changeOrder({ type: 'RenewSubscription' }),
        previewOptions: PREVIEW_ALL,
      });
      assert.equal(renew.status, 200, 'the seeded subscription still previews');
    });
  }

  test('autoRenew "false" in quotes, which the service reads as the boolean: taken, and kept as false', async () => {
    const order = changeOrder({ type: 'TermsAndConditions', termsAndConditions: { autoRenew: 'false' } });
    const r = await call('POST', '/v1/orders', order);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal((await call('GET', '/v1/subscriptions/S00000001')).json.autoRenew, false);
  });

  test('prototype keys in a v1 order body are ignored like any unknown field: the order previews (held)', async () => {
    const text = JSON.stringify({ ...newCustomerOrder(), previewOptions: PREVIEW_ALL }).replace(
      '{',
      '{"__proto__":{"orderDate":"bad"},"constructor":{"prototype":{"polluted":true}},',
    );
    const r = await call('POST', '/v1/orders/preview', text);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  test('a path with dot segments is read after normalising: no way around the token (held)', async () => {
    for (const path of [
      '/v1/../v1/accounts/A00000001',
      '/oauth/token/../../v1/accounts/A00000001',
      '/v1/%2e%2e/v1/orders',
    ]) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(`${sb.url}${path}`, { method: 'GET', path }, res => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      assert.equal(status, 401, path);
    }
  });

  test('every v1 catalog operation given hostile bodies and path parameters: never a 5xx but 501 (held)', async () => {
    assert.equal((await call('GET', '/v1/accounts/A00000001')).status, 200, 'the caller holds a token');
    const bodies = [
      '{"__proto__":{"x":1},"constructor":{"prototype":{"a":1}},"type":"toString","amount":1e308,"quantity":-1e308,"date":"9999-99-99"}',
      `${'{"a":'.repeat(99)}1${'}'.repeat(99)}`,
      '[null]',
    ];
    const params = ['__proto__', '%2F..%2F', '9'.repeat(400), '%E0%A4%A'];
    const failures: string[] = [];
    const send = async (method: string, path: string, body?: string) => {
      const r = await call(method, path, body, {}).catch((e: Error) => ({ status: 0, json: e.message }));
      if (r.status >= 500 && r.status !== 501)
        failures.push(`${r.status} ${method} ${path}: ${JSON.stringify(r.json)}`);
    };
    for (const op of OPERATIONS.filter(o => !o.path.startsWith('/v2/'))) {
      const takesBody = ['POST', 'PUT', 'PATCH'].includes(op.method);
      const paths = op.pathParams.length ? params.map(p => op.path.replace(/\{[^}]+\}/g, p)) : [op.path];
      for (const path of paths) {
        if (!takesBody) await send(op.method, path);
        else for (const body of path === paths[0] ? bodies : bodies.slice(0, 1)) await send(op.method, path, body);
      }
    }
    assert.deepEqual(failures, []);
  });
});
