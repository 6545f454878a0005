// Issue 31 item 2: the Local sandbox serves v2 accounts, contacts and orders by state, over loopback HTTP: created
// by POST, then read by the id the POST answered (and by number), changed, and every answer checked against the
// reference's response schema and the generated contract (sandboxV2.ts). Subscriptions: sandbox-v2-subscriptions.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox } from '../../src/sandbox';
import { CLOCK_PATH } from '../../src/wire/sandboxClock';
import { NOT_SERVED_HEADER, NOT_SERVED_VALUE } from '../../src/wire/notServed';
import { v1Caller } from './sandbox-v1-helpers';
import { conforms, newAccount, refused, teamOrder, v2Sandbox } from './sandboxV2';
import { fullDiskWriter } from './dataFileHelpers';

const { sb, call } = v2Sandbox();

describe('accounts', () => {
  test('POST then GET by the id it answered (was a 404) and by number: the same account', async () => {
    const made = conforms(await call('POST', '/v2/accounts', newAccount), 201, 'account', 'POST /v2/accounts');
    const byId = conforms(
      await call('GET', `/v2/accounts/${made.id}`),
      200,
      'account',
      'GET /v2/accounts/{account_id}',
    );
    const byNumber = conforms(
      await call('GET', `/v2/accounts/${made.account_number}`),
      200,
      'account',
      'GET /v2/accounts/{account_id}',
    );
    assert.deepEqual(byId, made);
    assert.deepEqual(byNumber, made);
    assert.equal(made.description, 'Robots');
    assert.equal(made.bill_to.id, made.bill_to_id);
    refused(await call('GET', '/v2/accounts/nope'), 404, 'resource_not_found', 'account_id');
  });

  test('PATCH changes what the account keeps; GET shows it; a field it does not know is a 400', async () => {
    const { id } = (await call('POST', '/v2/accounts', newAccount)).json;
    const patch = { name: 'Acme Ltd', bill_cycle_day: 15, crm_id: 'CRM-7', bill_to: { address: { city: 'Leeds' } } };
    const patched = conforms(
      await call('PATCH', `/v2/accounts/${id}`, patch),
      200,
      'account',
      'PATCH /v2/accounts/{account_id}',
    );
    const read = conforms(await call('GET', `/v2/accounts/${id}`), 200, 'account', 'GET /v2/accounts/{account_id}');
    assert.deepEqual(read, patched);
    assert.deepEqual(
      [read.name, read.bill_cycle_day, read.crm_id, read.description, read.bill_to.address, read.bill_to.last_name],
      ['Acme Ltd', 15, 'CRM-7', 'Robots', { city: 'Leeds', country: 'GB' }, 'Lovelace'],
    );
    refused(await call('PATCH', `/v2/accounts/${id}`, { colour: 'red' }), 400, 'unknown_parameter');
  });

  test('going back in time puts a changed account and its contacts back as they were then', async () => {
    const account = (await call('POST', '/v2/accounts', newAccount)).json;
    assert.equal((await call('POST', CLOCK_PATH, { to: '2027-02-01' })).status, 200);
    await call('PATCH', `/v2/accounts/${account.id}`, { name: 'Renamed', bill_to: { nickname: 'Ada' } });
    const body = { account_id: account.id, first_name: 'Grace', last_name: 'Hopper' };
    const contact = (await call('POST', '/v2/contacts', body)).json;
    assert.equal((await call('GET', `/v2/accounts/${account.id}`)).json.name, 'Renamed');
    assert.equal((await call('POST', CLOCK_PATH, { to: '2027-01-01' })).status, 200);
    const then = conforms(
      await call('GET', `/v2/accounts/${account.id}`),
      200,
      'account',
      'GET /v2/accounts/{account_id}',
    );
    assert.deepEqual(then, account);
    refused(await call('GET', `/v2/contacts/${contact.id}`), 404, 'resource_not_found', 'contact_id');
  });

  test('the currency of an account with subscriptions cannot change; DELETE is a 501 saying what to do', async () => {
    const order = (await call('POST', '/v2/orders', teamOrder({ account_data: newAccount }))).json;
    const message = refused(
      await call('PATCH', `/v2/accounts/${order.account_id}`, { currency: 'EUR' }),
      400,
      'invalid_state',
      'currency',
    );
    assert.match(message, /currency cannot change/);
    const op = 'GET /v2/accounts/{account_id}';
    const expanded = conforms(
      await call('GET', `/v2/accounts/${order.account_id}?expand[]=subscriptions`),
      200,
      'account',
      op,
    );
    assert.deepEqual(
      expanded.subscriptions.data.map((s: { subscription_number: string }) => s.subscription_number),
      [order.subscriptions[0].subscription_number],
    );
    const gone = await call('DELETE', `/v2/accounts/${order.account_id}`);
    assert.equal(gone.status, 501);
    assert.equal(gone.headers.get(NOT_SERVED_HEADER), NOT_SERVED_VALUE);
    assert.match(gone.json.errors[0].message, /cancel/i);
  });
});

describe('contacts', () => {
  test("an account's bill-to is a contact with an id; POST adds one; PATCH and DELETE change them", async () => {
    const account = (await call('POST', '/v2/accounts', newAccount)).json;
    const billTo = conforms(
      await call('GET', `/v2/contacts/${account.bill_to_id}`),
      200,
      'contact',
      'GET /v2/contacts/{contact_id}',
    );
    assert.deepEqual([billTo.first_name, billTo.account_id], ['Ada', account.id]);

    const body = { account_id: account.id, first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' };
    const made = conforms(await call('POST', '/v2/contacts', body), 201, 'contact', 'POST /v2/contacts');
    assert.deepEqual(
      conforms(await call('GET', `/v2/contacts/${made.id}`), 200, 'contact', 'GET /v2/contacts/{contact_id}'),
      made,
    );
    const listed = (await call('GET', `/v2/contacts?filter[]=account_id.EQ:${account.id}`)).json;
    assert.deepEqual(
      listed.data.map((c: { id: string }) => c.id),
      [account.bill_to_id, made.id],
    );

    const patched = conforms(
      await call('PATCH', `/v2/contacts/${made.id}`, { work_phone: '555' }),
      200,
      'contact',
      'PATCH /v2/contacts/{contact_id}',
    );
    assert.deepEqual([patched.work_phone, patched.email], ['555', 'grace@example.com']);
    conforms(
      await call('PATCH', `/v2/contacts/${account.bill_to_id}`, { nickname: 'Countess' }),
      200,
      'contact',
      'PATCH /v2/contacts/{contact_id}',
    );
    assert.equal((await call('GET', `/v2/accounts/${account.id}`)).json.bill_to.nickname, 'Countess');

    const deleted = await fetch(`${sb().url}/v2/contacts/${made.id}`, {
      method: 'DELETE',
      headers: { Authorization: (await tokenHeader()).Authorization },
    });
    assert.equal(deleted.status, 204);
    refused(await call('GET', `/v2/contacts/${made.id}`), 404, 'resource_not_found', 'contact_id');
    refused(await call('DELETE', `/v2/contacts/${account.bill_to_id}`), 400, 'invalid_state', 'contact_id');
  });

  test('a contact names its account; scrubbing is a 501', async () => {
    refused(await call('POST', '/v2/contacts', { first_name: 'A', last_name: 'B' }), 400, 'missing_parameter');
    const { bill_to_id, id: accountId } = (await call('POST', '/v2/accounts', newAccount)).json;
    // A field left out is said so, in the service's words (not the schema library's "expected string").
    const noName = await call('POST', '/v2/contacts', { first_name: 'A', account_id: accountId });
    assert.equal(refused(noName, 400, 'missing_parameter', 'last_name'), 'last_name is required.');
    assert.equal((await call('POST', `/v2/contacts/${bill_to_id}/scrub`)).status, 501);
  });
});

let token: string | undefined;
async function tokenHeader() {
  if (!token) {
    const form = 'grant_type=client_credentials&client_id=sandbox-demo-client&client_secret=sandbox-demo-secret';
    const r = await fetch(`${sb().url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    token = ((await r.json()) as { access_token: string }).access_token;
  }
  return { Authorization: `Bearer ${token}` };
}

describe('orders', () => {
  test('POST then GET by the id it answered (was a 404) and by number; listed by its account', async () => {
    const made = conforms(
      await call('POST', '/v2/orders', teamOrder({ account_data: newAccount })),
      200,
      'order',
      'POST /v2/orders',
    );
    const byId = conforms(await call('GET', `/v2/orders/${made.id}`), 200, 'order', 'GET /v2/orders/{order_id}');
    assert.deepEqual(
      byId,
      conforms(await call('GET', `/v2/orders/${made.order_number}`), 200, 'order', 'GET /v2/orders/{order_id}'),
    );
    assert.equal(byId.order_number, made.order_number);
    const listed = (await call('GET', `/v2/orders?filter[]=account_id.EQ:${made.account_id}`)).json;
    assert.deepEqual(
      listed.data.map((o: { id: string }) => o.id),
      [made.id],
    );
  });

  test('an order is complete when made: activate and cancel say so; DELETE is a 501', async () => {
    const { id } = (await call('POST', '/v2/orders', teamOrder({ account_data: newAccount }))).json;
    assert.match(refused(await call('POST', `/v2/orders/${id}/activate`), 400, 'invalid_state'), /complete/);
    assert.match(refused(await call('POST', `/v2/orders/${id}/cancel`, {}), 400, 'invalid_state'), /complete/);
    assert.equal((await call('DELETE', `/v2/orders/${id}`)).status, 501);
  });
});

describe('kept in the data file', () => {
  test('what PATCH and POST /v2/contacts keep is there after a restart; a failed save keeps none of it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-v2-core-'));
    const file = path.join(dir, 'sandbox.json');
    let broken = false; // the next save fails (a full disk): nothing of the change may stay
    const writer = fullDiskWriter(() => broken);
    try {
      let sandbox = await startSandbox({ dataFile: file, today: '2027-01-01', writer });
      let caller = await v1Caller(sandbox);
      const account = (await caller('POST', '/v2/accounts', newAccount)).json;
      await caller('PATCH', `/v2/accounts/${account.id}`, { crm_id: 'CRM-1', bill_to: { email: 'ada@example.com' } });
      const body = { account_number: account.account_number, first_name: 'Grace', last_name: 'Hopper' };
      const contact = (await caller('POST', '/v2/contacts', body)).json;
      const before = (await caller('GET', `/v2/accounts/${account.id}`)).json;
      broken = true;
      assert.equal((await caller('PATCH', `/v2/accounts/${account.id}`, { name: 'Lost' })).status, 500);
      assert.equal((await caller('DELETE', `/v2/contacts/${contact.id}`)).status, 500);
      broken = false;
      assert.deepEqual((await caller('GET', `/v2/accounts/${account.id}`)).json, before);
      await sandbox.close();
      sandbox = await startSandbox({ dataFile: file, today: '2027-01-01' });
      caller = await v1Caller(sandbox);
      assert.deepEqual((await caller('GET', `/v2/accounts/${account.id}`)).json, before);
      assert.deepEqual((await caller('GET', `/v2/contacts/${contact.id}`)).json, contact);
      await sandbox.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
