// `node dist/cli.js test` as CI runs it: a subprocess, its exit code, its JUnit XML read back.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { elements, parseXml } from './xml';
import { runCli } from './cli';
import { plainService } from './plainService';
import { suiteSandbox } from './suiteSandbox';

const run = (args: string[], env: Record<string, string> = {}) => runCli(['test', ...args], env);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-scenarios-'));
const write = (name: string, value: unknown) => {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return file;
};
/** A check that fails, with characters XML must escape in both the expected and the actual value. */
const failing = write('failing.scenario.json', {
  name: 'Fails <on purpose> & "says so"',
  steps: [
    { kind: 'getAccount', name: 'demo', accountNumber: 'A00000001' },
    {
      kind: 'getAccount',
      accountNumber: '${demo.account_number}',
      expect: { values: [{ path: 'name', equals: 'Ünïcode <&> "x"' }] },
    },
  ],
});
const reading = write('reading.scenario.json', {
  name: 'Reads',
  steps: [
    { kind: 'getAccount', accountNumber: 'A00000001', expect: { status: 200 } },
    { kind: 'getAccount', accountNumber: 'A99999999', expect: { status: 404 } },
  ],
});

const sandbox = suiteSandbox(tmp);

describe('node dist/cli.js test', () => {
  test('the examples pass on the embedded sandbox: exit 0, valid JUnit with one testcase per step', async () => {
    const junitFile = path.join(tmp, 'examples.xml');
    const r = await run(['examples/scenarios', '--reporter', 'junit', '--junit-file', junitFile]);
    assert.equal(r.status, 0, r.stderr);
    const xml = parseXml(r.stdout);
    assert.equal(xml.name, 'testsuites');
    const suites = elements(xml, 'testsuite');
    const steps = suites.map(s => elements(s, 'testcase').length);
    assert.equal(suites.length, 7);
    assert.deepEqual(
      suites.map(s => Number(s.attrs.tests)),
      steps,
    );
    assert.equal(
      Number(xml.attrs.tests),
      steps.reduce((a, b) => a + b),
    );
    assert.equal(elements(xml, 'failure').length + elements(xml, 'error').length, 0);
    assert.equal(fs.readFileSync(junitFile, 'utf8'), r.stdout.replace(/\n$/, ''));
    assert.match(r.stderr, /7 scenario\(s\), \d+ step\(s\): \d+ passed, 0 failed/);
  });

  test('a failing check: exit 1; the failure carries expected and actual, escaped, and the text report says where', async () => {
    const junitFile = path.join(tmp, 'failing.xml');
    const r = await run([failing, '--junit-file', junitFile]);
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stdout, /✗ 2\. step 2 \(getAccount\)/);
    assert.match(
      r.stdout,
      /expected "Ünïcode <&> \\"x\\"" at name, got "Demo Customer" {2}\[steps\[1\]\.expect\.values\[0\]\.equals\]/,
    );
    const xml = parseXml(fs.readFileSync(junitFile, 'utf8'));
    const [suite] = elements(xml, 'testsuite');
    assert.equal(suite.attrs.name, 'Fails <on purpose> & "says so"');
    const cases = elements(suite, 'testcase');
    assert.deepEqual(
      cases.map(c => [c.attrs.name, elements(c, 'failure').length]),
      [
        ['1. demo (getAccount)', 0],
        ['2. step 2 (getAccount)', 1],
      ],
    );
    const [failure] = elements(cases[1], 'failure');
    assert.equal(failure.attrs.message, 'expected "Ünïcode <&> \\"x\\"" at name, got "Demo Customer"');
    assert.match(failure.text, /expected: "Ünïcode <&> \\"x\\""\nactual: "Demo Customer"/);
    assert.equal(xml.attrs.failures, '1');
  });

  test('usage and input errors exit 2: a bad reporter, a missing path, a scenario with findings, not a scenario file', async () => {
    const reporter = await run([reading, '--reporter', 'xml']);
    assert.equal(reporter.status, 2);
    assert.match(reporter.stderr, /--reporter must be text, junit, json, tap, html, not "xml"/);
    const missing = await run([path.join(tmp, 'nowhere')]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /nowhere: no such file/);
    const broken = write('broken.scenario.json', {
      name: 'x',
      steps: [{ kind: 'getOrder', orderNumber: '${later.order_number}' }],
    });
    const findings = await run([broken]);
    assert.equal(findings.status, 2);
    assert.match(findings.stderr, /broken\.scenario\.json:6:\d+: error .*no step is named "later"\. \[unknown-step\]/);
    // The report on stdout says why nothing ran (`--reporter json > shard.json` was an empty file).
    for (const reporter of ['json', 'junit', 'tap', 'html', 'text']) {
      const shown = await run([broken, reading, '--reporter', reporter]);
      assert.equal(shown.status, 2, reporter);
      assert.match(shown.stdout, /no step is named|1 errored/, reporter);
      if (reporter === 'json') {
        const outcomes = JSON.parse(shown.stdout).scenarios.map((x: { outcome: string }) => x.outcome);
        assert.deepEqual(outcomes.sort(), ['errored', 'skipped']);
      }
    }
    const other = await run(['examples/new-customer.order.json']);
    assert.equal(other.status, 2);
    assert.match(other.stderr, /not a scenario file/);
  });

  test('--base-url of a service that is not a Local sandbox: reads run; writes need --yes; --reporter json', async () => {
    const plain = await plainService(sandbox().url); // on loopback, but it does not say it is a Local sandbox
    try {
      const env = { BILLING_CLIENT_ID: sandbox().clientId, BILLING_CLIENT_SECRET: sandbox().clientSecret };
      const reads = await run([reading, '--base-url', plain.url, '--reporter', 'json'], env);
      assert.equal(reads.status, 0, reads.stderr);
      const report = JSON.parse(reads.stdout);
      assert.equal(report.scenarios[0].target, plain.url);
      assert.equal(report.tests, 2);
      assert.deepEqual(
        report.scenarios[0].steps.map((s: { outcome: string }) => s.outcome),
        ['passed', 'passed'],
        'an expected 404 from the client of the CLI passes',
      );
      const before = sandbox().store.accounts.size;
      const refused = await run(['examples/scenarios', '--base-url', plain.url], env);
      assert.equal(refused.status, 2);
      assert.match(refused.stderr, /"Change plans, then cancel", ".+" write to http:\/\/127\.0\.0\.1:\d+; pass --yes/);
      assert.equal(sandbox().store.accounts.size, before, 'nothing was written');
      const allowed = await run(
        ['examples/scenarios/pause-then-resume.scenario.json', '--base-url', plain.url, '--yes'],
        env,
      );
      assert.equal(allowed.status, 0, allowed.stdout + allowed.stderr);
      assert.equal(sandbox().store.accounts.size, before + 1);
      assert.ok(!(allowed.stdout + allowed.stderr).includes(sandbox().clientSecret));
    } finally {
      await plain.close();
    }
  });
});

test('the XML reader used above refuses what is not well-formed', () => {
  for (const bad of ['<a>&</a>', '<a><b></a></b>', '<a x="1" x="2"/>', '<a>1</a><b/>', '<a x=1/>', '<a><</a>', '<a>']) {
    assert.throws(() => parseXml(bad), Error, bad);
  }
  assert.equal(parseXml('<?xml version="1.0"?>\n<a t="&lt;&#10;&quot;">x &amp; y</a>').attrs.t, '<\n"');
});
