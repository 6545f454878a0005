// The CI examples (examples/ci) run a `test` command our parser accepts, publish JUnit and keep the HTML report;
// the env file reader reads what dotenv files hold.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as yaml from 'js-yaml';
import { parseTestArgs } from '../../src/cli/test';
import { parseEnvFile, runEnvironment } from '../../src/cli/envFile';
import { reportFiles } from '../../src/cli/reportFiles';

function cliCommand(lines: string[]): string[] {
  const line = lines.find(l => l.includes('dist/cli.js test'));
  assert.ok(line, `a "node dist/cli.js test" line in ${lines.join(' | ')}`);
  const words = line.trim().split(/\s+/);
  assert.deepEqual(words.slice(0, 3), ['node', 'dist/cli.js', 'test']);
  return words.slice(3);
}

function checkCommand(words: string[]) {
  const args = parseTestArgs(words);
  assert.deepEqual(args.paths, ['examples/scenarios']);
  assert.ok(fs.existsSync(args.paths[0]));
  assert.equal(args.jobs, '4');
  assert.equal(args.baseUrl, undefined, 'the Local sandbox: no credentials in CI');
  assert.deepEqual(
    reportFiles(args.reports!, args.junitFile).map(f => [f.format, f.file]),
    [
      ['junit', 'reports/junit.xml'],
      ['html', 'reports/report.html'],
    ],
  );
}

test('GitHub Actions: runs the scenarios, publishes the JUnit with dorny/test-reporter, uploads the HTML', () => {
  const wf = yaml.load(fs.readFileSync('examples/ci/github-actions.yml', 'utf8')) as {
    jobs: Record<string, { steps: { run?: string; uses?: string; with?: Record<string, string> }[] }>;
  };
  const steps = Object.values(wf.jobs)[0].steps;
  assert.ok(steps.some(s => s.run === 'npm ci'));
  checkCommand(cliCommand(steps.flatMap(s => (s.run ? [s.run] : []))));
  const reporter = steps.find(s => s.uses?.startsWith('dorny/test-reporter@'));
  assert.equal(reporter?.with?.path, 'reports/junit.xml');
  assert.equal(reporter?.with?.reporter, 'java-junit');
  const upload = steps.find(s => s.uses?.startsWith('actions/upload-artifact@'));
  assert.equal(upload?.with?.path, 'reports/report.html');
});

test('GitLab CI: runs the scenarios, reports: junit, the HTML as an artifact, kept when the job fails', () => {
  const ci = yaml.load(fs.readFileSync('examples/ci/gitlab-ci.yml', 'utf8')) as Record<
    string,
    { script: string[]; artifacts: { when: string; paths: string[]; reports: { junit: string } } }
  >;
  const job = Object.values(ci)[0];
  assert.ok(job.script.includes('npm ci'));
  checkCommand(cliCommand(job.script));
  assert.equal(job.artifacts.reports.junit, 'reports/junit.xml');
  assert.deepEqual(job.artifacts.paths, ['reports/report.html']);
  assert.equal(job.artifacts.when, 'always');
});

test('a command the parser refuses is caught by this check', () => {
  assert.throws(
    () => checkCommand(['examples/scenarios', '--jobs', '4', '--reports', 'junit=x.xml']),
    /Unknown option/,
  );
});

test('env files: comments, export, quotes, a comment after an unquoted value; a broken line names itself', () => {
  const text = [
    '# a comment',
    '',
    'export A=1',
    'B = "two words"',
    "C='single # not a comment'",
    'D=plain # a comment',
    'E="line\\nbreak"',
    'F=',
    'G=a=b',
  ].join('\r\n');
  assert.deepEqual(parseEnvFile(text), {
    A: '1',
    B: 'two words',
    C: 'single # not a comment',
    D: 'plain',
    E: 'line\nbreak',
    F: '',
    G: 'a=b',
  });
  assert.throws(() => parseEnvFile('A=1\nnot a pair', 'ci.env'), /ci\.env:2: not KEY=VALUE/);
  assert.throws(() => parseEnvFile('A="open', 'ci.env'), /ci\.env:1: the value's " is never closed/);
});

test("the run's environment: the real one wins; secret-named values of the file are secrets, of any length", () => {
  const dir = fs.mkdtempSync('test-output-env-');
  try {
    const file = `${dir}/x.env`;
    fs.writeFileSync(file, 'API_TOKEN=abc\nNAME=file\nREGION=eu\n');
    const { env, secrets } = runEnvironment(file, { NAME: 'real', SSH_KEY_TYPE: 'rsa', MY_PASSWORD: 'long-enough' });
    assert.equal(env.NAME, 'real');
    assert.equal(env.REGION, 'eu');
    assert.deepEqual(secrets.sort(), ['abc', 'long-enough']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
