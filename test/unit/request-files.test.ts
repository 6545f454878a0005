// Request files (*.request.json) are checked like payload files: every operation with a JSON body gets a
// template that validates clean, and one mistake in it (a wrong enum value or type, a missing required
// field, a bad date) is one error at that field. v1 objects are open: custom and unknown fields never err.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { OPERATIONS } from '../../src/catalog';
import { requestContract, type Shape } from '../../src/contract';
import { requestFindings, requestHoverAt, requestOffersAt, requestTemplates, V2_BODY_KINDS } from '../../src/payloads';
import { formatPath, type Finding, type PathSegment } from '../../src/schemas';

const TODAY = '2026-11-24';
const NOW = new Date(`${TODAY}T00:00:00Z`);
const fileText = (operation: string, body: unknown) =>
  JSON.stringify({ operation, pathParams: {}, query: {}, body }, null, 2) + '\n';
const check = (operation: string, body: unknown) => requestFindings(fileText(operation, body), { now: NOW });
const errors = (found: Finding[]) => found.filter(f => f.severity === 'error');
const show = (found: Finding[]) => found.map(f => `${f.severity} ${formatPath(f.path)}: ${f.message}`).join('\n');
const contract = requestContract();
const WITH_BODY = OPERATIONS.filter(o => contract.bodyOf(o.id) || V2_BODY_KINDS[o.id]);

describe('request files: templates', () => {
  test('every catalog operation with a JSON body has a template (v1 from the contract, v2 the payload ones)', () => {
    assert.ok(WITH_BODY.length >= 180, `${WITH_BODY.length} operations`);
    for (const op of WITH_BODY) assert.ok(requestTemplates(op.id, { today: TODAY }).length > 0, op.id);
  });

  test('every template validates with no error; its only warnings are the placeholders left to replace', () => {
    let count = 0,
      placeholders = 0;
    for (const op of WITH_BODY)
      for (const t of requestTemplates(op.id, { today: TODAY })) {
        count++;
        const found = check(op.id, t.body);
        const others = found.filter(f => f.code !== 'placeholder');
        assert.equal(others.length, 0, `${op.id} "${t.label}":\n${show(others)}`);
        for (const f of found) assert.match(f.message, /replace the placeholder/);
        placeholders += found.length;
      }
    assert.ok(count > WITH_BODY.length, `${count} templates`);
    assert.ok(placeholders > 0, 'the templates show what goes in an id with a placeholder');
  });

  test('orders and order previews: one template per order action type, with the catalog ids given', () => {
    const hints = { today: TODAY, planId: 'plan-x', chargeId: 'charge-y', accountNumber: 'A42' };
    for (const id of ['POST /v1/orders', 'POST /v1/orders/preview']) {
      const ts = requestTemplates(id, hints);
      const types = ts.map(t => (t.body as Orders).subscriptions[0].orderActions[0].type);
      assert.deepEqual(
        new Set(types),
        new Set(contract.shapeAt(id, ['subscriptions', 0, 'orderActions', 0, 'type'])!.enum),
      );
      const create = ts.find(t => t.label.endsWith('create subscription'))!.body as Orders;
      assert.equal(create.existingAccountNumber, 'A42');
      const plan = create.subscriptions[0].orderActions[0].createSubscription!.subscribeToRatePlans[0];
      assert.deepEqual(
        [plan.productRatePlanId, plan.chargeOverrides[0].productRatePlanChargeId],
        ['plan-x', 'charge-y'],
      );
    }
    const preview = requestTemplates('POST /v1/orders/preview', { today: TODAY })[0].body as Orders;
    assert.deepEqual(preview.previewOptions?.previewTypes, ['ChargeMetrics', 'OrderDeltaMetrics', 'BillingDocs']);
  });
});

describe('request files: one mistake, one error at its field', () => {
  const mutated: Record<string, number> = { enum: 0, type: 0, required: 0, date: 0 };
  const opsMutated = new Set<string>();
  for (const op of WITH_BODY.filter(o => !V2_BODY_KINDS[o.id])) {
    const body = requestTemplates(op.id, { today: TODAY })[0].body;
    test(`${op.id}: each mutation of its template`, () => {
      for (const m of mutations(op.id, body)) {
        const found = errors(check(op.id, m.body));
        const where = ['body', ...m.path];
        assert.equal(found.length, 1, `${m.kind} at ${formatPath(where)}:\n${show(found)}`);
        assert.equal(formatPath(found[0].path), formatPath(where), m.kind);
        assert.equal(found[0].code, m.code, m.kind);
        mutated[m.kind]++;
        opsMutated.add(op.id);
      }
    });
  }
  test('the mutations reach every kind, across most operations', () => {
    for (const [kind, n] of Object.entries(mutated)) assert.ok(n > 20, `${kind}: ${n}`);
    assert.ok(opsMutated.size > 150, `${opsMutated.size} operations mutated`);
  });
});

describe('request files: never cry wolf', () => {
  const order = () => requestTemplates('POST /v1/orders', { today: TODAY })[0].body as Orders & Record<string, unknown>;

  test('custom fields anywhere are legal; an unknown field is a warning with "did you mean" and Rename', () => {
    const body = order();
    body.Region__c = 'EMEA';
    (body.subscriptions[0] as Record<string, unknown>).Channel__c = 'web';
    body.existingAcountNumber = body.existingAccountNumber;
    delete (body as Record<string, unknown>).existingAccountNumber;
    const found = check('POST /v1/orders', body);
    assert.equal(errors(found).length, 0, show(found));
    assert.equal(found.length, 1, show(found));
    assert.equal(found[0].severity, 'warning');
    assert.match(found[0].message, /did you mean `existingAccountNumber`/);
    assert.deepEqual(found[0].fix, {
      kind: 'renameProperty',
      property: 'existingAcountNumber',
      to: 'existingAccountNumber',
    });
  });

  test('what the service reads anyway (a number in quotes, "true") is a warning, not an error', () => {
    const body = requestTemplates('POST /v1/orders/preview', { today: TODAY })[0].body as Orders;
    (body.previewOptions as Record<string, unknown>).previewNumberOfPeriods = '3';
    (body.previewOptions as Record<string, unknown>).skipTax = 'true';
    const found = check('POST /v1/orders/preview', body);
    assert.deepEqual(
      found.map(f => [f.severity, formatPath(f.path)]),
      [
        ['warning', 'body.previewOptions.previewNumberOfPeriods'],
        ['warning', 'body.previewOptions.skipTax'],
      ],
    );
  });

  test('null is read as absent; an empty body of an operation with no required field is clean', () => {
    const body = order();
    body.orderNumber = null as unknown as string;
    assert.deepEqual(check('POST /v1/orders', body), []);
    assert.deepEqual(check('PUT /v1/accounts/{account-key}', {}), []);
  });

  test('messages name the field by its path in the body, and say how many values an enum allows', () => {
    const body = order();
    body.subscriptions[0].orderActions[0].type = 'CreateSubscriptin';
    const [f] = check('POST /v1/orders', body);
    assert.equal(formatPath(f.path), 'body.subscriptions[0].orderActions[0].type');
    assert.match(
      f.message,
      /^subscriptions\[0\]\.orderActions\[0\]\.type must be one of 11 values \("CreateSubscription", .*; hover the field for all\), not the string "CreateSubscriptin"\.$/,
    );
  });
});

describe('request files: the file itself', () => {
  test('an unknown operation (with what it likely means), a missing one, JSON syntax', () => {
    assert.deepEqual(
      requestFindings('{ "operation": "POST /v1/nothing", "body": {} }').map(f => f.code),
      ['unknown-operation'],
    );
    // What it likely means, as a scenario's operation says it: a concrete path's template, a near spelling.
    const concrete = requestFindings('{ "operation": "GET /v2/invoices/INV00000001" }');
    assert.match(concrete[0].message, /Did you mean "GET \/v2\/invoices\/\{invoice_id\}"\?/);
    const misspelt = requestFindings('{ "operation": "GET /v2/invoice" }');
    assert.match(misspelt[0].message, /Did you mean "GET \/v2\/invoices"/);
    assert.deepEqual(
      requestFindings('{ "body": {} }').map(f => f.code),
      ['missing-field'],
    );
    const broken = requestFindings('{ "operation": "POST /v1/orders", "body": { "orderDate": "2026-01-01", } }');
    assert.deepEqual(
      broken.map(f => f.code),
      ['json-trailing-comma'],
    );
  });

  test('pathParams: a misspelt name is an error with its Rename; one the path lacks is a warning; bad values err', () => {
    const file = (pathParams: unknown) =>
      requestFindings(JSON.stringify({ operation: 'POST /v2/subscriptions/{subscription_id}/pause', pathParams }));
    const misspelt = file({ subscripton_id: 'S-1' });
    assert.equal(misspelt.length, 1, show(misspelt));
    assert.equal(misspelt[0].severity, 'error');
    assert.deepEqual(misspelt[0].path, ['pathParams', 'subscripton_id']);
    assert.match(
      misspelt[0].message,
      /did you mean `subscription_id`\? As written, Send cannot fill \{subscription_id\}/,
    );
    assert.deepEqual(misspelt[0].fix, { kind: 'renameProperty', property: 'subscripton_id', to: 'subscription_id' });
    const extra = file({ subscription_id: 'S-1', colour: 'red' });
    assert.deepEqual(
      extra.map(f => [f.severity, f.message]),
      [
        [
          'warning',
          '"colour" is not a parameter of /v2/subscriptions/{subscription_id}/pause (it takes {subscription_id}): Send ignores it.',
        ],
      ],
    );
    for (const [value, said] of [
      [42, /must be text in quotes, not/],
      [' ', /is empty: write the id/],
      ['..', /cannot be "\.\.": it would change which operation is called/],
    ] as const) {
      const found = file({ subscription_id: value });
      assert.equal(found.length, 1, show(found));
      assert.match(found[0].message, said);
    }
    assert.deepEqual(file({ subscription_id: 'S-1' }), [], 'a right one is clean');
    assert.deepEqual(file({}), [], 'one not written yet is left to Send, which names it');
  });

  test('a v2 body is checked by the payload validator, its paths under body', () => {
    const found = check('POST /v2/accounts', { name: 'A', currency: 'USD', bill_to: { first_name: 'F' } });
    assert.deepEqual(
      found.map(f => [f.code, formatPath(f.path)]),
      [['missing-field', 'body.bill_to.last_name']],
    );
  });

  test('a versioned field outside its range is said once, at the field', () => {
    const body = requestTemplates('PUT /v1/subscriptions/{subscription-key}/renew', { today: TODAY })[0].body as object;
    const text = fileText('PUT /v1/subscriptions/{subscription-key}/renew', { ...body, runBilling: true });
    const found = requestFindings(text, { serviceVersion: '196.0' });
    assert.deepEqual(
      found.map(f => [f.code, formatPath(f.path)]),
      [['versioned-field', 'body.runBilling']],
    );
    assert.deepEqual(requestFindings(text, { serviceVersion: '211.0' }), []);
  });
});

describe('request files: completion and hover from the contract', () => {
  const base = fileText('POST /v1/orders', {
    orderDate: TODAY,
    subscriptions: [{ orderActions: [{ type: 'Suspend', suspend: { suspendPolicy: 'Today' } }] }],
  });

  test('field names at every depth, required first, those present left out', () => {
    const at = base.indexOf('"suspendPolicy"');
    const text = base.slice(0, at) + '"", ' + base.slice(at);
    const offers = requestOffersAt(text, at + 1)!;
    const names = offers.fields!.map(f => f.name);
    assert.deepEqual(names.slice().sort(), ['suspendPeriods', 'suspendPeriodsType', 'suspendSpecificDate']);
    const top = requestOffersAt(base, base.indexOf('"orderDate"') + 1)!;
    assert.equal(top.fields![0].name, 'orderDate');
    assert.ok(top.fields!.some(f => f.name === 'existingAccountNumber'));
  });

  test('enum values at a value, every one', () => {
    const at = base.indexOf('"Today"');
    const offers = requestOffersAt(base, at + 2)!;
    assert.deepEqual(
      offers.values!.map(v => v.label),
      ['Today', 'EndOfLastInvoicePeriod', 'FixedPeriodsFromToday', 'SpecificDate'],
    );
    assert.deepEqual(offers.replace, { offset: at, length: '"Today"'.length });
  });

  test('hover: type, required or optional, every allowed value', () => {
    const h = requestHoverAt(base, base.indexOf('"type"') + 2)!;
    assert.match(h.markdown, /^\*\*type\*\*: string, required/);
    assert.match(h.markdown, /Allowed values \(11\): `"CreateSubscription"`.*`"ChangePlan"`/);
    const d = requestHoverAt(base, base.indexOf('"orderDate"') + 2)!;
    assert.match(d.markdown, /\*\*orderDate\*\*: string \(date\), required/);
  });
});

describe('node dist/cli.js validate on request files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-request-'));
  const good = path.join(dir, 'order.request.json');
  const bad = path.join(dir, 'bad.request.json');
  fs.writeFileSync(good, fileText('POST /v1/orders', requestTemplates('POST /v1/orders', { today: TODAY })[0].body));
  const body = requestTemplates('POST /v1/orders', { today: TODAY })[0].body as Orders;
  body.subscriptions[0].orderActions[0].type = 'Nope';
  fs.writeFileSync(bad, fileText('POST /v1/orders', body));
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [path.resolve('dist/cli.js'), ...args], { encoding: 'utf8' });

  test('exit 0 clean, 1 with an error; JSON output with the path within the file', () => {
    assert.equal(run('validate', good).status, 0);
    const r = run('validate', '--format', 'json', good, bad);
    assert.equal(r.status, 1, r.stderr);
    const out = JSON.parse(r.stdout) as { files: { kind: string; findings: { path: string; line: number }[] }[] };
    assert.deepEqual(
      out.files.map(f => f.kind),
      ['request', 'request'],
    );
    assert.equal(out.files[1].findings[0].path, 'body.subscriptions[0].orderActions[0].type');
    assert.ok(out.files[1].findings[0].line > 1);
  });
});

interface Orders {
  existingAccountNumber?: string;
  subscriptions: {
    orderActions: {
      type: string;
      createSubscription?: {
        subscribeToRatePlans: { productRatePlanId: string; chargeOverrides: { productRatePlanChargeId: string }[] }[];
      };
    }[];
  }[];
  previewOptions?: { previewTypes: string[] };
}

interface Mutation {
  kind: 'enum' | 'type' | 'required' | 'date';
  code: string;
  path: PathSegment[];
  body: unknown;
}

/** For each field of the body: the one-mistake variants that apply to it. */
function mutations(operationId: string, body: unknown): Mutation[] {
  const out: Mutation[] = [];
  const visit = (value: unknown, path: PathSegment[]) => {
    const shape = contract.shapeAt(operationId, path, body);
    if (!shape) return;
    const put = (kind: Mutation['kind'], code: string, v: unknown) =>
      out.push({ kind, code, path, body: replaced(body, path, v) });
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...path, i]));
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) visit(v, [...path, k]);
      for (const field of shape.required.filter(f => f in value))
        out.push({
          kind: 'required',
          code: 'missing-field',
          path: [...path, field],
          body: removed(body, [...path, field]),
        });
    } else if (path.length) {
      if (shape.enum) put('enum', 'invalid-value', 'NotAnAllowedValue');
      else if (shape.format === 'date') put('date', 'invalid-date', '2026-02-30');
      if (shape.type) put('type', 'wrong-type', shape.type === 'array' ? 'text' : ['a list']);
    }
  };
  visit(body, []);
  // A body whose template is small: the same mistakes in a field it may add.
  const root = contract.shapeAt(operationId, [], body)!;
  const absent = Object.keys(root.properties).filter(k => !(body && typeof body === 'object' && k in body));
  const first = (test: (s: NonNullable<ReturnType<typeof contract.shapeAt>>) => boolean) =>
    absent.find(k => {
      const s = contract.shapeAt(operationId, [k], body);
      if (!s || s.readOnly || !test(s)) return false;
      // Only a field that is fine when right (not one outside the default service-version's range).
      return check(operationId, { ...(body as object), [k]: sample(s) }).length === 0;
    });
  const add = (kind: Mutation['kind'], code: string, key: string | undefined, v: unknown) => {
    if (key) out.push({ kind, code, path: [key], body: { ...(body as object), [key]: v } });
  };
  add(
    'enum',
    'invalid-value',
    first(s => !!s.enum && s.type === 'string'),
    'NotAnAllowedValue',
  );
  add(
    'date',
    'invalid-date',
    first(s => s.format === 'date'),
    '2026-02-30',
  );
  add(
    'type',
    'wrong-type',
    first(s => s.type === 'string' || s.type === 'object'),
    ['a list'],
  );
  return out;
}

/** A right value for a scalar or object shape. */
function sample(s: Shape): unknown {
  if (s.enum) return s.enum.find(v => v !== null);
  if (s.format === 'date') return TODAY;
  if (s.type === 'object') return {};
  return 'x'.repeat(Math.max(1, s.minLength ?? 1));
}

function replaced(root: unknown, path: PathSegment[], value: unknown): unknown {
  const copy = structuredClone(root) as Record<PathSegment, unknown>;
  let holder = copy;
  for (const p of path.slice(0, -1)) holder = holder[p] as Record<PathSegment, unknown>;
  holder[path[path.length - 1]] = value;
  return copy;
}

function removed(root: unknown, path: PathSegment[]): unknown {
  const copy = structuredClone(root) as Record<PathSegment, unknown>;
  let holder = copy;
  for (const p of path.slice(0, -1)) holder = holder[p] as Record<PathSegment, unknown>;
  delete holder[path[path.length - 1]];
  return copy;
}
