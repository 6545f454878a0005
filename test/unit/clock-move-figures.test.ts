// Issue 33 item 4: making the clock's moves faster must not change one figure they bill. A Local sandbox with 200
// seeded accounts and a few customers that take the other paths (five charge models, bill cycle day 15 from a
// mid-month start, usage in arrears, a seat change dated mid-year, a pause that resumes, a term that expires,
// auto-pay on a card that pays and on one that declines) moves +1 year over HTTP, at once and a month at a time; its
// billing documents, payments and subscriptions after the moves, ids and wall-clock times of day written the same way
// on every run, must be those of the code before the speed-up: their SHA-256 is kept in clock-move-figures.json.
// Written by this file: `BW_WRITE_GOLDEN=1 node test/run-unit.mjs clock-move-figures` (on the code to compare with).
import { afterEach, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BillingClient } from '../../src/client';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { FIVE_PLANS, newCustomer, TEAM } from './billRunFixtures';

const GOLDEN = path.resolve(__dirname, '../../test/unit/clock-move-figures.json');

let sb: Sandbox;
let c: BillingClient;
const send = async <T = Record<string, unknown>>(method: string, p: string, body?: unknown) =>
  (await c.send<T>({ method, path: p }, { body })).data;

/** An account with its own bill cycle day (and auto-pay on `card` when given). */
async function account(cycleDay: number, card?: string) {
  const body = {
    name: 'Varied',
    currency: 'USD',
    bill_cycle_day: cycleDay,
    bill_to: { first_name: 'V', last_name: 'V' },
    ...(card ? { auto_pay: true, payment_method: { type: 'card', card: cardOf(card) } } : {}),
  };
  return (await send<{ account_number: string }>('POST', '/v2/accounts', body)).account_number;
}
const cardOf = (n: string) => ({ card_number: n, brand: 'visa', expiry_month: 12, expiry_year: 2030 });

/** An order for `accountNumber` of one subscription per plan from `start`, its entry's own fields added. */
const order = (accountNumber: string, start: string, plans: object[], entry: object = {}) => ({
  ...newCustomer(plans, start),
  account_data: undefined,
  account_number: accountNumber,
  subscriptions: newCustomer(plans, start).subscriptions.map(s => ({ ...s, ...entry })),
});

async function subscriptionsOf(o: { subscriptions: { subscription_number: string }[] }) {
  return o.subscriptions.map(s => s.subscription_number);
}

/** The real date the seeding was made on (a start across midnight: either). */
let seededOn: string[] = [];
const realDay = () => new Date().toISOString().slice(0, 10);

/** The sandbox on 2026-01-01: 200 seeded accounts and the varied customers. */
async function start() {
  const before = realDay();
  sb = await startSandbox({ seedAccounts: 200, today: '2026-01-01' });
  seededOn = [...new Set([before, realDay()])];
  c = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  await send('POST', '/v2/orders', newCustomer(FIVE_PLANS, '2026-01-01'));
  const mid = await account(15);
  await send('POST', '/v2/orders', order(mid, '2026-01-20', [TEAM, { plan_id: 'plan-support-quarterly' }]));
  const metered = await send<{ subscriptions: { subscription_number: string }[]; account_number?: string }>(
    'POST',
    '/v2/orders',
    newCustomer([{ plan_id: 'plan-api-usage' }, { plan_id: 'plan-api-tiered' }], '2026-01-01'),
  );
  const [perCall] = await subscriptionsOf(metered);
  const meteredAccount = sb.store.subscriptions.get(perCall)!.account_number;
  for (const [quantity, date] of [
    [617.25, '2026-01-10'],
    [1200, '2026-02-11'],
    [0.5, '2026-05-31'],
    [40_000, '2026-09-02'],
  ] as const) {
    const body = {
      account_number: meteredAccount,
      subscription_id: perCall,
      unit_of_measure: 'call',
      quantity,
      start_time: `${date}T09:00:00Z`,
    };
    await send('POST', '/v2/usage_records', body);
  }
  const changed = await account(1, '4242424242424242');
  const [seats] = await subscriptionsOf(await send('POST', '/v2/orders', order(changed, '2026-01-01', [TEAM])));
  const sub = sb.store.subscriptions.get(seats)!;
  const [plan] = sub.plans;
  const item = plan.items.find(i => i.price_id === 'price-team-seats')!;
  await send('POST', '/v2/orders', {
    account_number: changed,
    order_date: '2026-03-10',
    subscriptions: [
      {
        subscription_number: seats,
        update_subscription_plans: [
          {
            subscription_plan: {
              subscription_plan_id: plan.id,
              subscription_items: [{ subscription_item_number: item.subscription_item_number, quantity: 17 }],
            },
          },
        ],
      },
    ],
  });
  const declined = await account(1, '4000000000000002');
  const [paused] = await subscriptionsOf(await send('POST', '/v2/orders', order(declined, '2026-01-01', [TEAM])));
  const pause = { pause_date: '2026-04-01', resume_behavior: { resume_date: '2026-06-15', extend_term: true } };
  await send('POST', '/v2/orders', {
    account_number: declined,
    order_date: '2026-02-01',
    subscriptions: [{ subscription_number: paused, pause }],
  });
  const ending = await account(1);
  await send('POST', '/v2/orders', {
    ...order(ending, '2026-01-01', [{ plan_id: 'plan-enterprise-yearly' }]),
    subscriptions: order(ending, '2026-01-01', [TEAM]).subscriptions.map(s => ({
      ...s,
      auto_renew: false,
      initial_term: { type: 'termed', interval: 'month', interval_count: 6 },
    })),
  });
}
afterEach(async () => {
  await c.close();
  await sb.close();
});

/**
 * The JSON with every 32-hex id named by its first place, each time of day not midnight written as one, and the
 * real date the seeding was made on (the seeded rows' created_time: the seeding runs at the real time, only the
 * sandbox's date is simulated) written as one: the digest is the same on every day the test runs.
 */
function stable(value: unknown): string {
  const ids = new Map<string, string>();
  let text = JSON.stringify(value)
    .replace(/\b[0-9a-f]{32}\b/g, id => ids.get(id) ?? (ids.set(id, `id${ids.size}`), `id${ids.size - 1}`))
    .replace(/T(?!00:00:00\.000Z)\d\d:\d\d:\d\d(\.\d+)?Z/g, 'T<time>Z');
  for (const day of seededOn) text = text.replaceAll(`"${day}T<time>Z"`, '"<seeded on>T<time>Z"');
  return text;
}

/** What the moves left, written the same way on every run, and its digest against the one kept. */
function figures(events: unknown[], name: 'at once' | 'by month') {
  const { store } = sb;
  const state = {
    events,
    documents: store.documentList,
    payments: store.payments.snapshot(),
    subscriptions: [...store.subscriptions.values()],
    billRuns: store.billRunList,
  };
  const made = {
    documents: store.documentList.length,
    events: events.length,
    sha256: createHash('sha256').update(stable(state)).digest('hex'),
  };
  const kept = fs.existsSync(GOLDEN)
    ? (JSON.parse(fs.readFileSync(GOLDEN, 'utf8')) as Record<string, typeof made>)
    : {};
  if (process.env.BW_WRITE_GOLDEN) {
    kept[name] = made;
    fs.writeFileSync(GOLDEN, `${JSON.stringify(kept, null, 2)}\n`);
  }
  assert.ok(made.documents > 2_600, `${made.documents} documents`);
  assert.deepEqual(made, kept[name]);
}

test('a +1 year move over 200 seeded accounts and varied customers bills, collects and renews as before, to the cent', async () => {
  await start();
  const moved = await send<{ events: unknown[] }>('POST', '/_sandbox/clock', { by: '1 year' });
  figures(moved.events, 'at once');
});

test('the same year moved a month at a time bills, collects and renews as before, to the cent', async () => {
  await start();
  const events: unknown[] = [];
  for (let i = 0; i < 12; i++) {
    events.push(...(await send<{ events: unknown[] }>('POST', '/_sandbox/clock', { by: '1 month' })).events);
  }
  figures(events, 'by month');
});
