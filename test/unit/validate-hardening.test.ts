// Issue 11, the validator's part: a number JSON cannot hold, and nesting deep enough to overflow a
// recursive parser. validate() never throws and says what is wrong in words a person understands.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { validate } from '../../src/schemas';

const DEPTH = 100_000;

test('1e400 (JSON.parse reads Infinity) is reported as a number too large, quoting the text', () => {
  const text = '{"account_number": "A1", "line_items": [{"name": "x", "type": "fee", "quantity": 1e400}]}';
  const f = validate(text, 'order').find(x => x.path.join('.') === 'line_items.0.quantity');
  assert.ok(f, 'a finding on the quantity');
  assert.equal(f.severity, 'error');
  assert.match(f.message, /the number 1e400 is too large/);
  assert.doesNotMatch(f.message, /Infinity/);
  assert.equal(text.slice(f.offset, f.offset + f.length), '1e400');
});

test(`${DEPTH.toLocaleString('en-US')} levels of unterminated nesting: one clear finding, no stack overflow`, () => {
  const text = '{"subscriptions": ' + '['.repeat(DEPTH);
  const findings = validate(text, 'order');
  assert.equal(findings.length, 1);
  assert.equal(findings[0].code, 'too-deep');
  assert.equal(findings[0].category, 90);
  assert.match(findings[0].message, /nests more than 1,000 levels/);
  assert.equal(text[findings[0].offset], '[');
});

test(`${DEPTH.toLocaleString('en-US')} levels of nesting and a syntax error at the end: no overflow`, () => {
  const text = '{"account_number": "A1", "custom_fields": ' + '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH) + ',}';
  const findings = validate(text, 'order');
  assert.deepEqual(
    findings.map(f => f.code),
    ['too-deep'],
  );
});

test(`${DEPTH.toLocaleString('en-US')} levels of valid nesting: validated, no throw`, () => {
  const text = '{"subscriptions": ' + '['.repeat(DEPTH) + ']'.repeat(DEPTH) + '}';
  const findings = validate(text, 'order');
  const f = findings.find(x => x.path.join('.') === 'subscriptions.0');
  assert.ok(f, 'the first subscription is not an object');
  assert.equal(f.code, 'wrong-type');
});
