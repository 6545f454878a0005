// Issue 32's done-when, as a user runs it: examples/scenarios/order-to-cash.scenario.json on the Local sandbox. Two
// auto-pay customers (a card that pays, one that declines), an order each, a bill run that posts both invoices and
// collects, a refund of half the payment with its credit memo (the vendor's "refund amount equals calculated credit
// memo" example), usage uploaded mid-month billed on February's invoice when the clock gets there, and the
// callouts a loopback receiver gets, in date order. The scenario's own checks hold the figures; this test reads
// back what a user would look at after the run.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readScenario, runScenarios } from '../../src/scenarios';

const FILE = path.resolve('examples/scenarios/order-to-cash.scenario.json');

test('order to cash on the Local sandbox: collection, a decline, a refund with its credit, usage billed, callouts in date order', async () => {
  const s = readScenario(fs.readFileSync(FILE, 'utf8'), { file: FILE });
  assert.deepEqual(s.findings, [], 'the example reads clean');
  const [r] = await runScenarios([s], { target: { kind: 'local' } });
  const failed = r.steps.filter(x => x.outcome !== 'passed');
  assert.equal(r.outcome, 'passed', JSON.stringify(failed, null, 1));
  const answer = (label: string) => {
    const step = r.steps.find(x => x.label === label)!;
    return (step.exchange?.answer ?? step.callout) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  // The paying account's invoice paid by collection; the declining one's open with its failed payment.
  assert.deepEqual(
    [answer('payerInvoiceRead').data[0].balance, answer('payerPayment').data[0].state],
    [0, 'processed'],
  );
  assert.deepEqual(
    [answer('declinerInvoice').data[0].balance, answer('declinerPayment').data[0].state],
    [350, 'error'],
  );
  // February: 350 of seats and fee in advance, and January's 1,200 calls at 0.002 in arrears (2.40).
  assert.equal(answer('february').data[0].total, 352.4);
  // The receiver's callouts of the two accounts, in the order they came: dates never go back.
  const got = answer('inDateOrder').callouts as { event: string; body: { date: string } }[];
  assert.deepEqual(
    got.map(c => c.event),
    [
      'InvoicePosted',
      'InvoicePosted',
      'PaymentProcessed',
      'PaymentDeclined',
      'RefundProcessed',
      'InvoicePosted',
      'InvoicePosted',
      'PaymentProcessed',
      'PaymentDeclined',
    ],
  );
  const dates = got.map(c => c.body.date);
  assert.deepEqual(dates, [...dates].sort());
});
