import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { checkVersionedFields, VERSIONED_FIELDS } from '../../src/schemas';
import { findOperation } from '../../src/catalog';

test('every operation the version table names is in the catalog', () => {
  for (const f of VERSIONED_FIELDS) for (const id of f.operations) {
    const [method, path] = id.split(' ');
    assert.ok(findOperation(method, path), `${f.field}: ${id}`);
  }
});

test('collect below 196.0 and invoiceCollect above 189.0 are flagged with the version that allows them', () => {
  const [c] = checkVersionedFields({ collect: true }, 'POST /v1/subscriptions', undefined);
  assert.equal(c.field, 'collect');
  assert.match(c.message, /196\.0 and later.*default 186\.0.*set service-version to 196\.0 or later/);
  assert.deepEqual(checkVersionedFields({ collect: true }, 'POST /v1/subscriptions', '196.0'), []);
  const [ic] = checkVersionedFields({ invoiceCollect: true }, 'PUT /v1/subscriptions/{subscription-key}/renew', '211.0');
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
