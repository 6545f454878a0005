// The CLI against a careless or hostile command line: every command's --help and --version answer (exit 0), a
// report folder the file system refuses, a scenario nested thousands deep, and --dotenv (Node claims
// --env-file) with dotenv's quoting. Each run has a deadline: a CLI that hangs fails the test, never stalls it.
import { test, describe, after } from 'node:test';
import * as assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli, type CliRun } from './cli';
import { parseEnvFile } from '../../src/cli/envFile';
import { SECRET_ENV_NAME } from '../../src/scenarios';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-bounds-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));
const write = (name: string, value: unknown) => {
  const file = path.join(tmp, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
};

/** The CLI in its own process, killed at the deadline (status null then, and `timedOut`). */
async function runBounded(args: string[], deadlineMs = 30_000): Promise<CliRun & { timedOut: boolean }> {
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const onSpawn = (_pid: number, child: ChildProcess) => {
    timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, deadlineMs);
  };
  const r = await runCli(args, {}, { onSpawn });
  clearTimeout(timer);
  return { ...r, timedOut };
}

const reads = { name: 'Reads the demo account', steps: [{ kind: 'getAccount', accountNumber: 'A00000001' }] };

describe('--help and --version', () => {
  test('every command `node dist/cli.js` lists: `CMD --help`, `CMD -h` and `help CMD` print its usage, exit 0', async () => {
    const listing = await runBounded([]);
    const commands = [...listing.stdout.matchAll(/^ {2}([a-z][a-z-]*) /gm)].map(m => m[1]);
    for (const known of ['validate', 'preview', 'create', 'test', 'listen', 'merge-reports', 'mcp'])
      assert.ok(commands.includes(known), `the listing names ${known}: ${commands.join(', ')}`);
    for (const command of commands) {
      for (const args of [
        [command, '--help'],
        [command, '-h'],
        ['help', command],
      ]) {
        const r = await runBounded(args);
        const said = args.join(' ');
        assert.equal(r.status, 0, `${said}: ${r.stderr}`);
        const own = command === 'create' ? 'preview' : command; // preview and create share one section
        assert.match(r.stdout, new RegExp(`^usage: billing-workbench ${own} `), said);
        if (command === 'create') assert.match(r.stdout, /^ {2}create FILE /m, said);
        assert.equal(r.stderr, '', said);
      }
    }
    for (const args of [['help', 'help'], ['help', '--help'], ['--help'], ['-h'], ['help']]) {
      const r = await runBounded(args);
      assert.equal(r.status, 0, `${args.join(' ')}: ${r.stderr}`);
      assert.equal(r.stdout, listing.stdout, `${args.join(' ')}: the whole usage`);
    }
  });
  test('a word that is no command (send, catalog, toString), with --help or after help: said so, the commands listed, exit 2', async () => {
    for (const word of ['send', 'catalog', 'toString', 'constructor']) {
      for (const args of [[word, '--help'], ['help', word], [word]]) {
        const r = await runBounded(args);
        const said = args.join(' ');
        assert.equal(r.status, 2, `${said}: ${r.stdout}${r.stderr}`);
        assert.equal(r.stdout, '', `${said}: no command's usage on stdout`);
        assert.match(
          r.stderr,
          new RegExp(`^error: unknown command "${word}"\n\nusage: billing-workbench <command>`),
          said,
        );
        for (const command of ['validate', 'preview', 'create', 'merge-reports'])
          assert.match(r.stderr, new RegExp(`^ {2}${command} `, 'm'), `${said} lists ${command}`);
      }
    }
  });
  test('test --help names every secret word and --dotenv', async () => {
    const words = SECRET_ENV_NAME.source.split('|').map(w => w.replace(/[^A-Za-z0-9_]/g, ''));
    const help = (await runBounded(['test', '--help'])).stdout;
    for (const w of words) assert.match(help, new RegExp(`\\b${w}\\b`), `test --help names the secret word ${w}`);
    assert.match(help, /--dotenv FILE/);
  });
  test('--version prints the version of package.json; after --, --help is a file name', async () => {
    const version = JSON.parse(fs.readFileSync('package.json', 'utf8')).version;
    const r = await runBounded(['--version']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), version);
    const file = await runBounded(['validate', '--', '--help']);
    assert.equal(file.status, 2);
    assert.match(file.stderr, /^--help: /m, 'read as a file, not as the flag');
    assert.equal(file.stdout, '');
  });
});

test(
  'a report folder the file system refuses (/proc/nope): exit 2 naming it, the other reports written',
  {
    skip: !fs.existsSync('/proc/self') && 'needs /proc',
  },
  async () => {
    const scenario = write('reads.scenario.json', reads);
    const json = path.join(tmp, 'out', 'report.json');
    const r = await runBounded([
      'test',
      scenario,
      '--report',
      'junit=/proc/nope/junit.xml',
      '--report',
      `json=${json}`,
    ]);
    assert.equal(r.timedOut, false, "the CLI came back (Node's recursive mkdir loops for ever on /proc/nope)");
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /^error: --report junit: \/proc\/nope\/junit\.xml: cannot create the folder \/proc\/nope/m);
    assert.equal(JSON.parse(fs.readFileSync(json, 'utf8')).scenarios.length, 1, 'the other report is written');
  },
);

test('a scenario body nested 2,000 deep: a too-deep finding naming the step, exit 2, the JUnit report written', async () => {
  let body: Record<string, unknown> = {};
  const root = body;
  for (let i = 0; i < 2000; i++) body = body.a = {};
  const deep = write('deep/deep.scenario.json', {
    name: 'Deep',
    steps: [
      { kind: 'getAccount', accountNumber: 'A00000001' },
      { kind: 'request', method: 'POST', path: '/v2/orders', body: root },
    ],
  });
  write('deep/reads.scenario.json', reads);
  const junit = path.join(tmp, 'deep-out', 'junit.xml');
  const r = await runBounded(['test', path.dirname(deep), '--junit-file', junit]);
  assert.equal(r.status, 2, r.stdout + r.stderr);
  assert.doesNotMatch(r.stderr, /call stack/);
  assert.match(r.stderr, /deep\.scenario\.json:1:\d+: error steps\[1\]\.body nests more than 128 .*\[too-deep\]/);
  const xml = fs.readFileSync(junit, 'utf8');
  assert.match(xml, /<testsuite name="Deep"[^>]* errors="1"/);
  assert.match(xml, /too-deep/);
});

describe('--dotenv', () => {
  test('double quotes: \\" \\\\ \\n are escapes, # inside quotes is text, values may span lines (dotenv\'s rules)', () => {
    const text = [
      'Q="q\\"x"',
      'B="back\\\\slash" # a comment',
      'N="one\\ntwo"',
      "S='lit\\n#eral'",
      'H="a # b"',
      'PEM="-----BEGIN-----',
      'abc',
      '-----END-----"',
      'U=plain # comment',
      'export E=exported',
    ].join('\n');
    assert.deepEqual(parseEnvFile(text), {
      Q: 'q"x',
      B: 'back\\slash',
      N: 'one\ntwo',
      S: 'lit\\n#eral',
      H: 'a # b',
      PEM: '-----BEGIN-----\nabc\n-----END-----',
      U: 'plain',
      E: 'exported',
    });
    assert.throws(() => parseEnvFile('A="x"y', 'ci.env'), /ci\.env:1: text after the closing "/);
    assert.throws(() => parseEnvFile('A="never closed', 'ci.env'), /ci\.env:1: the value's " is never closed/);
  });
  test("a missing --dotenv file is the CLI's exit 2 naming it; one that exists feeds ${env.NAME}", async () => {
    const scenario = write('env/acc.scenario.json', {
      name: 'Reads the account the env file names',
      steps: [{ kind: 'getAccount', accountNumber: '${env.ACC}', expect: { status: 200 } }],
    });
    const missing = await runBounded(['test', scenario, '--dotenv', path.join(tmp, 'nope.env')]);
    assert.equal(missing.status, 2, missing.stderr);
    assert.match(missing.stderr, /^error: --dotenv .*nope\.env: no such file/m);
    assert.doesNotMatch(missing.stderr, /^node:/m);
    const env = write('env/ci.env', 'ACC="A00000001" # the demo account\n');
    const r = await runBounded(['test', scenario, '--dotenv', env]);
    assert.equal(r.status, 0, r.stdout + r.stderr);
  });
});
