// `test --data/--iterations/--bail/--export` as a person runs them: the CLI in its own process, each run on a
// fresh embedded Local sandbox, the reports read back. Every row is a test of its own, named by its values.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseStringPromise } from 'xml2js';
import { runCli, scratchFolder } from './cli';

const { tmp, write: put } = scratchFolder('bw-data-');
const run = (args: string[], env: Record<string, string> = {}) => runCli(['test', ...args], env, { cwd: tmp });

// The demo account is named "Demo Customer": the row whose `expected` says so passes, the others fail.
put('reads.scenario.json', {
  name: 'Reads the demo account',
  steps: [
    {
      kind: 'getAccount',
      accountNumber: '${data.account}',
      capture: { who: '$.name', access_token: '$.account_number' },
      expect: { status: 200, values: [{ path: 'name', equals: '${data.expected}' }] },
    },
  ],
});
// RFC 4180: a quoted comma, a doubled quote, a new line inside quotes, CRLF line ends.
put(
  'rows.csv',
  'account,expected,note\r\nA00000001,Demo Customer,"a, comma"\r\nA00000001,Nobody,"say ""hi"""\r\nA00000001,Demo Customer,"two\r\nlines"\r\n',
);
const NAMES = [
  'Reads the demo account [row 1: account=A00000001, expected=Demo Customer, note="a, comma"]',
  'Reads the demo account [row 2: account=A00000001, expected=Nobody, note=say "hi"]',
  'Reads the demo account [row 3: account=A00000001, expected=Demo Customer, note=two lines]',
];

test('--data rows.csv: one run per row, each a named test in the text, JSON, JUnit, TAP and HTML reports', async () => {
  const r = await run([
    'reads.scenario.json',
    '--data',
    'rows.csv',
    '--report',
    'json=out/report.json',
    '--report',
    'junit=out/junit.xml',
    '--report',
    'tap=out/report.tap',
    '--report',
    'html=out/report.html',
  ]);
  assert.equal(r.status, 1, r.stderr); // row 2 fails
  const json = JSON.parse(fs.readFileSync(path.join(tmp, 'out/report.json'), 'utf8'));
  assert.deepEqual(
    json.scenarios.map((s: { name: string; outcome: string }) => [s.name, s.outcome]),
    [
      [NAMES[0], 'passed'],
      [NAMES[1], 'failed'],
      [NAMES[2], 'passed'],
    ],
  );
  assert.equal(json.scenarios[1].steps[0].failures[0].message, 'expected "Nobody" at name, got "Demo Customer"');
  for (const name of NAMES) assert.ok(r.stdout.includes(name), `text: ${name}`);
  const junit = await parseStringPromise(fs.readFileSync(path.join(tmp, 'out/junit.xml'), 'utf8'));
  const suites = junit.testsuites.testsuite.map((s: { $: { name: string } }) => s.$.name);
  assert.deepEqual(suites, NAMES);
  const tap = fs.readFileSync(path.join(tmp, 'out/report.tap'), 'utf8');
  assert.ok(tap.includes(`not ok 2 - ${NAMES[1]}`), tap);
  const html = fs.readFileSync(path.join(tmp, 'out/report.html'), 'utf8');
  assert.ok(
    html.includes('Reads the demo account [row 2: account=A00000001, expected=Nobody, note=say &quot;hi&quot;]'),
  );
});

test('--data rows.json with --iterations 2: rows x iterations, values as JSON gives them', async () => {
  put('rows.json', JSON.stringify([{ account: 'A00000001', expected: 'Demo Customer', n: 1 }], null, 2));
  const r = await run(['reads.scenario.json', '--data', 'rows.json', '--iterations', '2', '--reporter', 'json']);
  assert.equal(r.status, 0, r.stderr);
  const names = JSON.parse(r.stdout).scenarios.map((s: { name: string }) => s.name);
  assert.deepEqual(names, [
    'Reads the demo account [row 1: account=A00000001, expected=Demo Customer, n=1] (iteration 1/2)',
    'Reads the demo account [row 1: account=A00000001, expected=Demo Customer, n=1] (iteration 2/2)',
  ]);
});

test('a secret-named column: its values masked in the names and everywhere the run shows them', async () => {
  put('secret.json', JSON.stringify([{ account: 'A00000001', expected: 'Demo Customer', password: 'hunter2-xyz' }]));
  put('secret.scenario.json', {
    name: 'Secret',
    steps: [{ kind: 'getAccount', accountNumber: '${data.password}', expect: { status: 404 } }],
  });
  const r = await run(['secret.scenario.json', '--data', 'secret.json', '--reporter', 'json']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(
    JSON.parse(r.stdout).scenarios[0].name,
    'Secret [row 1: account=A00000001, expected=Demo Customer, password=***]',
  );
  const step = JSON.parse(r.stdout).scenarios[0].steps[0];
  assert.match(step.exchange.url, /\/v2\/accounts\/\*\*\*$/, 'the value sent is masked in the report');
  assert.ok(!r.stdout.includes('hunter2-xyz') && !r.stderr.includes('hunter2-xyz'));
});

test('a secret field given as a number in a JSON data file is masked as its text is', async () => {
  put('secret-number.json', JSON.stringify([{ password: 98765, plan: 'gold' }]));
  put('secret-number.scenario.json', {
    name: 'N',
    steps: [{ kind: 'getAccount', accountNumber: '${data.password}', expect: { status: 404 } }],
  });
  const r = await run(['secret-number.scenario.json', '--data', 'secret-number.json', '--reporter', 'json']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).scenarios[0].name, 'N [row 1: password=***, plan=gold]');
  assert.ok(!r.stdout.includes('98765') && !r.stderr.includes('98765'), 'the number is nowhere');
});

test('a column named as a secret variable is (GITHUB_TOKEN, db_pass, license_key): masked as --dotenv names are', async () => {
  // `${data.GITHUB_TOKEN}` is used as `${env.GITHUB_TOKEN}` is: the same words make both secret (test --help).
  const row = { GITHUB_TOKEN: 'ghp-value-1a2b3c', db_pass: 'pass-value-4d5e', license_key: 'lic-value-6f7a' };
  put('secret-vars.csv', `${Object.keys(row).join(',')}\n${Object.values(row).join(',')}\n`);
  put('secret-vars.scenario.json', {
    name: 'Vars',
    steps: [
      {
        kind: 'getAccount',
        accountNumber: '${data.GITHUB_TOKEN}-${data.db_pass}-${data.license_key}',
        expect: { status: 404 },
      },
    ],
  });
  const reports = path.join(tmp, 'secret-vars-reports');
  fs.mkdirSync(reports);
  const args = ['secret-vars.scenario.json', '--data', 'secret-vars.csv', '--reporter', 'json'];
  const formats = ['junit', 'tap', 'html', 'text'].flatMap(f => ['--report', `${f}=${path.join(reports, f)}.out`]);
  const r = await run([...args, ...formats, '--export', path.join(reports, 'export.json')]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).scenarios[0].name, 'Vars [row 1: GITHUB_TOKEN=***, db_pass=***, license_key=***]');
  const everything = [
    r.stdout,
    r.stderr,
    ...fs.readdirSync(reports).map(f => fs.readFileSync(path.join(reports, f), 'utf8')),
  ];
  for (const value of Object.values(row)) assert.ok(!everything.some(t => t.includes(value)), value);
  // Those words are in ordinary columns too: a short value is masked in its label, not in every text of the run.
  put('short.csv', 'passenger_title,name\nDemo,Demo Customer\n');
  put('short.scenario.json', {
    name: 'Short',
    steps: [
      {
        kind: 'getAccount',
        accountNumber: 'A00000001',
        expect: { values: [{ path: 'name', equals: '${data.name}' }] },
      },
    ],
  });
  const short = await run(['short.scenario.json', '--data', 'short.csv', '--reporter', 'json']);
  assert.equal(short.status, 0, short.stderr);
  const [scenario] = JSON.parse(short.stdout).scenarios;
  assert.equal(scenario.name, 'Short [row 1: passenger_title=***, name=Demo Customer]');
  assert.match(JSON.stringify(scenario.steps[0].exchange.answer), /"Demo Customer"/, 'no "Demo" masked in the answer');
});

test('--iterations 3 without --data: three named tests', async () => {
  const plain = put('plain.scenario.json', {
    name: 'Plain',
    steps: [{ kind: 'getAccount', accountNumber: 'A00000001', expect: { status: 200 } }],
  });
  const r = await run([path.basename(plain), '--iterations', '3', '--reporter', 'json']);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(
    JSON.parse(r.stdout).scenarios.map((s: { name: string }) => s.name),
    ['Plain (iteration 1/3)', 'Plain (iteration 2/3)', 'Plain (iteration 3/3)'],
  );
  const bad = await run([path.basename(plain), '--iterations', '0']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--iterations takes a whole number from 1 to 10000/);
});

test('a bad data file is exit 2 naming the file and the line; nothing runs', async () => {
  put('wide.csv', 'account,expected\nA00000001,"Demo\nCustomer"\nA00000001,Nobody,extra\n');
  put('open.csv', 'account,expected\nA00000001,"Demo Customer\n');
  put('rows.txt', 'account\nA00000001\n');
  put('object.json', '{ "account": "A00000001" }');
  put('mixed.json', '[\n  { "account": "A00000001" },\n  "A00000002"\n]');
  const cases: [string, RegExp][] = [
    ['wide.csv', /--data wide\.csv:4: this row has 3 values but the header line has 2 columns \(account, expected\)/],
    ['open.csv', /--data open\.csv:2: a quoted value is never closed/],
    ['rows.txt', /--data rows\.txt: --data takes a \.csv file .* or a \.json file/],
    ['object.json', /--data object\.json:1: write an array of objects, one per run/],
    ['mixed.json', /--data mixed\.json:3: row 2 is not an object/],
    ['missing.csv', /--data missing\.csv: no such file/],
  ];
  for (const [file, message] of cases) {
    const r = await run(['reads.scenario.json', '--data', file]);
    assert.equal(r.status, 2, file);
    assert.match(r.stderr, message, file);
    assert.doesNotMatch(r.stderr, /usage:/, 'a hint, not the whole usage');
    assert.equal(r.stdout, '', `${file}: nothing ran`);
  }
});

test('${data.x} the data file lacks: a finding with the nearest column before anything runs; none without --data', async () => {
  put('typo.scenario.json', {
    name: 'Typo',
    steps: [{ kind: 'getAccount', accountNumber: '${data.acount}' }],
  });
  const r = await run(['typo.scenario.json', '--data', 'rows.csv']);
  assert.equal(r.status, 2);
  assert.match(
    r.stderr,
    /typo\.scenario\.json:\d+:\d+: error \$\{data\.acount\}: rows\.csv has no column "acount"\. Did you mean `\$\{data\.account\}`\? Its columns: account, expected, note\. \[data-column\]/,
  );
  const without = await run(['typo.scenario.json']);
  assert.equal(without.status, 2);
  assert.match(without.stderr, /\$\{data\.acount\}: this run has no data file: pass --data rows\.csv/);
});

test('--bail stops at the first failure: the runs not started are skipped saying why, exit 1', async () => {
  put('bail/a.scenario.json', {
    name: 'A fails',
    steps: [{ kind: 'getAccount', accountNumber: 'A00000001', expect: { values: [{ path: 'name', equals: 'X' }] } }],
  });
  put('bail/b.scenario.json', {
    name: 'B passes',
    steps: [{ kind: 'getAccount', accountNumber: 'A00000001', expect: { status: 200 } }],
  });
  const r = await run(['bail', '--bail', '--reporter', 'json', '--report', 'junit=bail.xml']);
  assert.equal(r.status, 1, r.stderr);
  const scenarios = JSON.parse(r.stdout).scenarios;
  assert.deepEqual(
    scenarios.map((s: { name: string; outcome: string }) => [s.name, s.outcome]),
    [
      ['A fails', 'failed'],
      ['B passes', 'skipped'],
    ],
  );
  assert.equal(scenarios[1].error, 'Not run: the run stopped at the first failure ("A fails" failed).');
  const junit = await parseStringPromise(fs.readFileSync(path.join(tmp, 'bail.xml'), 'utf8'));
  assert.equal(junit.testsuites.$.skipped, '1');
  // Without --bail both run.
  const all = await run(['bail', '--reporter', 'json']);
  assert.deepEqual(
    JSON.parse(all.stdout).scenarios.map((s: { outcome: string }) => s.outcome),
    ['failed', 'passed'],
  );
  // With --data: the rows after the failing one are skipped.
  const rows = await run(['reads.scenario.json', '--data', 'rows.csv', '--bail', '--reporter', 'json']);
  assert.equal(rows.status, 1);
  assert.deepEqual(
    JSON.parse(rows.stdout).scenarios.map((s: { outcome: string }) => s.outcome),
    ['passed', 'failed', 'skipped'],
  );
});

test('--export writes the captures of each run as JSON, a captured secret masked; a missing folder is exit 2 before the run', async () => {
  const r = await run(['reads.scenario.json', '--data', 'rows.csv', '--export', 'captures.json'], {
    CUSTOMER_SECRET: 'Demo Customer', // a secret of the run's environment, which the answer echoes
  });
  assert.equal(r.status, 1, r.stderr);
  const exported = JSON.parse(fs.readFileSync(path.join(tmp, 'captures.json'), 'utf8'));
  assert.deepEqual(exported.runs[0], {
    name: 'Reads the demo account [row 1: account=A00000001, expected=***, note="a, comma"]',
    file: 'reads.scenario.json',
    row: 1,
    outcome: 'passed',
    captures: { who: '***', access_token: '***' }, // the env's secret value; a secret-named capture
  });
  assert.equal(exported.runs.length, 3);
  assert.deepEqual(
    fs.readdirSync(tmp).filter(f => f.includes('captures')),
    ['captures.json'],
    'no temporary file left',
  );
  await run(['reads.scenario.json', '--data', 'rows.csv', '--export', 'plain.json']);
  assert.equal(JSON.parse(fs.readFileSync(path.join(tmp, 'plain.json'), 'utf8')).runs[0].captures.who, 'Demo Customer');

  const bad = await run(['reads.scenario.json', '--data', 'rows.csv', '--export', 'no/such/folder/c.json']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--export no\/such\/folder\/c\.json: the folder .*no\/such\/folder does not exist/);
  assert.equal(bad.stdout, '', 'nothing ran');
});

// A tryout: `${data.mrr}` in `totals` was refused as "expected number" (so was `${data.total}` in `invoices`; the
// check of a number given as text is in scenario-invoices.test.ts).
test('--data: the expected totals of a preview come from the row (JSON numbers, or CSV text)', async () => {
  put('priced.scenario.json', {
    name: 'Quote',
    steps: [
      {
        kind: 'preview',
        file: 'quote.order.json',
        expect: { totals: [{ currency: 'USD', mrr: '${data.mrr}', tcb: '${data.tcb}' }] },
      },
    ],
  });
  put('quote.order.json', fs.readFileSync('examples/new-customer.order.json', 'utf8'));
  put('prices.json', [
    { name: 'right', mrr: 350, tcb: 4200 },
    { name: 'wrong', mrr: 351, tcb: 4200 },
  ]);
  put('prices.csv', 'name,mrr,tcb\nright,350.00,4200\nwrong,350,4199.99\n');
  for (const data of ['prices.json', 'prices.csv']) {
    const r = await run(['priced.scenario.json', '--data', data, '--reporter', 'json']);
    assert.equal(r.status, 1, `${data}: ${r.stderr}`);
    const runs = JSON.parse(r.stdout).scenarios as { outcome: string; steps: { failures: { message: string }[] }[] }[];
    assert.deepEqual(
      runs.map(s => s.outcome),
      ['passed', 'failed'],
      data,
    );
    const [failure] = runs[1].steps[0].failures;
    const says = data === 'prices.json' ? /MRR 351 USD, got 350$/ : /TCB 4199\.99 USD, got 4200$/;
    assert.match(failure.message, says);
  }
  // A literal text is still no amount: only a reference may stand for one.
  put('literal.scenario.json', {
    name: 'Literal',
    steps: [{ kind: 'preview', file: 'quote.order.json', expect: { totals: [{ currency: 'USD', mrr: '350' }] } }],
  });
  const literal = await run(['literal.scenario.json']);
  assert.equal(literal.status, 2);
  assert.match(literal.stderr, /steps\[0\]\.expect\.totals\[0\]\.mrr/);
});
