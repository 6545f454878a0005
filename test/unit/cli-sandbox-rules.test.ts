// Issue 30: the tenant's billing rules as `sandbox` options, as a person runs the CLI: the startup says the rules
// when they are not the vendor's defaults, the figures follow them, and a wrong value is a usage error (exit 2)
// listing the choices. The modes: https://docs.zuora.com/zuora-billing/set-up-zuora-billing/
// billing-settings-configuration/system-settings/customization-of-currencies (Rounding Mode; Half Up by default).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { once } from 'node:events';
import * as net from 'node:net';
import * as path from 'node:path';
import { runCli, scratchFolder } from './cli';
import { withCliSandbox } from './cliSandbox';
import { tokenOf } from './sandboxToken';
import { until } from './waits';

/** A 2.675 seat at quantity 3 from Jan 1: MRR 8.025 exactly, which each rounding mode rounds its own way. */
async function mrrOn(url: string): Promise<number> {
  const token = await tokenOf({ url });
  const r = await fetch(`${url}/v2/orders/preview`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      order_date: '2027-01-01',
      account_data: { currency: 'USD', bill_cycle_day: 1 },
      metrics: ['delta_metrics'],
      subscriptions: [
        {
          start_on: { contract_effective: '2027-01-01' },
          subscription_plans: [
            {
              plan_id: 'plan-team-monthly',
              prices: [{ price_id: 'price-team-seats', quantity: 3, unit_amount: 2.675 }],
            },
          ],
        },
      ],
    }),
  });
  const json = (await r.json()) as {
    subscriptions: { actions: { subscription_items: { price_id: string; mrr: { net_amount: number } }[] }[] }[];
  };
  assert.equal(r.status, 201, JSON.stringify(json));
  return json.subscriptions[0].actions[0].subscription_items.find(i => i.price_id === 'price-team-seats')!.mrr
    .net_amount;
}

test('sandbox --rounding down: the startup prints the rules, and an MRR of 8.025 is 8.02 (Half Up by default: 8.03)', async () => {
  await withCliSandbox(
    ['--today', '2027-01-01', '--rounding', 'down', '--days-in-month', 'actual-360'],
    async (url, stderr) => {
      assert.equal(await mrrOn(url), 8.02);
      await until(() => stderr().includes('billing rules:'), 'the CLI to say its billing rules');
      assert.ok(stderr().includes('billing rules: rounding down, proration day, days in month actual-360'), stderr());
    },
  );
  await withCliSandbox(['--today', '2027-01-01'], async (url, stderr) => {
    assert.equal(await mrrOn(url), 8.03, 'the default: Half Up');
    await until(() => stderr().includes('catalog seeded'), 'the startup lines');
    assert.ok(!stderr().includes('billing rules'), 'the defaults are not announced');
  });
});

test('sandbox with a rule value outside its choices: exit 2, the choices named', async () => {
  const r = await runCli(['sandbox', '--port', '0', '--rounding', 'nearest']);
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /--rounding takes one of half-up, half-down, half-even, up, down, not "nearest"/);
  const p = await runCli(['sandbox', '--port', '0', '--proration', 'week']);
  assert.equal(p.status, 2, p.stderr);
  assert.match(p.stderr, /--proration takes one of day, month-first, not "week"/);
  const help = await runCli(['sandbox', '--help']);
  assert.match(help.stdout + help.stderr, /--rounding half-up\|half-down\|half-even\|up\|down/);
});

test('sandbox --port: one taken is exit 2 saying to pick another or 0; past 65535 a usage error', async () => {
  const taken = net.createServer().listen(0, '127.0.0.1');
  await once(taken, 'listening');
  try {
    const port = (taken.address() as net.AddressInfo).port;
    const r = await runCli(['sandbox', '--port', String(port)]);
    assert.equal(r.status, 2, r.stderr);
    assert.match(
      r.stderr,
      new RegExp(`--port ${port}: another program is listening there\\. Pick another port, or --port 0`),
    );
  } finally {
    taken.close();
  }
  const big = await runCli(['sandbox', '--port', '70000']);
  assert.equal(big.status, 2, big.stderr);
  assert.match(big.stderr, /--port takes 0 to 65535/);
});

// Found by a tryout: restarted with the --today it was first started with, a data file whose clock had moved on was
// set back in silence, its invoices up to the later date kept.
test('sandbox --today before the date its --data file reached: a warning naming both dates and how to go back', async () => {
  const { tmp } = scratchFolder('bw-today-');
  const data = path.join(tmp, 'data.json');
  await withCliSandbox(['--today', '2027-01-01', '--data', data], async url => {
    const r = await runCli(['clock', '--base-url', url, '--to', '2027-03-01']);
    assert.equal(r.status, 0, r.stderr);
  });
  await withCliSandbox(['--today', '2027-01-01', '--data', data], async (_url, stderr) => {
    await until(() => stderr().includes('catalog '), 'the startup lines');
    assert.match(
      stderr(),
      /warning: --today 2027-01-01 is before 2027-03-01, the date .*data\.json's clock was moved to/,
    );
    assert.match(stderr(), /Start without --today to go on from 2027-03-01, then `clock --to 2027-01-01` to go back/);
  });
  await withCliSandbox(['--data', data], async (_url, stderr) => {
    await until(() => stderr().includes('catalog '), 'the startup lines');
    assert.doesNotMatch(stderr(), /warning/, 'without --today it goes on from where it was');
  });
});
