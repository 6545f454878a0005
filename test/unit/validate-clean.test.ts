// validate on the shipped templates and the spec's scenarios: a valid payload has no finding.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import { validate, TEMPLATES, templateText } from '../../src/schemas';
import { account, check, newSub, NOW } from './validatePayloads';

describe('validate: clean payloads', () => {
  for (const t of TEMPLATES) {
    test(`template ${t.fileName} (${t.label}) validates clean`, () => {
      assert.deepEqual(validate(templateText(t), t.kind, { now: NOW }), []);
    });
  }
  test('spec 01 scenarios: new account with subscriptions; subscription + line item on an existing account; preview', () => {
    assert.deepEqual(check({ account_data: account(), subscriptions: [newSub()] }).findings, []);
    assert.deepEqual(
      check({ account_number: 'A1', subscriptions: [newSub()], line_items: [{ name: 'Setup', type: 'fee' }] }).findings,
      [],
    );
    assert.deepEqual(
      check(
        { metrics: ['delta_metrics'], account_number: 'A1', line_items: [{ name: 'Setup', type: 'fee' }] },
        'preview',
      ).findings,
      [],
    );
    assert.deepEqual(check(account(), 'account').findings, []);
  });
  test('a change entry combining several containers is clean', () => {
    assert.deepEqual(
      check({
        account_number: 'A1',
        subscriptions: [
          {
            subscription_number: 'S1',
            renew: {},
            pause: {},
            add_subscription_plans: [{ subscription_plan: { plan_id: 'p', prices: [{ price_id: 'x' }] } }],
          },
        ],
      }).findings,
      [],
    );
  });
});
