// The paths `test` is given: two reports to one file are refused before anything runs; a scenario file named
// twice (through its folder and by itself) runs once, where first named; a folder given for a report is told a
// file name of that report's format.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileErrorMessage, writeWhole } from '../../src/cli/files';
import { runCli, scratchFolder } from './cli';

const { tmp, write } = scratchFolder('bw-test-paths-');
const reads = (name: string) => ({ name, steps: [{ kind: 'getAccount', accountNumber: 'A00000001' }] });
const a = write('scenarios/a.scenario.json', reads('A'));
const b = write('scenarios/b.scenario.json', reads('B'));
const folder = path.dirname(a);
const run = (args: string[]) => runCli(['test', ...args], {}, { cwd: tmp });

test('two reports to one file: a usage error naming the path, before anything runs', async () => {
  const cases: [string[], string][] = [
    [['--report', 'junit=r.xml', '--report', 'json=r.xml'], '--report junit=r.xml and --report json=r.xml'],
    [['--report', 'junit=out/r.xml', '--junit-file', './out/../out/r.xml'], '--junit-file ./out/../out/r.xml'],
    [['--report', `html=${path.join(tmp, 'r.html')}`, '--report', 'tap=r.html'], 'and --report tap=r.html'],
    [['--export', 'r.json', '--report', 'json=r.json'], '--export r.json and --report json=r.json'], // the captures
  ];
  for (const [flags, said] of cases) {
    const r = await run([a, ...flags]);
    assert.equal(r.status, 2, r.stdout + r.stderr);
    assert.ok(r.stderr.includes(said), r.stderr);
    assert.match(r.stderr, /write the same file \S+: give each report a file of its own/);
    assert.equal(r.stdout, '', 'nothing ran');
    assert.doesNotMatch(r.stderr, /running on/);
  }
  assert.deepEqual(fs.readdirSync(tmp).sort(), ['scenarios'], 'no report was written');
  // Through links: a folder linked to another, and a link to a report not written yet.
  fs.mkdirSync(path.join(tmp, 'y'));
  fs.symlinkSync(path.join(tmp, 'y'), path.join(tmp, 'yy'));
  fs.symlinkSync(path.join(tmp, 'y', 'a.xml'), path.join(tmp, 'y', 'link.xml'));
  for (const [first, second] of [
    ['junit=y/b.xml', 'tap=yy/b.xml'],
    ['junit=y/a.xml', 'tap=y/link.xml'],
  ]) {
    const r = await run([a, '--report', first, '--report', second]);
    assert.equal(r.status, 2, `${first} ${second}: ${r.stderr}`);
    assert.match(r.stderr, /write the same file/);
  }
  assert.deepEqual(fs.readdirSync(path.join(tmp, 'y')), ['link.xml'], 'no report was written');
  fs.rmSync(path.join(tmp, 'y'), { recursive: true });
  fs.rmSync(path.join(tmp, 'yy'));
  const apart = await run([a, '--report', 'junit=r.xml', '--report', 'json=r.json']);
  assert.equal(apart.status, 0, apart.stderr);
});

test('a file named through its folder and by itself runs once, in the order first named', async () => {
  const names = async (args: string[]) => {
    const r = await run([...args, '--reporter', 'json']);
    assert.equal(r.status, 0, r.stderr);
    return (JSON.parse(r.stdout).scenarios as { name: string }[]).map(s => s.name);
  };
  assert.deepEqual(await names(['scenarios', 'scenarios/a.scenario.json']), ['A', 'B']);
  assert.deepEqual(await names(['scenarios/b.scenario.json', 'scenarios']), ['B', 'A']);
  assert.deepEqual(await names([b, './scenarios/b.scenario.json', 'scenarios/../scenarios/']), ['B', 'A']);
  fs.symlinkSync(folder, path.join(tmp, 'linked'));
  try {
    assert.deepEqual(await names(['linked', 'scenarios']), ['A', 'B'], 'a folder through a link is the same folder');
  } finally {
    fs.rmSync(path.join(tmp, 'linked'));
  }
});

test("a folder given for a report: the message's example has that format's extension", async () => {
  for (const [format, name] of [
    ['junit', 'junit.xml'],
    ['tap', 'report.tap'],
    ['html', 'report.html'],
    ['json', 'report.json'],
    ['text', 'report.txt'],
  ]) {
    const r = await run([a, '--report', `${format}=scenarios`]);
    assert.equal(r.status, 2, r.stderr);
    const example = path.join('scenarios', name);
    assert.ok(
      r.stderr.includes(
        `error: --report ${format}: scenarios is a folder, not a file. Give the path of a file (for example ${example}).`,
      ),
      r.stderr,
    );
  }
  const eisdir = Object.assign(new Error('EISDIR'), { code: 'EISDIR' });
  assert.match(fileErrorMessage(eisdir, 'data'), /for example data.name\.json/, 'other files keep their example');
});

test('a report replaces the file whole; a device or a link there is written to, never renamed over', () => {
  const file = write('whole/report.json', 'an earlier run');
  writeWhole(file, '{"tests": 1}\n');
  assert.equal(fs.readFileSync(file, 'utf8'), '{"tests": 1}\n');
  assert.deepEqual(fs.readdirSync(path.dirname(file)), ['report.json'], 'nothing left beside it');
  // A link to a report elsewhere: the report it names is written, the link stays a link.
  const target = write('whole/elsewhere.xml', 'old');
  const link = path.join(tmp, 'whole', 'link.xml');
  fs.symlinkSync(target, link);
  writeWhole(link, '<testsuites/>\n');
  assert.ok(fs.lstatSync(link).isSymbolicLink());
  assert.equal(fs.readFileSync(target, 'utf8'), '<testsuites/>\n');
  // /dev/null (`--report junit=/dev/null`): written to; it stays the device.
  writeWhole('/dev/null', 'x');
  assert.ok(fs.statSync('/dev/null').isCharacterDevice());
  assert.deepEqual(
    fs.readdirSync('/dev').filter(f => f.startsWith('.null.')),
    [],
  );
});
