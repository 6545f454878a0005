// `preview` on the command line says what the order bills: an invoices table after the items, `--periods N` for
// how many billing periods are asked for, and `--format json` the service's answer with its documents. v2 is
// checked against a service on loopback that answers as the reference says (billingAnswers.ts), and records
// what it was sent; v1 against the embedded Local sandbox, which answers BillingDocs.
import { test, describe, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import { billingDocumentsOfV2, summarizePreview } from '../../src/client';
import { invoicesTable, previewTable } from '../../src/cli/table';
import { requestFileText, requestTemplates } from '../../src/payloads';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { v2Answer, v2Document, v2Item, SEATS } from './billingAnswers';
import { runCli } from './cli';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-invoices-'));
const write = (name: string, text: string) => {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, text);
  return file;
};

/** A service on loopback: a token, and POST /v2/orders/preview answering `answer`, each body it was sent kept. */
async function service(answer: unknown) {
  const bodies: Record<string, unknown>[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', d => (text += d));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/oauth/token') return res.end(JSON.stringify({ access_token: 'tok', expires_in: 3600 }));
      bodies.push(JSON.parse(text));
      res.statusCode = 201;
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>(r => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, bodies, close: () => new Promise<void>(r => server.close(() => r())) };
}
const creds = { BILLING_CLIENT_ID: 'id', BILLING_CLIENT_SECRET: 'secret' };
/** The lines of stdout after the items table (its blank line). */
const invoiceLines = (stdout: string) => stdout.split('\n\n')[1]?.trimEnd().split('\n') ?? [];

describe('cli preview: v2 billing documents', () => {
  test('asks for billing documents over 3 periods by default, --periods N over N; the table follows the items', async () => {
    const s = await service(v2Answer());
    try {
      const r = await runCli(['preview', 'examples/new-customer.order.json', '--base-url', s.url], creds);
      assert.equal(r.status, 0, r.stderr);
      assert.deepEqual(
        [s.bodies[0].metrics, s.bodies[0].number_of_periods],
        [['delta_metrics', 'billing_documents'], 3],
      );
      const six = await runCli(
        ['preview', 'examples/new-customer.order.json', '--periods', '6', '--base-url', s.url],
        creds,
      );
      assert.equal(six.status, 0, six.stderr);
      assert.equal(s.bodies[1].number_of_periods, 6);
      const zero = await runCli(
        ['preview', 'examples/new-customer.order.json', '--periods', '0', '--base-url', s.url],
        creds,
      );
      assert.deepEqual([s.bodies[2].metrics, 'number_of_periods' in s.bodies[2]], [['delta_metrics'], false]);
      assert.equal(zero.status, 0, zero.stderr);

      const items = r.stdout.split('\n\n')[0].split('\n');
      assert.match(items.at(-1)!, /^total\s+\+350\.00 USD\s+\+4,200\.00 USD$/, 'the items and their totals first');
      const lines = invoiceLines(r.stdout);
      assert.match(lines[0], /^billed\s+type\s+item\s+service period\s+quantity\s+amount$/);
      const rows = lines.slice(2).map(l => l.split(/\s{2,}/));
      assert.deepEqual(rows.slice(0, 3), [
        ['2027-01-01', 'invoice', '350.00 USD'],
        ['', 'Seats (price-team-seats)', '2027-01-01 → 2027-01-31', '10', '250.00 USD'],
        ['', 'Platform fee (price-team-platform)', '2027-01-01 → 2027-01-31', '1', '100.00 USD'],
      ]);
      assert.deepEqual(
        rows.filter(x => x[0]).map(x => x[0]),
        ['2027-01-01', '2027-02-01', '2027-03-01'],
      );
    } finally {
      await s.close();
    }
  });

  test('a file naming its own metrics and periods keeps them; --format json prints the answer with its documents', async () => {
    const s = await service(v2Answer());
    try {
      const preview = JSON.parse(fs.readFileSync('examples/new-customer.preview.json', 'utf8'));
      const file = write(
        'own.preview.json',
        JSON.stringify({ ...preview, metrics: ['billing_documents'], term_end: true }),
      );
      const r = await runCli(['preview', file, '--periods', '6', '--format', 'json', '--base-url', s.url], creds);
      assert.equal(r.status, 0, r.stderr);
      assert.deepEqual(s.bodies[0].metrics, ['billing_documents']);
      assert.deepEqual([s.bodies[0].term_end, 'number_of_periods' in s.bodies[0]], [true, false]);
      assert.deepEqual(JSON.parse(r.stdout), v2Answer(), 'the service answer, documents included');
    } finally {
      await s.close();
    }
  });

  test('asked for and none answered: stdout stays the items table, stderr says so', async () => {
    const { billing_documents: _none, ...answer } = v2Answer();
    const s = await service(answer);
    try {
      const r = await runCli(['preview', 'examples/new-customer.order.json', '--base-url', s.url], creds);
      assert.equal(r.status, 0, r.stderr);
      assert.equal(invoiceLines(r.stdout).length, 0);
      assert.match(r.stderr, /no billing documents in the answer/);
    } finally {
      await s.close();
    }
  });

  test('--periods takes a whole number, 0 or more, on preview only', async () => {
    for (const bad of ['-1', 'three', '2.5', '']) {
      const r = await runCli(['preview', 'examples/new-customer.order.json', `--periods=${bad}`]);
      assert.equal(r.status, 2, bad);
      assert.match(r.stderr, /--periods must be a whole number, 0 or more/);
    }
    const create = await runCli(['create', 'examples/new-customer.order.json', '--periods', '2']);
    assert.equal(create.status, 2);
    assert.match(create.stderr, /--periods is for preview/);
    const help = await runCli(['--help']);
    assert.match(help.stdout, /preview FILE \[--format table\|json\] \[--periods N\]/);
  });
});

describe('the invoices table', () => {
  test('tax on a line of its own, a credit memo by name, no currency known: amounts without a code', () => {
    const taxed = v2Document('invoice', '2027-01-01', [v2Item(SEATS, ['2027-01-01', '2027-01-31'], 250, 17.5)]);
    const credit = v2Document('credit_memo', '2027-01-15', [v2Item(SEATS, ['2027-01-15', '2027-01-31'], 25)]);
    const text = invoicesTable(billingDocumentsOfV2({ billing_documents: [credit, taxed] }, 'USD'));
    const rows = text
      .split('\n')
      .slice(2)
      .map(l => l.split(/\s{2,}/));
    assert.deepEqual(rows, [
      ['2027-01-01', 'invoice', '267.50 USD'],
      ['', 'Seats (price-team-seats)', '2027-01-01 → 2027-01-31', '10', '250.00 USD'],
      ['', 'tax', '17.50 USD'],
      ['2027-01-15', 'credit memo', '25.00 USD'],
      ['', 'Seats (price-team-seats)', '2027-01-15 → 2027-01-31', '10', '25.00 USD'],
    ]);
    const bare = previewTable(v2Answer(), {}, billingDocumentsOfV2(v2Answer()));
    assert.match(bare, /^2027-01-01\s+invoice\s+350\.00$/m);
    assert.equal(previewTable(v2Answer(), {}), previewTable(v2Answer(), {}, []), 'no documents: the items table alone');
    assert.equal(summarizePreview(v2Answer()).totals[0].tcb, 4200);
  });
});

describe('cli preview: v1 invoices on the embedded Local sandbox', () => {
  let sb: Sandbox;
  before(async () => {
    sb = await startSandbox({ today: '2027-01-01' });
  });
  after(() => sb.close());
  const env = () => ({ BILLING_CLIENT_ID: sb.clientId, BILLING_CLIENT_SECRET: sb.clientSecret });
  const order = () => {
    const t = requestTemplates('POST /v1/orders', { today: '2027-01-01' }).find(x =>
      /create subscription/.test(x.label),
    )!;
    return write('order.request.json', requestFileText('POST /v1/orders', {}, {}, t.body));
  };
  /** Item rows of the invoices table that bill the team plan's charges. */
  const billedItems = (stdout: string) => invoiceLines(stdout).filter(l => /^\s+\S.*price-team-/.test(l));

  test('BillingDocs over --periods N: each monthly charge billed N times; 0 asks for none', async () => {
    const file = order();
    const two = await runCli(['preview', file, '--periods', '2', '--base-url', sb.url], env());
    assert.equal(two.status, 0, two.stderr);
    assert.match(invoiceLines(two.stdout)[0], /^billed\s+type/);
    assert.equal(billedItems(two.stdout).length, 2 * 2, 'seats and platform fee, 2 periods');
    const four = await runCli(['preview', file, '--periods', '4', '--base-url', sb.url], env());
    assert.equal(billedItems(four.stdout).length, 2 * 4);
    const none = await runCli(['preview', file, '--periods', '0', '--base-url', sb.url], env());
    assert.equal(none.status, 0, none.stderr);
    assert.deepEqual(invoiceLines(none.stdout), [], 'not asked: no table');
    assert.doesNotMatch(none.stderr, /no billing documents/, 'not asked: nothing missing');
    const json = await runCli(['preview', file, '--periods', '2', '--format', 'json', '--base-url', sb.url], env());
    assert.ok(Array.isArray(JSON.parse(json.stdout).previewResult.invoices), 'the v1 answer, invoices included');
  });

  test('create on a v1 order file says the subscriptions it made (the default version answers their numbers)', async () => {
    const r = await runCli(['create', order(), '--base-url', sb.url], env());
    assert.equal(r.status, 0, r.stderr);
    const [, orderNumber, subscriptions] = /created order (O\d{8}) with (.*)/.exec(r.stdout)!;
    const made = sb.store.orders.get(orderNumber)!.subscriptions as { subscription_number: string }[];
    assert.ok(made.length > 0);
    assert.deepEqual(
      subscriptions.split(', '),
      made.map(x => x.subscription_number),
      'not "with no subscriptions"',
    );
  });

  test('the shipped v1 example names its own previewOptions: kept, whatever --periods says', async () => {
    const a = await runCli(['preview', 'examples/v1/new-and-add.request.json', '--periods', '1']);
    const b = await runCli(['preview', 'examples/v1/new-and-add.request.json']);
    assert.equal(a.status, 0, a.stderr);
    assert.ok(billedItems(a.stdout).length > 0);
    assert.equal(a.stdout, b.stdout, 'its own 3 periods both times');
  });
});
