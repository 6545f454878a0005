// Issue 29, items 5 to 7, over loopback HTTP: what the Local sandbox takes so that nothing it keeps can freeze its
// clock or lose a cent. Dates within 50 years of its today, in both families (an order dated 1900 once made every
// clock move and bill run, for every account, answer 400); an account it cannot bill is left out and named, never
// stopping another's bill, even one kept in a data file from before the bound; a copied catalog's discount_percent
// between -100 and 100 (the service's own bound: "a decimal value between -100 and 100", Product Rate Plan Charge
// Tier, https://docs.zuora.com/en/zuora-platform/data-management/data-loader/data-dictionary-for-data-loader/update/product/product-rate-plan-charge-tier);
// amounts, quantities and every total at most 10^12 in size, where a double holds every cent.
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { CLOCK_PATH, SANDBOX_CATALOG_PATH, type ClockAnswer } from '../../src/wire';
import { newAccount, newCustomerOrder, v1Caller, type Answer } from './sandbox-v1-helpers';
import { flattenDataFile } from './dataFileHelpers';

type Call = (method: string, path: string, body?: unknown) => Promise<Answer>;

/** A Local sandbox at 2027-01-01 for one describe's tests alone, and a caller signed in to it. */
function sandboxOnItsOwn(): { sandbox: () => Sandbox; call: Call } {
  let sb: Sandbox;
  let call: Call;
  before(async () => {
    sb = await startSandbox({ today: '2027-01-01' });
    call = await v1Caller(sb);
  });
  after(() => sb.close());
  return { sandbox: () => sb, call: (method, path, body) => call(method, path, body) };
}

/** An evergreen subscription to the Team plan from `start`. */
const subscription = (start: string) => ({
  subscriptions: [
    {
      initial_term: { type: 'evergreen' },
      start_on: { contract_effective: start },
      subscription_plans: [{ plan_id: 'plan-team-monthly' }],
    },
  ],
});
/** A new account's order of it. */
const v2Order = (start: string) => ({
  order_date: start,
  account_data: { name: 'Old', currency: 'USD', bill_cycle_day: 1, bill_to: { first_name: 'A', last_name: 'B' } },
  ...subscription(start),
});
/** Its preview for the seeded account. */
const v2Preview = (start: string) => ({
  metrics: ['delta_metrics'],
  order_date: '2027-01-01',
  account_number: 'A00000001',
  ...subscription(start),
});

const v2Error = (a: Answer) => a.json.errors[0] as { code: string; parameter: string; message: string };

describe('dates: within 50 years of the sandbox today, the same bound in both families', () => {
  const { sandbox, call } = sandboxOnItsOwn();

  test('an order or preview dated 1900 (v2) or 0001 (v1) is refused naming the field and the bound; the clock still moves', async () => {
    const orders = sandbox().store.orderList.length;
    const bound = /outside the dates the Local sandbox takes: 1977-01-01 to 2077-01-01, within 50 years of its today/;

    const v2 = await call('POST', '/v2/orders', v2Order('1900-01-01'));
    assert.equal(v2.status, 400, JSON.stringify(v2.json));
    assert.equal(v2Error(v2).parameter, 'order_date');
    assert.match(v2Error(v2).message, bound);
    const early = await call('POST', '/v2/orders/preview', v2Preview('1900-01-01'));
    assert.equal(early.status, 400);
    assert.equal(v2Error(early).parameter, 'subscriptions[0].start_on.contract_effective');
    const late = await call('POST', '/v2/orders/preview', v2Preview('2077-01-02'));
    assert.equal(late.status, 400, 'a day past the window');
    assert.equal((await call('POST', '/v2/orders/preview', v2Preview('1977-01-01'))).status, 201, 'its first day');

    const v1 = await call('POST', '/v1/orders', { ...newCustomerOrder(), orderDate: '0001-01-01' });
    assert.equal(v1.status, 400);
    assert.equal(v1.json.success, false);
    assert.match(v1.json.reasons[0].message, /^Invalid value for orderDate: 0001-01-01 is outside the dates/);
    assert.match(v1.json.reasons[0].message, bound);
    const trigger = newCustomerOrder();
    trigger.subscriptions[0].orderActions[0].triggerDates[0].triggerDate = '1900-01-01';
    const v1Preview = await call('POST', '/v1/orders/preview', {
      ...trigger,
      previewOptions: { previewTypes: ['ChargeMetrics'] },
    });
    assert.equal(v1Preview.status, 400);
    assert.match(
      v1Preview.json.reasons[0].message,
      /subscriptions\[0\]\.orderActions\[0\]\.triggerDates\[0\]\.triggerDate/,
    );

    assert.equal(sandbox().store.orderList.length, orders, 'nothing was kept');
    // The account's own dates (a tax certificate from 1960) bill nothing: they are not bounded.
    const certified = v2Order('2027-01-01');
    const certificate = { id: 'TX-1', start_date: '1960-01-01', end_date: '2999-12-31' };
    const taken = await call('POST', '/v2/orders', {
      ...certified,
      account_data: { ...certified.account_data, tax_certificate: certificate },
    });
    assert.equal(taken.status, 200, JSON.stringify(taken.json).slice(0, 300));
    const moved = await call('POST', CLOCK_PATH, { by: '1 day' });
    assert.equal(moved.status, 200, JSON.stringify(moved.json));
  });
});

describe('an account the sandbox cannot bill is left out and named; the others are billed', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-bounds-'));
  const dataFile = path.join(dir, 'sandbox.json');
  let sb: Sandbox;
  let call: Call;
  let old: string;
  let current: string;
  before(async () => {
    // A data file from before the bound: an order that starts in 1900, made while the sandbox's today was 1910.
    const then = await startSandbox({ today: '1910-01-01', dataFile });
    const made = await (await v1Caller(then))('POST', '/v2/orders', v2Order('1900-01-01'));
    assert.equal(made.status, 200, JSON.stringify(made.json));
    old = then.store.orderList.at(-1)!.account_number;
    await then.close();
    sb = await startSandbox({ today: '2027-01-01', dataFile });
    call = await v1Caller(sb);
    const created = await call('POST', '/v1/orders', newCustomerOrder());
    assert.equal(created.status, 200, JSON.stringify(created.json));
    current = created.json.accountNumber;
  });
  after(async () => {
    await sb.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a clock move bills every other account and names the one it left as it was, with why', async () => {
    const moved = await call('POST', CLOCK_PATH, { by: '1 day' });
    assert.equal(moved.status, 200, JSON.stringify(moved.json).slice(0, 400));
    const answer = moved.json as ClockAnswer;
    assert.equal(answer.today, '2027-01-02');
    const billed = new Set(answer.events.flatMap(e => (e.type === 'billed' ? [e.account_number] : [])));
    assert.ok(billed.has(current), `the new account is billed: ${[...billed].join(', ')}`);
    assert.ok(!billed.has(old));
    assert.deepEqual(
      answer.unbilled?.map(u => u.account_number),
      [old],
    );
    assert.match(answer.unbilled![0].reason, /at most 1200 billing periods of a charge/);
    assert.equal(sb.store.documentList.filter(d => d.account_number === old).length, 0, 'left as it was');
  });

  test('a bill run over every account (v2 and v1) bills the others and names it in a header; over that account alone, a 400', async () => {
    const v2 = await call('POST', '/v2/bill_runs', { target_date: '2027-01-01', invoice_date: '2027-01-01' });
    assert.equal(v2.status, 201, JSON.stringify(v2.json));
    assert.match(
      v2.headers.get('sandbox-unbilled-accounts') ?? '',
      new RegExp(`^${old}: bill runs price at most 1200`),
    );
    const v1 = await call('POST', '/v1/bill-runs', { targetDate: '2027-01-01' });
    assert.equal(v1.status, 200, JSON.stringify(v1.json));
    assert.match(v1.headers.get('sandbox-unbilled-accounts') ?? '', new RegExp(`^${old}: `));
    const alone = await call('POST', `/v2/accounts/${old}/bill`, { target_date: '2027-01-01' });
    assert.equal(alone.status, 400);
    assert.match(v2Error(alone).message, /at most 1200 periods/);
  });
});

/** A catalog of one plan: a 300.00 monthly flat fee and a plan-level percentage discount. */
const discounted = (percent: number, fee = 300) => ({
  plans: [
    {
      id: 'plan-base',
      name: 'Base',
      prices: {
        data: [
          {
            id: 'price-fee',
            charge_type: 'recurring',
            charge_model: 'flat_fee',
            recurring: { interval: 'month', interval_count: 1 },
            amounts: { USD: fee },
          },
          {
            id: 'price-discount',
            charge_type: 'recurring',
            charge_model: 'discount_percentage',
            recurring: { interval: 'month', interval_count: 1 },
            discount_percent: percent,
            discount_level: 'plan',
          },
        ],
      },
    },
  ],
});
const basePreview = {
  metrics: ['delta_metrics', 'billing_documents'],
  account_number: 'A00000001',
  order_date: '2027-01-01',
  subscriptions: [
    {
      initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
      start_on: { contract_effective: '2027-01-01' },
      subscription_plans: [{ plan_id: 'plan-base' }],
    },
  ],
};

describe('a copied catalog: discount_percent from -100 to 100, amounts at most 10^12', () => {
  const { call } = sandboxOnItsOwn();

  test('5000 % and -1e300 % are refused naming the plan and price; the catalog is left as it was', async () => {
    for (const percent of [5000, -1e300, 100.01]) {
      const r = await call('PUT', SANDBOX_CATALOG_PATH, discounted(percent));
      assert.equal(r.status, 400, `${percent}: ${JSON.stringify(r.json)}`);
      assert.equal(v2Error(r).parameter, 'plans[0].prices.data[1].discount_percent');
      assert.match(v2Error(r).message, /plan plan-base, price price-discount/);
    }
    assert.match(v2Error(await call('PUT', SANDBOX_CATALOG_PATH, discounted(5000))).message, /from -100 to 100/);
    assert.equal((await call('GET', SANDBOX_CATALOG_PATH)).json.copied, false);
  });

  test('100 % is taken (never stricter than the service): 300.00 a month discounted to nothing, no credit', async () => {
    assert.equal((await call('PUT', SANDBOX_CATALOG_PATH, discounted(100))).status, 200);
    const r = await call('POST', '/v2/orders/preview', basePreview);
    assert.equal(r.status, 201, JSON.stringify(r.json));
    const items = r.json.subscriptions[0].actions[0].subscription_items as { mrr: { net_amount: number } }[];
    assert.deepEqual(
      items.map(i => i.mrr.net_amount),
      [300, -300],
    );
    const docs = r.json.billing_documents as { type: string; total: number }[];
    assert.deepEqual(new Set(docs.map(d => `${d.type} ${d.total}`)), new Set(['invoice 0']));
  });

  test('a data file holding a catalog copied before the bound still starts: that price is unpriceable, said why', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-bounds-'));
    const dataFile = path.join(dir, 'sandbox.json');
    try {
      const first = await startSandbox({ today: '2027-01-01', dataFile });
      assert.equal((await (await v1Caller(first))('PUT', SANDBOX_CATALOG_PATH, discounted(10))).status, 200);
      await first.close();
      flattenDataFile(dataFile);
      fs.writeFileSync(
        dataFile,
        fs.readFileSync(dataFile, 'utf8').replace('"discount_percent":10', '"discount_percent":5000'),
      );
      const again = await startSandbox({ today: '2027-01-01', dataFile });
      try {
        const r = await (await v1Caller(again))('POST', '/v2/orders/preview', basePreview);
        assert.equal(r.status, 400);
        assert.match(v2Error(r).message, /price-discount .*cannot price: its discount_percent is out of bounds: 5000/);
      } finally {
        await again.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a price past 10^12 is refused naming it; a total past it (in range prices) is a 400, never a rounded figure', async () => {
    const r = await call('PUT', SANDBOX_CATALOG_PATH, discounted(10, 2e15));
    assert.equal(r.status, 400);
    assert.equal(v2Error(r).parameter, 'plans[0].prices.data[0].amounts.USD');
    assert.match(v2Error(r).message, /at most 1,000,000,000,000 in size/);
    // 900,000,000,000 a month is in range; twelve of them are not.
    assert.equal((await call('PUT', SANDBOX_CATALOG_PATH, discounted(0, 9e11))).status, 200);
    const tcb = await call('POST', '/v2/orders/preview', basePreview);
    assert.equal(tcb.status, 400, JSON.stringify(tcb.json));
    assert.match(v2Error(tcb).message, /too large to compute.*at most 1,000,000,000,000 in size/);
  });
});

describe('amounts: at most 10^12 in size, so that every total is exact to the cent', () => {
  const { sandbox, call } = sandboxOnItsOwn();

  const fee = (unit_amount: number, quantity = 1) => ({ name: 'Fee', type: 'fee', unit_amount, quantity });
  const withFees = (...line_items: object[]) => ({
    metrics: ['billing_documents'],
    account_number: 'A00000001',
    order_date: '2027-01-01',
    line_items,
  });

  test('2e15 and 9007199254740993 are refused naming the field and the bound, in both families; nothing is kept', async () => {
    const orders = sandbox().store.orderList.length;
    // As a client writes them: 9007199254740993 is past what a double holds (it reads as ...992).
    for (const amount of ['2e15', '9007199254740993']) {
      const text = JSON.stringify(withFees(fee(1), fee(99.9), fee(0.1))).replace(
        '"unit_amount":1,',
        `"unit_amount":${amount},`,
      );
      const r = await call('POST', '/v2/orders/preview', text);
      assert.equal(r.status, 400, JSON.stringify(r.json).slice(0, 300));
      assert.equal(v2Error(r).parameter, 'line_items[0].unit_amount');
      assert.match(v2Error(r).message, /at most 1,000,000,000,000 in size/);
    }
    const seats = await call('POST', '/v2/orders', {
      ...v2Order('2027-01-01'),
      subscriptions: [
        {
          subscription_plans: [
            { plan_id: 'plan-team-monthly', prices: [{ price_id: 'price-team-seats', quantity: 1e13 }] },
          ],
        },
      ],
    });
    assert.equal(seats.status, 400);
    assert.equal(v2Error(seats).parameter, 'subscriptions[0].subscription_plans[0].prices[0].quantity');
    const v1 = await call('POST', '/v1/orders', {
      orderDate: '2027-01-01',
      newAccount,
      orderLineItems: [{ itemName: 'Fee', itemType: 'Fee', amountPerUnit: 2e15, quantity: 1 }],
    });
    assert.equal(v1.status, 400);
    assert.match(
      v1.json.reasons[0].message,
      /^Invalid value for orderLineItems\[0\]\.amountPerUnit: 2000000000000000 is larger/,
    );
    assert.equal(sandbox().store.orderList.length, orders);
  });

  test('up to the bound, a document is its items to the cent; past it in total, a 400 naming the bound', async () => {
    const r = await call('POST', '/v2/orders/preview', withFees(fee(999999999999.8), fee(0.15), fee(0.04)));
    assert.equal(r.status, 201, JSON.stringify(r.json));
    const [doc] = r.json.billing_documents as { total: number; billing_document_items: { total: number }[] }[];
    assert.deepEqual(
      doc.billing_document_items.map(i => i.total),
      [999999999999.8, 0.15, 0.04],
    );
    assert.equal(doc.total, 999999999999.99);
    const over = await call('POST', '/v2/orders/preview', withFees(fee(6e11), fee(6e11)));
    assert.equal(over.status, 400, JSON.stringify(over.json));
    assert.match(v2Error(over).message, /comes to 1200000000000\.00, larger than the Local sandbox computes exactly/);
  });
});
