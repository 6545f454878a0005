// `test --jobs N` on worker threads, through the CLI as a person runs it: the same reports as one at a time (all
// five formats, durations and the sandboxes' own clocks, ports and ids aside), a failure in a worker reported with
// its message, --bail, --data/--iterations/--export, and Ctrl+C ending the workers with exit 4 as before.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { lanesTakeEveryCore } from '../../src/cli/sharedCoresJit';
import { runCli, runCliInterrupted, scratchFolder } from './cli';

const { tmp, write } = scratchFolder('bw-jobs-');
const getAccount = (expect: unknown = { status: 200 }) => ({ kind: 'getAccount', accountNumber: 'A00000001', expect });
const failing = write('suite/b-fails.scenario.json', {
  name: 'Expects another name',
  steps: [getAccount({ values: [{ path: 'name', equals: 'Nobody' }] }), getAccount()],
});
write('suite/c-rows.scenario.json', {
  name: 'Reads twice',
  each: [{ account: 'A00000001' }, { account: 'A99999999', name: 'missing' }],
  steps: [{ kind: 'getAccount', accountNumber: '${row.account}', expect: { status: 200 } }],
});

/** What differs between two runs of the same scenarios: times (and a retry's tries), the sandboxes' clocks, ports, ids. */
function normal(text: string): string {
  return text
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, 'TIME')
    .replace(/(127\.0\.0\.1|localhost):\d+/g, 'HOST')
    .replace(/(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])/g, 'ID')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, 'ID')
    .replace(/"ms": \d+/g, '"ms": N')
    .replace(/\b\d+(\.\d+)? (ms|s|min)\b/g, 'DURATION')
    .replace(/, (passed|failed) after \d+ tries/g, '') // a retry waits on time too
    .replace(/"tries": \d+/g, '"tries": N')
    .replace(/(margin-left|width):[\d.]+%/g, '$1:N%') // the HTML's timeline bars
    .replace(/(time|duration_ms|timestamp)="[^"]*"/g, '$1="N"')
    .replace(/duration_ms: [\d.]+/g, 'duration_ms: N');
}

/** Two reports line by line: the first line that differs is the message. */
function sameReport(format: string, actual: string, expected: string) {
  const [a, e] = [actual.split('\n'), expected.split('\n')];
  const at = a.findIndex((line, i) => line !== e[i]);
  if (at >= 0 || a.length !== e.length)
    assert.fail(`${format} differs at line ${at + 1}:\n  --jobs 2: ${a[at]}\n  --jobs 1: ${e[at]}`);
}

/** Every report of one run (stdout in text, and JUnit, JSON, TAP, HTML files), normalised. */
async function reports(paths: string[], jobs: number, extra: string[] = []) {
  const dir = path.join(tmp, `reports-${jobs}-${Math.random().toString(36).slice(2)}`);
  const formats = ['junit', 'json', 'tap', 'html'];
  const r = await runCli([
    'test',
    ...paths,
    '--jobs',
    String(jobs),
    ...formats.flatMap(f => ['--report', `${f}=${path.join(dir, `report.${f}`)}`]),
    ...extra,
  ]);
  const file = (f: string) => normal(fs.readFileSync(path.join(dir, `report.${f}`), 'utf8'));
  const [junit, json, tap, html] = formats.map(file);
  return { status: r.status, stderr: r.stderr, text: normal(r.stdout), junit, json, tap, html };
}

describe('--jobs 2 on worker threads', () => {
  test('the same reports as --jobs 1 in all five formats, in file order, failures with their messages', async () => {
    const paths = ['examples/scenarios', path.dirname(failing)];
    const one = await reports(paths, 1);
    const two = await reports(paths, 2);
    assert.equal(two.status, 3, two.stderr); // a row's 404 that no step expected
    assert.equal(one.status, 3, one.stderr);
    assert.match(two.stderr, /2 at a time/);
    for (const f of ['text', 'junit', 'json', 'tap', 'html'] as const) sameReport(f, two[f], one[f]);
    // The failing scenario ran on the worker (the second of each pair of lanes) and says why, as in process.
    assert.match(two.text, /✗ Expects another name .*\n {2}✗ 1\. step 1 \(getAccount\), DURATION\n {6}.*Nobody/);
    assert.match(two.text, /! Reads twice \[missing\]/);
    const names = [...two.text.matchAll(/^[✓✗!-] (.+?) \(/gm)].map(m => m[1]);
    assert.equal(names.length, 10, two.text);
    assert.deepEqual(names.slice(-3), ['Expects another name', 'Reads twice [row 1]', 'Reads twice [missing]']);
  });

  test('--data, --iterations and --export: the same runs and captures as one at a time', async () => {
    const data = write('rows.csv', 'account,label\nA00000001,first\nA00000001,second\n');
    const captures = write('suite-data/captures.scenario.json', {
      name: 'Captures ${data.label}',
      steps: [
        {
          kind: 'getAccount',
          accountNumber: '${data.account}',
          expect: { status: 200 },
          capture: { shownName: 'name' },
        },
      ],
    });
    const exported = (jobs: number) => path.join(tmp, `export-${jobs}.json`);
    const args = (jobs: number) => ['--data', data, '--iterations', '2', '--export', exported(jobs)];
    const one = await reports([captures], 1, args(1));
    const two = await reports([captures], 2, args(2));
    assert.equal(two.status, 0, two.stderr);
    for (const f of ['text', 'junit', 'json', 'tap', 'html'] as const) sameReport(f, two[f], one[f]);
    const runs = (jobs: number) => JSON.parse(fs.readFileSync(exported(jobs), 'utf8')).runs;
    assert.deepEqual(runs(2), runs(1));
    assert.equal(runs(2).length, 4);
    assert.deepEqual(
      runs(2).map((r: { row: number; iteration: number; captures: object }) => [r.row, r.iteration, r.captures]),
      [1, 2, 1, 2].map((row, i) => [row, i < 2 ? 1 : 2, { shownName: runs(1)[i].captures.shownName }]),
    );
    assert.ok(runs(2).every((r: { captures: { shownName?: string } }) => typeof r.captures.shownName === 'string'));
  });

  test('--bail: the runs not started after the first failure are skipped, saying why; exit 1', async () => {
    const bail = path.join(tmp, 'bail');
    write('bail/a-fails.scenario.json', { name: 'Fails first', steps: [getAccount({ status: 404 })] });
    for (let i = 1; i <= 5; i++) {
      write(`bail/b${i}.scenario.json`, { name: `Later ${i}`, steps: Array.from({ length: 6 }, () => getAccount()) });
    }
    const r = await runCli(['test', bail, '--jobs', '2', '--bail', '--reporter', 'json']);
    assert.equal(r.status, 1, r.stderr);
    const scenarios: { name: string; outcome: string; error?: string }[] = JSON.parse(r.stdout).scenarios;
    assert.equal(scenarios.length, 6);
    assert.equal(scenarios[0].outcome, 'failed');
    const why = 'Not run: the run stopped at the first failure ("Fails first" failed).';
    for (const s of scenarios.slice(1)) {
      assert.ok(s.outcome === 'passed' || (s.outcome === 'skipped' && s.error === why), JSON.stringify(s));
    }
    assert.equal(scenarios.at(-1)!.outcome, 'skipped', 'the last run was never started');
  });

  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    test(`${sig === 'SIGINT' ? 'Ctrl+C (SIGINT)' : "SIGTERM (CI's timeout or cancel)"} ends the workers: the runs in flight stop, the rest are skipped, the reports are written, exit 4`, async () => {
      const dir = path.join(tmp, 'interrupt');
      const junit = path.join(tmp, `interrupted-${sig}.xml`);
      write('interrupt/a-quick.scenario.json', { name: 'Quick', steps: [getAccount()] });
      const waits = {
        ...getAccount(),
        retry: { until: { path: 'name', equals: 'Never so' }, every: '1s', for: '10m' },
      };
      for (const n of ['b', 'c', 'd'])
        write(`interrupt/${n}-waits.scenario.json`, { name: `Waits ${n}`, steps: [waits] });
      // Printed once it and every run before it ended: b is on its way.
      const run = ['test', dir, '--jobs', '2', '--report', `junit=${junit}`];
      const { status, stdout, stderr } = await runCliInterrupted(run, /✓ Quick/, sig);
      assert.equal(status, 4, stdout + stderr);
      assert.match(
        stderr,
        sig === 'SIGINT' ? /interrupted: stopping the running scenarios/ : /interrupted \(SIGTERM\)/,
      );
      // The four scenarios and the interruption, an error: no CI viewer shows the run as passed.
      assert.match(fs.readFileSync(junit, 'utf8'), /<testsuites [^>]*tests="5" failures="0" errors="1" skipped="3"/);
      assert.match(stdout, /4 scenario\(s\), 4 step\(s\): 1 passed, 0 failed, 0 errored, 3 skipped/);
      assert.doesNotMatch(stdout, /Never so/, 'no retry ran to its end');
    });
});

// V8 optimizes less eagerly only when the lanes leave its compiler threads no core (bench/scenarioJobs.bench.ts
// measures what that is worth): one lane, or fewer lanes than cores, keep V8's default.
test('--jobs: V8 optimizes less eagerly only when the lanes take every core', () => {
  assert.equal(lanesTakeEveryCore(2, 2), true);
  assert.equal(lanesTakeEveryCore(8, 4), true);
  assert.equal(lanesTakeEveryCore(1, 1), false, 'one lane: its own core and the compilers on the rest');
  assert.equal(lanesTakeEveryCore(2, 4), false, 'two cores left for the compilers');
});
