import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TEMPLATES, templateText } from '../../src/schemas';

const CLI = path.resolve('dist/cli.js');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-cli-'));
const write = (name: string, text: string) => {
  const f = path.join(dir, name);
  fs.writeFileSync(f, text);
  return f;
};
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });

describe('node dist/cli.js validate', () => {
  const good = write('good.order.json', templateText(TEMPLATES[0]));
  const bad = write(
    'bad.order.json',
    '{\n  "account_data": {\n    "name": "A",\n    "currency": "USD",\n    "bill_to": { "first_name": "F" }\n  },\n  "subscriptions": []\n}\n',
  );

  test('exit 0 for clean files', () => {
    const r = run('validate', good);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, '');
  });

  test('JSON output: files, kind, findings with code, severity, category, path, 1-based line and column', () => {
    const r = run('validate', '--format', 'json', good, bad);
    assert.equal(r.status, 1);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(
      out.files.map((f: { kind: string }) => f.kind),
      ['order', 'order'],
    );
    const f = out.files[1].findings.find((x: { code: string }) => x.code === 'missing-field');
    assert.deepEqual(
      { ...f, message: undefined },
      {
        code: 'missing-field',
        severity: 'error',
        category: 22,
        path: 'account_data.bill_to.last_name',
        line: 5,
        column: 5,
        message: undefined,
      },
    );
  });

  test('text output in file:line:col: severity message [code] form', () => {
    const r = run('validate', bad);
    assert.equal(r.status, 1);
    assert.match(
      r.stdout,
      new RegExp(
        `^${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:5:5: error "last_name" is required in account_data\\.bill_to\\. \\(account_data\\.bill_to\\.last_name\\) \\[missing-field\\]$`,
        'm',
      ),
    );
  });

  test('findings are listed in the order of the text, whatever found them first', () => {
    const order = JSON.parse(templateText(TEMPLATES[0]));
    order.order_date = '2027-02-30'; // near the top: a rule's finding
    order.subscriptions[0].start_on.contract_effective = '2027-13-01'; // further down
    order.subscriptions[0].colour = 'red'; // the schema's, at the end of the subscription
    const file = write('three.order.json', JSON.stringify(order, null, 2));
    const out = JSON.parse(run('validate', '--format', 'json', file).stdout);
    const places = out.files[0].findings.map((f: { line: number; column: number }) => [f.line, f.column]);
    assert.ok(places.length >= 3, JSON.stringify(out));
    const sorted = [...places].sort((a: number[], b: number[]) => a[0] - b[0] || a[1] - b[1]);
    assert.deepEqual(places, sorted);
  });

  test('--kind overrides the name; a name without a kind and a missing file are usage errors (2)', () => {
    const plain = write(
      'plain.json',
      JSON.stringify({ metrics: ['delta_metrics'], account_number: 'A1', line_items: [{ name: 'x', type: 'fee' }] }),
    );
    assert.equal(run('validate', '--kind', 'preview', plain).status, 0);
    assert.equal(run('validate', '--kind', 'order', plain).status, 1);
    const r = run('validate', plain);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /pass --kind/);
    assert.equal(run('validate', path.join(dir, 'nope.order.json')).status, 2);
    assert.equal(run('validate', '--format', 'xml', good).status, 2);
    assert.equal(run('validate').status, 2);
    assert.equal(run('validate', '--bogus', good).status, 2);
  });

  test('a scenario file: validate says it is run, and checked, with `test`', () => {
    const scenario = write('x.scenario.json', JSON.stringify({ name: 'x', steps: [] }));
    const r = run('validate', scenario);
    assert.equal(r.status, 2);
    assert.ok(
      r.stderr.includes(
        `${scenario} is a scenario file: validate checks payload files. Run it with \`billing-workbench test ${scenario}\`, which checks it first`,
      ),
      r.stderr,
    );
    assert.doesNotMatch(r.stderr, /name it \*\.order\.json/);
  });

  test('the build writes JSON Schemas generated from zod, with spec descriptions', () => {
    const schema = JSON.parse(fs.readFileSync('dist/schemas/order.schema.json', 'utf8'));
    const account = schema.properties.account_data;
    assert.ok(account.properties.bill_to, 'bill_to completion');
    // Completion and hover only: the validator reports mistakes, so nothing here can fail a value.
    assert.equal(account.required, undefined);
    assert.equal(account.additionalProperties, undefined);
    assert.match(account.properties.bill_cycle_day.description, /0-31/);
    assert.deepEqual(schema.properties.line_items.items.properties.type.examples, ['product', 'fee', 'services']);
    assert.equal(execFileSync(process.execPath, [CLI, 'help'], { encoding: 'utf8' }).includes('validate'), true);
  });
});
