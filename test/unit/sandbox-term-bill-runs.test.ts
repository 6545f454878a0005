// Issue 30, item 17: what a preview promises for a subscription's first term (`term_end: true`), the bill runs
// issue for that term as the clock moves, to the cent: a charge bills up to the term's end, a renewal starts the
// next term. All over loopback HTTP: preview, create, the clock's control path, the billing documents.
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { BillingClient } from '../../src/client';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import type { BillingConventions } from '../../src/sandbox/money/conventions';
import { addMonths, daysInMonth } from '../../src/schemas/dates';

const termOf = (months: number) => ({ type: 'termed', interval: 'month', interval_count: months });

interface Case {
  plan: object;
  cycleDay: number;
  start: string;
  months: number;
}

/** A new customer on `cycleDay` subscribing to `plan` from `start` for `months`, auto-renewing. */
const orderOf = (c: Case, name = 'Termed') => ({
  order_date: '2027-01-01',
  account_data: {
    name,
    currency: 'USD',
    bill_cycle_day: c.cycleDay,
    bill_to: { first_name: 'T', last_name: 'T' },
  },
  subscriptions: [
    {
      initial_term: termOf(c.months),
      renewal_term: termOf(c.months),
      auto_renew: true,
      start_on: { contract_effective: c.start },
      subscription_plans: [c.plan],
    },
  ],
});

// Months, quarters and years; per unit with a flat fee, flat fees, graduated and volume tiers.
const PLANS = [
  { plan_id: 'plan-team-monthly', prices: [{ price_id: 'price-team-seats', quantity: 7 }] },
  { plan_id: 'plan-enterprise-yearly' },
  { plan_id: 'plan-support-quarterly' },
  { plan_id: 'plan-storage-tiered', prices: [{ price_id: 'price-storage-tiered', quantity: 1234 }] },
  { plan_id: 'plan-licences-volume', prices: [{ price_id: 'price-licences-volume', quantity: 37 }] },
];
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * 30 subscriptions: bill cycle days 1-31 but 25 (29, 30 and 31 among them), each plan with terms of 6, 12 and 24
 * months, starts on every month's odd days, five on Feb 29 2028; the first is the issue's own case.
 */
function cases(): Case[] {
  const out: Case[] = [{ plan: PLANS[1], cycleDay: 31, start: '2027-03-31', months: 6 }];
  for (let i = 1; i < 30; i++) {
    const month = 1 + ((i * 5) % 12);
    const day = Math.min(1 + ((i * 11) % 31), daysInMonth(2027, month));
    const start = i % 6 === 3 ? '2028-02-29' : `2027-${pad(month)}-${pad(day)}`;
    out.push({ plan: PLANS[i % 5], cycleDay: ((i * 7) % 31) + 1, start, months: [6, 12, 24][i % 3] });
  }
  return out;
}

interface Created {
  id: string;
  account_id: string;
  current_term: { end_date: string };
}

interface Doc {
  type: 'invoice' | 'credit_memo';
  total: number;
  items?: { data: { subscription_id?: string; service_start: string; amount: number }[] };
}

// By default, and under a tenant's other proration rules (item 19): bill runs prorate as the preview does.
const RULES: [string, Partial<BillingConventions>][] = [
  ['by day, actual days (the default)', {}],
  ['month first, strict 30/360', { prorationUnit: 'month-first', daysInMonth: '30-360' }],
];

for (const [name, conventions] of RULES)
  describe(`a subscription's first term: the preview's promise is what the bill runs issue (${name})`, () => {
    let sb: Sandbox;
    let client: BillingClient;
    before(async () => {
      sb = await startSandbox({ today: '2027-01-01', conventions });
      client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
    });
    after(async () => {
      await client.close();
      await sb.close();
    });

    /** The preview's total through the term's end, in cents (an order for a new account previews without its name). */
    async function promised(c: Case): Promise<number> {
      const { name: _n, bill_to: _b, ...account } = orderOf(c).account_data;
      const body = { ...orderOf(c), account_data: account, metrics: ['billing_documents'], term_end: true };
      const r = await client.preview(body as never);
      const docs = (r.data as unknown as { billing_documents: Doc[] }).billing_documents;
      return docs.reduce((n, d) => n + Math.round(d.total * 100) * (d.type === 'invoice' ? 1 : -1), 0);
    }

    /** What the account's billing documents billed the subscription for service in [start, end), in cents. */
    async function billedFor(account: string, subscriptionId: string, end: string): Promise<number> {
      const r = await client.send(
        { method: 'GET', path: '/v2/billing_documents' },
        { query: { 'filter[]': `account_id.EQ:${account}`, 'expand[]': 'items', page_size: 99 } },
      );
      const page = r.data as { next_page: string | null; data: Doc[] };
      assert.equal(page.next_page, null, 'one page holds them');
      let cents = 0;
      for (const d of page.data) {
        for (const i of d.items?.data ?? []) {
          if (i.subscription_id !== subscriptionId || i.service_start >= end) continue;
          cents += Math.round(i.amount * 100) * (d.type === 'invoice' ? 1 : -1);
        }
      }
      return cents;
    }

    test('30 subscriptions over 36 months: the first term bills what its preview (term_end) promised, to the cent', async () => {
      const all = cases();
      const made: { c: Case; promise: number; account: string; id: string; termEnd: string }[] = [];
      for (const [i, c] of all.entries()) {
        const promise = await promised(c);
        const created = await client.createOrder(orderOf(c, `Termed ${i}`) as never);
        const sub = created.data.subscriptions[0] as unknown as Created;
        made.push({ c, promise, account: sub.account_id, id: sub.id, termEnd: sub.current_term.end_date });
      }
      // The case: 12,000 x 183/366 (month first: 6 of 12 months).
      assert.equal(made[0].promise, 600_000);
      assert.equal(made[0].termEnd, '2027-09-30');

      // Through the clock's control path, a year at a time, to 36 months after the last start.
      const last = all.map(c => c.start).reduce((a, b) => (a > b ? a : b));
      for (let to = '2028-01-01'; to <= addMonths(last, 36); to = addMonths(to, 12)) {
        const moved = await client.moveSandboxClock({ to });
        assert.equal(moved.data.today, to);
      }
      await client.moveSandboxClock({ to: addMonths(last, 36) });

      const wrong: string[] = [];
      for (const m of made) {
        const got = await billedFor(m.account, m.id, m.termEnd);
        if (got !== m.promise) {
          const { plan, ...rest } = m.c;
          wrong.push(`${JSON.stringify({ ...plan, ...rest })}: promised ${m.promise / 100}, billed ${got / 100}`);
        }
      }
      assert.deepEqual(wrong, [], `${wrong.length} of ${made.length} differ`);
    });
  });
