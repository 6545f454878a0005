import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { checkVersionedFields, VERSIONED_FIELDS } from '../../src/schemas';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findOperation } from '../../src/catalog';

const SPEC = path.resolve('..', 'shared', 'spec', '01-overview-v2-auth-errors-versioning.md');
const specSkip = fs.existsSync(SPEC) ? false : `spec 01 (${SPEC}) is absent`;

test('every operation the version table names is in the catalog', () => {
  for (const f of VERSIONED_FIELDS)
    for (const id of f.operations) {
      const [method, path] = id.split(' ');
      assert.ok(findOperation(method, path), `${f.field}: ${id}`);
    }
});

test('collect below 196.0 and invoiceCollect above 189.0 are flagged with the version that allows them', () => {
  const [c] = checkVersionedFields({ collect: true }, 'POST /v1/subscriptions', undefined);
  assert.equal(c.field, 'collect');
  assert.match(c.message, /196\.0 and later.*default 186\.0.*set service-version to 196\.0 or later/);
  assert.deepEqual(checkVersionedFields({ collect: true }, 'POST /v1/subscriptions', '196.0'), []);
  const [ic] = checkVersionedFields(
    { invoiceCollect: true },
    'PUT /v1/subscriptions/{subscription-key}/renew',
    '211.0',
  );
  assert.match(ic.message, /189\.0 and earlier.*use service-version 189\.0 or earlier/);
  assert.deepEqual(checkVersionedFields({ invoiceCollect: true }, 'POST /v1/accounts', '189.0'), []);
});

test('a field with two ranges on different operations; fields of other operations are left alone', () => {
  assert.deepEqual(checkVersionedFields({ targetDate: '2026-01-01' }, 'POST /v1/subscriptions/preview', '207.0'), []);
  assert.equal(checkVersionedFields({ targetDate: '2026-01-01' }, 'POST /v1/subscriptions', '207.0').length, 1);
  assert.deepEqual(checkVersionedFields({ invoice: true }, 'POST /v1/subscriptions', '196.0'), []);
  assert.equal(checkVersionedFields({ invoice: true }, 'POST /v1/subscriptions', '211.0').length, 1);
  assert.deepEqual(checkVersionedFields({ collect: true }, 'GET /v1/invoices', undefined), []);
});

test("every row of spec 01's table is in VERSIONED_FIELDS with its range", { skip: specSkip }, () => {
  const text = fs.readFileSync(SPEC, 'utf8');
  const table = text.slice(text.indexOf('### Fields under version control'), text.indexOf('### Response change'));
  const rows = table
    .split('\n')
    .filter(l => /^\| [a-zA-Z]+ \| \d/.test(l))
    .map(l => l.split('|').map(c => c.trim()));
  assert.ok(rows.length >= 30, `${rows.length} rows`);
  for (const [, field, versions] of rows) {
    const nums = [...versions.matchAll(/\d+(\.\d+)?/g)].map(m => Number(m[0]));
    const min = /later/.test(versions) || nums.length === 2 ? nums[0] : undefined;
    const max = /earlier/.test(versions) ? nums[0] : nums.length === 2 ? nums[1] : undefined;
    assert.ok(
      VERSIONED_FIELDS.some(f => f.field === field && f.min === min && f.max === max),
      `${field} ${versions}`,
    );
  }
});

test('fields inside charges[] are checked where they sit; the memo-level comment is not versioned', () => {
  const body = { comment: 'memo note', charges: [{ amount: 10, chargeId: 'c1', comment: 'charge note' }] };
  const found = checkVersionedFields(body, 'POST /v1/credit-memos', undefined);
  assert.deepEqual(
    found.map(f => f.path.join('.')),
    ['charges.0.amount'],
  ); // 186.0: memoItemAmount, chargeId, comment
  const at257 = checkVersionedFields(body, 'POST /v1/credit-memos', '257.0');
  assert.deepEqual(at257.map(f => f.path.join('.')).sort(), ['charges.0.chargeId', 'charges.0.comment']);
  assert.match(at257.find(f => f.field === 'comment')!.message, /256\.0 and earlier/);
  const fromInvoice = checkVersionedFields(
    { comment: 'x', items: [{ description: 'd' }] },
    'POST /v1/debit-memos/invoice/{invoiceKey}',
    '224.0',
  );
  assert.deepEqual(
    fromInvoice.map(f => f.path.join('.')),
    ['items.0.description'],
  );
});

test('previewType values by version: InvoiceItem... up to 206.0, LegalDoc... from 207.0', () => {
  const op = 'POST /v1/subscriptions/preview';
  assert.deepEqual(checkVersionedFields({ previewType: 'InvoiceItem' }, op, undefined), []);
  assert.deepEqual(checkVersionedFields({ previewType: 'ChargeMetrics' }, op, '211.0'), []);
  const [legal] = checkVersionedFields({ previewType: 'LegalDoc' }, op, undefined);
  assert.match(legal.message, /"LegalDoc" is a value of minor versions 207\.0 and later; set service-version to 207/);
  assert.equal(legal.allowedFrom, 207);
  const update = 'PUT /v1/subscriptions/{subscription-key}';
  const [old] = checkVersionedFields({ previewType: 'InvoiceItemChargeMetrics' }, update, '207.0');
  assert.match(old.message, /use service-version 206\.0 or earlier/);
});

test('payment schedule items: billingDocument from 330.0, in items[] (and in each schedule of a batch)', () => {
  const one = { items: [{ billingDocument: { id: 'x' } }] };
  assert.deepEqual(checkVersionedFields(one, 'POST /v1/payment-schedules', '330.0'), []);
  assert.deepEqual(
    checkVersionedFields(one, 'POST /v1/payment-schedules', undefined).map(f => f.path.join('.')),
    ['items.0.billingDocument'],
  );
  const batch = { paymentSchedules: [{ items: [{}, { billingDocument: {} }] }] };
  assert.deepEqual(
    checkVersionedFields(batch, 'POST /v1/payment-schedules/batch', '329.0').map(f => f.path.join('.')),
    ['paymentSchedules.0.items.1.billingDocument'],
  );
});

test('response-only rows are never reported on a request body', () => {
  assert.deepEqual(checkVersionedFields({ subscriptions: [] }, 'POST /v1/orders', undefined), []);
});
