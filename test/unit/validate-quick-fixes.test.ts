// validate's quick fixes: applying one removes the finding it fixes and leaves valid JSON.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import { validate, quickFixFor, applyEdits, type PayloadKind } from '../../src/schemas';
import { account, check, newSub, NOW } from './validatePayloads';

describe('quick fixes remove the finding they fix', () => {
  const fixable: [string, unknown, PayloadKind][] = [
    [
      'missing-field',
      { account_data: { ...account(), bill_to: { first_name: 'F' } }, subscriptions: [newSub()] },
      'order',
    ],
    ['unknown-field', { account_number: 'A1', line_items: [{ name: 'x', type: 'fee', colour: 'red' }] }, 'order'],
    [
      'evergreen-with-interval',
      {
        account_number: 'A1',
        subscriptions: [{ ...newSub(), renewal_term: { type: 'evergreen', interval: 'year', interval_count: 2 } }],
      },
      'order',
    ],
    ['missing-metrics', { metrics: [], account_number: 'A1', line_items: [{ name: 'x', type: 'fee' }] }, 'preview'],
    ['missing-field', { account_number: 'A1', line_items: [{ name: 'x', type: 'fee' }] }, 'preview'],
    [
      'account-choice',
      { account_number: 'A1', account_data: account(), line_items: [{ name: 'x', type: 'fee' }] },
      'order',
    ],
  ];
  for (const [code, body, kind] of fixable) {
    test(`${code} (${kind})`, () => {
      const { text, findings } = check(body, kind);
      const f = findings.find(x => x.code === code)!;
      const fix = quickFixFor(text, f);
      assert.ok(fix && fix.edits.length, 'a fix is offered');
      const fixed = applyEdits(text, fix.edits);
      JSON.parse(fixed); // still JSON
      const after = validate(fixed, kind, { now: NOW });
      assert.ok(
        !after.some(x => x.code === code && x.path.join() === f.path.join()),
        `${code} gone after "${fix.title}":\n${fixed}`,
      );
      assert.ok(after.length < findings.length);
    });
  }
});
