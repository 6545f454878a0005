// Issue 33's done-when: the example scenarios run as 4 shards (`node dist/cli.js test --shard i/4`, on embedded
// Local sandboxes), their JSON reports merged by `node dist/cli.js merge-reports`, give the unsharded run's report
// in every format (the same tests, files, outcomes, totals and exit code; durations aside).
import { test, describe, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from './cli';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-shard-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

const FORMATS = { text: 'txt', junit: 'xml', tap: 'tap', html: 'html', json: 'json' } as const;
type Format = keyof typeof FORMATS;
const reportFlags = (dir: string) =>
  Object.entries(FORMATS).flatMap(([f, ext]) => ['--report', `${f}=${path.join(dir, `report.${ext}`)}`]);
const readReports = (dir: string) =>
  Object.fromEntries(
    Object.entries(FORMATS).map(([f, ext]) => [f, fs.readFileSync(path.join(dir, `report.${ext}`), 'utf8')]),
  ) as Record<Format, string>;

/**
 * A report without what differs between any two runs, sharded or not: durations, dates, and what each run's
 * sandboxes make up (ids, times, ports). The rest (names, files, outcomes, checks, totals) must be equal.
 */
function timeless(format: Format, report: string): unknown {
  const text = report
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, 'TIME')
    .replace(/127\.0\.0\.1:\d+/g, 'LOOPBACK')
    .replace(
      /(?<![0-9a-f])([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})(?![0-9a-f])/g,
      'ID',
    ); // also after %3A
  if (format === 'json') {
    return JSON.parse(text, (key, value) => (key === 'ms' || key === 'date' ? undefined : value));
  }
  return text
    .replace(/\d+ ms\b/g, 'N ms')
    .replace(/time="[\d.]+"/g, 'time="T"')
    .replace(/<span class="ms">[^<]*<\/span>/g, '')
    .replace(/style="margin-left:[^"]*"/g, '')
    .replace(/<dd>[^<]*<\/dd><dt>Target/, '<dd>T</dd><dt>Target')
    .replace(/<dt>Date<\/dt><dd>[^<]*<\/dd>/, '');
}

/** The unsharded run, then 4 shards and their merge, on the same files; both sets of reports and exit codes. */
async function wholeAndSharded(name: string, files: string[], flags: string[] = []) {
  const dir = path.join(tmp, name);
  const whole = await runCli(['test', ...files, ...flags, ...reportFlags(path.join(dir, 'whole'))]);
  const shards = [];
  for (let i = 1; i <= 4; i++) {
    const out = path.join(dir, 'shards', `shard-${i}.json`);
    shards.push(await runCli(['test', ...files, ...flags, '--shard', `${i}/4`, '--report', `json=${out}`]));
  }
  const merged = await runCli(['merge-reports', path.join(dir, 'shards'), ...reportFlags(path.join(dir, 'merged'))]);
  return { dir, whole, shards, merged };
}

function assertSameReports(dir: string) {
  const whole = readReports(path.join(dir, 'whole'));
  const merged = readReports(path.join(dir, 'merged'));
  for (const f of Object.keys(FORMATS) as Format[]) {
    assert.deepEqual(timeless(f, merged[f]), timeless(f, whole[f]), `the ${f} reports differ`);
  }
  return JSON.parse(merged.json) as {
    tests: number;
    failures: number;
    scenarios: { file: string; outcome: string }[];
    run: { files: string[]; shard?: unknown };
  };
}

describe('test --shard i/4 on four machines, then merge-reports', () => {
  test('the examples: every shard runs its part, the merged reports are the whole run, in every format', async () => {
    const r = await wholeAndSharded('examples', ['examples/scenarios']);
    assert.equal(r.whole.status, 0, r.whole.stderr);
    const perShard = r.shards.map(s => Number(/shard \d\/4: (\d+) of the 7/.exec(s.stderr)?.[1]));
    assert.deepEqual(perShard, [2, 2, 2, 1], r.shards.map(s => s.stderr).join('\n'));
    assert.deepEqual(
      r.shards.map(s => s.status),
      [0, 0, 0, 0],
    );
    assert.equal(r.merged.status, 0, r.merged.stderr);
    const json = assertSameReports(r.dir);
    assert.equal(json.scenarios.length, 7);
    assert.equal(json.run.shard, undefined, 'the merged report is the whole run, no shard of it');
    assert.deepEqual(
      json.scenarios.map(s => s.file),
      json.run.files,
    );
    assert.equal(json.failures, 0);
    assert.match(r.merged.stdout, /7 scenario\(s\), 76 step\(s\): 76 passed, 0 failed, 0 errored, 0 skipped\n?$/);
  });

  test('a failing scenario among them: its shard exits 1, and so does the merge; the failure is in every format', async () => {
    const failing = path.join(tmp, 'fails.scenario.json');
    fs.writeFileSync(
      failing,
      JSON.stringify({
        name: 'Fails on purpose',
        steps: [
          {
            kind: 'getAccount',
            accountNumber: 'A00000001',
            expect: { values: [{ path: 'name', equals: 'Not the demo' }] },
          },
        ],
      }),
    );
    const files = [
      'examples/scenarios/pause-then-resume.scenario.json',
      'examples/scenarios/time-travel.scenario.json',
    ];
    const r = await wholeAndSharded('failing', [...files, failing]);
    assert.equal(r.whole.status, 1, r.whole.stderr);
    assert.deepEqual(
      r.shards.map(s => s.status).sort(),
      [0, 0, 0, 1],
      'one shard holds the failure; the fourth has no files and passes',
    );
    assert.ok(r.shards.some(s => /shard \d\/4 has no scenario files/.test(s.stderr)));
    assert.equal(r.merged.status, 1, r.merged.stderr);
    const json = assertSameReports(r.dir);
    assert.equal(json.failures, 1);
    assert.deepEqual(
      json.scenarios.map(s => s.outcome),
      ['passed', 'passed', 'failed'],
    );
    assert.match(fs.readFileSync(path.join(r.dir, 'merged', 'report.xml'), 'utf8'), /<failure message="expected/);
  });

  test("--iterations 2: a file's two runs are in one shard, merged as the whole run (no 'in both' refusal)", async () => {
    const files = [
      'examples/scenarios/pause-then-resume.scenario.json',
      'examples/scenarios/time-travel.scenario.json',
    ];
    const r = await wholeAndSharded('iterations', files, ['--iterations', '2']);
    assert.equal(r.whole.status, 0, r.whole.stderr);
    assert.equal(r.merged.status, 0, r.merged.stderr);
    assert.doesNotMatch(r.merged.stderr, /is in both/);
    const json = assertSameReports(r.dir);
    assert.deepEqual(
      json.scenarios.map(s => s.file),
      [files[0], files[0], files[1], files[1]],
    );
  });

  test('a scenario file with errors: no shard runs anything (each exits 2, as the whole run), nor does the merge', async () => {
    const broken = path.join(tmp, 'broken.scenario.json');
    fs.writeFileSync(broken, JSON.stringify({ name: 'Broken', steps: [{ kind: 'noSuchStep' }] }));
    const r = await wholeAndSharded('broken', ['examples/scenarios', broken]);
    assert.equal(r.whole.status, 2, r.whole.stderr);
    assert.deepEqual(
      r.shards.map(s => s.status),
      [2, 2, 2, 2],
    );
    assert.equal(r.merged.status, 2, r.merged.stderr);
    const json = assertSameReports(r.dir);
    assert.deepEqual(
      json.scenarios.map(s => s.outcome),
      ['errored', 'skipped', 'skipped', 'skipped', 'skipped', 'skipped', 'skipped', 'skipped'],
    );
  });
});
