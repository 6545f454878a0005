// An interrupted run (Ctrl+C, exit 4) as CI's report viewers read it: never green. JUnit has an errored testcase
// for the interruption (xml2js), TAP bails out (tap-parser), the HTML and text reports say it; merge-reports,
// which builds every format from the JSON reports, says it the same way. A run that ended says nothing of it.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseStringPromise } from 'xml2js';
import { Parser } from 'tap-parser';
import {
  htmlReport,
  jsonReport,
  junitReport,
  tapReport,
  textReport,
  type ScenarioResult,
  type StepResult,
} from '../../src/scenarios';
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

interface Counts {
  passed?: number;
  failed?: number;
  errored?: number;
  skipped?: number;
}
/** "2 passed, 0 failed, 0 errored, 6 skipped" (in any order, any words between): a count a word misses is absent. */
const countsIn = (line: string): Counts =>
  Object.fromEntries(
    (['passed', 'failed', 'errored', 'skipped'] as const).flatMap(w => {
      const m = new RegExp(`(\\d+) ${w}\\b`).exec(line);
      return m ? [[w, Number(m[1])]] : [];
    }),
  );
const reportLines = {
  text: 'report.txt',
  html: 'report.html',
  tap: 'report.tap',
  junit: 'junit.xml',
  json: 'report.json',
};
type Written = Record<keyof typeof reportLines, string>;

/** The counts of one run as each format's reader sees them: every place a format shows counts, by name. */
async function countsOfEveryFormat(w: Written): Promise<Record<string, Counts>> {
  const text = w.text.trimEnd().split('\n');
  const summary = text.at(/^INTERRUPTED/.test(text.at(-1)!) ? -2 : -1)!;
  const title = /<title>Scenarios: (.*)<\/title>/.exec(w.html)?.[1] ?? '';
  const heading = (/<p class="counts">(.*)<\/p>/.exec(w.html)?.[1] ?? '').replace(/<[^>]+>/g, '');
  const line = /<section id="summary"[^]*?\n<p>(\d+ scenario.*)<\/p>/.exec(w.html)?.[1] ?? '';
  // TAP as a harness counts it: the test points of the subtests (the steps), by outcome and directive.
  const points = w.tap.split('\n');
  const tap: Required<Counts> = { passed: 0, failed: 0, errored: 0, skipped: 0 };
  points.forEach((l, i) => {
    if (/^ {4}ok \d+ .*# SKIP /.test(l)) tap.skipped++;
    else if (/^ {4}ok \d+ /.test(l)) tap.passed++;
    else if (/^ {4}not ok \d+ /.test(l)) {
      if (/severity: "error"/.test(points.slice(i + 1, i + 4).join('\n'))) tap.errored++;
      else tap.failed++;
    }
  });
  const junit = ((await parseStringPromise(w.junit)) as Junit).testsuites.$;
  const stop = junitErrors((await parseStringPromise(w.junit)) as Junit).some(e => e.type === 'interrupted') ? 1 : 0;
  const [tests, failures, errors, skips] = ['tests', 'failures', 'errors', 'skipped'].map(k => Number(junit[k]));
  const json = JSON.parse(w.json) as { tests: number; failures: number; errors: number; skipped: number };
  return {
    text: countsIn(summary),
    'html title': countsIn(title),
    'html heading': countsIn(heading),
    'html summary': countsIn(line),
    tap,
    // the interruption is a testcase of its own, errored: not a step of the run
    junit: { passed: tests - failures - errors - skips, failed: failures, errored: errors - stop, skipped: skips },
    json: {
      passed: json.tests - json.failures - json.errors - json.skipped,
      failed: json.failures,
      errored: json.errors,
      skipped: json.skipped,
    },
  };
}

/** Every format says the counts the text report says (and those are `expected`). */
async function assertCountsAgree(w: Written, expected: Counts) {
  const all = await countsOfEveryFormat(w);
  assert.deepEqual(all.text, expected, 'the text summary');
  for (const [format, counts] of Object.entries(all))
    assert.deepEqual(counts, all.text, `${format} says the text's counts`);
}

const written = (dir: string): Written =>
  Object.fromEntries(
    Object.entries(reportLines).map(([k, f]) => [k, fs.readFileSync(path.join(dir, f), 'utf8')]),
  ) as Written;

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
  assert.match(
    html,
    /<title>Scenarios: INTERRUPTED: 3 scenario\(s\), 3 step\(s\): 1 passed, 0 failed, 0 errored, 2 skipped<\/title>/,
  );
  assert.match(html, /<section id="summary" class="summary failed">/, 'the summary is not green');
  assert.match(html, /<p class="interrupted" role="alert" style="[^"]*">INTERRUPTED \(Ctrl\+C or SIGTERM, exit 4\)/);

  const text = fs.readFileSync(path.join(dir, 'report.txt'), 'utf8').trimEnd().split('\n');
  assert.match(text.at(-2)!, /^3 scenario\(s\), 3 step\(s\): 1 passed, 0 failed, 0 errored, 2 skipped$/);
  assert.match(text.at(-1)!, /^INTERRUPTED \(Ctrl\+C or SIGTERM, exit 4\)/);

  await assertCountsAgree(written(dir), { passed: 1, failed: 0, errored: 0, skipped: 2 });
  // The scenario in flight says why it was skipped, as the one not started does (and the text report's steps).
  const tapText = fs.readFileSync(path.join(dir, 'report.tap'), 'utf8');
  assert.match(tapText, /^ok 2 - Hangs \(.*\) # SKIP Cancelled\.$/m);
  assert.match(tapText, /^ok 3 - Hangs too \(.*\) # SKIP Cancelled\.$/m);
  assert.doesNotMatch(tapText, /# SKIP skipped/);
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

test('Ctrl+C or SIGTERM on `--jobs 2`: every format counts as the text report, the scenarios in flight say Cancelled', async () => {
  const suite = path.join(tmp, 'jobs');
  write('jobs/a-quick.scenario.json', { name: 'Quick', steps: [getAccount] });
  write('jobs/b-hangs.scenario.json', { name: 'Hangs', steps: [hangs] });
  write('jobs/c-hangs.scenario.json', { name: 'Hangs too', steps: [hangs] });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    const out = path.join(tmp, `jobs-${signal}`);
    const args = ['test', suite, '--jobs', '2', ...reports(out)];
    const { status, stdout, stderr } = await runCliInterrupted(args, /✓ Quick/, signal);
    assert.equal(status, 4, stdout + stderr);
    await assertInterrupted(out);
  }
});

test('the reports of one interrupted run count alike in every format, and TAP says why each scenario was skipped', async () => {
  const step = (index: number, outcome: StepResult['outcome'], more: Partial<StepResult> = {}): StepResult => ({
    index,
    label: `step ${index + 1}`,
    kind: 'getAccount',
    outcome,
    ms: 5,
    tries: 1,
    path: ['steps', index],
    failures: [],
    ...more,
  });
  const cancelled = { error: 'Cancelled.' };
  const base = { ms: 10, target: 'Local sandbox' };
  const results: ScenarioResult[] = [
    {
      ...base,
      name: 'Quick',
      file: 'a.scenario.json',
      outcome: 'passed',
      steps: [step(0, 'passed'), step(1, 'passed')],
    },
    {
      ...base,
      name: 'Fails',
      file: 'b.scenario.json',
      outcome: 'failed',
      steps: [
        step(0, 'passed'),
        step(1, 'failed', {
          failures: [{ check: 'status', message: 'expected 200', path: ['status'], expected: 200, actual: 404 }],
        }),
      ],
    },
    { ...base, name: 'Broken', file: 'c.scenario.json', outcome: 'errored', steps: [], error: 'Not run: no steps.' },
    // In flight when the interrupt came: its own result, no reason of its own; its steps say Cancelled.
    {
      ...base,
      name: 'In flight',
      file: 'd.scenario.json',
      outcome: 'skipped',
      steps: [step(0, 'passed'), step(1, 'skipped', cancelled), step(2, 'skipped', cancelled)],
    },
    // Not started: skipped as a whole, saying why.
    {
      ...base,
      name: 'Not started',
      file: 'e.scenario.json',
      outcome: 'skipped',
      ms: 0,
      ...cancelled,
      steps: [step(0, 'skipped', cancelled), step(1, 'skipped', cancelled), step(2, 'skipped', cancelled)],
    },
  ];
  const run = { interrupted: true };
  const meta = { target: 'Local sandbox', date: '2026-11-28T04:00:00.000Z', ms: 50, ...run };
  const w: Written = {
    text: textReport(results, run),
    html: htmlReport(results, meta),
    tap: tapReport(results, run),
    junit: junitReport(results, run),
    json: jsonReport(results, meta),
  };
  // Scenarios: 1 passed, 1 failed, 1 errored, 2 skipped; steps (what every format counts): 4, 1, 1, 5.
  await assertCountsAgree(w, { passed: 4, failed: 1, errored: 1, skipped: 5 });
  assert.match(w.tap, /^ok 4 - In flight \(d\.scenario\.json\) # SKIP Cancelled\.$/m);
  assert.match(w.tap, /^ok 5 - Not started \(e\.scenario\.json\) # SKIP Cancelled\.$/m);
  // A run that ended counts alike too.
  const ended = results.filter(r => r.outcome !== 'skipped');
  const done = { ...meta, interrupted: false };
  const e: Written = {
    text: textReport(ended),
    html: htmlReport(ended, done),
    tap: tapReport(ended),
    junit: junitReport(ended),
    json: jsonReport(ended, done),
  };
  await assertCountsAgree(e, { passed: 3, failed: 1, errored: 1, skipped: 0 });
});

// A second signal exits at once, as the signal would have ended the CLI (130, 143), never with the 4 that promises
// the reports; a report is written whole or not at all (under a name of its own, then renamed), so one written
// before stays as it was. The second signal goes right after the first, or when the first is heard: wherever it
// lands, both hold.
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  for (const when of ['right after the first', 'when the first is heard'] as const) {
    test(`${signal} twice, ${when}: exit ${code} or, once the reports are written, 4; none cut short`, async () => {
      const name = `twice-${signal}-${when.split(' ').at(-1)}`;
      write(`${name}/a-quick.scenario.json`, { name: 'Quick', steps: [getAccount] });
      write(`${name}/b-hangs.scenario.json`, { name: 'Hangs', steps: [hangs] });
      const out = path.join(tmp, `${name}-out`);
      fs.mkdirSync(out, { recursive: true });
      for (const f of Object.values(reportLines)) fs.writeFileSync(path.join(out, f), 'an earlier run\n');
      let sent = 0;
      const r = await runCli(
        ['test', path.join(tmp, name), ...reports(out)],
        {},
        {
          onStdout: (stdout, child) => {
            if (sent || !/✓ Quick/.test(stdout)) return;
            sent = child.kill(signal) ? 1 : 0;
            if (sent && when === 'right after the first') sent += child.kill(signal) ? 1 : 0;
          },
          onStderr: (stderr, child) => {
            if (sent === 1 && when !== 'right after the first' && /interrupted/.test(stderr))
              sent += child.kill(signal) ? 1 : 0;
          },
        },
      );
      assert.equal(sent, 2, 'both signals were sent');
      assert.ok(r.status === code || r.status === 4, `exit ${r.status}: ${r.stderr}`);
      if (r.status === code) assert.match(r.stderr, new RegExp(`interrupted again: exiting now \\(exit ${code};`));
      const left = fs.readdirSync(out).filter(f => f.endsWith('.tmp'));
      assert.deepEqual(left, [], 'no report left under its temporary name');
      for (const f of Object.values(reportLines)) {
        const text = fs.readFileSync(path.join(out, f), 'utf8');
        if (text === 'an earlier run\n') assert.equal(r.status, code, `${f} was not written, yet exit 4`);
        else assert.match(text, /INTERRUPTED|"interrupted": true/, `${f} is a whole report of this run`);
      }
      const json = fs.readFileSync(path.join(out, reportLines.json), 'utf8');
      if (json !== 'an earlier run\n') assert.equal(JSON.parse(json).run.interrupted, true);
      const junit = fs.readFileSync(path.join(out, reportLines.junit), 'utf8');
      if (junit !== 'an earlier run\n') assert.ok(await parseStringPromise(junit), 'the JUnit parses');
    });
  }
}
