// The sharded CI examples (examples/ci/*-sharded.yml): their commands are ones the CLI's parsers accept, their
// artifacts carry each shard's report to the merge job, and, run as written (one folder per machine, the
// artifacts copied as the CI would hand them over), the merge job's JUnit report holds every scenario.
import { test, describe, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as yaml from 'js-yaml';
import { parseTestArgs } from '../../src/cli/test';
import { parseMergeArgs } from '../../src/cli/mergeReports';
import { reportFiles } from '../../src/cli/reportFiles';
import { shardOption } from '../../src/cli/shard';
import { runCli } from './cli';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-shard-ci-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

interface Step {
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, string | boolean>;
}
interface GithubJob {
  needs?: string | string[];
  if?: string;
  strategy?: { 'fail-fast'?: boolean; matrix: { shard: number[] } };
  steps: Step[];
}
interface GitlabJob {
  parallel?: number;
  needs?: (string | { job: string; artifacts?: boolean })[];
  when?: string;
  script: string[];
  artifacts: { when?: string; paths: string[]; reports?: { junit?: string } };
}

/** The words after `node dist/cli.js COMMAND` of the one line that runs COMMAND. */
function cli(lines: string[], command: string, sub = (line: string) => line): string[] {
  const found = lines.filter(l => l.includes(`dist/cli.js ${command}`));
  assert.equal(found.length, 1, `one "node dist/cli.js ${command}" line in ${lines.join(' | ')}`);
  const words = sub(found[0]).trim().split(/\s+/);
  assert.deepEqual(words.slice(0, 3), ['node', 'dist/cli.js', command]);
  return words.slice(3);
}

/** A machine of the CI: a checkout with two of the example scenarios (and the payload files they name). */
function machine(name: string): string {
  const dir = path.join(tmp, name);
  fs.mkdirSync(path.join(dir, 'examples', 'scenarios'), { recursive: true });
  for (const f of fs.readdirSync('examples').filter(f => f.endsWith('.json')))
    fs.copyFileSync(path.join('examples', f), path.join(dir, 'examples', f));
  for (const f of ['pause-then-resume.scenario.json', 'time-travel.scenario.json'])
    fs.copyFileSync(path.join('examples', 'scenarios', f), path.join(dir, 'examples', 'scenarios', f));
  return dir;
}

/** The merge machine's JUnit report, as the CI's test summary reads it. */
function junitTotals(dir: string, file: string) {
  const xml = fs.readFileSync(path.join(dir, file), 'utf8');
  const head = /<testsuites [^>]*tests="(\d+)" failures="(\d+)" errors="(\d+)"/.exec(xml);
  return { suites: xml.split('<testsuite ').length - 1, tests: Number(head?.[1]), failures: Number(head?.[2]) };
}

describe('the sharded CI examples', () => {
  test('GitHub Actions: a matrix of 4 shards uploads each JSON report; the merge job downloads them and publishes JUnit', async () => {
    const wf = yaml.load(fs.readFileSync('examples/ci/github-actions-sharded.yml', 'utf8')) as {
      jobs: Record<string, GithubJob>;
    };
    const [shardJob, mergeJob] = [wf.jobs.scenarios, wf.jobs.merge];
    assert.deepEqual(shardJob.strategy?.matrix.shard, [1, 2, 3, 4]);
    assert.equal(shardJob.strategy?.['fail-fast'], false, 'every shard reports, even when one fails');
    const runLines = (job: GithubJob) => job.steps.flatMap(s => (s.run ? [s.run] : []));
    const upload = shardJob.steps.find(s => s.uses?.startsWith('actions/upload-artifact@'))!;
    assert.equal(upload.if, '${{ !cancelled() }}', 'a failing shard still uploads its report');

    assert.equal(mergeJob.needs, 'scenarios');
    assert.equal(mergeJob.if, '${{ !cancelled() }}');
    const download = mergeJob.steps.find(s => s.uses?.startsWith('actions/download-artifact@'))!;
    assert.equal(download.with?.['merge-multiple'], true);
    const mergeArgs = parseMergeArgs(cli(runLines(mergeJob), 'merge-reports'));
    assert.deepEqual(mergeArgs.inputs, [download.with?.path]);
    const junit = reportFiles(mergeArgs.reports, mergeArgs.junitFile).find(f => f.format === 'junit')!;
    const reporter = mergeJob.steps.find(s => s.uses?.startsWith('dorny/test-reporter@'))!;
    assert.equal(reporter.with?.path, junit.file);

    // Run as written: each shard on its own machine, its artifact downloaded into the merge machine's folder.
    const merger = machine('github-merge');
    for (const shard of shardJob.strategy!.matrix.shard) {
      const sub = (s: string) => s.replace(/\$\{\{ matrix\.shard \}\}/g, String(shard));
      const words = cli(runLines(shardJob), 'test', sub);
      const args = parseTestArgs(words);
      assert.deepEqual(shardOption(args.shard), { index: shard, total: 4 });
      assert.equal(String(upload.with?.name).includes('${{ matrix.shard }}'), true, 'one artifact name per shard');
      const dir = machine(`github-${shard}`);
      const r = await runCli(['test', ...words], {}, { cwd: dir });
      assert.equal(r.status, 0, r.stderr);
      const artifact = sub(String(upload.with?.path));
      fs.mkdirSync(path.join(merger, String(download.with?.path)), { recursive: true });
      fs.copyFileSync(
        path.join(dir, artifact),
        path.join(merger, String(download.with?.path), path.basename(artifact)),
      );
    }
    const merged = await runCli(['merge-reports', ...cli(runLines(mergeJob), 'merge-reports')], {}, { cwd: merger });
    assert.equal(merged.status, 0, merged.stderr);
    assert.deepEqual(junitTotals(merger, junit.file), { suites: 2, tests: 14, failures: 0 });
  });

  test('GitLab CI: parallel: 4 with CI_NODE_INDEX/CI_NODE_TOTAL; the merge job needs them and reports JUnit', async () => {
    const ci = yaml.load(fs.readFileSync('examples/ci/gitlab-ci-sharded.yml', 'utf8')) as Record<string, GitlabJob>;
    const shardJob = ci.scenarios;
    const [mergeName, mergeJob] = Object.entries(ci).find(([, j]) => j.script?.some(l => l.includes('merge-reports')))!;
    assert.equal(shardJob.parallel, 4);
    assert.equal(shardJob.artifacts.when, 'always', 'a failing shard still hands its report on');
    assert.deepEqual(
      mergeJob.needs?.map(n => (typeof n === 'string' ? n : n.job)),
      ['scenarios'],
      `${mergeName} needs the shards`,
    );
    assert.equal(mergeJob.when, 'always');
    const mergeWords = cli(mergeJob.script, 'merge-reports');
    const mergeArgs = parseMergeArgs(mergeWords);
    const junit = reportFiles(mergeArgs.reports, mergeArgs.junitFile).find(f => f.format === 'junit')!;
    assert.equal(mergeJob.artifacts.reports?.junit, junit.file);

    const merger = machine('gitlab-merge');
    for (let index = 1; index <= shardJob.parallel; index++) {
      const env = { CI_NODE_INDEX: String(index), CI_NODE_TOTAL: String(shardJob.parallel) };
      const sub = (l: string) => l.replace(/\$(CI_NODE_INDEX|CI_NODE_TOTAL)\b/g, (_, k: keyof typeof env) => env[k]);
      const words = cli(shardJob.script, 'test', sub);
      assert.deepEqual(shardOption(parseTestArgs(words).shard), { index, total: 4 });
      const dir = machine(`gitlab-${index}`);
      const r = await runCli(['test', ...words], {}, { cwd: dir });
      assert.equal(r.status, 0, r.stderr);
      for (const kept of shardJob.artifacts.paths)
        fs.cpSync(path.join(dir, kept), path.join(merger, kept), { recursive: true });
    }
    const merged = await runCli(['merge-reports', ...mergeWords], {}, { cwd: merger });
    assert.equal(merged.status, 0, merged.stderr);
    assert.deepEqual(junitTotals(merger, junit.file), { suites: 2, tests: 14, failures: 0 });
  });
});
