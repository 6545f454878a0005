// Bundles the extension (node, cjs, `vscode` external), the CLI (runnable with `node dist/cli.js`),
// the webview script (browser) and the integration tests; writes the JSON Schemas generated from zod.
// `--production`: minified, no source maps. `--watch`: rebuilds, reporting in the problem-matcher form.
const esbuild = require('esbuild');
const fs = require('fs');
const path = require('path');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Prints start/end markers and errors in the form the `$esbuild-watch` problem matcher reads. */
const problemMatcher = {
  name: 'problem-matcher',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd(result => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

/** After each build of the CLI, regenerate the JSON Schemas from the zod source of truth. */
const schemaFiles = {
  name: 'schema-files',
  setup(build) {
    build.onEnd(result => {
      if (result.errors.length) return;
      delete require.cache[require.resolve('./dist/cli.js')];
      const { writeSchemaFiles } = require('./dist/cli.js');
      writeSchemaFiles(path.join(__dirname, 'dist', 'schemas'));
    });
  },
};

const common = {
  bundle: true,
  define: { BW_VERSION: JSON.stringify(require('./package.json').version) },
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'warning',
  mainFields: ['module', 'main'], // jsonc-parser's UMD entry does not bundle; its ESM one does
  plugins: watch ? [problemMatcher] : [],
};

/** Codicons for the webview, from @vscode/codicons (css + font only). */
function copyCodicons() {
  const from = path.join(__dirname, 'node_modules', '@vscode', 'codicons', 'dist');
  fs.mkdirSync('dist/codicons', { recursive: true });
  for (const f of ['codicon.css', 'codicon.ttf']) fs.copyFileSync(path.join(from, f), path.join('dist', 'codicons', f));
}

async function main() {
  fs.mkdirSync('dist', { recursive: true });
  copyCodicons();
  const builds = [
    { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'] },
    { ...common, entryPoints: ['src/cli.ts'], outfile: 'dist/cli.js', platform: 'node', format: 'cjs', target: 'node20', banner: { js: '#!/usr/bin/env node' }, plugins: [...common.plugins, schemaFiles] },
    { ...common, entryPoints: ['src/webview/main.ts'], outfile: 'dist/webview.js', platform: 'browser', format: 'iife', target: 'es2022' },
  ];
  if (!production) {
    // Integration tests run inside the extension host; mocha stays a real require there.
    builds.push({ ...common, entryPoints: ['test/integration/index.ts', ...fs.readdirSync('test/integration').filter(f => f.endsWith('.test.ts')).map(f => `test/integration/${f}`)],
      outdir: 'out/integration', platform: 'node', format: 'cjs', target: 'node20', external: ['vscode', 'mocha'] });
    // Unit tests (node's test runner) of the vscode-free core; libraries load from node_modules.
    builds.push({ ...common, entryPoints: fs.readdirSync('test/unit').filter(f => f.endsWith('.test.ts')).map(f => `test/unit/${f}`),
      outdir: 'out/unit', platform: 'node', format: 'cjs', target: 'node20', packages: 'external' });
    builds.push({ ...common, entryPoints: fs.readdirSync('bench').filter(f => f.endsWith('.bench.ts')).map(f => `bench/${f}`),
      outdir: 'out/bench', platform: 'node', format: 'cjs', target: 'node20', packages: 'external' });
  }
  if (watch) {
    await Promise.all(builds.map(async b => (await esbuild.context(b)).watch()));
  } else {
    await Promise.all(builds.map(b => esbuild.build(b)));
  }
}

main().catch(e => { console.error(e); process.exit(1); });
