// validate: every mistake is caught with its category and exact range (syntax ones once).
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import { FINDING_CODES, type PayloadKind } from '../../src/schemas';
import { account, at, check, newSub } from './validatePayloads';

describe('validate: every mistake is caught with its category and exact range', () => {
  const cases: {
    name: string;
    body: unknown;
    kind?: PayloadKind;
    code: string;
    category: number;
    range: string;
    severity?: string;
  }[] = [
    {
      name: 'both account_number and account_data',
      body: { account_number: 'A1', account_data: account(), line_items: [{ name: 'x', type: 'fee' }] },
      code: 'account-choice',
      category: 20,
      range: '"account_data"',
    },
    {
      name: 'neither account_number nor account_data',
      body: { line_items: [{ name: 'x', type: 'fee' }] },
      code: 'missing-account',
      category: 22,
      range: '{',
    },
    {
      name: 'missing bill_to.last_name points at bill_to',
      body: { account_data: { ...account(), bill_to: { first_name: 'F' } }, subscriptions: [newSub()] },
      code: 'missing-field',
      category: 22,
      range: '"bill_to"',
    },
    {
      name: 'new account without currency',
      body: { account_data: { name: 'N', bill_to: { first_name: 'F', last_name: 'L' } }, subscriptions: [newSub()] },
      code: 'missing-field',
      category: 22,
      range: '"account_data"',
    },
    {
      name: 'unknown field',
      body: { account_number: 'A1', line_items: [{ name: 'x', type: 'fee', colour: 'red' }] },
      code: 'unknown-field',
      category: 21,
      range: '"colour"',
    },
    {
      name: 'line item without type',
      body: { account_number: 'A1', line_items: [{ name: 'x' }] },
      code: 'missing-field',
      category: 22,
      range: '{',
    },
    {
      name: 'line item type not allowed',
      body: { account_number: 'A1', line_items: [{ name: 'x', type: 'gift' }] },
      code: 'invalid-value',
      category: 20,
      range: '"gift"',
    },
    { name: 'nothing to order', body: { account_number: 'A1' }, code: 'nothing-to-order', category: 22, range: '{' },
    {
      name: 'preview without metrics',
      body: { account_number: 'A1', line_items: [{ name: 'x', type: 'fee' }] },
      kind: 'preview',
      code: 'missing-field',
      category: 22,
      range: '{',
    },
    {
      name: 'preview with empty metrics (warning: the service computes nothing)',
      body: { metrics: [], account_number: 'A1', line_items: [{ name: 'x', type: 'fee' }] },
      kind: 'preview',
      code: 'missing-metrics',
      category: 20,
      range: '[]',
      severity: 'warning',
    },
    {
      name: 'change entry with a new-subscription field (warning)',
      body: {
        account_number: 'A1',
        subscriptions: [{ subscription_number: 'S1', cancel: {}, initial_term: { type: 'evergreen' } }],
      },
      code: 'change-with-new-fields',
      category: 20,
      range: '"initial_term"',
      severity: 'warning',
    },
    {
      name: 'change container without subscription_number',
      body: { account_number: 'A1', subscriptions: [{ cancel: {} }] },
      code: 'missing-field',
      category: 22,
      range: '{',
    },
    {
      name: 'new subscription without renewal_term (warning: tenant default)',
      body: { account_number: 'A1', subscriptions: [{ ...newSub(), renewal_term: undefined }] },
      code: 'missing-field',
      category: 22,
      range: '{',
      severity: 'warning',
    },
    {
      name: 'termed without interval_count (warning: tenant default)',
      body: {
        account_number: 'A1',
        subscriptions: [{ ...newSub(), initial_term: { type: 'termed', interval: 'month' } }],
      },
      code: 'missing-field',
      category: 22,
      range: '"initial_term"',
      severity: 'warning',
    },
    {
      name: 'interval_count 0',
      body: {
        account_number: 'A1',
        subscriptions: [{ ...newSub(), initial_term: { type: 'termed', interval: 'month', interval_count: 0 } }],
      },
      code: 'out-of-range',
      category: 20,
      range: '0',
    },
    {
      name: 'evergreen with interval (warning: no effect)',
      body: {
        account_number: 'A1',
        subscriptions: [{ ...newSub(), renewal_term: { type: 'evergreen', interval: 'year' } }],
      },
      code: 'evergreen-with-interval',
      category: 20,
      range: '"interval"',
      severity: 'warning',
    },
    {
      name: 'unknown interval',
      body: {
        account_number: 'A1',
        subscriptions: [{ ...newSub(), initial_term: { type: 'termed', interval: 'fortnight', interval_count: 1 } }],
      },
      code: 'invalid-value',
      category: 20,
      range: '"fortnight"',
    },
    {
      name: '2026-02-30 is not a date',
      body: { account_number: 'A1', subscriptions: [{ ...newSub(), start_on: { contract_effective: '2026-02-30' } }] },
      code: 'invalid-date',
      category: 20,
      range: '"2026-02-30"',
    },
    {
      name: 'date in another format',
      body: { account_number: 'A1', order_date: '01/02/2026', line_items: [{ name: 'x', type: 'fee' }] },
      code: 'invalid-date',
      category: 20,
      range: '"01/02/2026"',
    },
    {
      name: 'end_date before start_date',
      body: {
        account_number: 'A1',
        subscriptions: [
          {
            ...newSub(),
            subscription_plans: [
              { plan_id: 'p', prices: [{ price_id: 'x', start_date: '2027-05-01', end_date: '2027-01-01' }] },
            ],
          },
        ],
      },
      code: 'date-order',
      category: 20,
      range: '"2027-01-01"',
    },
    {
      name: 'currency not ISO 4217',
      body: { account_data: { ...account(), currency: 'XYZ' }, subscriptions: [newSub()] },
      code: 'invalid-value',
      category: 20,
      range: '"XYZ"',
    },
    {
      name: 'bill_cycle_day 32',
      body: { account_data: { ...account(), bill_cycle_day: 32 }, subscriptions: [newSub()] },
      code: 'out-of-range',
      category: 20,
      range: '32',
    },
    {
      name: 'wrong type',
      body: { account_number: 'A1', line_items: [{ name: 'x', type: 'fee', quantity: 'two' }] },
      code: 'wrong-type',
      category: 20,
      range: '"two"',
    },
    {
      name: 'expiry month 13',
      body: { ...account(), payment_method: { type: 'card', card: { expiry_month: 13, expiry_year: 2030 } } },
      kind: 'account',
      code: 'out-of-range',
      category: 20,
      range: '13',
    },
    {
      name: 'card expired (warning)',
      body: { ...account(), payment_method: { type: 'card', card: { expiry_month: 10, expiry_year: 2026 } } },
      kind: 'account',
      code: 'card-expired',
      category: 20,
      range: '2026',
      severity: 'warning',
    },
    {
      name: 'card number fails Luhn (warning)',
      body: { ...account(), payment_method: { type: 'card', card: { card_number: '4111111111111112' } } },
      kind: 'account',
      code: 'card-luhn',
      category: 20,
      range: '"4111111111111112"',
      severity: 'warning',
    },
    {
      name: 'card data in a file (warning): a number that is not a published test card',
      body: { ...account(), payment_method: { type: 'card', card: { card_number: '4539148803436467' } } },
      kind: 'account',
      code: 'card-data-in-file',
      category: 20,
      range: '"4539148803436467"',
      severity: 'warning',
    },
    {
      name: 'unknown card brand',
      body: { ...account(), payment_method: { type: 'card', card: { brand: 'Visa' } } },
      kind: 'account',
      code: 'invalid-value',
      category: 20,
      range: '"Visa"',
    },
    {
      name: 'more than 50 subscriptions',
      body: { account_number: 'A1', subscriptions: Array.from({ length: 51 }, newSub) },
      code: 'too-many',
      category: 20,
      range: '"subscriptions"',
    },
    {
      name: 'comment',
      body: '{ // note\n "account_number": "A1", "line_items": [{"name": "x", "type": "fee"}] }',
      code: 'json-comment',
      category: 90,
      range: '// note',
    },
    {
      name: 'trailing comma',
      body: '{ "account_number": "A1", "line_items": [{"name": "x", "type": "fee"},] }',
      code: 'json-trailing-comma',
      category: 90,
      range: ',',
    },
    {
      name: 'syntax error',
      body: '{ "account_number": "A1" "line_items": [] }',
      code: 'json-syntax',
      category: 90,
      range: '"line_items"',
    },
    { name: 'not an object', body: '[1, 2]', code: 'wrong-root', category: 90, range: '[1, 2]' },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const { text, findings } = check(c.body, c.kind);
      const f = findings.find(x => x.code === c.code);
      assert.ok(f, `expected ${c.code} among ${JSON.stringify(findings.map(x => [x.code, x.message]))}`);
      assert.equal(f.category, c.category);
      assert.equal(f.severity, c.severity ?? 'error');
      assert.equal(at(text, f), c.range);
      assert.equal(FINDING_CODES[f.code].category, f.category);
      assert.ok(f.message.length > 10 && !/undefined/.test(f.message), f.message);
    });
  }
});

test('one stray comma is one syntax finding, not also a trailing comma at the same column', () => {
  const text = '{ "account_number": "A1",, "line_items": [{"name": "x", "type": "fee"}] }';
  const syntax = check(text).findings.filter(f => f.category === 90);
  assert.deepEqual(
    syntax.map(f => [f.code, text.slice(f.offset, f.offset + f.length)]),
    [['json-syntax', ',']],
  );
  const trailing = '{ "account_number": "A1", "line_items": [{"name": "x", "type": "fee"},,] }';
  assert.equal(check(trailing).findings.filter(f => f.category === 90).length, 1);
});
