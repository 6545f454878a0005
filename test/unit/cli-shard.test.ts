// `test --shard i/n`: the same split on every machine, each file in exactly one shard, balanced by an earlier
// report's durations; bad values are usage errors. `merge-reports`: exit codes as the whole run's, a missing
// shard said (exit 2 unless --allow-partial), reports of other runs refused.
import { test, describe, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readDurations, shardFiles, shardOption } from '../../src/cli/shard';
import { jsonReport, type ReportRun, type ScenarioResult } from '../../src/scenarios';
import { runCli } from './cli';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-shard-unit-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, text);
  return file;
};

describe('--shard i/n', () => {
  test('every file is in exactly one shard, whatever order the file system lists them in', () => {
    const files = Array.from({ length: 11 }, (_, i) => `s/f${String(i).padStart(2, '0')}.scenario.json`);
    const shards = [1, 2, 3, 4].map(index => shardFiles(files, { index, total: 4 }));
    assert.deepEqual(shards.flat().sort(), [...files].sort());
    assert.deepEqual(
      shards.map(s => s.length),
      [3, 3, 3, 2],
    );
    const listedOtherwise = [...files].reverse().map(f => `./${f}`); // another machine, another listing
    for (let index = 1; index <= 4; index++) {
      const there = shardFiles(listedOtherwise, { index, total: 4 }).map(f => f.slice(2));
      assert.deepEqual([...there].sort(), [...shards[index - 1]].sort());
    }
    assert.deepEqual(shardFiles(files.slice(0, 2), { index: 3, total: 3 }), [], 'more shards than files: one empty');
  });

  test('with durations: longest first into the lightest shard; a file the report does not name counts as the median', () => {
    const files = ['a', 'b', 'c', 'd', 'e'].map(f => `${f}.scenario.json`);
    const ms = new Map([
      ['a.scenario.json', 100],
      ['b.scenario.json', 90],
      ['c.scenario.json', 10],
      ['d.scenario.json', 10],
    ]); // e: the median, 50
    assert.deepEqual(shardFiles(files, { index: 1, total: 2 }, ms), [
      'a.scenario.json',
      'c.scenario.json',
      'd.scenario.json',
    ]);
    assert.deepEqual(shardFiles(files, { index: 2, total: 2 }, ms), ['b.scenario.json', 'e.scenario.json']);
    assert.deepEqual(shardFiles(files, { index: 1, total: 2 }), [
      'a.scenario.json',
      'c.scenario.json',
      'e.scenario.json',
    ]);
  });

  test('durations of 0 ms (a run not run, or skipped by --bail) split the files as no durations do', () => {
    const files = fs.readdirSync('examples/scenarios').map(f => `examples/scenarios/${f}`);
    const notRun = files.map(file => ({ name: file, file, outcome: 'errored', ms: 0, steps: [], target: 'not run' }));
    const ms = readDurations(write('not-run.json', jsonReport(notRun as ScenarioResult[])));
    const split = (d?: Map<string, number>) => [1, 2, 3, 4].map(index => shardFiles(files, { index, total: 4 }, d));
    assert.deepEqual(
      split(ms).map(s => s.length),
      [2, 2, 2, 1],
    );
    assert.deepEqual(split(ms), split());
  });

  test('a file of 0 ms or unnamed weighs the median of the positive durations; ties go to the fewest files', () => {
    const files = ['a', 'b', 'c', 'd', 'e', 'f'].map(f => `${f}.scenario.json`);
    const ms = new Map([
      ['a.scenario.json', 30],
      ['b.scenario.json', 10],
      ['c.scenario.json', 0], // skipped by --bail: weighs 20, the median of 30 and 10
      ['d.scenario.json', 0],
    ]); // e and f: unnamed, 20 each
    const split = [1, 2].map(index => shardFiles(files, { index, total: 2 }, ms));
    // a 30 -> 1; c 20 -> 2; d 20 -> 2 (20 < 30); e 20 -> 1 (30 < 40); f 20 -> 2 (40 < 50); b 10 -> 1 (50 < 60)
    assert.deepEqual(split, [
      ['a.scenario.json', 'b.scenario.json', 'e.scenario.json'],
      ['c.scenario.json', 'd.scenario.json', 'f.scenario.json'],
    ]);
    // a 4 -> 1; b, c 3 -> 2; d, e 1 -> 1; f 1: 6 ms each, to shard 2 of 2 files (shard 1 has 3)
    const tie = new Map(['a', 'b', 'c', 'd', 'e', 'f'].map((f, i) => [`${f}.scenario.json`, [4, 3, 3, 1, 1, 1][i]]));
    assert.deepEqual(
      [1, 2].map(index => shardFiles(files, { index, total: 2 }, tie)),
      [
        ['a.scenario.json', 'd.scenario.json', 'e.scenario.json'],
        ['b.scenario.json', 'c.scenario.json', 'f.scenario.json'],
      ],
    );
  });

  test('bad values say what to write', () => {
    assert.deepEqual(shardOption(' 2/4 '), { index: 2, total: 4 });
    assert.throws(() => shardOption('0/3'), /--shard takes INDEX\/TOTAL.*\(1\/3 to 3\/3\), not "0\/3"/);
    assert.throws(() => shardOption('4/3'), /\(1\/3 to 3\/3\), not "4\/3"/);
    assert.throws(() => shardOption('x'), /such as 1\/4 to 4\/4\), not "x"/);
    assert.throws(() => shardOption('1/0'), /not "1\/0"/);
    const notJson = write('durations.txt', 'no');
    assert.throws(() => readDurations(notJson), /--shard-durations .*durations.txt: not JSON/);
    assert.throws(() => readDurations(write('other.json', '{}')), /not a JSON report of test \(no "scenarios"\)/);
  });

  test('the CLI: a bad --shard exits 2 saying so; a shard with no files passes and still writes its report', async () => {
    const bad = await runCli(['test', 'examples/scenarios', '--shard', '4/3']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--shard takes INDEX\/TOTAL/);
    const alone = await runCli(['test', 'examples/scenarios', '--shard-durations', 'x.json']);
    assert.equal(alone.status, 2);
    assert.match(alone.stderr, /--shard-durations balances --shard i\/n: give both/);

    const out = path.join(tmp, 'empty', 'shard-2.json');
    const empty = await runCli([
      'test',
      'examples/scenarios/pause-then-resume.scenario.json',
      '--shard',
      '2/2',
      '--report',
      `json=${out}`,
    ]);
    assert.equal(empty.status, 0, empty.stderr);
    assert.match(empty.stderr, /shard 2\/2 has no scenario files \(2 shards for 1\): nothing to run/);
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    assert.deepEqual([report.tests, report.scenarios, report.run.shard], [0, [], { index: 2, total: 2 }]);
  });

  test('the CLI: --shard-durations from an earlier report puts the long file alone in its shard', async () => {
    const earlier = {
      scenarios: fs
        .readdirSync('examples/scenarios')
        .map(f => ({ file: `examples/scenarios/${f}`, ms: f.startsWith('callouts') ? 10_000 : 10 })),
    };
    const durations = write('earlier.json', JSON.stringify(earlier));
    const r = await runCli([
      'test',
      'examples/scenarios',
      '--shard',
      '1/2',
      '--shard-durations',
      durations,
      '--reporter',
      'json',
    ]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /shard 1\/2: 1 of the 7 scenario file\(s\)/);
    assert.deepEqual(
      JSON.parse(r.stdout).scenarios.map((s: ScenarioResult) => s.file),
      ['examples/scenarios/callouts.scenario.json'],
    );
  });
});

describe('merge-reports', () => {
  const result = (file: string, outcome: ScenarioResult['outcome'], extra: Partial<ScenarioResult> = {}) =>
    ({ name: file, file, outcome, ms: 5, steps: [], target: 'Local sandbox (fresh)', ...extra }) as ScenarioResult;
  const files = ['a.scenario.json', 'b.scenario.json', 'c.scenario.json'];
  const run = (index: number, over: Partial<ReportRun> = {}): ReportRun => ({
    target: 'Local sandbox (fresh for each scenario)',
    date: '2027-01-01T00:00:00.000Z',
    ms: 10,
    files,
    suite: 'digest-1',
    shard: { index, total: 3 },
    ...over,
  });
  const shard = (name: string, results: ScenarioResult[], r: ReportRun) => write(name, jsonReport(results, r));
  const merge = (...args: string[]) => runCli(['merge-reports', ...args]);

  const s1 = shard('m1.json', [result('c.scenario.json', 'passed')], run(1));
  const s2 = shard('m2.json', [result('a.scenario.json', 'failed')], run(2));
  const s3 = shard('m3.json', [result('b.scenario.json', 'passed')], run(3));

  test("the run's order and totals, and its exit code: 1 for a failure", async () => {
    const r = await merge(s3, s1, s2, '--reporter', 'json');
    assert.equal(r.status, 1, r.stderr);
    const json = JSON.parse(r.stdout);
    assert.deepEqual(
      json.scenarios.map((s: ScenarioResult) => s.file),
      files,
    );
    assert.deepEqual([json.tests, json.failures, json.run.shard], [3, 1, undefined]);
  });

  test('a missing shard is named and exits 2; --allow-partial merges what there is', async () => {
    const r = await merge(s1, s3);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /missing shard\(s\) 2\/3: no report of theirs among the 2 given; .*--allow-partial/);
    const partial = await merge(s1, s3, '--allow-partial');
    assert.equal(partial.status, 0, partial.stderr);
    assert.match(partial.stderr, /merged what there is \(--allow-partial\)/);
  });

  test('--allow-partial: every format says the merge is not the whole run, and which shard it lacks', async () => {
    const says = /PARTIAL \(merge-reports --allow-partial\): shard\(s\) 2\/3 missing; their scenarios did not run/;
    const out = (f: string) => merge(s1, s3, '--allow-partial', '--reporter', f);
    const [text, tap, html, junit, json] = await Promise.all(['text', 'tap', 'html', 'junit', 'json'].map(out));
    assert.match(text.stdout.trimEnd().split('\n').at(-1)!, says, "the text report's last line");
    assert.match(tap.stdout, new RegExp(`^# ${says.source}`, 'm'));
    assert.match(html.stdout, /<title>Scenarios: PARTIAL: 2 scenario\(s\)/);
    assert.match(html.stdout, new RegExp(`<p class="partial" role="alert" style="[^"]*">${says.source}`));
    assert.match(html.stdout, /<section id="summary" class="summary failed">/, 'not green');
    assert.equal(JSON.parse(json.stdout).run.partial, 'shard(s) 2/3 missing');
    // JUnit: a skipped testcase of its own, which a CI viewer lists; the steps' counts are the others'.
    assert.match(junit.stdout, /<testsuites [^>]*tests="3" failures="0" errors="0" skipped="1"/);
    assert.match(junit.stdout, /<testcase classname="Partial merge" name="Not the whole run: shard\(s\) 2\/3 missing"/);
    // A whole merge says nothing of it.
    const whole = await merge(s1, s2, s3, '--reporter', 'text');
    assert.doesNotMatch(whole.stdout, /PARTIAL/);
  });

  test('exit codes as the whole run: 3 unreachable, 2 a scenario file with errors, 4 interrupted', async () => {
    const step = {
      index: 0,
      label: 'x',
      kind: 'getAccount',
      outcome: 'errored',
      ms: 1,
      tries: 1,
      path: [],
      failures: [],
    };
    const down = shard(
      'd2.json',
      [result('a.scenario.json', 'errored', { steps: [{ ...step, errorKind: 'unreachable' }] as never })],
      run(2),
    );
    assert.equal((await merge(s1, down, s3)).status, 3);
    const invalid = shard('i2.json', [result('a.scenario.json', 'errored', { target: 'not run' })], run(2));
    assert.equal((await merge(s1, invalid, s3)).status, 2);
    const stopped = shard('x2.json', [result('a.scenario.json', 'passed')], run(2, { interrupted: true }));
    assert.equal((await merge(s1, stopped, s3)).status, 4);
  });

  test('reports of another run, twice the same shard, or a file in two shards are refused', async () => {
    const other = shard('o2.json', [result('a.scenario.json', 'passed')], run(2, { suite: 'digest-2' }));
    let r = await merge(s1, other, s3);
    assert.equal(r.status, 2);
    assert.match(
      r.stderr,
      /m1\.json and .*o2\.json are reports of different runs \(other scenario files or contents\)/,
    );
    const newer = shard('n2.json', [result('a.scenario.json', 'passed')], {
      ...run(2, { suite: 'digest-3' }),
      inputs: { scenarios: 'x', payloads: 'y', iterations: 1 },
    });
    assert.match((await merge(s1, newer, s3)).stderr, /different runs \(one written by an older version of the CLI/);
    const ci = shard('c2.json', [result('a.scenario.json', 'passed')], run(2, { ci: 'github o/r run 7' }));
    assert.match((await merge(s1, ci)).stderr, /different runs \(CI runs none and "github o\/r run 7"\)/);
    r = await merge(s1, s1);
    assert.match(r.stderr, /shard 1\/3 is given twice/);
    const again = shard('t2.json', [result('c.scenario.json', 'passed')], run(2));
    assert.match((await merge(s1, again, s3)).stderr, /c\.scenario\.json is in both .*m1\.json and .*t2\.json/);
    const whole = shard('w.json', [], run(1, { shard: undefined }));
    assert.match((await merge(whole, s2)).stderr, /w\.json is the report of a whole run \(no --shard\)/);
    const old = write('old.json', JSON.stringify({ tests: 0, scenarios: [] }));
    assert.match(
      (await merge(old)).stderr,
      /a JSON report without the run it belongs to \(written by an older version\)/,
    );
    assert.match((await merge(path.join(tmp, 'empty-dir-missing'))).stderr, /empty-dir-missing/);
  });
});
