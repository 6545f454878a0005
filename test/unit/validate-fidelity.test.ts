// Issue 10: payloads the real service accepts give no error; what it rejects is an error at the field;
// rules only spec 01 states are warnings; a misspelt field offers "Rename to `x`".
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import {
  applyEdits,
  previewOf,
  quickFixesFor,
  TEMPLATES,
  validate,
  type Finding,
  type PayloadKind,
} from '../../src/schemas';

const NOW = new Date('2026-11-21T00:00:00Z');
const run = (body: unknown, kind: PayloadKind = 'order') => {
  const text = JSON.stringify(body, null, 2);
  return { text, findings: validate(text, kind, { now: NOW }) };
};
const errorsOf = (body: unknown, kind: PayloadKind = 'order') =>
  run(body, kind).findings.filter(f => f.severity === 'error');
const at = (text: string, f: Finding) => text.slice(f.offset, f.offset + f.length);
const account = () => ({ name: 'N', currency: 'USD', bill_to: { first_name: 'F', last_name: 'L' } });
const term = { type: 'termed', interval: 'month', interval_count: 12 };
const newSub = (extra: object = {}) => ({
  initial_term: term,
  renewal_term: term,
  start_on: { contract_effective: '2027-01-01' },
  subscription_plans: [{ plan_id: 'p' }],
  ...extra,
});
const change = (entry: object) => ({ account_number: 'A1', subscriptions: [{ subscription_number: 'S1', ...entry }] });

const existing = (extra: object) => ({ account_number: 'A1', ...extra });
const withSub = (extra: object) => existing({ subscriptions: [newSub(extra)] });
const withPlan = (plan: object) => withSub({ subscription_plans: [plan] });
const fee = { name: 'x', type: 'fee' };

describe('accepted by the service: no error', () => {
  const address = { county: 'Kent', country: 'GB' };
  const contact = { first_name: 'F', last_name: 'L', email: 'f@example.com', address };
  const everywhere = {
    custom_fields: { a__c: 1 },
    account_data: { ...account(), custom_fields: { b__c: 'x' } },
    subscriptions: [
      newSub({
        custom_fields: { c__c: true },
        subscription_plans: [
          {
            plan_id: 'p',
            custom_fields: { d__c: 1 },
            prices: [{ price_id: 'x', custom_fields: { e__c: 2 } }],
          },
        ],
      }),
    ],
    line_items: [{ ...fee, custom_fields: { f__c: null } }],
  };
  const items = [{ subscription_item_number: 'SI1', quantity: 4 }];
  const cases: [string, unknown, PayloadKind?][] = [
    ['contact email and address county', { ...account(), bill_to: contact }, 'account'],
    ['account_id instead of account_number', { account_id: '8a8a', line_items: [fee] }],
    ['custom_fields on order, account, subscription, plan, price and line item', everywhere],
    ['auto_renew', withSub({ auto_renew: true })],
    ['plan_number instead of plan_id', withPlan({ plan_number: 'PN-1' })],
    ['discount_percent on a price', withPlan({ plan_id: 'p', prices: [{ price_id: 'x', discount_percent: 15 }] })],
    ['term start_date', withSub({ initial_term: { ...term, start_date: '2027-01-01' } })],
    [
      'line item end_date and price_id',
      existing({
        line_items: [{ ...fee, type: 'product', price_id: 'pr', start_date: '2027-01-01', end_date: '2027-02-01' }],
      }),
    ],
    [
      'replace_subscription_plans',
      change({
        replace_subscription_plans: [
          {
            subscription_plan_id: 'SP1',
            replace_at: 'now',
            subscription_plan: { plan_id: 'p2' },
          },
        ],
      }),
    ],
    [
      'update_subscription_plans items with quantity',
      change({
        update_subscription_plans: [
          {
            subscription_plan: { subscription_plan_id: 'SP1', subscription_items: items },
          },
        ],
      }),
    ],
    [
      'cancel, pause and resume with their fields',
      change({
        cancel: { cancel_at: 'subscription_term_end', write_off: false },
        pause: { pause_interval: 'month', pause_interval_count: 2, resume_behavior: { extend_term: true } },
        resume: { resume_at: 'pause_date' },
      }),
    ],
    ['metrics billing_documents', existing({ metrics: ['billing_documents'], line_items: [fee] }), 'preview'],
    [
      'preview account_data with only currency and bill_cycle_day',
      { metrics: ['delta_metrics'], account_data: { currency: 'EUR', bill_cycle_day: 0 }, subscriptions: [newSub()] },
      'preview',
    ],
    [
      'subscription-level owner accounts and no order-level account',
      { subscriptions: [newSub({ account_number: 'A1' }), newSub({ account_data: account() })] },
    ],
  ];
  for (const [name, body, kind] of cases) {
    test(name, () =>
      assert.deepEqual(
        errorsOf(body, kind).map(f => f.message),
        [],
      ),
    );
  }
  test('an order file previews as is: previewOf keeps what a preview account takes', () => {
    const order = TEMPLATES.find(t => t.id === 'new-customer')!.body;
    const preview = previewOf(order);
    assert.deepEqual(
      errorsOf(preview, 'preview').map(f => f.message),
      [],
    );
    assert.deepEqual(Object.keys(preview.account_data as object).sort(), ['bill_cycle_day', 'currency', 'sold_to']);
  });
});

describe('rejected by the service: an error at the field', () => {
  const withCard = {
    ...account(),
    payment_method: { type: 'card', card: { card_number: '4111111111111111', expiry_month: 12, expiry_year: 2030 } },
  };
  const preview = (account_data: object) => ({ metrics: ['delta_metrics'], account_data, line_items: [fee] });
  const cases: [string, unknown, PayloadKind, number, string][] = [
    ['unknown field in cancel', change({ cancel: { when: 'now' } }), 'order', 21, '"when"'],
    ['unknown field in pause', change({ pause: { days: 3 } }), 'order', 21, '"days"'],
    [
      'unknown field in remove_subscription_plans',
      change({ remove_subscription_plans: [{ plan_id: 'p' }] }),
      'order',
      21,
      '"plan_id"',
    ],
    ['cancel_at value', change({ cancel: { cancel_at: 'tomorrow' } }), 'order', 20, '"tomorrow"'],
    ['pause_interval value', change({ pause: { pause_interval: 'fortnight' } }), 'order', 20, '"fortnight"'],
    ['resume_at value', change({ resume: { resume_at: 'later' } }), 'order', 20, '"later"'],
    ['card without brand', withCard, 'account', 22, '"card"'],
    ['sold_to without names', { ...account(), sold_to: { work_email: 'a@example.com' } }, 'account', 22, '"sold_to"'],
    ['unknown payment method type', { ...account(), payment_method: { type: 'bitcoin' } }, 'account', 20, '"bitcoin"'],
    ['preview account_data without bill_cycle_day', preview({ currency: 'USD' }), 'preview', 22, '"account_data"'],
    [
      'a whole account as a preview account_data',
      preview({ ...account(), bill_cycle_day: 1 }),
      'preview',
      21,
      '"name"',
    ],
  ];
  for (const [name, body, kind, category, range] of cases) {
    test(name, () => {
      const { text, findings } = run(body, kind);
      const f = findings.find(x => x.severity === 'error' && at(text, x) === range);
      assert.ok(f, `no error at ${range}: ${JSON.stringify(findings.map(x => [x.code, x.message]))}`);
      assert.equal(f.category, category);
    });
  }
});

describe('spec 01 rules the service does not enforce: warnings that say what happens', () => {
  test('no start_on: order_date stands in', () => {
    const { findings } = run(existing({ order_date: '2027-01-01', subscriptions: [newSub({ start_on: undefined })] }));
    assert.equal(findings.length, 1);
    assert.equal(findings[0].severity, 'warning');
    assert.match(findings[0].message, /"order_date" stands in for the contract effective date/);
  });
  test('an evergreen initial term needs no renewal_term', () => {
    assert.deepEqual(run(withSub({ initial_term: { type: 'evergreen' }, renewal_term: undefined })).findings, []);
  });
});

describe('did you mean', () => {
  test('"curency" in account_data: a message, Rename to `currency` (keeps the value) and Remove', () => {
    const typo = { name: 'N', curency: 'USD', bill_to: { first_name: 'F', last_name: 'L' } };
    const { text, findings } = run({ account_data: typo, line_items: [fee] });
    assert.equal(findings.length, 1, 'one mistake, one finding: no "currency is required" beside it');
    const f = findings[0];
    assert.equal(f.message, 'Unknown field "curency" in account_data: did you mean `currency`?');
    assert.deepEqual(f.fix, { kind: 'renameProperty', property: 'curency', to: 'currency' });
    const fixes = quickFixesFor(text, f);
    assert.deepEqual(
      fixes.map(x => x.title),
      ['Rename to `currency`', 'Remove "curency"'],
    );
    const renamed = applyEdits(text, fixes[0].edits);
    assert.equal(renamed, text.replace('"curency"', '"currency"'));
    assert.deepEqual(validate(renamed, 'order', { now: NOW }), []);
  });
  const cases: [string, string, string][] = [
    ['nmae', 'name', 'a swap of two letters'],
    ['bill_cylce_day', 'bill_cycle_day', 'a swap in a long name'],
    ['Currency', 'currency', 'case only'],
    ['colour', '', 'nothing near'],
    ['nm', '', 'too short to guess'],
  ];
  for (const [typo, want, why] of cases) {
    test(`${typo}: ${want ? `\`${want}\`` : 'no suggestion'} (${why})`, () => {
      const body: Record<string, unknown> = { ...account(), [typo]: 1 };
      delete body[want]; // the misspelt field stands in for the real one
      const f = run(body, 'account').findings.find(x => x.code === 'unknown-field')!;
      assert.equal(f.fix?.kind === 'renameProperty' ? f.fix.to : '', want);
    });
  }
  test('a misspelt account_number stands for the missing account too', () => {
    const { findings } = run({ acount_number: 'A1', line_items: [fee] });
    assert.deepEqual(
      findings.map(f => f.code),
      ['unknown-field'],
    );
  });
  test('never suggests a name the object already has', () => {
    const f = run({ ...account(), nmae: 'x' }, 'account').findings.find(x => x.code === 'unknown-field')!;
    assert.equal(f.fix?.kind, 'removeProperty');
  });
});
