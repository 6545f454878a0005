// The Local sandbox's tools in the real editor: Advance Local Sandbox Clock moves its today (terms renew, the
// message says so on screen) and back again (the state of that date restored); Copy Catalog to Local Sandbox
// reads another connection's plans, after which a preview on the Local sandbox prices with the tenant's ids.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { BillingWorkbenchApi } from '../../src/extension';
import { BillingClient, clockSummary, type ClockAnswer } from '../../src/client';
import { formatMoney } from '../../src/client/money';
import type { CopiedCatalog } from '../../src/products';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { SANDBOX_CATALOG_PATH } from '../../src/wire';
import type { TreeNode } from '../../src/views/accountsTree';
import { answering, api, onScreen, panelWidth, screenWhen, shown, waitFor } from './helpers';

/** A tenant with one plan of its own: Gold agents at 42 a month. */
const TENANT_PLANS = [
  {
    id: 'plan-gold-agents',
    name: 'Gold',
    prices: {
      data: [
        {
          id: 'price-gold-agent',
          charge_type: 'recurring',
          charge_model: 'per_unit',
          recurring: { interval: 'month', interval_count: 1 },
          unit_amounts: { USD: 42 },
        },
      ],
    },
  },
];

suite('Local sandbox tools: the clock and the copied catalog', () => {
  let a: BillingWorkbenchApi;
  let tenant: Sandbox | undefined;
  const added: string[] = [];

  suiteSetup(async () => {
    a = await api();
    await a.connections.setActive('local');
  });
  suiteTeardown(async () => {
    for (const id of added) await a.connections.remove(id);
    await a.connections.setActive('local');
    await tenant?.close();
  });

  test('Advance Local Sandbox Clock: a year forward renews the seeded term and says so; back restores that date', async () => {
    const told = answering('showInformationMessage', () => undefined); // the test workbench shows no toasts
    const forward = await vscode.commands
      .executeCommand<ClockAnswer | undefined>('billingWorkbench.advanceLocalSandboxClock', { input: '1 year' })
      .then(r => (told.restore(), r));
    assert.ok(forward, 'the clock moved');
    try {
      assert.ok(forward.today > forward.previous, `${forward.previous} -> ${forward.today}`);
      const renewed = forward.events.flatMap(e => (e.type === 'renewed' ? [e.subscription_number] : []));
      assert.ok(renewed.includes('S00000001'), JSON.stringify(forward.events));
      assert.deepStrictEqual(
        told.asked.map(m => m.message),
        [clockSummary(forward)],
      );
      assert.match(
        told.asked[0].message,
        new RegExp(`^Local sandbox today is ${forward.today} \\(was ${forward.previous}\\).*renewed: .*S00000001`),
      );
    } finally {
      const back = await vscode.commands.executeCommand<ClockAnswer | undefined>(
        'billingWorkbench.advanceLocalSandboxClock',
        { input: forward.previous },
      );
      assert.ok(back?.restored, 'going back restores the state of that date');
      assert.strictEqual(back.today, forward.previous);
    }
  });

  test('bill runs as the clock moves: the account lists its invoices in the tree, one opens in the panel with its items', async function () {
    const told = answering('showInformationMessage', () => undefined);
    const forward = await vscode.commands
      .executeCommand<ClockAnswer | undefined>('billingWorkbench.advanceLocalSandboxClock', { input: '3 months' })
      .then(r => (told.restore(), r));
    assert.ok(forward, 'the clock moved');
    try {
      const billed = forward.events.filter(e => e.type === 'billed');
      assert.ok(billed.length >= 3, JSON.stringify(forward.events));
      a.accounts.refresh();
      const label = (n: TreeNode) => String(a.accounts.getTreeItem(n).label);
      const account = await waitFor('the seeded account', async () =>
        (await a.accounts.getChildren()).find(n =>
          a.accounts.getTreeItem(n).description?.toString().startsWith('A00000001'),
        ),
      );
      const children = await a.accounts.getChildren(account);
      const [group] = children;
      assert.strictEqual(label(group), 'Invoices');
      const invoices = await a.accounts.getChildren(group);
      assert.ok(invoices.length >= 3, `${invoices.length} invoices`);
      // The message counts the documents as the tree groups them ("14 invoices and 1 credit memo billed for ...").
      const counts = children
        .filter(n => n.kind === 'invoices')
        .map(g => {
          const n = Number(a.accounts.getTreeItem(g).description);
          return `${n} ${label(g).toLowerCase().replace(/s$/, '')}${n === 1 ? '' : 's'}`;
        });
      const words = counts.length > 1 ? `${counts.slice(0, -1).join(', ')} and ${counts.at(-1)}` : counts[0];
      assert.ok(told.asked[0]?.message.includes(`${words} billed for `), `${words} in: ${told.asked[0]?.message}`);
      const row = a.accounts.getTreeItem(invoices[0]);
      assert.match(String(row.description), /^\d{4}-\d{2}-\d{2} · [\d,]+\.\d{2} USD/);
      await vscode.commands.executeCommand('workbench.view.extension.billingWorkbench');
      await a.views.accounts.reveal(invoices[0], { select: true, focus: true });
      await onScreen(this, 'accounts-invoices');

      await panelWidth(500);
      await vscode.commands.executeCommand('billingWorkbench.openInvoice', invoices[0]);
      const state = await waitFor('the invoice in the panel', () => {
        const s = shown(a, 'response');
        return s.billing?.documents.length ? s : undefined;
      });
      const [doc] = state.billing!.documents;
      assert.ok(doc.items.length > 0, 'its items');
      assert.strictEqual(
        Math.round(doc.items.reduce((n, i) => n + i.amount, 0) * 100),
        Math.round(doc.subtotal * 100),
        'the items add up to the invoice',
      );
      const number = String(row.label);
      const memos = children.find(n => label(n) === 'Credit Memos');
      if (memos) {
        // A credit memo opens too (GET /v2/billing_documents/{id}: it is no invoice), as what it is.
        const [memo] = await a.accounts.getChildren(memos);
        const memoNumber = String(a.accounts.getTreeItem(memo).label);
        await vscode.commands.executeCommand('billingWorkbench.openInvoice', memo);
        const opened = await waitFor('the credit memo in the panel', () => {
          const s = shown(a, 'response');
          return s.billing?.documents[0]?.type === 'credit_memo' ? s : undefined;
        });
        const [credited] = opened.billing!.documents;
        assert.ok(credited.items.length > 0, 'its items');
        assert.strictEqual(credited.currency, 'USD', "in the account's currency");
        assert.ok(
          credited.items.every(i => i.amount > 0),
          `what it gives back, positive: ${credited.items.map(i => i.amount).join(', ')}`,
        );
        const total = formatMoney(credited.total, 'USD');
        await screenWhen(this, 'credit-memo-open', t => t.includes(`Credit memo ${memoNumber}`) && t.includes(total));
        await vscode.commands.executeCommand('billingWorkbench.openInvoice', invoices[0]);
        await waitFor('the invoice in the panel again', () =>
          shown(a, 'response').billing?.documents[0]?.type === 'invoice' ? true : undefined,
        );
      }
      const shot = await screenWhen(
        this,
        'invoice-open',
        t => t.includes(`Invoice ${number}`) && t.includes('Invoices (1)'),
      );
      assert.ok(shot.text.includes(`Invoice ${number}`), 'the invoice, by its number, on screen');

      // The History keeps the opened invoice, and Send Again fetches it again (it is no catalog operation).
      const opened = a.requestHistory
        .entries()
        .find(e => e.call?.kind === 'operation' && e.call.operation === 'GET /v2/invoices/{invoice_id}');
      assert.ok(opened, 'the opened invoice is in the History');
      const again = await vscode.commands.executeCommand<{ status: number }>(
        'billingWorkbench.sendHistoryAgain',
        opened.id,
      );
      assert.strictEqual(again?.status, 200);
    } finally {
      await vscode.commands.executeCommand('billingWorkbench.advanceLocalSandboxClock', { input: forward.previous });
      a.accounts.refresh();
    }
  });

  test('Copy Catalog to Local Sandbox: the tenant plans price previews on the Local sandbox; the seed comes back', async () => {
    tenant = await startSandbox({ catalog: { data: TENANT_PLANS, next_page: null } });
    const conn = await a.connections.add({ name: 'Tenant env', kind: 'sandbox', baseUrl: tenant.url });
    added.push(conn.id);
    await a.connections.storeCredentials(conn.id, { clientId: tenant.clientId, clientSecret: tenant.clientSecret });
    await a.connections.setActive(conn.id);
    const told = answering('showInformationMessage', () => undefined);
    const copied = await vscode.commands
      .executeCommand<CopiedCatalog | undefined>('billingWorkbench.copyCatalog')
      .then(r => (told.restore(), r));
    assert.ok(copied?.copied, JSON.stringify(copied));
    assert.strictEqual(copied.plans, 1);
    assert.match(told.asked[0]?.message ?? '', /^Copied 1 plan and 1 price of Tenant env to the Local sandbox/);
    assert.match(told.asked[0].message, /Reset Local Sandbox/);

    const served = await a.clients.servedSandbox();
    const local = new BillingClient({
      baseUrl: served.url,
      clientId: served.clientId,
      clientSecret: served.clientSecret,
    });
    try {
      const order = {
        metrics: ['delta_metrics'],
        account_number: 'A00000001',
        subscriptions: [
          {
            initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
            renewal_term: { type: 'termed', interval: 'month', interval_count: 12 },
            start_on: { contract_effective: '2027-01-01' },
            subscription_plans: [
              { plan_id: 'plan-gold-agents', prices: [{ price_id: 'price-gold-agent', quantity: 10 }] },
            ],
          },
        ],
      };
      const r = await local.preview(order as never);
      const item = r.data.subscriptions[0].actions[0].subscription_items[0];
      assert.deepStrictEqual([item.price_id, item.mrr?.net_amount], ['price-gold-agent', 420]);
    } finally {
      await local.send({ method: 'DELETE', path: SANDBOX_CATALOG_PATH }); // the seed back for the suites after
      await local.close();
    }
  });
});
