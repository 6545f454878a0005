// The CLI's compile cache (src/cli/compileCache.ts) as a person meets it: `validate` in its own process answers
// the same with no cache, a fresh one, a warm one and a damaged one; the cache is in the user's cache folder,
// damaged files are written again, CLIs started at once leave whole files, and a folder that cannot be written
// costs only the speed-up.
import { test, describe } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compileCacheDir, readCache, sourceKey } from '../../src/cli/compileCache';

const CLI = path.resolve('dist/cli.js');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-compile-cache-'));
// Findings (an error and warnings) and a payment method: the deferred parts of the schemas run too.
const files = [
  'examples/new-customer.order.json',
  'examples/acme.account.json',
  path.join(work, 'bad.order.json'),
  path.join(work, 'card.account.json'),
];
fs.writeFileSync(
  files[2],
  '{ "account_data": { "name": "A", "currency": "USD", "bill_to": {} }, "subscriptions": [{}] }',
);
fs.writeFileSync(
  files[3],
  JSON.stringify({
    name: 'A',
    currency: 'USD',
    bill_to: { first_name: 'F', last_name: 'L' },
    payment_method: { type: 'card', card: { card_number: '4111111111111112', brand: 'visa', expiry_month: 13 } },
  }),
);

let homes = 0;
/** A user's cache folder of its own (XDG_CACHE_HOME) for each test. */
const newHome = () => path.join(work, `home-${homes++}`);
const env = (home: string, extra: Record<string, string> = {}) => ({ ...process.env, XDG_CACHE_HOME: home, ...extra });
const validate = (home: string, extra: Record<string, string> = {}) => {
  const r = spawnSync(process.execPath, [CLI, 'validate', '--format', 'json', ...files], {
    encoding: 'utf8',
    env: env(home, extra),
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};
const cacheFolder = (home: string) =>
  path.join(home, 'billing-workbench', `compile-${process.version}-${process.arch}`);
const cacheFiles = (home: string) => (fs.existsSync(cacheFolder(home)) ? fs.readdirSync(cacheFolder(home)).sort() : []);
const schemasCache = (home: string) => {
  const name = cacheFiles(home).find(f => f.startsWith('schemas-'));
  assert.ok(name, `a cache of schemas.js in ${cacheFiles(home).join(', ')}`);
  return path.join(cacheFolder(home), name);
};
/** The cache file holds whole V8 data made from the bundle as it is now. */
const isWhole = (file: string, bundle: string) =>
  readCache(file, sourceKey(fs.readFileSync(path.join('dist', bundle), 'utf8'))) !== undefined;

const expected = validate(newHome(), { NODE_DISABLE_COMPILE_CACHE: '1' });

describe('the CLI compile cache', () => {
  test('validate fills the cache in the user cache folder, then answers the same from it', () => {
    assert.equal(expected.status, 1, expected.stderr); // the bad order
    assert.match(expected.stdout, /"card-luhn"|"out-of-range"/);
    const home = newHome();
    assert.deepEqual(validate(home), expected, 'first run: the cache is written');
    const written = cacheFiles(home);
    for (const bundle of ['cli-io', 'cli-validate', 'schemas']) {
      assert.ok(
        written.some(f => f.startsWith(`${bundle}-`) && f.endsWith('.cache')),
        `${bundle}: ${written.join(', ')}`,
      );
    }
    const before = written.map(f => fs.readFileSync(path.join(cacheFolder(home), f)));
    assert.deepEqual(validate(home), expected, 'second run: from the cache');
    assert.deepEqual(cacheFiles(home), written);
    assert.deepEqual(
      written.map(f => fs.readFileSync(path.join(cacheFolder(home), f))),
      before,
      'a good cache is read, not written again',
    );
    assert.ok(isWhole(schemasCache(home), 'schemas.js'));
  });

  test('cache files not written for 30 days (an old build, an install that is gone) are removed at the next write', () => {
    const home = newHome();
    fs.mkdirSync(cacheFolder(home), { recursive: true });
    const old = path.join(cacheFolder(home), 'schemas-0badc0de.cache');
    const recent = path.join(cacheFolder(home), 'schemas-1badc0de.cache');
    for (const f of [old, recent]) fs.writeFileSync(f, 'a cache of another install');
    const day = 24 * 3600;
    const now = Date.now() / 1000;
    fs.utimesSync(old, now - 31 * day, now - 31 * day);
    fs.utimesSync(recent, now - 29 * day, now - 29 * day);
    assert.deepEqual(validate(home), expected);
    assert.equal(fs.existsSync(old), false, 'the old one is gone');
    assert.equal(fs.existsSync(recent), true, 'the recent one stays');
    assert.ok(
      cacheFiles(home).some(f => f.startsWith('cli-validate-')),
      "this run's caches are written",
    );
  });

  test('a damaged, torn or foreign cache file is ignored and written again', () => {
    const home = newHome();
    validate(home);
    const file = schemasCache(home);
    const good = fs.readFileSync(file);
    const flipped = Buffer.from(good);
    for (let i = good.length >> 1; i < (good.length >> 1) + 64; i++) flipped[i] ^= 0xff;
    const damage = {
      'flipped bytes in the data': flipped,
      'cut in half': good.subarray(0, good.length >> 1),
      empty: Buffer.alloc(0),
      'not a cache at all': Buffer.from('{"hello": "world"}'),
    };
    for (const [what, bytes] of Object.entries(damage)) {
      fs.writeFileSync(file, bytes);
      assert.deepEqual(validate(home), expected, what);
      assert.ok(isWhole(file, 'schemas.js'), `${what}: written again`);
    }
    // Made from another text (a rebuilt bundle): its data does not belong to this one.
    assert.equal(readCache(file, sourceKey('"use strict";\n')), undefined);
  });

  test('CLIs started at once leave whole cache files and the same answers', async () => {
    const home = newHome();
    const runs = Array.from(
      { length: 6 },
      () =>
        new Promise<{ status: number | null; stdout: string; stderr: string }>(resolve => {
          const p = spawn(process.execPath, [CLI, 'validate', '--format', 'json', ...files], { env: env(home) });
          let stdout = '',
            stderr = '';
          p.stdout.on('data', d => (stdout += d));
          p.stderr.on('data', d => (stderr += d));
          p.on('close', status => resolve({ status, stdout, stderr }));
        }),
    );
    for (const r of await Promise.all(runs)) assert.deepEqual(r, expected);
    const left = cacheFiles(home);
    assert.deepEqual(
      left.filter(f => !f.endsWith('.cache')),
      [],
      'no temporary files left',
    );
    assert.ok(isWhole(schemasCache(home), 'schemas.js'));
    assert.deepEqual(validate(home), expected);
  });

  test('a cache folder that cannot be written costs the speed-up, never the command', () => {
    const notAFolder = path.join(work, 'a-file');
    fs.writeFileSync(notAFolder, 'x');
    assert.deepEqual(validate(notAFolder), expected);
    const readOnly = newHome();
    fs.mkdirSync(readOnly, { mode: 0o500 });
    assert.deepEqual(validate(readOnly), expected);
    // Folders no one can make: Node's recursive mkdir retried under /proc forever, the CLI never exiting
    for (const cannot of ['/proc/bw-no-such-folder', '/proc', '/dev/null/x']) {
      if (!fs.existsSync('/proc')) break; // not Linux: nothing of the kind to try
      const r = spawnSync(process.execPath, [CLI, 'validate', '--format', 'json', ...files], {
        encoding: 'utf8',
        env: env(cannot),
        timeout: 60_000, // a deadline, not a figure: the hang it guards against never ends
      });
      assert.deepEqual({ status: r.status, stdout: r.stdout, stderr: r.stderr }, expected, cannot);
    }
    const deep = path.join(newHome(), 'not', 'yet');
    assert.deepEqual(validate(deep), expected);
    assert.ok(cacheFiles(deep).length > 0, 'the folders missing above the cache are made');
  });

  test('test --jobs 2: its worker threads read the same cache, and a damaged or unwritable one costs them nothing', () => {
    // Four runs of a scenario: the main thread runs some, a worker thread (scenario-worker.js) the others, each
    // loading the sandbox and the client through the cache.
    const suite = path.join(work, 'jobs');
    fs.mkdirSync(path.join(suite, 's'), { recursive: true });
    fs.copyFileSync('examples/acme.account.json', path.join(suite, 'acme.account.json'));
    for (let i = 0; i < 4; i++)
      fs.copyFileSync(
        'examples/scenarios/pause-then-resume.scenario.json',
        path.join(suite, 's', `p${i}.scenario.json`),
      );
    const run = (home: string, extra: Record<string, string> = {}) => {
      const r = spawnSync(process.execPath, [CLI, 'test', 's', '--jobs', '2', '--reporter', 'json'], {
        cwd: suite,
        encoding: 'utf8',
        env: env(home, extra),
      });
      assert.equal(r.status, 0, r.stderr);
      const report = JSON.parse(r.stdout) as { scenarios: { outcome: string; steps: unknown[] }[] };
      return report.scenarios.map(s => `${s.outcome} ${s.steps.length}`);
    };
    const plain = run(newHome(), { NODE_DISABLE_COMPILE_CACHE: '1' });
    assert.deepEqual(plain, Array(4).fill('passed 7'));
    const home = newHome();
    assert.deepEqual(run(home), plain, 'a fresh cache');
    const sandbox = cacheFiles(home).find(f => f.startsWith('sandbox-'));
    assert.ok(sandbox, `the sandbox's bundle is cached: ${cacheFiles(home).join(', ')}`);
    assert.deepEqual(run(home), plain, 'a warm cache');
    fs.writeFileSync(path.join(cacheFolder(home), sandbox), 'not a cache at all');
    assert.deepEqual(run(home), plain, 'a damaged cache');
    const notAFolder = path.join(work, 'jobs-a-file');
    fs.writeFileSync(notAFolder, 'x');
    assert.deepEqual(run(notAFolder), plain, 'a cache folder that cannot be made');
  });

  test("the cache folder is the user's own: XDG_CACHE_HOME, ~/.cache, %LOCALAPPDATA%; off with NODE_DISABLE_COMPILE_CACHE", () => {
    const own = `compile-${process.version}-${process.arch}`;
    assert.equal(
      compileCacheDir({ XDG_CACHE_HOME: '/x/cache' }, 'linux'),
      path.join('/x/cache', 'billing-workbench', own),
    );
    // A relative XDG_CACHE_HOME is invalid (the XDG spec): the default folder, not one under the working directory.
    assert.equal(
      compileCacheDir({ XDG_CACHE_HOME: 'cache' }, 'linux'),
      path.join(os.homedir(), '.cache', 'billing-workbench', own),
    );
    assert.equal(compileCacheDir({}, 'linux'), path.join(os.homedir(), '.cache', 'billing-workbench', own));
    assert.equal(compileCacheDir({}, 'darwin'), path.join(os.homedir(), 'Library', 'Caches', 'billing-workbench', own));
    assert.equal(
      compileCacheDir({ LOCALAPPDATA: 'C:\\Users\\a\\AppData\\Local' }, 'win32')?.includes('billing-workbench'),
      true,
    );
    assert.equal(compileCacheDir({ NODE_DISABLE_COMPILE_CACHE: '1', XDG_CACHE_HOME: '/x' }, 'linux'), undefined);
    assert.ok(!compileCacheDir({}, 'linux')!.startsWith(os.tmpdir()));
  });
});
