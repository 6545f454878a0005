// Issue 31 item 5: `format: date-time` fields are checked where the editor, the CLI and the Local sandbox check
// a body. An error where the service refuses the form (another notation, a date alone, month 13, Feb 30, hour
// 25), with the form it wants; a warning where it reads the text anyway (no zone: the tenant's time zone; no
// seconds; an offset written +0100); nothing for the forms it documents (an offset or Z, a space for the T,
// fractional seconds).
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { requestContract } from '../../src/contract';
import { requestFileText } from '../../src/payloads';
import { requestFindings } from '../../src/payloads/requests';
import { applyEdits, quickFixesFor } from '../../src/schemas/fixes';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { formatPath } from '../../src/schemas';
import { runCli } from './cli';
import { v1Caller, type Answer } from './sandbox-v1-helpers';

const USAGE = 'POST /v1/object/usage';
const usage = (StartDateTime: unknown) => ({ StartDateTime, Quantity: 3, UOM: 'Each', AccountNumber: 'A00000001' });
const contract = requestContract();
const found = (op: string, body: unknown) =>
  contract
    .check(op, body)
    .map(f => ({ severity: f.severity ?? 'error', code: f.code, at: formatPath(f.path), text: f.message }));
const one = (op: string, body: unknown): { severity: string; code: string; at: string; text: string } => {
  const all = found(op, body);
  assert.equal(all.length, 1, JSON.stringify(all, null, 2));
  return all[0];
};

describe('the checker: a v1 date-time field (POST /v1/object/usage StartDateTime)', () => {
  test('the forms the service documents pass with no finding', () => {
    for (const v of [
      '2027-03-01T00:00:00Z',
      '2027-03-01T10:30:00+01:00',
      '2027-03-01T10:30:00-08:00',
      '2027-03-01T10:30:00.250Z',
      '2027-03-01 10:30:00+01:00',
      '2024-02-29T23:59:59Z',
    ])
      assert.deepEqual(found(USAGE, usage(v)), [], v);
  });

  test('another notation is an error with the form the service wants', () => {
    const f = one(USAGE, usage('03/01/2027 00:00'));
    assert.deepEqual([f.severity, f.code, f.at], ['error', 'invalid-format', 'StartDateTime']);
    assert.equal(
      f.text,
      'StartDateTime must be a date-time written YYYY-MM-DDThh:mm:ss with a zone, e.g. 2027-03-01T00:00:00Z, not the string "03/01/2027 00:00".',
    );
    for (const v of ['tomorrow', '2027-03-01T10', '1772323200', '2027-3-1T00:00:00Z', ''])
      assert.equal(one(USAGE, usage(v)).severity, 'error', v);
  });

  test('a date alone is an error that gives that day at midnight as the form to write', () => {
    const f = one(USAGE, usage('2027-03-01'));
    assert.deepEqual([f.severity, f.code], ['error', 'invalid-format']);
    assert.equal(
      f.text,
      'StartDateTime must be a date-time written YYYY-MM-DDThh:mm:ss with a zone, e.g. 2027-03-01T00:00:00Z, not the string "2027-03-01" (a date alone).',
    );
  });

  test('impossible values are errors naming what does not exist: month 13, Feb 30, hour 25, offset +19:00', () => {
    const cases: [string, string][] = [
      ['2027-13-01T00:00:00Z', 'there is no month 13'],
      ['2027-02-30T00:00:00Z', 'February 2027 has no day 30'],
      ['2027-02-29T00:00:00Z', 'February 2027 has no day 29'],
      ['2027-04-31', 'April 2027 has no day 31'],
      ['2027-03-01T25:00:00Z', 'there is no hour 25'],
      ['2027-03-01T10:60:00Z', 'there is no minute 60'],
      ['2027-03-01T10:00:60Z', 'there is no second 60'],
      ['2027-03-01T10:00:00+19:00', 'there is no offset +19:00'],
    ];
    for (const [v, why] of cases) {
      const f = one(USAGE, usage(v));
      assert.deepEqual([f.severity, f.code], ['error', 'invalid-date'], v);
      assert.ok(
        f.text.startsWith('StartDateTime must be a real date-time written YYYY-MM-DDThh:mm:ss with a zone'),
        f.text,
      );
      assert.ok(f.text.endsWith(`not the string "${v}" (${why}).`), f.text);
    }
  });

  test('what the service reads anyway is a warning with the text to write: no zone, no seconds, +0100', () => {
    const cases: [string, string][] = [
      [
        '2027-03-01T10:30:00',
        'StartDateTime has no zone, so the service reads it in the tenant\'s time zone: write "2027-03-01T10:30:00Z" (Z is UTC; or give the offset, e.g. +01:00).',
      ],
      // The form the vendor documents for runDate, settledOn and chargeDate: the space is fine, the zone missing.
      [
        '2027-03-01 10:30:00',
        'StartDateTime has no zone, so the service reads it in the tenant\'s time zone: write "2027-03-01T10:30:00Z" (Z is UTC; or give the offset, e.g. +01:00).',
      ],
      ['2027-03-01T10:30Z', 'StartDateTime has no seconds: write "2027-03-01T10:30:00Z".'],
      [
        '2027-03-01T10:30:00+0100',
        'StartDateTime writes its offset +0100 (the service\'s form is +01:00): write "2027-03-01T10:30:00+01:00".',
      ],
    ];
    for (const [v, text] of cases) {
      const f = one(USAGE, usage(v));
      assert.deepEqual([f.severity, f.code, f.text], ['warning', 'invalid-format', text], v);
    }
  });

  test('a date-time inside a list is checked at its place (POST /v1/invoices invoiceItems[0].chargeDate)', () => {
    const invoice = (chargeDate: string) => ({
      accountId: 'A00000001',
      invoiceDate: '2027-03-01',
      invoiceItems: [{ amount: 10, chargeDate, productRatePlanChargeId: 'price-1' }],
    });
    const base = found('POST /v1/invoices', invoice('2027-03-01T00:00:00Z'));
    const bad = found('POST /v1/invoices', invoice('2027-02-30T00:00:00Z')).filter(f => !base.some(b => b.at === f.at));
    assert.deepEqual(
      bad.map(f => [f.severity, f.code, f.at]),
      [['error', 'invalid-date', 'invoiceItems[0].chargeDate']],
    );
  });
});

test('each date-time finding with a form to write offers it as a quick fix that writes it in place', () => {
  for (const [written, fixed] of [
    ['2027-03-01T10:30:00', '2027-03-01T10:30:00Z'],
    ['2027-03-01', '2027-03-01T00:00:00Z'],
    ['2027-03-01T10:30:00+0100', '2027-03-01T10:30:00+01:00'],
  ]) {
    const text = requestFileText(USAGE, {}, {}, usage(written));
    const [finding] = requestFindings(text).filter(f => f.path.join('.') === 'body.StartDateTime');
    assert.deepEqual(finding.fix, { kind: 'replaceValue', value: fixed }, written);
    const [fix] = quickFixesFor(text, finding);
    assert.equal(fix.title, `Write "${fixed}"`);
    const after = applyEdits(text, fix.edits);
    assert.equal(JSON.parse(after).body.StartDateTime, fixed);
    assert.deepEqual(requestFindings(after), [], 'the fixed file is clean');
  }
});

describe('the checker: v2 date-time fields go through the same check', () => {
  const RECORD = 'POST /v2/usage_records';
  const record = (start_time: unknown) => ({ start_time, quantity: 3, unit_of_measure: 'Each', account_number: 'A1' });
  const v2 = (op: string, body: unknown) =>
    requestContract(op)
      .check(op, body)
      .map(f => [f.severity ?? 'error', f.code, formatPath(f.path), f.message]);

  test('POST /v2/usage_records start_time: the good form passes; Feb 30 and a date alone are errors at the field', () => {
    assert.deepEqual(v2(RECORD, record('2027-03-01T00:00:00Z')), []);
    assert.deepEqual(v2(RECORD, record('2027-02-30T00:00:00Z')), [
      [
        'error',
        'invalid-date',
        'start_time',
        'start_time must be a real date-time written YYYY-MM-DDThh:mm:ss with a zone, e.g. 2027-03-01T00:00:00Z, not the string "2027-02-30T00:00:00Z" (February 2027 has no day 30).',
      ],
    ]);
    assert.deepEqual(
      v2(RECORD, record('2027-03-01')).map(f => f.slice(0, 3)),
      [['error', 'invalid-format', 'start_time']],
    );
  });

  test("POST /v2/payment_runs payment_run_date in the reference's own form (yyyy-mm-dd hh:mm:ss): only the zone warning", () => {
    assert.deepEqual(
      v2('POST /v2/payment_runs', { payment_run_date: '2027-03-01 11:30:37' }).map(f => f.slice(0, 3)),
      [['warning', 'invalid-format', 'payment_run_date']],
    );
  });
});

describe('the CLI: node dist/cli.js validate on a request file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-datetime-'));
  const file = (name: string, start: string) => {
    const f = path.join(dir, name);
    fs.writeFileSync(f, requestFileText(USAGE, {}, {}, usage(start)));
    return f;
  };
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('a bad date-time (v1 and v2): exit 1, the message at its line; a good one: exit 0 and nothing said', async () => {
    const bad = await runCli(['validate', file('bad.request.json', '2027-13-01T00:00:00Z')]);
    assert.equal(bad.status, 1, bad.stderr);
    assert.match(
      bad.stdout,
      /bad\.request\.json:6:22: error StartDateTime must be a real date-time written YYYY-MM-DDThh:mm:ss with a zone, e\.g\. 2027-03-01T00:00:00Z, not the string "2027-13-01T00:00:00Z" \(there is no month 13\)\. \(body\.StartDateTime\) \[invalid-date\]/,
    );
    const v2 = path.join(dir, 'v2.request.json');
    const record = { start_time: '2027-03-01', quantity: 3, unit_of_measure: 'Each', account_number: 'A1' };
    fs.writeFileSync(v2, requestFileText('POST /v2/usage_records', {}, {}, record));
    const v2bad = await runCli(['validate', v2]);
    assert.equal(v2bad.status, 1, v2bad.stderr);
    assert.match(
      v2bad.stdout,
      /error start_time must be a date-time .* \(a date alone\)\. \(body\.start_time\) \[invalid-format\]/,
    );
    const good = await runCli(['validate', file('good.request.json', '2027-03-01T00:00:00Z')]);
    assert.equal(good.status, 0, good.stdout + good.stderr);
    assert.equal(good.stdout, '');
  });
});

describe('the Local sandbox: a v1 body with a date-time', () => {
  let sb: Sandbox;
  let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
  before(async () => {
    sb = await startSandbox({ today: '2027-03-01' });
    call = await v1Caller(sb);
  });
  after(() => sb.close());

  test('POST /v1/object/usage with "03/01/2027 00:00": 400 in the v1 shape naming the field; the good form: 2xx', async () => {
    const bad = await call('POST', '/v1/object/usage', usage('03/01/2027 00:00'));
    assert.equal(bad.status, 400, JSON.stringify(bad.json));
    assert.equal(bad.json.success, false);
    assert.equal(bad.json.reasons.length, 1);
    assert.match(String(bad.json.reasons[0].code), /^5\d{5}20$/, 'a resource code, then category 20: invalid value');
    assert.match(
      bad.json.reasons[0].message,
      /^StartDateTime must be a date-time written YYYY-MM-DDThh:mm:ss with a zone/,
    );
    const alone = await call('POST', '/v1/object/usage', usage('2027-03-01'));
    assert.equal(alone.status, 400);
    assert.match(alone.json.reasons[0].message, /\(a date alone\)\.$/);
    for (const good of ['2027-03-01T00:00:00Z', '2027-03-01T00:00:00']) {
      const ok = await call('POST', '/v1/object/usage', usage(good));
      assert.ok(ok.status >= 200 && ok.status < 300, `${good}: ${ok.status} ${JSON.stringify(ok.json)}`);
    }
  });
});

describe('the Local sandbox: a v2 body with a date-time', () => {
  let sb: Sandbox;
  let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
  before(async () => {
    sb = await startSandbox({ today: '2027-03-01' });
    call = await v1Caller(sb);
  });
  after(() => sb.close());
  const record = (start_time: string) => ({
    account_number: 'A00000001',
    start_time,
    quantity: 10,
    unit_of_measure: 'API_CALL',
  });

  test('POST /v2/usage_records with "03/01/2027 00:00": 400 in the v2 shape naming start_time; the good form: 2xx', async () => {
    const bad = await call('POST', '/v2/usage_records', record('03/01/2027 00:00'));
    assert.equal(bad.status, 400, JSON.stringify(bad.json));
    assert.equal(bad.json.errors[0].parameter, 'start_time', JSON.stringify(bad.json));
    assert.match(bad.json.errors[0].message, /^start_time must be a date-time written YYYY-MM-DDThh:mm:ss with a zone/);
    const impossible = await call('POST', '/v2/usage_records', record('2027-02-30T00:00:00Z'));
    assert.equal(impossible.status, 400, JSON.stringify(impossible.json));
    const good = await call('POST', '/v2/usage_records', record('2027-03-01T00:00:00Z'));
    assert.ok(good.status >= 200 && good.status < 300, `${good.status} ${JSON.stringify(good.json)}`);
  });
});
