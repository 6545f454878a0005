// Rules the service's reference states only in a field's words (docs/FINDINGS.md, "Rules the reference
// states in words"): for each, a payload breaking it gets the finding at the exact field with the right
// severity and a message naming that field, and the nearest payload keeping it gets no such finding and
// no error at all.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { requestFindings } from '../../src/payloads';
import { formatPath, validate, type Finding, type FindingCode, type PayloadKind } from '../../src/schemas';

const NOW = new Date('2026-11-21T00:00:00Z');
type Body = Record<string, unknown>;

const v2 = (body: Body, kind: PayloadKind) => validate(JSON.stringify(body, null, 2), kind, { now: NOW });
const v1 = (operation: string, body: Body) =>
  requestFindings(JSON.stringify({ operation, pathParams: {}, query: {}, body }, null, 2), { now: NOW });

/** `severity path` of each finding of `code`; the message must name that path (within a request's body). */
function sites(found: Finding[], code: FindingCode): string[] {
  return found
    .filter(f => f.code === code)
    .map(f => {
      const name = formatPath(f.path[0] === 'body' ? f.path.slice(1) : f.path);
      assert.ok(f.message.includes(name), `the message names ${name}: ${f.message}`);
      return `${f.severity} ${formatPath(f.path)}`;
    });
}

/** `bad` gets exactly `expected`; `good` gets no finding of `code` and no error. */
function rule(found: (b: Body) => Finding[], code: FindingCode, bad: Body, good: Body, expected: string[]): void {
  assert.deepEqual(sites(found(bad), code), expected);
  const clean = found(good);
  assert.deepEqual(sites(clean, code), []);
  assert.deepEqual(
    clean.filter(f => f.severity === 'error').map(f => f.message),
    [],
  );
}

const order = (b: Body) => v2(b, 'order');
const preview = (b: Body) => v2(b, 'preview');
const account = (b: Body) => v2(b, 'account');

const newSub = (extra: Body = {}): Body => ({
  initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
  renewal_term: { type: 'termed', interval: 'month', interval_count: 12 },
  start_on: { contract_effective: '2027-01-01' },
  subscription_plans: [{ plan_id: 'p' }],
  ...extra,
});
const anOrder = (extra: Body = {}): Body => ({
  account_number: 'A1',
  order_date: '2027-01-01',
  subscriptions: [newSub()],
  ...extra,
});
const aPreview = (extra: Body = {}): Body => ({ ...anOrder(extra), metrics: ['delta_metrics'] });
const anAccount = (extra: Body = {}): Body => ({
  name: 'Acme',
  currency: 'USD',
  bill_to: { first_name: 'Ada', last_name: 'Lovelace' },
  ...extra,
});
/** An order whose one new subscription has one price entry `price`. */
const withPrice = (price: Body): Body =>
  anOrder({
    subscriptions: [newSub({ subscription_plans: [{ plan_id: 'p', prices: [{ price_id: 'x', ...price }] }] })],
  });
/** An order changing S1 with `change` (a change container and its value). */
const changing = (change: Body): Body => anOrder({ subscriptions: [{ subscription_number: 'S1', ...change }] });
const sepa = { IBAN: 'DE89370400440532013000' };
const card = { card_number: '4111111111111111', brand: 'visa', expiry_month: 12, expiry_year: 2030 };

describe('v2: rules the reference states in words', () => {
  test('order_number must not contain a slash (error), on an order and a preview', () => {
    rule(order, 'invalid-format', anOrder({ order_number: 'O-2027/1' }), anOrder({ order_number: 'O-2027-1' }), [
      'error order_number',
    ]);
    rule(preview, 'invalid-format', aPreview({ order_number: 'a/b' }), aPreview({ order_number: 'ab' }), [
      'error order_number',
    ]);
  });

  test('a VAT id should begin with its country code (warning), in tax_identifier and tax_certificate', () => {
    rule(
      account,
      'invalid-format',
      anAccount({ tax_identifier: { id: '123456789' }, tax_certificate: { tax_identifier: '9' } }),
      anAccount({ tax_identifier: { id: 'DE123456789' }, tax_certificate: { tax_identifier: 'gb999999973' } }),
      ['warning tax_identifier.id', 'warning tax_certificate.tax_identifier'],
    );
    rule(
      order,
      'invalid-format',
      anOrder({ account_number: undefined, account_data: anAccount({ tax_identifier: { id: '1' } }) }),
      anOrder({ account_number: undefined, account_data: anAccount({ tax_identifier: { id: 'FR1' } }) }),
      ['warning account_data.tax_identifier.id'],
    );
  });

  test('a payment method keeps its details in the block named like its type (warnings)', () => {
    const pm = (payment_method: Body) => anAccount({ payment_method });
    rule(
      account,
      'payment-type-mismatch',
      pm({ type: 'ach_debit', sepa_debit: sepa }),
      pm({ type: 'sepa_debit', sepa_debit: sepa }),
      ['warning payment_method.sepa_debit'],
    );
    // The Adyen wallets keep theirs under apple_pay and google_pay.
    rule(
      account,
      'payment-type-mismatch',
      pm({ type: 'adyen_google_pay', apple_pay: { token: 't' } }),
      pm({ type: 'adyen_google_pay', google_pay: { token: 't' } }),
      ['warning payment_method.apple_pay'],
    );
    rule(account, 'required-when', pm({ type: 'sepa_debit' }), pm({ type: 'sepa_debit', sepa_debit: sepa }), [
      'warning payment_method.sepa_debit',
    ]);
    rule(account, 'required-when', pm({ sepa_debit: sepa }), pm({ type: 'sepa_debit', sepa_debit: sepa }), [
      'warning payment_method.type',
    ]);
    // Types without a details block of their own need none.
    assert.deepEqual(account(pm({ type: 'check' })), []);
  });

  test('the quick fix for a block without a type adds the type it belongs to', () => {
    const [f] = account(anAccount({ payment_method: { google_pay: { token: 't' } } }));
    assert.deepEqual(f.fix, { kind: 'addProperty', property: 'type', placeholder: 'adyen_google_pay' });
  });

  test('a card number is written without separators (warning)', () => {
    rule(
      account,
      'invalid-format',
      anAccount({ payment_method: { type: 'card', card: { ...card, card_number: '4111 1111-1111 1111' } } }),
      anAccount({ payment_method: { type: 'card', card } }),
      ['warning payment_method.card.card_number'],
    );
  });

  test('bank_identification_number is six or eight digits (warning)', () => {
    const pm = (bin: string) => anAccount({ payment_method: { type: 'check', bank_identification_number: bin } });
    rule(account, 'invalid-format', pm('4111111'), pm('41111111'), [
      'warning payment_method.bank_identification_number',
    ]);
    assert.deepEqual(account(pm('411111')), []);
  });

  test('an ACH bank_aba_code is nine digits (warning)', () => {
    const ach = (code: string) =>
      anAccount({
        payment_method: {
          type: 'ach_debit',
          ach_debit: {
            bank_aba_code: code,
            bank_account_name: 'Acme',
            bank_account_number: '000123456789',
            bank_account_type: 'checking',
            bank_name: 'Bank',
          },
        },
      });
    rule(account, 'invalid-format', ach('11000-0028'), ach('110000028'), [
      'warning payment_method.ach_debit.bank_aba_code',
    ]);
  });

  test('apple_pay.payment_id is only in the service answer (warning, quick fix removes it)', () => {
    const pay = (apple_pay: Body) => anAccount({ payment_method: { type: 'apple_pay', apple_pay } });
    rule(account, 'ignored-field', pay({ token: 't', payment_id: 'P1' }), pay({ token: 't' }), [
      'warning payment_method.apple_pay.payment_id',
    ]);
    const [f] = account(pay({ payment_id: 'P1' }));
    assert.deepEqual(f.fix, { kind: 'removeProperty', property: 'payment_id' });
  });

  test('a replaced plan names subscription_plan_id or previous_plan_id, not both (error)', () => {
    const replace = (r: Body) =>
      changing({ replace_subscription_plans: [{ subscription_plan: { plan_id: 'p2' }, ...r }] });
    rule(
      order,
      'exclusive-fields',
      replace({ subscription_plan_id: 'SP1', previous_plan_id: 'p1' }),
      replace({ previous_plan_id: 'p1' }),
      ['error subscriptions[0].replace_subscription_plans[0].previous_plan_id'],
    );
  });

  test('replace_at "specific_date" requires start_on.contract_effective (error, quick fix adds start_on)', () => {
    const replace = (r: Body) =>
      changing({
        replace_subscription_plans: [{ subscription_plan: { plan_id: 'p2' }, replace_at: 'specific_date', ...r }],
      });
    rule(order, 'required-when', replace({}), replace({ start_on: { contract_effective: '2027-03-01' } }), [
      'error subscriptions[0].replace_subscription_plans[0].start_on',
    ]);
    const f = order(replace({})).find(x => x.code === 'required-when')!;
    assert.deepEqual(f.fix, {
      kind: 'addProperty',
      property: 'start_on',
      placeholder: { contract_effective: '2026-01-01' },
    });
  });

  test('replace_at "end_of_billing_period" sets the start dates itself (warning on start_on)', () => {
    const replace = (r: Body) =>
      changing({
        replace_subscription_plans: [
          { subscription_plan: { plan_id: 'p2' }, replace_at: 'end_of_billing_period', ...r },
        ],
      });
    rule(order, 'exclusive-fields', replace({ start_on: { contract_effective: '2027-03-01' } }), replace({}), [
      'warning subscriptions[0].replace_subscription_plans[0].start_on',
    ]);
  });

  test('a drawdown conversion_rate is a positive number (error)', () => {
    rule(
      order,
      'out-of-range',
      withPrice({ drawdown: { conversion_rate: 0 } }),
      withPrice({ drawdown: { conversion_rate: 0.5 } }),
      ['error subscriptions[0].subscription_plans[0].prices[0].drawdown.conversion_rate'],
    );
    const added = (rate: number) =>
      changing({
        add_subscription_plans: [
          { subscription_plan: { plan_id: 'p', prices: [{ price_id: 'x', drawdown: { conversion_rate: rate } }] } },
        ],
      });
    rule(order, 'out-of-range', added(-1), added(1), [
      'error subscriptions[0].add_subscription_plans[0].subscription_plan.prices[0].drawdown.conversion_rate',
    ]);
  });

  test('recurring.timing is not used with a usage price (warning)', () => {
    rule(
      order,
      'ignored-field',
      withPrice({ recurring: { usage: true, timing: 'in_advance' } }),
      withPrice({ recurring: { usage: false, timing: 'in_advance' } }),
      ['warning subscriptions[0].subscription_plans[0].prices[0].recurring.timing'],
    );
  });

  test('recurring.rating_group applies only to usage prices (warning), in an item update too', () => {
    const item = (recurring: Body) =>
      changing({
        update_subscription_plans: [
          { subscription_plan: { subscription_plan_id: 'SP1', subscription_items: [{ id: 'I1', recurring }] } },
        ],
      });
    rule(
      order,
      'ignored-field',
      item({ usage: false, rating_group: 'usage_record' }),
      item({ usage: true, rating_group: 'usage_record' }),
      [
        'warning subscriptions[0].update_subscription_plans[0].subscription_plan.subscription_items[0].recurring.rating_group',
      ],
    );
  });

  test('tiers rise: each up_to above the previous one (warning)', () => {
    rule(
      order,
      'tier-order',
      withPrice({ tiers: [{ up_to: 10, unit_amount: 2 }, { up_to: 10, unit_amount: 1 }, { unit_amount: 0.5 }] }),
      withPrice({ tiers: [{ up_to: 10, unit_amount: 2 }, { up_to: 20, unit_amount: 1 }, { unit_amount: 0.5 }] }),
      ['warning subscriptions[0].subscription_plans[0].prices[0].tiers[1].up_to'],
    );
  });

  test('cancel_date, pause_date and resume_date are dates written YYYY-MM-DD (warnings)', () => {
    const dates = (d: string) =>
      anOrder({
        subscriptions: [
          { subscription_number: 'S1', cancel: { cancel_date: d } },
          { subscription_number: 'S2', pause: { pause_date: d, resume_behavior: { resume_date: d } } },
          { subscription_number: 'S3', resume: { resume_date: d } },
        ],
      });
    rule(order, 'invalid-date', dates('2027-02-30'), dates('2027-02-28'), [
      'warning subscriptions[0].cancel.cancel_date',
      'warning subscriptions[1].pause.pause_date',
      'warning subscriptions[1].pause.resume_behavior.resume_date',
      'warning subscriptions[2].resume.resume_date',
    ]);
  });

  test('a pause starts at pause_at or on pause_date, not both (warning)', () => {
    rule(
      order,
      'exclusive-fields',
      changing({ pause: { pause_at: 'invoice_period_end', pause_date: '2027-03-01' } }),
      changing({ pause: { pause_date: '2027-03-01' } }),
      ['warning subscriptions[0].pause.pause_date'],
    );
  });

  test('a cancel, a resume and the resume after a pause say when once: *_at or *_date, not both (warning; a tryout)', () => {
    rule(
      order,
      'exclusive-fields',
      changing({ cancel: { cancel_at: 'subscription_term_end', cancel_date: '2027-03-01' } }),
      changing({ cancel: { cancel_date: '2027-03-01' } }),
      ['warning subscriptions[0].cancel.cancel_date'],
    );
    rule(
      order,
      'exclusive-fields',
      changing({ resume: { resume_at: 'pause_date', resume_date: '2027-03-01' } }),
      changing({ resume: { resume_at: 'pause_date' } }),
      ['warning subscriptions[0].resume.resume_date'],
    );
    rule(
      order,
      'exclusive-fields',
      changing({
        pause: {
          pause_at: 'invoice_period_end',
          resume_behavior: { resume_at: 'pause_date', resume_date: '2027-04-01' },
        },
      }),
      changing({ pause: { pause_at: 'invoice_period_end', resume_behavior: { resume_date: '2027-04-01' } } }),
      ['warning subscriptions[0].pause.resume_behavior.resume_date'],
    );
  });

  test('a line item without start_date starts on order_date: its end_date is not before it (warning)', () => {
    const item = (li: Body) =>
      anOrder({ order_date: '2027-01-10', line_items: [{ name: 'Setup', type: 'fee', ...li }] });
    rule(order, 'date-order', item({ end_date: '2027-01-09' }), item({ end_date: '2027-01-10' }), [
      'warning line_items[0].end_date',
    ]);
    // With its own start_date the line item's dates alone decide.
    assert.deepEqual(order(item({ start_date: '2027-01-01', end_date: '2027-01-09' })), []);
  });

  test('an order that bills: a line item is billed only when "sent_to_billing" (warning, quick fix sets it)', () => {
    const billing = (li: Body, collection_method = 'create_invoice') =>
      anOrder({ processing_options: { collection_method }, line_items: [{ name: 'Setup', type: 'fee', ...li }] });
    rule(order, 'required-when', billing({}), billing({ state: 'sent_to_billing' }), ['warning line_items[0].state']);
    const f = order(billing({})).find(x => x.code === 'required-when')!;
    assert.deepEqual(f.fix, { kind: 'addProperty', property: 'state', placeholder: 'sent_to_billing' });
    // A state set on purpose, or an order that does not bill, is left alone.
    assert.deepEqual(order(billing({ state: 'pending' })), []);
    assert.deepEqual(order(billing({}, 'process_refund')), []);
  });
});

describe('v1: the same words carried over to the same fields (warnings only)', () => {
  const orders = (extra: Body = {}): Body => ({ orderDate: '2027-01-01', existingAccountNumber: 'A1', ...extra });
  const previewBody = (extra: Body = {}): Body => ({
    ...orders(extra),
    previewOptions: {
      previewThruType: 'SpecificDate',
      previewTypes: ['ChargeMetrics'],
      specificPreviewThruDate: '2027-12-31',
    },
  });

  test('orderNumber without a slash, on an order and a preview', () => {
    const order1 = (b: Body) => v1('POST /v1/orders', b);
    rule(order1, 'invalid-format', orders({ orderNumber: 'O/1' }), orders({ orderNumber: 'O-1' }), [
      'warning body.orderNumber',
    ]);
    const preview1 = (b: Body) => v1('POST /v1/orders/preview', b);
    rule(preview1, 'invalid-format', previewBody({ orderNumber: 'O/1' }), previewBody({ orderNumber: 'O-1' }), [
      'warning body.orderNumber',
    ]);
  });

  test('an existing account or a new one, not both', () => {
    const account1 = {
      name: 'Acme',
      currency: 'USD',
      billCycleDay: 1,
      billToContact: { firstName: 'A', lastName: 'L' },
    };
    const order1 = (b: Body) => v1('POST /v1/orders', b);
    rule(
      order1,
      'exclusive-fields',
      orders({ newAccount: account1 }),
      orders({ existingAccountNumber: undefined, newAccount: account1 }),
      ['warning body.newAccount'],
    );
    const preview1 = (b: Body) => v1('POST /v1/orders/preview', b);
    const info = { currency: 'USD', billCycleDay: 1 };
    rule(
      preview1,
      'exclusive-fields',
      previewBody({ existingAccountNumber: undefined, existingAccountId: 'id1', previewAccountInfo: info }),
      previewBody({ existingAccountNumber: undefined, previewAccountInfo: info }),
      ['warning body.previewAccountInfo'],
    );
    // null is read as absent.
    assert.deepEqual(sites(order1(orders({ newAccount: null })), 'exclusive-fields'), []);
  });

  test('a new subscription names an existing owner account or describes a new one, not both', () => {
    const owner = { name: 'Acme', currency: 'USD', billCycleDay: 1, billToContact: { firstName: 'A', lastName: 'L' } };
    const action = (createSubscription: Body) =>
      orders({ subscriptions: [{ orderActions: [{ type: 'CreateSubscription', createSubscription }] }] });
    const order1 = (b: Body) => v1('POST /v1/orders', b);
    rule(
      order1,
      'exclusive-fields',
      action({ subscriptionOwnerAccountNumber: 'A2', newSubscriptionOwnerAccount: owner }),
      action({ newSubscriptionOwnerAccount: owner }),
      ['warning body.subscriptions[0].orderActions[0].createSubscription.newSubscriptionOwnerAccount'],
    );
  });

  test('other v1 operations are not touched by these rules', () => {
    assert.deepEqual(sites(v1('POST /v1/subscriptions', { orderNumber: 'a/b' }), 'invalid-format'), []);
  });
});
