// Red team (issue 20): a *.scenario.json from a cloned repository is hostile input. It must not send or show
// files outside its project: through .., an absolute path or a symbolic link, in the editor or the CLI.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readScenario } from '../../src/scenarios';
import { outsideProject } from '../../src/scenarios/scenarioFile';
import { runCli } from './cli';
import { hostileRepo, OUTSIDE_MARKER, readIn } from './hostileRepo';

const { tmp, repo, scenarios, outside } = hostileRepo();

/** An operation step sending a file as its body (no payload kind: any JSON would be sent as it is). */
const sending = (file: string) => ({ kind: 'operation', operation: 'POST /v1/accounts', file });

describe('the project is the workspace folder (editor) or the current folder (CLI) when given', () => {
  // A workspace that is no repository: scenarios/ beside the payloads its steps name with ../
  const ws = path.join(tmp, 'workspace');
  fs.mkdirSync(path.join(ws, 'scenarios'), { recursive: true });
  fs.copyFileSync('examples/acme.account.json', path.join(ws, 'acme.account.json'));
  const read = (file: string, projectRoot?: string) =>
    readScenario(JSON.stringify({ name: 'x', steps: [sending(file)] }), {
      file: path.join(ws, 'scenarios', 'x.scenario.json'),
      ...(projectRoot ? { projectRoot } : {}),
    }).findings.map(f => f.code);

  test('../acme.account.json from scenarios/ is read within the workspace folder', () => {
    assert.deepEqual(read('../acme.account.json', ws), []);
  });
  test('without a workspace folder or repository, the scenario’s own folder is the project', () => {
    assert.deepEqual(read('../acme.account.json'), ['payload-outside']);
  });
  test('a file outside the workspace folder is still refused', () => {
    assert.deepEqual(read('../../yours/secret.json', ws), ['payload-outside']);
  });
  test('a project root the scenario is not in is not taken', () => {
    assert.deepEqual(read('../acme.account.json', outside), ['payload-outside']);
  });
});

describe('payload files stay inside the scenario’s project', () => {
  const refused: [string, string][] = [
    ['a relative path up and out', '../../yours/secret.json'],
    ['an absolute path', path.join(outside, 'secret.json')],
    ['/etc/passwd', '/etc/passwd'],
    ['a symbolic link in the folder to a file outside', 'linked.json'],
    ['a file in a symbolically linked folder outside', '../payloads/linked-folder/secret.json'],
    ['a text file outside (its content would be quoted by the JSON error)', '../../yours/passwd'],
  ];
  for (const [what, file] of refused) {
    test(`refused, never read: ${what}`, () => {
      const read: string[] = [];
      const s = readScenario(JSON.stringify({ name: 'x', steps: [sending(file)] }), {
        file: path.join(scenarios, 'x.scenario.json'),
        readText: p => (read.push(p), fs.readFileSync(p, 'utf8')),
      });
      assert.deepEqual(
        s.findings.map(f => f.code),
        ['payload-outside'],
      );
      assert.match(s.findings[0].message, new RegExp(`is outside ${repo.replace(/[/\\]/g, '.')}`));
      assert.deepEqual(read, [], 'the file is not even read');
      assert.equal(s.steps[0].body, undefined);
      assert.doesNotMatch(JSON.stringify(s), new RegExp(OUTSIDE_MARKER));
    });
  }

  test('a file:// URL or a Windows-style ..\\ path is a name inside the folder on POSIX: missing, not read', () => {
    const s = readIn(scenarios, {
      name: 'x',
      steps: [sending(`file://${path.join(outside, 'secret.json')}`), sending('..\\..\\yours\\secret.json')],
    });
    assert.deepEqual(
      s.findings.map(f => f.code),
      ['payload-missing', 'payload-missing'],
    );
    assert.doesNotMatch(JSON.stringify(s), new RegExp(OUTSIDE_MARKER));
  });

  test('on Windows, ..\\ and another drive leave the project; a file below it does not', () => {
    const dir = 'C:\\work\\scenarios';
    const at = (f: string) => outsideProject(path.win32.resolve(dir, f), dir, path.win32);
    assert.equal(at('..\\..\\Users\\me\\.aws\\credentials.json'), dir);
    assert.equal(at('D:\\secrets\\a.json'), dir);
    assert.equal(at('C:/work/scenarios/../other/a.json'), dir);
    assert.equal(at('payloads\\a.json'), undefined);
  });

  test('inside the repository a file above the scenario is fine; outside any repository only its own folder', () => {
    const inRepo = readIn(scenarios, {
      name: 'x',
      steps: [{ kind: 'createAccount', file: '../payloads/acme.account.json' }],
    });
    assert.deepEqual(inRepo.findings, []);
    assert.equal((inRepo.steps[0].body as { name: string }).name, 'Acme Robotics');
    // The same layout without .git: the scenario's folder is all it may read.
    const loose = path.join(tmp, 'loose');
    fs.mkdirSync(path.join(loose, 'scenarios'), { recursive: true });
    fs.cpSync(path.join(repo, 'payloads', 'acme.account.json'), path.join(loose, 'acme.account.json'));
    const s = readIn(path.join(loose, 'scenarios'), {
      name: 'x',
      steps: [{ kind: 'createAccount', file: '../acme.account.json' }],
    });
    assert.deepEqual(
      s.findings.map(f => f.code),
      ['payload-outside'],
    );
  });

  test('a file of the project that is no JSON (.env) is named by place, its text never quoted', () => {
    const s = readIn(scenarios, { name: 'x', steps: [sending('../.env')] });
    assert.deepEqual(
      s.findings.map(f => f.code),
      ['payload-invalid'],
    );
    assert.match(s.findings[0].message, /^\.\.\/\.env is not valid JSON: [a-z ]+ at 1:\d+\.$/);
    assert.doesNotMatch(s.findings[0].message, /sk-live/);
  });

  test('the CLI runs nothing, and no report or log line shows the file', async () => {
    const file = path.join(scenarios, 'leak.scenario.json');
    fs.writeFileSync(file, JSON.stringify({ name: 'leak', steps: [sending('../../yours/secret.json')] }));
    const junitFile = path.join(tmp, 'leak.xml');
    const r = await runCli(['test', file, '--reporter', 'json', '--junit-file', junitFile]);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /is outside .*\[payload-outside\]/);
    for (const out of [r.stdout, r.stderr, fs.readFileSync(junitFile, 'utf8')]) {
      assert.doesNotMatch(out, new RegExp(OUTSIDE_MARKER));
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// A fake service on loopback: issues TOKEN, records every request, answers what `answer` says (hostile values).
