// Issue 32's done-when, the editor's part: on the Local sandbox, two auto-pay customers (a card that pays, one that
// declines), a bill run that posts both invoices and collects, and a refund of half the payment; the Callouts view
// shows each delivery (the invoices posted, the payment processed, the payment declined, the refund), each attempt
// opening with the body the receiver got. Screenshots at about 500 px, light and dark.
import * as assert from 'assert';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as vscode from 'vscode';
import type { BillingClient } from '../../src/client';
import type { BillingWorkbenchApi } from '../../src/extension';
import type { AttemptNode, CalloutNode, DeliveryNode } from '../../src/views/treeNodes/calloutNodes';
import { api, waitFor } from './helpers';
import { calloutsInBothThemes } from './calloutsScreens';

const DEFINITIONS = '/notifications/notification-definitions';
const EVENTS = ['InvoicePosted', 'PaymentProcessed', 'PaymentDeclined', 'RefundProcessed'];
const BATCH = 'Batch42'; // this suite's customers only: the bill run bills no other test's accounts

suite('Callouts view: order to cash', () => {
  let a: BillingWorkbenchApi;
  let client: BillingClient;
  let server: http.Server;
  let url = '';
  const got: Record<string, string>[] = [];
  const numbers: Record<string, string> = {};
  const isDelivery = (n: CalloutNode): n is DeliveryNode => n.kind === 'calloutDelivery';
  const ours = async () =>
    (await a.callouts.getChildren())
      .filter(isDelivery)
      .filter(n => Object.values(numbers).includes(n.delivery.object) && EVENTS.includes(n.delivery.eventType));
  const v2 = async <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => {
    const r = await client.send<T>({ method, path }, body === undefined ? {} : { body });
    assert.ok(r.status < 300, `${method} ${path}: ${r.status} ${JSON.stringify(r.data)}`);
    return r.data;
  };

  suiteSetup(async () => {
    a = await api();
    await a.connections.setActive('local');
    ({ client } = await a.clients.active());
    server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        got.push(JSON.parse(body) as Record<string, string>);
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}');
      });
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/erp`;
    const params: Record<string, Record<string, string>> = {
      InvoicePosted: { invoice: '<Invoice.InvoiceNumber>', amount: '<Invoice.Amount>' },
      PaymentProcessed: { payment: '<Payment.PaymentNumber>', amount: '<Payment.Amount>' },
      PaymentDeclined: { payment: '<Payment.PaymentNumber>', code: '<Payment.GatewayResponseCode>' },
      RefundProcessed: { refund: '<Refund.RefundNumber>', amount: '<Refund.Amount>' },
    };
    for (const e of EVENTS) {
      const callout = {
        calloutBaseurl: url,
        httpMethod: 'POST',
        calloutParams: { event: '<Event.Type>', ...params[e] },
      };
      await v2('POST', DEFINITIONS, { name: `Journey ${e}`, eventTypeName: e, calloutActive: true, callout });
    }
  });
  suiteTeardown(async () => {
    ({ client } = await a.clients.active());
    const defs = await client.send<{ data: { id: string; callout?: { calloutBaseurl?: string } }[] }>(
      { method: 'GET', path: DEFINITIONS },
      { query: { limit: '100' } },
    );
    for (const d of defs.data.data.filter(x => x.callout?.calloutBaseurl === url))
      await client.send({ method: 'DELETE', path: `${DEFINITIONS}/${d.id}` });
    await new Promise<void>(r => server.close(() => r()));
  });

  test('a bill run collects (one card pays, one declines), a refund of half: the view lists each delivery', async () => {
    await vscode.commands.executeCommand('billingWorkbench.callouts.focus');
    const today = (await client.sandboxClock()).data.today;
    const customer = async (name: string, card: string) => {
      const account = await v2<{ id: string; account_number: string }>('POST', '/v2/accounts', {
        name,
        currency: 'USD',
        bill_cycle_day: Number(today.slice(8, 10)), // a whole month on the first invoice
        batch: BATCH,
        bill_to: { first_name: 'Pat', last_name: name },
        auto_pay: true,
        payment_method: {
          type: 'card',
          card: { card_number: card, brand: 'visa', expiry_month: 12, expiry_year: 2035 },
        },
      });
      const term = { type: 'termed', interval: 'month', interval_count: 12 };
      await v2('POST', '/v2/orders', {
        order_date: today,
        account_number: account.account_number,
        subscriptions: [
          {
            initial_term: term,
            renewal_term: term,
            start_on: { contract_effective: today },
            subscription_plans: [
              { plan_id: 'plan-team-monthly', prices: [{ price_id: 'price-team-seats', quantity: 10 }] },
            ],
          },
        ],
      });
      return account;
    };
    const payer = await customer('Paying Co', '4242424242424242');
    const decliner = await customer('Declining Co', '4000000000000002');
    await v2('POST', '/v2/bill_runs', { target_date: today, invoice_date: today, post: true, batches: [BATCH] });
    const payments = await v2<{ data: { id: string; payment_number: string; state: string }[] }>(
      'GET',
      `/v2/payments?filter[]=account_id.EQ:${payer.id}`,
    );
    const paid = payments.data[0];
    assert.equal(paid.state, 'processed');
    const invoices = await v2<{ data: { id: string; invoice_number: string; balance: number }[] }>(
      'GET',
      `/v2/invoices?filter[]=account_id.EQ:${payer.id}`,
    );
    assert.equal(invoices.data[0].balance, 0, 'paid by collection');
    await v2('PUT', `/v2/payments/${paid.id}/unapply`, {
      billing_documents: [{ id: invoices.data[0].id, type: 'invoice', amount: 175 }],
    });
    const refund = await v2<{ refund_number: string }>('POST', '/v2/refunds', { payment_id: paid.id, amount: 175 });
    const declined = await v2<{ data: { payment_number: string; state: string }[] }>(
      'GET',
      `/v2/payments?filter[]=account_id.EQ:${decliner.id}`,
    );
    assert.equal(declined.data[0].state, 'error');
    const theirs = await v2<{ data: { invoice_number: string }[] }>(
      'GET',
      `/v2/invoices?filter[]=account_id.EQ:${decliner.id}`,
    );
    Object.assign(numbers, {
      payerInvoice: invoices.data[0].invoice_number,
      declinerInvoice: theirs.data[0].invoice_number,
      paid: paid.payment_number,
      declined: declined.data[0].payment_number,
      refund: refund.refund_number,
    });
    await waitFor('the five callouts at the receiver', () => (got.length >= 5 ? got : undefined));

    // Sent from outside the editor (this client, as a script or another tool would): the view's Refresh reads them.
    const rows = await waitFor('each delivery in the view', async () => {
      await vscode.commands.executeCommand('billingWorkbench.refreshCallouts');
      const found = await ours();
      return found.length >= 5 ? found : undefined;
    });
    const shown = rows.map(r => String(r.getTreeItem().label)).sort();
    assert.deepEqual(
      shown,
      [
        `InvoicePosted · ${numbers.declinerInvoice}`,
        `InvoicePosted · ${numbers.payerInvoice}`,
        `PaymentDeclined · ${numbers.declined}`,
        `PaymentProcessed · ${numbers.paid}`,
        `RefundProcessed · ${numbers.refund}`,
      ].sort(),
    );
    for (const r of rows) assert.match(String(r.getTreeItem().description), /^200 · /, 'answered 200 by the receiver');
    // The refund's attempt opens with the body the receiver got.
    const refundRow = rows.find(r => r.delivery.eventType === 'RefundProcessed')!;
    await vscode.commands.executeCommand('billingWorkbench.openCalloutAttempt', refundRow.children[0] as AttemptNode);
    const text = await waitFor('the attempt opened', () => {
      const t = vscode.window.activeTextEditor?.document.getText() ?? '';
      return t.includes(numbers.refund) ? t : undefined;
    });
    const doc = JSON.parse(text) as { request: { body: { refund: string; amount: string } } };
    assert.deepEqual(doc.request.body, { event: 'RefundProcessed', refund: numbers.refund, amount: '175.00' });
  });

  test('on screen at about 500 px, light and dark: each delivery with its number and status', async function () {
    const texts = [
      `PaymentDeclined · ${numbers.declined}`,
      `PaymentProcessed · ${numbers.paid}`,
      `RefundProcessed · ${numbers.refund}`,
    ];
    const check = (text: string, shot: string) => {
      for (const t of texts) assert.ok(text.includes(t), `"${t}" on screen (${shot})`);
    };
    await calloutsInBothThemes(this, 'callouts-journey-500', [numbers.refund, numbers.declined], check);
  });
});
