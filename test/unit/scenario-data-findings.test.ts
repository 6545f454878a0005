// The findings of data-driven scenarios, as the editor shows them (readScenario: the same findings the CLI
// prints): a misspelt `expect` key gets "did you mean", a Postman `{{name}}` says what to write instead (an
// error where it is sent as is, a warning in prose), `${data.x}` is checked against the data file's columns.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readScenario, parseDataText, DataFileError } from '../../src/scenarios';

const findings = (scenario: unknown, opts: Parameters<typeof readScenario>[1] = {}) =>
  readScenario(JSON.stringify(scenario, null, 2), opts).findings.map(f => [f.severity, f.code, f.message]);

test('a misspelt expect key gets "did you mean", as a misspelt step kind does', () => {
  const f = findings({
    name: 'typos',
    steps: [
      {
        kind: 'getAccount',
        accountNumber: 'A00000001',
        expect: { stauts: 200, vaules: [{ path: 'name', equlas: 'x' }], totals: [] },
      },
      { kind: 'getAccount', accountNumber: 'A00000001', retry: { untill: { path: 'x', exists: true }, for: '2s' } },
    ],
  });
  const messages = f.map(x => x[2]);
  assert.ok(messages.includes('Unknown field "stauts" in steps[0].expect of a scenario. Did you mean `status`?'));
  assert.ok(messages.includes('Unknown field "vaules" in steps[0].expect of a scenario. Did you mean `values`?'));
  assert.ok(messages.includes('Unknown field "untill" in steps[1].retry of a scenario. Did you mean `until`?'));
  // A key written already is not suggested again; a word far from every key gets no guess.
  const far = findings({ name: 'far', steps: [{ kind: 'getAccount', accountNumber: 'A1', expect: { colour: 1 } }] });
  assert.deepEqual(far, [['error', 'wrong-shape', 'Unknown field "colour" in steps[0].expect of a scenario.']]);
});

test('a key two edits from the one it means (`totla`: a swap and a letter short) gets it too, as `stauts` does', () => {
  const f = findings({
    name: 'two edits',
    steps: [
      { kind: 'preview', body: {}, expect: { totla: [] } },
      { kind: 'getAccount', accountNumber: 'A00000001', expect: { values: [{ path: 'name', eqals: 'x' }] } },
    ],
  });
  const messages = f.map(x => x[2]);
  assert.ok(messages.includes('Unknown field "totla" in steps[0].expect of a scenario. Did you mean `totals`?'));
  assert.ok(
    messages.includes('Unknown field "eqals" in steps[1].expect.values[0] of a scenario. Did you mean `equals`?'),
  );
});

test('a Postman {{name}} left in a body, path, header or read is a finding saying what to write', () => {
  const scenario = {
    name: 'postman',
    steps: [
      {
        kind: 'getAccount',
        name: 'acct',
        accountNumber: '{{acct.account_number}}',
        headers: { 'x-trace': '{{TRACE}}' },
      },
      { kind: 'operation', operation: 'GET /v1/accounts/{account-key}', path: { 'account-key': '{{plan}}' } },
      {
        kind: 'operation',
        operation: 'POST /v1/accounts',
        body: { name: 'Customer {{n}}', notes: 'Write {{name}} in the template', email: '{{user}}@example.com' },
      },
    ],
  };
  const data = { file: 'rows.csv', columns: ['plan'] };
  const messages = findings(scenario, { data, envNames: ['TRACE'] })
    .filter(x => x[1] === 'postman-variable')
    .map(x => `${x[0]}: ${x[2]}`);
  assert.deepEqual(messages, [
    'error: {{acct.account_number}} is Postman\'s syntax: it is sent as the text "{{acct.account_number}}". Write ${acct.account_number}.',
    'error: {{TRACE}} is Postman\'s syntax: it is sent as the text "{{TRACE}}". Write ${env.TRACE} (the environment variable).',
    'error: {{plan}} is Postman\'s syntax: it is sent as the text "{{plan}}". Write ${data.plan} (the data file\'s column "plan").',
    // Words around it: text a person reads, where "{{" may be meant: a warning, never an error (no crying wolf).
    'warning: {{n}} is Postman\'s syntax: it is sent as the text "{{n}}". Write ${n} (a capture or an earlier step\'s answer), ${data.n} (a column of --data) or ${env.n} (an environment variable). If the text is meant as it is, leave it.',
    'warning: {{name}} is Postman\'s syntax: it is sent as the text "{{name}}". Write ${name} (a capture or an earlier step\'s answer), ${data.name} (a column of --data) or ${env.name} (an environment variable). If the text is meant as it is, leave it.',
    'error: {{user}} is Postman\'s syntax: it is sent as the text "{{user}}". Write ${user} (a capture or an earlier step\'s answer), ${data.user} (a column of --data) or ${env.user} (an environment variable).',
  ]);
});

test('a {{name}} in the payload file a step sends is a finding at its "file"', () => {
  const text = JSON.stringify({ name: 'f', steps: [{ kind: 'createAccount', file: 'acct.account.json' }] });
  const payload = { name: 'Acme', currency: '{{currency}}', bill_to: { first_name: 'A', last_name: 'B' } };
  const read = readScenario(text, {
    file: '/p/s.scenario.json',
    projectRoot: '/p',
    readText: () => JSON.stringify(payload),
    data: { file: 'rows.csv', columns: ['currency'] },
  });
  const f = read.findings.filter(x => x.code === 'postman-variable');
  assert.deepEqual(
    f.map(x => [x.severity, x.path, x.message]),
    [
      [
        'error',
        ['steps', 0, 'file'],
        '{{currency}} in the payload file is Postman\'s syntax: it is sent as the text "{{currency}}". Write ${data.currency} (the data file\'s column "currency").',
      ],
    ],
  );
});

test('never cry wolf: {{ in a description, single braces and ${...} are no Postman finding', () => {
  const f = findings({
    name: 'fine {{x}}',
    steps: [
      {
        kind: 'getAccount',
        description: 'reads {{account}} as Postman did',
        accountNumber: 'A00000001',
        headers: { 'x-json': '{"a":1}' },
        expect: { values: [{ path: 'name', equals: '{{literal}}' }] },
      },
    ],
  });
  assert.deepEqual(f, []);
});

test('${data.x} in the editor (no data file): a warning that it runs with test --data; with one, checked', () => {
  const scenario = { name: 'd', steps: [{ kind: 'getAccount', accountNumber: '${data.account}' }] };
  assert.deepEqual(findings(scenario), [
    [
      'warning',
      'data-column',
      '${data.account} reads a column of a data file: it runs with `test --data rows.csv` on the command line, where every row gives a "account".',
    ],
  ]);
  assert.deepEqual(findings(scenario, { data: { file: 'rows.json', columns: ['account'] } }), []);
  const rows = [{ account: 'A1' }, { other: 1 }];
  assert.deepEqual(findings(scenario, { data: { file: 'rows.json', columns: ['account', 'other'], rows } }), [
    ['error', 'data-column', '${data.account}: row 2 of rows.json has no "account"; give every row a "account".'],
  ]);
  // A step cannot be named "data": ${data.x} means the data file.
  const named = findings({ name: 'n', steps: [{ kind: 'getAccount', name: 'data', accountNumber: 'A1' }] });
  assert.equal(named[0][1], 'reserved-name');
});

test('CSV as RFC 4180: quoted commas, doubled quotes, new lines, CRLF, a BOM; every value text', () => {
  const t = parseDataText('\uFEFFa,b\r\n1,"x, ""y"""\r\n"multi\nline",\r\n\r\n', 'r.csv');
  assert.deepEqual(t.columns, ['a', 'b']);
  assert.deepEqual(t.rows, [
    { a: '1', b: 'x, "y"' },
    { a: 'multi\nline', b: '' },
  ]);
  // Lines ended by CR alone, as Excel's "CSV (Macintosh)" writes them (a tryout was told "no rows").
  assert.deepEqual(parseDataText('name,note\rA,b\rB,"c\rd"\r', 'mac.csv').rows, [
    { name: 'A', note: 'b' },
    { name: 'B', note: 'c\nd' },
  ]);
  const error = (text: string) => {
    try {
      parseDataText(text, 'r.csv');
    } catch (e) {
      assert.ok(e instanceof DataFileError);
      return e.message;
    }
    return 'no error';
  };
  assert.equal(error('a,a\n1,2\n'), 'r.csv:1: two columns are named "a": rename one');
  assert.equal(
    error('a,b\n1,2"x"\n'),
    'r.csv:2: a quote inside an unquoted value: quote the whole value ("say ""hi""")',
  );
  assert.equal(
    error('a\n"1"x\n'),
    'r.csv:2: text after a closing quote: quote the whole value, writing a quote inside it as ""',
  );
  assert.equal(error('a,b\n'), 'r.csv: no rows after the header line: add one row per run');
  assert.equal(error(''), 'r.csv: the file is empty: write a header line of column names, then one row per line');
});
