// merge-reports joins the shards of one run and refuses others: one run's shards may list the files in another
// order (each CI image's shell globs its own way) or spell them otherwise (`./a`), and are still one run; shards
// run with other --iterations, other --data rows or another payload file's content are refused, saying which.
import { test, describe, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runIdentity } from '../../src/cli/runIdentity';
import { runCli } from './cli';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-shard-id-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A project as CI checks it out: three scenarios (two send the account payload file) and two data files. */
function project(name: string): string {
  const dir = path.join(tmp, name);
  fs.mkdirSync(path.join(dir, 'scenarios'), { recursive: true });
  fs.copyFileSync('examples/acme.account.json', path.join(dir, 'acme.account.json'));
  const customer = { name: 'customer', kind: 'createAccount', file: '../acme.account.json', expect: { status: 201 } };
  const read = { kind: 'getAccount', accountNumber: '${customer.account_number}', expect: { status: 200 } };
  const scenarios = {
    'a-signup': { name: 'Signup', steps: [customer] },
    'b-lookup': { name: 'Lookup', steps: [customer, read] },
    'c-demo': { name: 'Demo account', steps: [{ kind: 'getAccount', accountNumber: 'A00000001' }] },
  };
  for (const [file, s] of Object.entries(scenarios))
    fs.writeFileSync(path.join(dir, 'scenarios', `${file}.scenario.json`), JSON.stringify(s, null, 2));
  fs.writeFileSync(path.join(dir, 'rows.csv'), 'plan\nbasic\n');
  fs.writeFileSync(path.join(dir, 'other-rows.csv'), 'plan\ngold\n');
  return dir;
}

/** Shard i/2 of `files` (the words of its command line) run in `dir`, its JSON report in dir/shards. */
const shard = (dir: string, i: number, files: string[], flags: string[] = []) =>
  runCli(
    ['test', ...files, '--shard', `${i}/2`, ...flags, '--report', `json=shards/shard-${i}.json`],
    {},
    { cwd: dir },
  );
const merge = (dir: string) => runCli(['merge-reports', 'shards', '--reporter', 'json'], {}, { cwd: dir });

describe("merge-reports: one run's shards, whatever their order; no other run's", () => {
  test('shard 2 given the files in reverse order (and spelt ./…): merged, in the run order of shard 1', async () => {
    const dir = project('order');
    const files = fs.readdirSync(path.join(dir, 'scenarios')).map(f => `scenarios/${f}`);
    const one = await shard(dir, 1, ['scenarios']);
    const two = await shard(
      dir,
      2,
      [...files].reverse().map(f => `./${f}`),
    );
    assert.deepEqual([one.status, two.status], [0, 0], one.stderr + two.stderr);
    const r = await merge(dir);
    assert.equal(r.status, 0, r.stderr);
    const json = JSON.parse(r.stdout);
    assert.deepEqual(
      json.scenarios.map((s: { file: string }) => s.file.replace(/^\.\//, '')),
      files,
    );
    assert.deepEqual([json.scenarios.length, json.tests, json.failures], [3, 4, 0]); // 4 steps
  });

  test('a shard run with --iterations 2 and the other without: refused, naming the flag', async () => {
    const dir = project('iterations');
    await shard(dir, 1, ['scenarios'], ['--iterations', '2']);
    await shard(dir, 2, ['scenarios']);
    const r = await merge(dir);
    assert.equal(r.status, 2, r.stdout);
    assert.match(r.stderr, /shard-1\.json and .*shard-2\.json are reports of different runs \(--iterations 2 and 1\)/);
  });

  test('shards run with --data files of other rows: refused; the same rows in another file name: merged', async () => {
    const dir = project('data');
    await shard(dir, 1, ['scenarios'], ['--data', 'rows.csv']);
    await shard(dir, 2, ['scenarios'], ['--data', 'other-rows.csv']);
    const r = await merge(dir);
    assert.equal(r.status, 2, r.stdout);
    assert.match(r.stderr, /are reports of different runs \(other --data rows\)/);

    fs.writeFileSync(path.join(dir, 'same-rows.csv'), 'plan\r\nbasic\r\n'); // a Windows checkout's copy
    await shard(dir, 2, ['scenarios'], ['--data', 'same-rows.csv']);
    const same = await merge(dir);
    assert.equal(same.status, 0, same.stderr);
    assert.equal(JSON.parse(same.stdout).scenarios.length, 3);
  });

  test('the payload file the scenarios send edited on one machine: refused, naming it as the cause', async () => {
    const dir = project('payload');
    await shard(dir, 1, ['scenarios']);
    const payload = path.join(dir, 'acme.account.json');
    fs.writeFileSync(payload, fs.readFileSync(payload, 'utf8').replace(/"name": "[^"]*"/, '"name": "Acme Edited"'));
    await shard(dir, 2, ['scenarios']);
    const r = await merge(dir);
    assert.equal(r.status, 2, r.stdout);
    assert.match(r.stderr, /different runs \(other contents of the payload files the scenarios send\)/);
  });

  test("the identity: the files' order, spelling and line ends do not count; every input does", () => {
    const dir = project('identity');
    const text = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
    const names = ['scenarios/a-signup.scenario.json', 'scenarios/b-lookup.scenario.json'];
    const chosen = names.map(file => ({ file, text: text(file) }));
    const id = runIdentity(chosen, {}, dir);
    const otherwise = [...chosen].reverse().map(c => ({ file: `./${c.file}`, text: c.text.replace(/\n/g, '\r\n') }));
    assert.deepEqual(runIdentity(otherwise, {}, dir), id);
    assert.deepEqual(runIdentity(chosen, { iterations: 1 }, dir), id, '--iterations 1 is no --iterations');
    assert.notEqual(runIdentity(chosen, { iterations: 3 }, dir).suite, id.suite);
    const table = { file: 'rows.csv', columns: ['plan'], rows: [{ plan: 'basic' }] };
    assert.notEqual(runIdentity(chosen, { table }, dir).suite, id.suite);
    assert.notEqual(runIdentity(chosen.slice(0, 1), {}, dir).suite, id.suite, 'a file fewer');
    fs.appendFileSync(path.join(dir, 'acme.account.json'), '\n');
    assert.notEqual(runIdentity(chosen, {}, dir).inputs.payloads, id.inputs.payloads);
  });
});
