// Bundles the extension (node, cjs, `vscode` external), the CLI (runnable with `node dist/cli.js`),
// the webview script (browser) and the integration tests; writes the JSON Schemas generated from zod.
// `--production`: minified, no source maps. `--watch`: rebuilds, reporting in the problem-matcher form.
// `--analyze`: prints what each dist/*.js file is made of (from dist/meta.json, esbuild's metafile).
//
// What a feature needs is loaded when it is first used: each module in LAZY is a bundle file of its own,
// and every other bundle that imports it gets a stub whose exports require that file on first access.
const esbuild = require('esbuild');
const fs = require('fs');
const path = require('path');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const analyze = process.argv.includes('--analyze');

/** Source (a package name or a path from the project root) -> its own file in dist/. */
const LAZY = {
  undici: 'undici.js', // the HTTP stack, with the first request
  'jsonc-parser': 'jsonc-parser.js', // reading JSON with its places, with the first payload, request or scenario file
  'src/catalog/index.ts': 'catalog.js', // the Endpoints view, Find Operation, request files
  'src/views/endpointsTree.ts': 'endpoints-tree.js', // the Endpoints view, when it is first shown
  'src/views/treeNodes/endpointNodes.ts': 'endpoint-nodes.js', // its nodes (one OperationNode class for instanceof)
  'src/sandbox/index.ts': 'sandbox.js', // the Local sandbox
  'src/schemas/index.ts': 'schemas.js', // the validator (zod), with the first payload file
  'src/payloads/requests.ts': 'requests.js', // request files: findings, completion and hover, templates
  'src/contract/index.ts': 'contract.js', // the request-body checker, templates and simulated answers
  'src/contract/requestData.ts': 'contract-requests.js', // v1 request schemas, with the first request file
  'src/contract/responseData.ts': 'contract-responses.js', // v1 response schemas, with the first simulated answer
  'src/contract/responseDataV2.ts': 'contract-responses-v2.js', // v2 response schemas, with the first answer checked
  'src/contract/requestDataV2.ts': 'contract-requests-v2.js', // v2 request schemas, with the first v2 request file
  'src/contract/parametersV2.ts': 'contract-parameters-v2.js', // v2 path and query parameters, with the first use
  'src/client/secretRules.ts': 'secret-rules.js', // what is secret (names from the references), with the first redaction
  'src/client/summary.ts': 'summary.js', // a preview's rows and totals, with the first preview
  'src/client/previewBaseline.ts': 'preview-baseline.js', // the change since the last preview, with the first one
  'src/client/billingDocuments.ts': 'billing-documents.js', // a preview's invoices, with the first preview
  'src/payloads/metricsAt.ts': 'metrics-at.js', // inline figures in a payload, with the first preview
  'src/products/index.ts': 'products.js', // the product catalog, with the first plan_id or price_id
  'src/schemas/jsonSchemas.ts': 'json-schemas.js', // build time only (dist/schemas/*.json)
  'src/cli.ts': 'cli-main.js', // the CLI, loaded by dist/cli.js (src/cliStart.ts) once the compile cache is on
  'src/cli/io.ts': 'cli-io.js', // shared by the subcommands: one UsageError class
  'src/cli/validate.ts': 'cli-validate.js',
  'src/cli/catalog.ts': 'cli-catalog.js', // validate --connection-catalog only: the client and the product catalog
  'src/cli/send.ts': 'cli-send.js',
  'src/cli/sandbox.ts': 'cli-sandbox.js',
  'src/cli/clock.ts': 'cli-clock.js',
  'src/cli/endpoints.ts': 'cli-endpoints.js',
  'src/cli/listen.ts': 'cli-listen.js', // its HTTP server and the client, not loaded by the other commands
  'src/scenarios/index.ts': 'scenarios.js', // scenario files, runner and reports (the CLI's `test`, the Testing view)
  'src/cli/test.ts': 'cli-test.js',
  'src/cli/mergeReports.ts': 'cli-merge-reports.js', // merge-reports: the shards' JSON reports as one
  'src/scenarios/fromHistory.ts': 'scenario-from-history.js', // History's Save as Scenario
  'src/services/historyScenario.ts': 'history-scenario.js', // its dialogs and file, likewise (no instanceof)
  'src/services/scenarioRun.ts': 'scenario-run.js', // a Testing view run, with the first one (no instanceof)
  'src/services/orderCreate.ts': 'order-create.js', // what an order needs, the create's figures, with the first Create
  'src/services/answerDiff.ts': 'answer-diff.js', // History's Compare Answers, with the first compare
  'src/client/accountDocuments.ts': 'account-documents.js', // an account's documents, when the tree opens one
  'src/services/operationRequests.ts': 'operation-requests.js', // Send and New Request, with the first (no instanceof)
  'src/client/clockText.ts': 'clock-text.js', // a clock move in words, with the first move
  'src/services/sandboxClock.ts': 'sandbox-clock.js', // Advance Local Sandbox Clock, with the first move (no instanceof)
  'src/agentTools/index.ts': 'agent-tools.js', // the agent tools' logic (editor and MCP), with the first tool call
  'src/languageFeatures/agentToolRunner.ts': 'agent-tool-runner.js', // the editor's side of the tools, likewise
  'src/cli/mcp.ts': 'cli-mcp.js', // the MCP server and its SDK
  'src/views/calloutsTree.ts': 'callouts-tree.js', // the Callouts view's rows and actions, when it is first shown
};
const CHECK_WORKER = 'src/sandbox/http/checkWorker.ts';
const SCENARIO_WORKER = 'src/scenarioWorkerStart.ts'; // `test --jobs N`'s worker threads (src/scenarios/workerPool.ts)
const JOURNAL_WORKER = 'src/sandbox/state/journalWorker.ts'; // the data file's compaction (state/journalCompaction.ts)
/** A LAZY source as esbuild resolves it: an absolute path, or the package name. */
const lazyKey = src => (src.startsWith('src/') ? path.resolve(src) : src);
const lazyByPath = new Map(Object.entries(LAZY).map(([src, out]) => [lazyKey(src), out]));

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

/** After each build of the schema module, regenerate the JSON Schemas from the zod source of truth. */
const schemaFiles = {
  name: 'schema-files',
  setup(build) {
    build.onEnd(result => {
      if (result.errors.length) return;
      const file = require.resolve('./dist/json-schemas.js');
      delete require.cache[file];
      require(file).writeSchemaFiles(path.join(__dirname, 'dist', 'schemas'));
    });
  },
};

/** After each build of a build-time schema module, write its JSON Schema file (scenario, request) to dist/schemas. */
const schemaFileOf = (bundle, write) => ({
  name: `schema-file-${bundle}`,
  setup(build) {
    build.onEnd(result => {
      if (result.errors.length) return;
      const file = require.resolve(`./dist/${bundle}`);
      delete require.cache[file];
      require(file)[write](path.join(__dirname, 'dist', 'schemas'));
    });
  },
});

/** The names a lazy module exports (type-only exports have none at run time). */
async function exportNames(source) {
  if (!source.startsWith('src/')) return Object.keys(require(source)).filter(k => k !== 'default');
  const r = await esbuild.build({
    entryPoints: [source],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    external: ['vscode'],
    logLevel: 'silent',
    outdir: 'out/exports',
  });
  return Object.values(r.metafile.outputs).find(o => o.entryPoint).exports;
}

/** Replaces imports of LAZY modules (other than the bundle's own entry) with a stub that loads on first use. */
function lazyImports(ownEntry, names) {
  return {
    name: 'lazy-imports',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async args => {
        if (args.namespace === 'lazy') return { path: args.path, external: true };
        if (args.kind === 'entry-point' || args.pluginData === 'inner') return undefined;
        let key = args.path;
        if (args.path.startsWith('.')) {
          const inner = { resolveDir: args.resolveDir, kind: args.kind, pluginData: 'inner' };
          key = (await build.resolve(args.path, inner)).path;
        }
        if (key === ownEntry || !lazyByPath.has(key)) return undefined;
        return { path: key, namespace: 'lazy' };
      });
      build.onLoad({ filter: /.*/, namespace: 'lazy' }, args => {
        const file = `./${lazyByPath.get(args.path)}`;
        return {
          loader: 'js',
          contents: [
            'let loaded;',
            `const load = () => loaded ??= require(${JSON.stringify(file)});`,
            `for (const name of ${JSON.stringify(names.get(args.path))}) {`,
            '  Object.defineProperty(exports, name, { enumerable: true, get: () => load()[name] });',
            '}',
          ].join('\n'),
        };
      });
    },
  };
}

/**
 * undici carries two builds of its WASM HTTP parser, the SIMD one and the portable one it falls back to
 * when SIMD fails; we ship only the portable one (any CPU, one copy).
 */
const oneLlhttp = {
  name: 'one-llhttp',
  setup(build) {
    build.onResolve({ filter: /llhttp_simd-wasm\.js$/ }, () => ({ path: 'llhttp_simd', namespace: 'no-simd' }));
    const contents = 'module.exports = undefined;'; // WebAssembly.Module(undefined) throws: the fallback runs
    build.onLoad({ filter: /.*/, namespace: 'no-simd' }, () => ({ contents, loader: 'js' }));
  },
};

/**
 * Each bundle takes the `vscode` API once. Imported as it is (`import * as vscode from 'vscode'` in some 60 modules),
 * every importing module gets esbuild's CommonJS interop, a copy of the API object's ~194 names: about 12,000
 * property definitions at load. Here every import of `vscode` reads one module of the bundle that re-exports the
 * API; it is copied once.
 */
const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, args =>
      args.namespace === 'vscode-once'
        ? { path: 'vscode', external: true }
        : { path: 'vscode', namespace: 'vscode-once' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({
      contents: "export * from 'vscode';",
      loader: 'js',
    }));
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
const node = { ...common, platform: 'node', format: 'cjs', target: 'node20', metafile: true };

/** Codicons for the webview, from @vscode/codicons (css + font only). */
function copyCodicons() {
  const from = path.join(__dirname, 'node_modules', '@vscode', 'codicons', 'dist');
  fs.mkdirSync('dist/codicons', { recursive: true });
  for (const f of ['codicon.css', 'codicon.ttf']) {
    fs.copyFileSync(path.join(from, f), path.join('dist', 'codicons', f));
  }
}

/** The bundles of dist/: the two entries and every lazy file, all sharing the lazy stubs. */
async function distBuilds() {
  const names = new Map();
  for (const src of Object.keys(LAZY)) names.set(lazyKey(src), await exportNames(src));
  const withLazy = (entry, extra = []) => [...common.plugins, lazyImports(entry, names), ...extra];
  const builds = [
    {
      ...node,
      entryPoints: ['src/extension.ts'],
      outfile: 'dist/extension.js',
      external: ['vscode'],
      plugins: withLazy(undefined, [vscodeOnce]),
    },
    {
      ...node,
      entryPoints: ['src/cliStart.ts'],
      outfile: 'dist/cli.js',
      banner: { js: '#!/usr/bin/env node' },
      plugins: withLazy(),
    },
  ];
  // The Local sandbox's checker of big bodies, a worker thread's script beside it (src/sandbox/http/offThread.ts).
  builds.push({ ...node, entryPoints: [CHECK_WORKER], outfile: 'dist/check-worker.js', plugins: withLazy() });
  builds.push({ ...node, entryPoints: [SCENARIO_WORKER], outfile: 'dist/scenario-worker.js', plugins: withLazy() });
  builds.push({ ...node, entryPoints: [JOURNAL_WORKER], outfile: 'dist/journal-worker.js', plugins: withLazy() });
  // Build time only, self-contained (no lazy stubs), so they can run as soon as they are written.
  for (const [entry, bundle, write] of [
    ['src/scenarios/jsonSchema.ts', 'json-schema-scenario.js', 'writeScenarioSchema'],
    ['src/payloads/requestJsonSchema.ts', 'json-schema-request.js', 'writeRequestSchema'],
  ]) {
    builds.push({
      ...node,
      entryPoints: [entry],
      outfile: `dist/${bundle}`,
      plugins: [...common.plugins, schemaFileOf(bundle, write)],
    });
  }
  for (const [src, out] of Object.entries(LAZY)) {
    const key = lazyKey(src);
    const extra = src === 'undici' ? [oneLlhttp] : src.endsWith('jsonSchemas.ts') ? [schemaFiles] : [vscodeOnce];
    // `vscode` stays external: a lazy part of the editor (the agent tool runner) imports it like the entry does.
    const lazy = { ...node, entryPoints: [src], outfile: `dist/${out}`, external: ['vscode'] };
    builds.push({ ...lazy, plugins: withLazy(key, extra) });
  }
  return builds;
}

/** Every dist bundle's metafile in one (`--analyze` reads it; so can https://esbuild.github.io/analyze/). */
function writeMetafile(results) {
  const meta = { inputs: {}, outputs: {} };
  for (const r of results) {
    if (!r.metafile) continue;
    Object.assign(meta.inputs, r.metafile.inputs);
    Object.assign(meta.outputs, r.metafile.outputs);
  }
  fs.writeFileSync('dist/meta.json', JSON.stringify(meta));
  return meta;
}

async function main() {
  fs.mkdirSync('dist', { recursive: true });
  copyCodicons();
  const dist = await distBuilds();
  const other = [
    {
      ...common,
      entryPoints: ['src/webview/main.ts'],
      outfile: 'dist/webview.js',
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
    },
  ];
  if (!production) {
    const tests = dir =>
      fs
        .readdirSync(dir)
        .filter(f => f.endsWith('.test.ts'))
        .map(f => `${dir}/${f}`);
    // Integration tests run inside the extension host; mocha stays a real require there.
    other.push({
      ...common,
      entryPoints: ['test/integration/index.ts', ...tests('test/integration')],
      outdir: 'out/integration',
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['vscode', 'mocha'],
    });
    // Unit tests (node's test runner) of the vscode-free core; libraries load from node_modules.
    other.push({
      ...common,
      entryPoints: [
        ...tests('test/unit'),
        { in: CHECK_WORKER, out: 'check-worker' },
        { in: SCENARIO_WORKER, out: 'scenario-worker' },
        { in: JOURNAL_WORKER, out: 'journal-worker' },
      ],
      outdir: 'out/unit',
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      packages: 'external',
    });
    const benches = fs
      .readdirSync('bench')
      .filter(f => f.endsWith('.bench.ts'))
      .map(f => `bench/${f}`);
    other.push({
      ...common,
      entryPoints: [
        ...benches,
        { in: CHECK_WORKER, out: 'check-worker' },
        { in: SCENARIO_WORKER, out: 'scenario-worker' },
        { in: JOURNAL_WORKER, out: 'journal-worker' },
      ],
      outdir: 'out/bench',
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      packages: 'external',
    });
  }
  if (watch) {
    await Promise.all([...dist, ...other].map(async b => (await esbuild.context(b)).watch()));
    return;
  }
  // The schema files are written after json-schemas.js exists; the rest may build in parallel.
  const results = await Promise.all([...dist, ...other].map(b => esbuild.build(b)));
  const meta = writeMetafile(results);
  if (analyze) {
    console.log(await esbuild.analyzeMetafile(meta, { verbose: process.argv.includes('--verbose') }));
  }
}

main().catch(e => {
  console.error(e);
  process.exit(1);
});
