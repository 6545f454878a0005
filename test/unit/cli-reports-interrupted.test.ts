// An interrupted run (Ctrl+C, exit 4) as CI's report viewers read it: never green. JUnit has an errored testcase
// for the interruption (xml2js), TAP bails out (tap-parser), the HTML and text reports say it; merge-reports,
// which builds every format from the JSON reports, says it the same way. A run that ended says nothing of it.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseStringPromise } from 'xml2js';
import { Parser } from 'tap-parser';
import { junitReport, tapReport, textReport, type ScenarioResult } from '../../src/scenarios';
import { runCli, runCliInterrupted, scratchFolder } from './cli';

const { tmp, write } = scratchFolder('bw-interrupted-');
const getAccount = { kind: 'getAccount', accountNumber: 'A00000001' };
// Retried until a name it never has, for 10 minutes: only the interrupt ends it.
const hangs = { ...getAccount, retry: { until: { path: 'name', equals: 'Never so' }, every: '1s', for: '10m' } };

interface TapSummary {
  ok: boolean;
  bailout: string | boolean;
}
const readTap = (text: string) =>
  new Promise<TapSummary>(resolve => {
    const p = new Parser();
    p.on('complete', resolve);
    p.end(text);
  });

type Junit = {
  testsuites: {
    $: Record<string, string>;
    testsuite: { testcase: { $: { name: string }; error?: { $: { type: string; message: string } }[] }[] }[];
  };
};
const junitErrors = (doc: Junit) =>
  doc.testsuites.testsuite
    .flatMap(s => s.testcase)
    .flatMap(c => (c.error ?? []).map(e => ({ name: c.$.name, ...e.$ })));

/** What a viewer sees of each format of an interrupted run (the files in `dir`). */
async function assertInterrupted(dir: string) {
  const junit = (await parseStringPromise(fs.readFileSync(path.join(dir, 'junit.xml'), 'utf8'))) as Junit;
  assert.equal(junit.testsuites.$.errors, '1', 'the interruption is an error: a JUnit viewer shows the run failed');
  assert.equal(junit.testsuites.$.tests, '4', 'three steps and the interruption');
  const [error] = junitErrors(junit);
  assert.equal(error.type, 'interrupted');
  assert.match(error.name, /interrupted/i);
  assert.match(
    error.message,
    /^INTERRUPTED \(Ctrl\+C or SIGTERM, exit 4\): .*did not pass; 2 scenario\(s\) stopped or not started/,
  );

  const tap = await readTap(fs.readFileSync(path.join(dir, 'report.tap'), 'utf8'));
  assert.equal(tap.ok, false, 'a TAP harness reads the run as not passed');
  assert.match(String(tap.bailout), /^INTERRUPTED \(Ctrl\+C or SIGTERM, exit 4\)/);

  const html = fs.readFileSync(path.join(dir, 'report.html'), 'utf8');
  assert.match(html, /<title>Scenarios: INTERRUPTED: 1 passed, 0 failed, 0 errored<\/title>/);
  assert.match(html, /<section id="summary" class="summary failed">/, 'the summary is not green');
  assert.match(html, /<p class="interrupted" role="alert" style="[^"]*">INTERRUPTED \(Ctrl\+C or SIGTERM, exit 4\)/);

  const text = fs.readFileSync(path.join(dir, 'report.txt'), 'utf8').trimEnd().split('\n');
  assert.match(text.at(-2)!, /^3 scenario\(s\), 3 step\(s\): 1 passed, 0 failed, 0 errored, 2 skipped$/);
  assert.match(text.at(-1)!, /^INTERRUPTED \(Ctrl\+C or SIGTERM, exit 4\)/);
}

const reports = (dir: string) =>
  ['junit=junit.xml', 'tap=report.tap', 'html=report.html', 'text=report.txt', 'json=report.json'].flatMap(r => [
    '--report',
    `${r.split('=')[0]}=${path.join(dir, r.split('=')[1])}`,
  ]);

test('Ctrl+C: JUnit counts an error, TAP bails out, HTML and text say INTERRUPTED; merge-reports says it alike', async () => {
  const suite = path.join(tmp, 'suite');
  write('suite/a-quick.scenario.json', { name: 'Quick', steps: [getAccount] });
  write('suite/b-hangs.scenario.json', { name: 'Hangs', steps: [hangs] });
  write('suite/c-hangs.scenario.json', { name: 'Hangs too', steps: [hangs] });
  const out = path.join(tmp, 'out');
  // Once "Quick" ended: "Hangs" is on its way, "Hangs too" waits.
  const { status, stdout, stderr } = await runCliInterrupted(['test', suite, ...reports(out)], /✓ Quick/);
  assert.equal(status, 4, stdout + stderr);
  assert.match(stdout, /1 passed, 0 failed, 0 errored, 2 skipped\nINTERRUPTED \(Ctrl\+C or SIGTERM, exit 4\)/);
  assert.equal(JSON.parse(fs.readFileSync(path.join(out, 'report.json'), 'utf8')).run.interrupted, true);
  await assertInterrupted(out);

  // merge-reports builds every format from the JSON report: the interruption comes through.
  const merged = path.join(tmp, 'merged');
  const m = await runCli(['merge-reports', path.join(out, 'report.json'), ...reports(merged), '--reporter', 'tap']);
  assert.equal(m.status, 4, m.stderr);
  assert.equal((await readTap(m.stdout)).ok, false);
  await assertInterrupted(merged);
});

test('a run that ended says nothing of an interruption, byte for byte as before', async () => {
  const result: ScenarioResult = {
    name: 'Skipped',
    file: 's.scenario.json',
    outcome: 'skipped',
    ms: 0,
    target: 'Local sandbox',
    error: 'Not run',
    steps: [],
  };
  for (const report of [junitReport, tapReport, textReport]) {
    assert.equal(report([result], { interrupted: false }), report([result]));
    assert.doesNotMatch(report([result]), /interrupted|Bail out/i);
  }
  const tap = await readTap(tapReport([result]));
  assert.equal(tap.ok, true, 'a run that ended with a skipped scenario passes');
});
