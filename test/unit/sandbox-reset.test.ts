// Issue 31, items 3 and 4: POST /_sandbox/reset makes a running Local sandbox afresh (the one `sandbox` started,
// reached by URL), so that a scenario's `reset` step runs there as on the embedded one. Over loopback, for real.
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BillingClient } from '../../src/client';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { atomicWrite } from '../../src/sandbox/state/dataFile';
import { CLOCK_PATH } from '../../src/wire/sandboxClock';
import { RESET_PATH, type ResetAnswer } from '../../src/wire/sandboxReset';
import { tokenOf } from './sandboxToken';
import { firstTurnHeld } from './waits';
import { GOLD } from './goldPlan';

const ACME = JSON.parse(fs.readFileSync('examples/acme.account.json', 'utf8')) as Parameters<
  BillingClient['createAccount']
>[0];
const RESET = { method: 'POST', path: RESET_PATH };

async function raw(s: Sandbox, method: string, p: string, body?: string, token?: string) {
  const r = await fetch(`${s.url}${p}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json' },
    ...(body !== undefined ? { body } : {}),
  });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
}

const clientOf = (s: Sandbox) =>
  new BillingClient({ baseUrl: s.url, clientId: s.clientId, clientSecret: s.clientSecret });
const statusOf = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: { status?: number }) => e.status,
  );

describe('POST /_sandbox/reset', () => {
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-reset-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('an account created is gone, the seeded ones are back, the clock is on the real date with no way back', async () => {
    const s = await startSandbox({ seedAccounts: 2 });
    const c = clientOf(s);
    try {
      const made = await c.createAccount(ACME, { idempotencyKey: 'acme-1' });
      await c.moveSandboxClock({ by: '2 months' });
      assert.equal((await c.sandboxClock()).data.history.kept, 1);

      const r = await c.send<ResetAnswer>(RESET, { body: {} });
      assert.equal(r.status, 200);
      assert.deepEqual(r.data.accounts, ['A00000001', 'A00000002'], 'the seeded accounts, and only they');
      assert.equal(r.data.real, true, 'the real date again (the sandbox was started without one)');
      assert.deepEqual(r.data.history, { kept: 0, dropped: 0, limit: 100 });
      assert.deepEqual(r.data.cleared, { states: 1, idempotencyKeys: 1 });
      assert.equal(r.data.catalog.copied, false);
      assert.equal(r.data.backup, undefined, 'in memory: nothing to back up');

      assert.equal(await statusOf(c.getAccount(made.data.account_number)), 404);
      assert.equal((await c.getAccount('A00000002')).data.name, 'Customer 2');
      const clock = await c.sandboxClock();
      assert.equal(clock.data.real, true);
      assert.equal(clock.data.history.kept, 0);
      // The idempotency reply is forgotten: the same key and body create again, on the fresh data.
      const again = await c.createAccount(ACME, { idempotencyKey: 'acme-1' });
      assert.equal(again.headers?.['idempotent-replayed'], undefined);
      assert.equal(again.data.account_number, 'A00000003');
    } finally {
      await c.close();
      await s.close();
    }
  });

  test('to the date given, or the date it started on; a copied catalog goes back to the one it started with', async () => {
    const s = await startSandbox({ today: '2027-01-01', catalog: { plans: [GOLD] } });
    const c = clientOf(s);
    try {
      await c.moveSandboxClock({ to: '2027-06-01' });
      await c.send({ method: 'DELETE', path: '/.sandbox/catalog' });
      assert.equal(s.store.catalog.copied, false);
      const given = await c.send<ResetAnswer>(RESET, { body: { today: '2028-02-29' } });
      assert.deepEqual([given.data.catalog.copied, given.data.catalog.plans], [true, 1], 'the catalog it started with');
      assert.deepEqual(given.data.accounts, ['A00000001'], 'seeded as at its start');
      assert.equal(given.data.today, '2028-02-29');
      assert.equal(given.data.real, false);
      assert.equal(s.store.today, '2028-02-29', 'a data file would keep the date given');
      const started = await c.send<ResetAnswer>(RESET); // no body at all: {}
      assert.equal(started.data.today, '2027-01-01', 'its --today');
      assert.equal(s.store.today, undefined);
    } finally {
      await c.close();
      await s.close();
    }
  });

  test('authenticated like every call; a body it cannot use is a 400 saying what to send', async () => {
    const s = await startSandbox({ today: '2027-01-01' });
    try {
      assert.equal((await raw(s, 'POST', RESET_PATH, '{}')).status, 401);
      const token = await tokenOf(s);
      for (const [body, parameter, says] of [
        ['{"to":"2027-01-01"}', 'to', /Unknown field "to": send \{\} .* or \{ "today": "2027-01-01" \}/],
        ['{"today":"2027-02-30"}', 'today', /"today" must be a real date written YYYY-MM-DD, not "2027-02-30"/],
        ['[]', undefined, /must be a JSON object/],
        ['{', undefined, /not JSON/],
      ] as const) {
        const r = await raw(s, 'POST', RESET_PATH, body, token);
        assert.equal(r.status, 400, body);
        const [e] = r.json.errors as { parameter?: string; message: string }[];
        assert.equal(e.parameter, parameter, body);
        assert.match(e.message, says, body);
      }
      assert.equal((await raw(s, 'GET', RESET_PATH, undefined, token)).status, 405);
    } finally {
      await s.close();
    }
  });

  test('backs the data file up beside itself first; a restart on the file is fresh', async () => {
    const file = path.join(dir, 'kept.json');
    let s = await startSandbox({ dataFile: file, today: '2027-01-01' });
    let c = clientOf(s);
    let made: string;
    let backup: string;
    try {
      made = (await c.createAccount(ACME)).data.account_number;
      await c.moveSandboxClock({ by: '1 month' });
      const r = await c.send<ResetAnswer>(RESET, { body: { today: '2027-03-01' } });
      backup = r.data.backup!;
      assert.equal(path.dirname(backup), dir);
      assert.match(path.basename(backup), /^kept\.json\.\d{8}T\d{6}Z(-\d+)?\.bak$/);
      const kept = JSON.parse(fs.readFileSync(backup, 'utf8')) as { accounts: { account_number: string }[] };
      assert.ok(
        kept.accounts.some(a => a.account_number === made),
        'the backup holds the data before the reset',
      );
    } finally {
      await c.close();
      await s.close();
    }
    s = await startSandbox({ dataFile: file });
    c = clientOf(s);
    try {
      assert.equal(await statusOf(c.getAccount(made)), 404, 'the file holds the fresh data');
      assert.equal(s.clock.today(), '2027-03-01', 'and the date the reset gave');
      assert.ok(fs.existsSync(backup), 'the backup stays');
    } finally {
      await c.close();
      await s.close();
    }
  });

  test('a save that fails answers 500 and resets nothing', async () => {
    let full = false;
    const writer = (f: string, text: string) => {
      if (full) throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
      atomicWrite(f, text);
    };
    const s = await startSandbox({ dataFile: path.join(dir, 'full.json'), today: '2027-01-01', writer });
    const c = clientOf(s);
    try {
      const made = (await c.createAccount(ACME)).data.account_number;
      await c.moveSandboxClock({ by: '1 month' });
      full = true;
      const r = await c.send(RESET, { body: {} }).then(
        () => assert.fail('the reset was answered 200'),
        (e: { status: number; message: string }) => e,
      );
      assert.equal(r.status, 500);
      assert.match(r.message, /could not save .*the disk is full/);
      full = false;
      assert.equal((await c.getAccount(made)).status, 200, 'the data as it was');
      const clock = await c.sandboxClock();
      assert.equal(clock.data.today, '2027-02-01', 'the clock where it was');
      assert.equal(clock.data.history.kept, 1, 'and its way back');
    } finally {
      await c.close();
      await s.close();
    }
  });

  test("during a clock move it is refused with the move's 503; after it, it runs", async () => {
    const { clockPause, inMove, release } = firstTurnHeld();
    const s = await startSandbox({ today: '2026-01-01', seedAccounts: 2, clockPause });
    try {
      const token = await tokenOf(s);
      const moved = raw(s, 'POST', CLOCK_PATH, '{"by":"1 month"}', token);
      await inMove;
      const refused = await raw(s, 'POST', RESET_PATH, '{}', token);
      assert.equal(refused.status, 503);
      assert.equal((refused.json.errors as { code: string }[])[0].code, 'clock_moving');
      release();
      assert.equal((await moved).json.today, '2026-02-01');
      const done = await raw(s, 'POST', RESET_PATH, '{}', token);
      assert.equal(done.status, 200);
      assert.equal(done.json.today, '2026-01-01');
      assert.equal(s.store.documentList.length, 0, "the move's invoices went with the reset");
    } finally {
      release();
      await s.close();
    }
  });
});
