// Issue 32 item 3: usage kept and rated into bill runs, on a Local sandbox over loopback HTTP. Usage is billed in
// arrears (https://docs.zuora.com/en/zuora-billing/bill-your-customer/usage-billing/usage): the bill run after a
// billing period ends bills the usage whose start date falls in it, priced on the period's total by the charge's
// model and rounded once per line (the vendor rates aggregated usage by default:
// https://docs.zuora.com/zuora-billing/bill-your-customer/usage-billing/rate-aggregated-or-individual-usage).
// The CSV upload takes the vendor's usage import columns
// (https://docs.zuora.com/en/zuora-billing/bill-your-customer/usage-billing/usage-file-format) and is atomic.
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ApiError, BillingClient } from '../../src/client';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { newCustomer } from './billRunFixtures';
import { tokenOf } from './sandboxToken';

type Data = Record<string, unknown> & { id: string };
type Usage = Data & { quantity: number; state: string; subscription_id?: string; subscription_item_id?: string };
type Item = {
  chargeType: string;
  chargeAmount: string;
  quantity: string;
  unitOfMeasure?: string;
  subscriptionName?: string;
  serviceStartDate: string;
  unitPrice?: number;
};

let sb: Sandbox;
let c: BillingClient;
let token: string;
/** The customer: one subscription of the per-call plan, one of the tiered one; bill cycle day 1, from 2027-01-01. */
const customer = { account: '', perCall: '', tiered: '' };

const send = async <T = Data>(method: string, path: string, body?: unknown, query?: Record<string, string>) =>
  (await c.send<T>({ method, path }, { body, ...(query ? { query } : {}) })).data;
const records = async (query: Record<string, string> = {}) =>
  (await send<{ data: Usage[] }>('GET', '/v2/usage_records', undefined, { page_size: '99', ...query })).data;
const moveTo = (to: string) => send('POST', '/_sandbox/clock', { to });
const refusal = async (call: Promise<unknown>) => {
  const e = await call.then(
    () => assert.fail('answered a success'),
    (x: unknown) => x,
  );
  assert.ok(e instanceof ApiError, String(e));
  return e;
};

/** POST /v1/usage as curl -F file=@name sends it: multipart/form-data with the file in the part named `file`. */
async function upload(csv: string, name = 'usage.csv') {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), name);
  const r = await fetch(`${sb.url}/v1/usage`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

/** The usage lines of the account's invoices, in v1's words (GET /v1/invoices/{key}/items), by period. */
async function usageLines(): Promise<Item[]> {
  const docs = await send<{ documents: { documentNumber: string; documentType: string; status: string }[] }>(
    'GET',
    '/v1/billing-documents',
    undefined,
    { accountNumber: customer.account },
  );
  const out: Item[] = [];
  for (const d of docs.documents.filter(x => x.documentType === 'Invoice')) {
    const items = await send<{ invoiceItems: Item[] }>('GET', `/v1/invoices/${d.documentNumber}/items`);
    out.push(...items.invoiceItems.filter(i => i.chargeType === 'Usage'));
  }
  const order = (i: Item) => `${i.serviceStartDate} ${i.subscriptionName}`;
  return out.sort((a, b) => order(a).localeCompare(order(b)));
}
const amounts = (lines: Item[]) => lines.map(i => [i.subscriptionName, i.serviceStartDate, i.quantity, i.chargeAmount]);

before(async () => {
  sb = await startSandbox({ today: '2027-01-01' });
  c = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  token = await tokenOf(sb);
  const order = await send(
    'POST',
    '/v2/orders',
    newCustomer([{ plan_id: 'plan-api-usage' }, { plan_id: 'plan-api-tiered' }]),
  );
  const subs = order.subscriptions as { subscription_number: string }[];
  Object.assign(customer, {
    account: (await send('GET', `/v2/accounts/${order.account_id as string}`)).account_number,
    perCall: subs[0].subscription_number,
    tiered: subs[1].subscription_number,
  });
});
after(async () => {
  await c.close();
  await sb.close();
});

describe('usage records kept (v2 and v1)', () => {
  test('POST /v2/usage_records gives each record its own id; the list filters, sorts and pages', async () => {
    await moveTo('2027-01-15');
    const made: Usage[] = [];
    for (const [quantity, day] of [
      [617.25, '10'],
      [617.25, '11'],
    ] as const) {
      const body = {
        account_number: customer.account,
        subscription_id: customer.perCall,
        unit_of_measure: 'call',
        quantity,
        start_time: `2027-01-${day}T09:00:00Z`,
      };
      made.push(await send<Usage>('POST', '/v2/usage_records', body));
    }
    assert.notEqual(made[0].id, made[1].id);
    assert.deepEqual(
      made.map(u => [u.quantity, u.state, u.unit_of_measure]),
      [
        [617.25, 'pending', 'call'],
        [617.25, 'pending', 'call'],
      ],
    );
    const read = await send<Usage>('GET', `/v2/usage_records/${made[1].id}`);
    assert.equal(read.start_time, '2027-01-11T09:00:00Z');
    const byStart = await records({ 'filter[]': 'start_time.GE:2027-01-11', 'sort[]': 'start_time.desc' });
    assert.deepEqual(
      byStart.map(u => u.id),
      [made[1].id],
    );
    const firstPage = await send<{ data: Usage[]; next_page: string | null }>('GET', '/v2/usage_records', undefined, {
      page_size: '1',
    });
    assert.equal(firstPage.data.length, 1);
    assert.ok(firstPage.next_page, 'a second page');
    const e = await refusal(
      send('POST', '/v2/usage_records', {
        account_number: 'A404',
        unit_of_measure: 'call',
        quantity: 1,
        start_time: '2027-01-02T00:00:00Z',
      }),
    );
    assert.equal(e.status, 400);
    assert.match(e.message, /No account A404/);
  });

  test('POST /v1/usage: a CSV file in the vendor columns is kept, every row under the upload id it answers', async () => {
    // Tiered usage: 700 + 11,500 = 12,200 calls in January, and 50 on 2 February (the next period).
    const csv =
      'ACCOUNT_ID,UOM,QTY,STARTDATE,ENDDATE,SUBSCRIPTION_ID,CHARGE_ID,DESCRIPTION\r\n' +
      `${customer.account},call,700,01/05/2027,,${customer.tiered},,"Batch 1, morning"\r\n` +
      `${customer.account},call,11500,2027-01-20,01/20/2027,${customer.tiered},,\r\n` +
      `${customer.account},call,50,02/02/2027,,${customer.tiered},,\r\n`;
    const r = await upload(csv);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.success, true);
    assert.equal(r.body.size, Buffer.byteLength(csv));
    const importId = String(r.body.checkImportStatus).split('/').pop()!;
    const kept = sb.store.usage.live().filter(u => u.import_id === importId);
    assert.deepEqual(
      kept.map(u => [u.quantity, u.start_date, u.subscription_number, u.description]),
      [
        [700, '2027-01-05', customer.tiered, 'Batch 1, morning'],
        [11500, '2027-01-20', customer.tiered, undefined],
        [50, '2027-02-02', customer.tiered, undefined],
      ],
    );
    const v1 = await send<Record<string, unknown>>('GET', `/v1/object/usage/${kept[0].id}`);
    assert.deepEqual([v1.UOM, v1.Quantity, v1.SourceType, v1.RbeStatus], ['call', 700, 'Import', 'Pending']);
  });

  test('a bad CSV row is a 400 naming its row and column, and no row of that file is kept', async () => {
    const before = (await records()).length;
    const bad =
      'ACCOUNT_ID,UOM,QTY,STARTDATE,ENDDATE\n' +
      `${customer.account},call,10,01/06/2027,\n` +
      `${customer.account},call,ten,01/07/2027,\n`;
    const r = await upload(bad);
    assert.equal(r.status, 400);
    const reason = JSON.stringify(r.body);
    assert.match(reason, /Row 3, column QTY: \\"ten\\" is not a quantity/);
    assert.match(reason, /Nothing of usage\.csv was kept/);
    const unknown = await upload(
      `ACCOUNT_ID,UOM,QTY,STARTDATE,ENDDATE\n${customer.account},call,1,01/06/2027,\nA404,call,1,01/06/2027,\n`,
    );
    assert.match(JSON.stringify(unknown.body), /Row 3, column ACCOUNT_ID: No account A404/);
    const noEnd = await upload(`ACCOUNT_ID,UOM,QTY,STARTDATE\n${customer.account},call,1,01/06/2027\n`);
    assert.match(JSON.stringify(noEnd.body), /Row 1: The usage file's header row lacks ENDDATE/);
    assert.equal((await records()).length, before, 'nothing of the refused files kept');
  });

  test('the reference’s own example body is taken: a quoted quantity, a start with an offset, the account by id', async () => {
    const account = (await send('GET', `/v2/accounts/${customer.account}`)).id;
    const body = {
      unit_of_measure: 'Each',
      quantity: '4',
      start_time: '2026-12-01T00:00:00+00:00',
      account_id: account,
    };
    const made = await send<Usage>('POST', '/v2/usage_records', body);
    assert.deepEqual([made.quantity, made.account_number, made.state], [4, customer.account, 'pending']);
    await send('DELETE', `/v2/usage_records/${made.id}`);
    await refusal(send('GET', `/v2/usage_records/${made.id}`));
  });
});

describe('usage rated into bill runs', () => {
  test('usage uploaded mid-month is on the next bill run’s invoice, per unit and tiered, at the right amounts', async () => {
    await moveTo('2027-02-05'); // the clock's bill run of 2027-02-01 bills January's usage
    // Per call (0.002 a call): 617.25 + 617.25 = 1,234.5 calls x 0.002 = 2.469, rounded once: 2.47 (rounding
    // each record's 1.2345 would make 1.23 + 1.23 = 2.46).
    // Tiered (graduated, 0.003 up to 1,000 calls, 0.002 up to 10,000, 0.001 above): 12,200 calls =
    // 1,000 x 0.003 + 9,000 x 0.002 + 2,200 x 0.001 = 3.00 + 18.00 + 2.20 = 23.20. February's 50 calls wait.
    const lines = await usageLines();
    assert.deepEqual(amounts(lines), [
      [customer.perCall, '2027-01-01', '1234.5', '2.47'],
      [customer.tiered, '2027-01-01', '12200', '23.20'],
    ]);
    assert.deepEqual(
      lines.map(i => [i.unitOfMeasure, i.unitPrice]),
      [
        ['call', 0.002],
        ['call', undefined],
      ],
    );
    const january = (await records()).filter(u => String(u.start_time) < '2027-02');
    assert.ok(january.every(u => u.state === 'processed'));
    const e = await refusal(send('PATCH', `/v2/usage_records/${january[0].id}`, { quantity: 1 }));
    assert.match(e.message, /billed already: cancel or reverse the invoice/);
  });

  test('a second bill run (v2, then v1) does not bill the usage again', async () => {
    await send('POST', '/v2/bill_runs', { target_date: '2027-02-05', invoice_date: '2027-02-05' });
    await send('POST', '/v1/bill-runs', { targetDate: '2027-02-05' });
    assert.deepEqual(amounts(await usageLines()), [
      [customer.perCall, '2027-01-01', '1234.5', '2.47'],
      [customer.tiered, '2027-01-01', '12200', '23.20'],
    ]);
  });

  test('time travel back un-bills it (the records stay, pending); forward again bills it once', async () => {
    await moveTo('2027-01-15');
    assert.deepEqual(await usageLines(), []);
    const kept = await records();
    assert.equal(kept.length, 5);
    assert.ok(kept.every(u => u.state === 'pending'));
    await moveTo('2027-03-05');
    assert.deepEqual(amounts(await usageLines()), [
      [customer.perCall, '2027-01-01', '1234.5', '2.47'],
      [customer.tiered, '2027-01-01', '12200', '23.20'],
      [customer.perCall, '2027-02-01', '0', '0.00'],
      [customer.tiered, '2027-02-01', '50', '0.15'], // 50 x 0.003
    ]);
  });

  test('usage arriving for a period billed before: the next bill run gives that line back and bills the period whole', async () => {
    // 100 more calls on 2027-01-25 under the per-call subscription: January becomes 1,334.5 calls x 0.002 = 2.669,
    // 2.67. The vendor bills late usage in the next run; here the run reverses January's 2.47 line and bills 2.67
    // (tiered charges need the whole period's quantity to price each tier, so every model is done the same way).
    await send('POST', '/v2/usage_records', {
      account_number: customer.account,
      subscription_id: customer.perCall,
      unit_of_measure: 'call',
      quantity: 100,
      start_time: '2027-01-25T00:00:00Z',
    });
    await send('POST', '/v2/bill_runs', { target_date: '2027-03-05', invoice_date: '2027-03-05' });
    const january = (await usageLines()).filter(
      i => i.subscriptionName === customer.perCall && i.serviceStartDate === '2027-01-01',
    );
    assert.deepEqual(january.map(i => `${i.quantity} ${i.chargeAmount}`).sort(), [
      '1234.5 -2.47',
      '1234.5 2.47',
      '1334.5 2.67',
    ]);
    const lines = (await usageLines()).length;
    assert.equal(
      lines,
      6,
      "January's and February's two lines each, January's per-call one given back and billed again",
    );
    await send('POST', '/v2/bill_runs', { target_date: '2027-03-05', invoice_date: '2027-03-05' });
    assert.equal((await usageLines()).length, lines, 'nothing billed twice');
  });
});

test('a data file keeps the usage records and their uploads across a restart; a change and a delete too', async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bw-usage-')), 'sandbox.json');
  let own = await startSandbox({ dataFile: file, today: '2027-01-01' });
  const client = () => new BillingClient({ baseUrl: own.url, clientId: own.clientId, clientSecret: own.clientSecret });
  let k = client();
  try {
    const post = async (body: object) =>
      (await k.send<Usage>({ method: 'POST', path: '/v2/usage_records' }, { body })).data;
    const account = (await k.send<Data>({ method: 'GET', path: '/v2/accounts' })).data as unknown as { data: Data[] };
    const number = account.data[0].account_number as string; // a seeded account
    const base = { account_number: number, unit_of_measure: 'GB', start_time: '2027-01-02T00:00:00Z' };
    const [a, b] = [await post({ ...base, quantity: 1 }), await post({ ...base, quantity: 2 })];
    await k.send({ method: 'PATCH', path: `/v2/usage_records/${a.id}` }, { body: { quantity: 5 } });
    await k.send({ method: 'DELETE', path: `/v2/usage_records/${b.id}` });
    await k.close();
    await own.close();
    own = await startSandbox({ dataFile: file });
    k = client();
    const listed = (await k.send<{ data: Usage[] }>({ method: 'GET', path: '/v2/usage_records' })).data.data;
    assert.deepEqual(
      listed.map(u => [u.id, u.quantity]),
      [[a.id, 5]],
    );
  } finally {
    await k.close();
    await own.close();
  }
});
