// The bundles: what activation and `validate` load, and that every file they load on demand ships.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const MAX_ACTIVATION_BYTES = 400_000;
interface Meta {
  outputs: Record<string, { bytes: number; inputs: Record<string, unknown> }>;
}
const meta = (): Meta => JSON.parse(fs.readFileSync('dist/meta.json', 'utf8'));

/** The dist files a module requires by relative path (the lazy stubs' `require("./x.js")`). */
function lazyRequires(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...new Set([...text.matchAll(/require\("\.\/([\w-]+\.js)"\)/g)].map(m => `dist/${m[1]}`))];
}

test('the main bundle holds no undici, no zod locales, and no catalog, sandbox or validator', () => {
  const inputs = Object.keys(meta().outputs['dist/extension.js'].inputs).filter(f => !f.startsWith('lazy:'));
  assert.deepEqual(
    inputs.filter(f => /node_modules\/(undici|zod\/v4\/locales)\//.test(f)),
    [],
  );
  assert.deepEqual(
    inputs.filter(f => /src\/(catalog|sandbox|schemas)\//.test(f)),
    [],
  );
  assert.ok(!fs.readFileSync('dist/extension.js', 'utf8').includes('llhttp'), 'no HTTP parser in the main bundle');
  assert.ok(fs.statSync('dist/extension.js').size <= MAX_ACTIVATION_BYTES);
});

test("the validator bundle keeps zod's English messages only, not its 64 locales", () => {
  const inputs = Object.keys(meta().outputs['dist/schemas.js'].inputs);
  const locales = inputs.filter(f => /node_modules\/zod\/v4\/locales\//.test(f)).map(f => path.basename(f));
  assert.deepEqual(locales, ['en.js']);
});

test('undici ships one HTTP parser (the portable WASM build), in a file of its own', () => {
  const inputs = Object.keys(meta().outputs['dist/undici.js'].inputs);
  assert.ok(inputs.some(f => f.endsWith('llhttp/llhttp-wasm.js')));
  assert.ok(!inputs.some(f => f.endsWith('llhttp/llhttp_simd-wasm.js')));
});

test('activation (stub vscode, fresh process) loads only the main bundle, under 400,000 bytes', () => {
  const out = execFileSync(process.execPath, ['bench/activate.cjs', 'dist/extension.js'], { encoding: 'utf8' });
  const { files, bytes } = JSON.parse(out) as { files: string[]; bytes: number };
  assert.deepEqual(
    files.filter(f => f.startsWith('dist')),
    ['dist/extension.js'],
  );
  assert.ok(bytes <= MAX_ACTIVATION_BYTES, `${bytes} bytes loaded at activation`);
});

test('`validate` loads the validator and nothing else (no HTTP stack, sandbox or catalog)', () => {
  const script = `require('./dist/cli.js').main(['validate', 'examples/new-customer.order.json'])
    .then(code => console.error(JSON.stringify({ code, files: Object.keys(require.cache), node: process.moduleLoadList })))`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  const [summary, report] = r.stderr.trim().split('\n');
  const { code, files, node } = JSON.parse(report);
  // The client and `listen` are bundles of their own: node:http is loaded by the commands that call out.
  assert.deepEqual(
    (node as string[]).filter(m => /^NativeModule (_?https?|_http_\w+|undici)$/.test(m)),
    [],
  );
  assert.equal(code, 0);
  assert.match(summary, /1 file\(s\) checked, 0 finding/);
  const loaded = (files as string[])
    .map(f => path.relative(process.cwd(), f))
    .filter(f => f.startsWith('dist'))
    .sort();
  assert.deepEqual(loaded, [
    'dist/cli-io.js',
    'dist/cli-main.js',
    'dist/cli-validate.js',
    'dist/cli.js',
    'dist/schemas.js',
  ]);
});

test('every file the extension loads on demand exists and is packaged in the VSIX', () => {
  const allowed = fs
    .readFileSync('.vscodeignore', 'utf8')
    .split('\n')
    .filter(l => l.startsWith('!'));
  const shipped = allowed.map(l => l.slice(1));
  // json-schemas.js writes dist/schemas/*.json at build time; the extension never calls it.
  const seen = new Set<string>(['dist/json-schemas.js']);
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    assert.ok(fs.existsSync(file), `${file} is built`);
    assert.ok(shipped.includes(file), `${file} is in .vscodeignore's list`);
    lazyRequires(file).forEach(visit);
  };
  visit('dist/extension.js');
  for (const f of ['dist/undici.js', 'dist/catalog.js', 'dist/sandbox.js', 'dist/schemas.js']) {
    assert.ok(seen.has(f), f);
  }
});

test('every file a CLI command loads on demand is built beside dist/cli.js', () => {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    assert.ok(fs.existsSync(file), `${file} is built`);
    lazyRequires(file).forEach(visit);
  };
  visit('dist/cli.js');
  for (const f of ['dist/cli-validate.js', 'dist/cli-listen.js', 'dist/cli-send.js', 'dist/schemas.js']) {
    assert.ok(seen.has(f), f);
  }
});

test('the main bundle holds no scenario core: the Testing view loads it with the first scenario file', () => {
  const inputs = Object.keys(meta().outputs['dist/extension.js'].inputs).filter(f => !f.startsWith('lazy:'));
  assert.deepEqual(
    inputs.filter(f => /src\/scenarios\//.test(f)),
    [],
  );
  assert.ok(lazyRequires('dist/extension.js').includes('dist/scenarios.js'), 'loaded on demand from its own file');
});
