// A preview asks for billing documents by default (billingWorkbench.preview.periods, default 3; 0: not asked),
// and a payload that names its own metrics or period options keeps what it names: v2 order and preview
// files, v1 order request files, and Preview Again's payload.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { OrderResponse } from '../../src/client';
import {
  createBody,
  DEFAULT_PREVIEW_PERIODS,
  orderPreviewBody,
  orderToPreview,
  periodsOf,
  previewBody,
  v1PreviewBody,
} from '../../src/payloads';
import { TEMPLATES, validate } from '../../src/schemas';

type Body = Record<string, unknown>;
const order: Body = { account_number: 'A00000001', subscriptions: [] };

test('an order file: billing documents join the delta metrics, over the default 3 periods or the setting', () => {
  assert.equal(DEFAULT_PREVIEW_PERIODS, 3);
  const body = previewBody(order, 'order');
  assert.deepEqual([body.metrics, body.number_of_periods], [['delta_metrics', 'billing_documents'], 3]);
  const six = previewBody(order, 'order', 6);
  assert.deepEqual([six.metrics, six.number_of_periods], [['delta_metrics', 'billing_documents'], 6]);
  const none = previewBody(order, 'order', 0);
  assert.deepEqual(none.metrics, ['delta_metrics'], '0: not asked');
  assert.equal('number_of_periods' in none, false);
  assert.equal('metrics' in order, false, 'the file itself is left alone');
  const template = TEMPLATES.find(t => t.id === 'new-customer')!.body as Body;
  const sent = JSON.stringify(previewBody(template, 'order'));
  assert.deepEqual(validate(sent, 'preview'), [], 'a preview the service takes: no error, no warning');
});

test('a payload naming its own period option keeps it; billing documents still join metrics it does not name', () => {
  for (const named of [{ number_of_periods: 12 }, { term_end: true }, { end_date: '2027-06-30' }]) {
    const body = previewBody({ ...order, ...named }, 'order');
    assert.deepEqual(body.metrics, ['delta_metrics', 'billing_documents'], JSON.stringify(named));
    assert.equal(
      body.number_of_periods,
      (named as Body).number_of_periods,
      `${JSON.stringify(named)}: no period added`,
    );
    for (const [k, v] of Object.entries(named)) assert.equal(body[k], v);
  }
});

test('a payload naming its own metrics keeps them: without billing documents nothing is added', () => {
  const preview = { ...order, metrics: ['delta_metrics'] };
  assert.equal(previewBody(preview, 'preview'), preview, 'sent as written');
  assert.equal(previewBody(preview, 'preview', 12), preview);
  // Billing documents named without a period: the periods are added, the metrics stay as written.
  const billing = { ...order, metrics: ['billing_documents'] };
  assert.deepEqual(previewBody(billing, 'preview'), { ...billing, number_of_periods: 3 });
  assert.equal(previewBody(billing, 'preview', 0), billing, '0: nothing added');
  // Both named: kept as they are.
  const both = { ...order, metrics: ['delta_metrics', 'billing_documents'], end_date: '2027-12-31' };
  assert.equal(previewBody(both, 'preview'), both);
});

test('v1: BillingDocs and NumberOfPeriods unless previewTypes or a period option is named; what is named is kept', () => {
  const options = (body: Body, periods?: number) => v1PreviewBody(body, periods).previewOptions as Body;
  assert.deepEqual(options({ orderDate: '2027-01-01' }), {
    previewThruType: 'NumberOfPeriods',
    previewNumberOfPeriods: 3,
    previewTypes: ['ChargeMetrics', 'OrderDeltaMetrics', 'BillingDocs'],
  });
  assert.deepEqual(options({}, 5).previewNumberOfPeriods, 5);
  assert.deepEqual(options({}, 0), { previewTypes: ['ChargeMetrics', 'OrderDeltaMetrics'] }, '0: not asked');
  // Named previewTypes: kept, with the delta metrics the panel reads; no BillingDocs added.
  assert.deepEqual(options({ previewOptions: { previewTypes: ['OrderMetrics'] } }).previewTypes, [
    'OrderMetrics',
    'ChargeMetrics',
    'OrderDeltaMetrics',
  ]);
  // Named period options: kept; the thru type they imply is added when left out.
  assert.deepEqual(options({ previewOptions: { previewThruType: 'TermEnd' } }), {
    previewThruType: 'TermEnd',
    previewTypes: ['ChargeMetrics', 'OrderDeltaMetrics', 'BillingDocs'],
  });
  const date = options({ previewOptions: { specificPreviewThruDate: '2027-06-30' } });
  assert.deepEqual(
    [date.previewThruType, date.specificPreviewThruDate, date.previewNumberOfPeriods],
    ['SpecificDate', '2027-06-30', undefined],
  );
  const twelve = options({ previewOptions: { previewNumberOfPeriods: 12 } }, 2);
  assert.deepEqual([twelve.previewThruType, twelve.previewNumberOfPeriods], ['NumberOfPeriods', 12]);
  const kept = {
    previewOptions: { previewTypes: ['BillingDocs'], previewThruType: 'NumberOfPeriods', previewNumberOfPeriods: 1 },
  };
  assert.deepEqual(options(kept, 9), {
    ...kept.previewOptions,
    previewTypes: ['BillingDocs', 'ChargeMetrics', 'OrderDeltaMetrics'],
  });
});

test('order files pass the periods to either family; Preview Again names its metrics and periods in the file', () => {
  const v1 = orderPreviewBody({ api: 'v1' }, { body: { orderDate: '2027-01-01' } }, 4);
  assert.equal((v1.previewOptions as Body).previewNumberOfPeriods, 4);
  assert.equal(orderPreviewBody({ api: 'v2', kind: 'order' }, order, 4).number_of_periods, 4);
  const created = {
    subscriptions: [
      {
        initial_term: { type: 'evergreen' },
        renewal_term: { type: 'evergreen' },
        contract_effective: '2027-01-01',
        actions: [{ type: 'create_subscription', subscription_plans: { data: [] } }],
      },
    ],
  } as unknown as OrderResponse;
  const again = orderToPreview(created, 'A00000001')!;
  assert.deepEqual(Object.keys(again).slice(0, 3), ['metrics', 'number_of_periods', 'account_number']);
  assert.deepEqual([again.metrics, again.number_of_periods], [['delta_metrics', 'billing_documents'], 3]);
  const quiet = orderToPreview(created, 'A00000001', 0)!;
  assert.deepEqual([quiet.metrics, 'number_of_periods' in quiet], [['delta_metrics'], false]);
  assert.equal(previewBody(again, 'preview'), again, 'previewed as written');
});

test('a preview file naming its periods creates its order without them (POST /v2/orders takes none)', () => {
  const preview = {
    ...order,
    metrics: ['billing_documents'],
    number_of_periods: 6,
    term_end: true,
    end_date: '2027-12-31',
  };
  assert.deepEqual(createBody(preview), order);
});

test('periods: a whole number, 0 or more; anything else is the default', () => {
  assert.deepEqual([0, 1, 24].map(periodsOf), [0, 1, 24]);
  assert.deepEqual([-1, 2.5, NaN, '3', undefined, null].map(periodsOf), Array(6).fill(3));
});
