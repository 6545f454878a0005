// Issue 21 item 3: Copy Catalog to Local Sandbox, over loopback between two sandboxes: the first prices from a
// tenant's own catalog, the second takes every page of the first's GET /v2/plans through its catalog control
// path, and a preview there uses the tenant's ids and amounts. The control path answers only the local client;
// the copied catalog is kept in the data file until a reset; `sandbox --catalog FILE` starts with one.
import { test, before, after, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { ApiError, BillingClient, type PlanList, type PreviewResponse } from '../../src/client';
import { copiedMessage, copyCatalog, fetchPlans } from '../../src/products';
import { resetDataFile, startSandbox, type Sandbox } from '../../src/sandbox';
import { SANDBOX_CATALOG_PATH, type SandboxCatalogAnswer } from '../../src/wire';
import { until, within } from './waits';
import { v1CatalogPlans } from './v1CatalogPlans';
import { withCliSandbox } from './cliSandbox';

/** A tenant's catalog as its GET /v2/plans answers it (product and prices expanded), ids of its own. */
const TENANT_PLANS = [
  {
    id: '8ad0877b813e5774018143f39e98059b',
    plan_number: 'PR-00000042',
    name: 'Gold, monthly',
    product_id: 'prod-gold',
    product: { id: 'prod-gold', name: 'Gold' },
    prices: {
      next_page: null,
      data: [
        {
          id: '8ad08ccf8437067601843a7af4e64rq3',
          name: 'Agents',
          charge_type: 'recurring',
          charge_model: 'per_unit',
          recurring: { interval: 'month', interval_count: 1, timing: 'in_advance', usage: false },
          unit_of_measure: 'Each',
          quantity: 1,
          unit_amounts: { USD: 42, GBP: 35 },
        },
        {
          id: '8ad08ccf8437067601843a7af4e64rq4',
          name: 'Messages',
          charge_type: 'recurring',
          charge_model: 'tiered',
          recurring: { interval: 'month', interval_count: 3 },
          tiers_mode: 'graduated',
          tiers: [{ up_to: 10, unit_amounts: { USD: 10, GBP: 8 } }, { unit_amounts: { USD: 7, GBP: 6 } }],
          quantity: 15,
        },
      ],
    },
  },
  {
    id: '8ad0877b813e5774018143f39e9805aa',
    plan_number: 'PR-00000043',
    name: 'Onboarding',
    product_id: 'prod-gold',
    prices: {
      data: [
        {
          id: '8ad08ccf8437067601843a7af4e64rq5',
          charge_type: 'one_time',
          charge_model: 'flat_fee',
          amounts: { USD: 900, GBP: 750 },
        },
      ],
    },
  },
  {
    id: '8ad0877b813e5774018143f39e9805bb',
    name: 'Partner discount',
    prices: {
      data: [
        {
          id: '8ad08ccf8437067601843a7af4e64rq6',
          charge_type: 'recurring',
          charge_model: 'discount_percentage',
          recurring: { interval: 'month', interval_count: 1 },
          discount_percent: 10,
          discount_level: 'subscription',
          apply_discount_to: ['recurring', 'usage'],
        },
      ],
    },
  },
];
const GOLD = TENANT_PLANS[0].id;
const [AGENTS, MESSAGES] = TENANT_PLANS[0].prices.data.map(p => p.id);

const clientOf = (s: { url: string; clientId: string; clientSecret: string }) =>
  new BillingClient({ baseUrl: s.url, clientId: s.clientId, clientSecret: s.clientSecret });
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'bw-catalog-'));

/** 10 agents and 15 messages a quarter, with the partner discount, for the seeded account (USD). */
const goldOrder = {
  metrics: ['delta_metrics'],
  account_number: 'A00000001',
  subscriptions: [
    {
      initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
      subscription_plans: [
        { plan_id: GOLD, prices: [{ price_id: AGENTS, quantity: 10 }] },
        { plan_id: TENANT_PLANS[2].id },
      ],
    },
  ],
};
const figures = (r: { data: PreviewResponse }) =>
  r.data.subscriptions[0].actions[0].subscription_items.map(i => [i.price_id, i.mrr?.net_amount, i.tcb.net_amount]);

let tenant: Sandbox;
let local: Sandbox;
let fromTenant: BillingClient;
let toLocal: BillingClient;

before(async () => {
  tenant = await startSandbox({ catalog: { data: TENANT_PLANS, next_page: null } });
  local = await startSandbox();
  fromTenant = clientOf(tenant);
  toLocal = clientOf(local);
});
after(async () => {
  await Promise.all([fromTenant.close(), toLocal.close()]);
  await Promise.all([tenant.close(), local.close()]);
});

describe('copying one sandbox catalog into another', () => {
  test('every page is read, the second lists the same plans and prices, and previews use the copied ids', async () => {
    const pages: number[] = [];
    const copied = await copyCatalog(fromTenant, toLocal, { pageSize: 1, onPage: n => pages.push(n) });
    assert.deepEqual(pages, [1, 2, 3], 'three pages of one plan');
    assert.deepEqual(copied, { copied: true, plans: 3, prices: 4, unpriceable: [], partialPlans: [] });

    const listed = async (c: BillingClient) => (await c.listPlans({ pageSize: 99 })).data.data;
    assert.deepEqual(await listed(toLocal), await listed(fromTenant));
    const v1 = await v1CatalogPlans<{ id: string }>(
      async path => (await toLocal.send({ method: 'GET', path })).data,
      local.url,
    );
    assert.deepEqual(
      v1.map(pl => pl.id),
      TENANT_PLANS.map(p => p.id),
      'the v1 catalog too',
    );

    // 10 agents at 42 + 15 messages a quarter (10 at 10 + 5 at 7 = 135, 45 a month), 10% off both
    const expected = [
      [AGENTS, 420, 5040],
      [MESSAGES, 45, 540],
      ['8ad08ccf8437067601843a7af4e64rq6', -46.5, -558],
    ];
    const onLocal = await toLocal.preview(goldOrder as never);
    assert.deepEqual(figures(onLocal), expected);
    assert.deepEqual(figures(await fromTenant.preview(goldOrder as never)), expected, 'as the source prices it');

    const seeded = { ...goldOrder, subscriptions: [{ subscription_plans: [{ plan_id: 'plan-team-monthly' }] }] };
    await assert.rejects(
      toLocal.preview(seeded as never),
      (e: ApiError) => e.status === 400 && /No plan "plan-team-monthly"/.test(e.message),
    );
  });

  test('the message counts what was copied and says how to go back', () => {
    const message = copiedMessage('Production', {
      copied: true,
      plans: 3,
      prices: 4,
      unpriceable: [{ price_id: 'p-overage', plan_id: 'pl', reason: 'x' }],
      partialPlans: [],
    });
    assert.equal(
      message,
      'Copied 3 plans and 4 prices of Production to the Local sandbox; previews there now use its ids and amounts. ' +
        '1 price (p-overage) the sandbox cannot price: ordering their plans answers 400 with the reason. ' +
        'Reset Local Sandbox restores the seeded catalog (and accounts).',
    );
  });

  test('a cancelled copy changes nothing', async () => {
    const before = (await toLocal.send<SandboxCatalogAnswer>({ method: 'GET', path: SANDBOX_CATALOG_PATH })).data;
    const ac = new AbortController();
    ac.abort();
    await assert.rejects(
      copyCatalog(fromTenant, toLocal, { signal: ac.signal }),
      (e: ApiError) => e.kind === 'cancelled',
    );
    const after = (await toLocal.send<SandboxCatalogAnswer>({ method: 'GET', path: SANDBOX_CATALOG_PATH })).data;
    assert.deepEqual(after, before);
  });

  test('DELETE on the control path brings the seeded catalog back', async () => {
    const seeded = await startSandbox();
    const c = clientOf(seeded);
    try {
      await copyCatalog(fromTenant, c);
      const back = await c.send<SandboxCatalogAnswer>({ method: 'DELETE', path: SANDBOX_CATALOG_PATH });
      assert.deepEqual(back.data, { copied: false, plans: 10, prices: 11, unpriceable: [] });
      const plans = await fetchPlans(c);
      assert.equal(plans[0].id, 'plan-team-monthly');
    } finally {
      await c.close();
      await seeded.close();
    }
  });
});

/** A raw request to the control path, headers as given (Host included). */
function control(sb: Sandbox, method: string, headers: Record<string, string>, body?: string) {
  type Answer = { status: number; json?: { errors: { parameter?: string; message: string }[] } };
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: sb.port, method, path: SANDBOX_CATALOG_PATH, headers }, res => {
      let text = '';
      res.on('data', d => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, json: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the control path answers only the local client', () => {
  let token: string;
  before(async () => {
    const c = clientOf(local);
    token = await c.tokens.get();
    await c.close();
  });
  const json = { 'content-type': 'application/json' };
  const plans = JSON.stringify({ plans: TENANT_PLANS });

  test('a browser page (Origin), another host name (DNS rebinding) and no token are refused, nothing changed', async () => {
    const host = `127.0.0.1:${local.port}`;
    const auth = { authorization: `Bearer ${token}` };
    const before = local.store.catalog;
    const fromPage = await control(local, 'PUT', { ...json, ...auth, host, origin: 'https://example.com' }, plans);
    assert.equal(fromPage.status, 403);
    const rebound = await control(local, 'PUT', { ...json, ...auth, host: `attacker.example:${local.port}` }, plans);
    assert.equal(rebound.status, 403);
    const otherPort = await control(local, 'PUT', { ...json, ...auth, host: '127.0.0.1:1' }, plans);
    assert.equal(otherPort.status, 403);
    const anonymous = await control(local, 'PUT', { ...json, host }, plans);
    assert.equal(anonymous.status, 401);
    assert.equal(local.store.catalog, before);
  });

  test('a catalog it cannot read is a 400 naming the field; another method a 405', async () => {
    const host = `127.0.0.1:${local.port}`;
    const auth = { authorization: `Bearer ${token}` };
    const bad = {
      plans: [{ id: 'p', prices: { data: [{ id: 'x', charge_model: 'per_unit', unit_amounts: { USD: '5' } }] } }],
    };
    const r = await control(local, 'PUT', { ...json, ...auth, host }, JSON.stringify(bad));
    assert.equal(r.status, 400);
    assert.deepEqual(r.json!.errors[0].parameter, 'plans[0].prices.data[0].unit_amounts.USD');
    assert.match(r.json!.errors[0].message, /"5" is not a number/);
    // The pricer reads tiers in order of their bounds: a catalog whose bounds fall is refused, not priced wrong.
    const falling = {
      plans: [
        {
          id: 'p',
          prices: {
            data: [
              {
                id: 'x',
                charge_model: 'tiered',
                recurring: { interval: 'month' },
                tiers: [
                  { up_to: 10, unit_amounts: { USD: 5 } },
                  { up_to: 5, unit_amounts: { USD: 4 } },
                ],
              },
            ],
          },
        },
      ],
    };
    const unordered = await control(local, 'PUT', { ...json, ...auth, host }, JSON.stringify(falling));
    assert.equal(unordered.status, 400);
    assert.equal(unordered.json!.errors[0].parameter, 'plans[0].prices.data[0].tiers[1].up_to');
    assert.match(unordered.json!.errors[0].message, /5 does not rise above the tier before it \(10\)/);
    const empty = await control(local, 'PUT', { ...json, ...auth, host }, '{"plans": []}');
    assert.equal(empty.status, 400);
    assert.equal((await control(local, 'POST', { ...auth, host })).status, 405);
  });
});

test('a copied catalog is kept in the data file; a restart prices from it, a reset from the seed', async () => {
  const file = path.join(tempDir(), 'sandbox.json');
  const first = await startSandbox({ dataFile: file });
  const c = clientOf(first);
  try {
    await copyCatalog(fromTenant, c);
  } finally {
    await c.close();
    await first.close();
  }
  const again = await startSandbox({ dataFile: file });
  const c2 = clientOf(again);
  try {
    assert.equal(again.store.catalog.copied, true);
    assert.deepEqual(figures(await c2.preview(goldOrder as never))[0], [AGENTS, 420, 5040]);
  } finally {
    await c2.close();
    await again.close();
  }
  assert.ok(resetDataFile(file), 'backed up');
  const fresh = await startSandbox({ dataFile: file });
  try {
    assert.equal(fresh.store.catalog.copied, false);
    assert.ok(fresh.store.catalog.findPlan('plan-team-monthly'));
  } finally {
    await fresh.close();
  }
});

test('node dist/cli.js sandbox --catalog FILE prices from the pages in FILE; a bad one exits 2 naming the field', async () => {
  const dir = tempDir();
  const pagesFile = path.join(dir, 'plans.json');
  const pages: PlanList[] = [];
  let cursor: string | undefined;
  do {
    const page = (await fromTenant.listPlans({ pageSize: 2, cursor })).data;
    pages.push(page);
    cursor = page.next_page ?? undefined;
  } while (cursor);
  assert.equal(pages.length, 2);
  fs.writeFileSync(pagesFile, JSON.stringify(pages));

  await withCliSandbox(['--catalog', pagesFile], async (url, stderr) => {
    const c = clientOf({ url, clientId: 'sandbox-demo-client', clientSecret: 'sandbox-demo-secret' });
    try {
      assert.deepEqual(figures(await c.preview(goldOrder as never))[0], [AGENTS, 420, 5040]);
    } finally {
      await c.close();
    }
    await until(() => stderr().includes('catalog from'), 'the CLI to say which catalog it prices from');
    assert.ok(stderr().includes(`catalog from ${pagesFile}: 3 plan(s), 4 price(s)`), stderr());
  });

  const badFile = path.join(dir, 'bad.json');
  fs.writeFileSync(badFile, JSON.stringify({ data: [{ id: 'p', prices: { data: [{ name: 'no id' }] } }] }));
  const bad = spawn(process.execPath, ['dist/cli.js', 'sandbox', '--port', '0', '--catalog', badFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let badErr = '';
  bad.stderr.on('data', d => (badErr += d));
  assert.equal(await within(new Promise(r => bad.on('exit', r)), 20_000, 'the CLI to refuse the catalog'), 2);
  assert.match(badErr, /--catalog .*bad\.json: plans\[0\]\.prices\.data\[0\]\.id: is missing/);
});
