#!/usr/bin/env node
// Run the extension's integration tests inside a real VS Code (code-server's VS Code server + web
// workbench), driven by headless Debian Chromium through playwright-core. Adapted from the team's
// reference runner; everything it needs comes from scripts/setup-vscode-host.sh (.vscode-test/).
//
//   node run-ext-tests.mjs --extensionDevelopmentPath ../ext --extensionTestsPath ../ext/out/test/index \
//        [--workspace DIR] [--timeout 300] [--screenshots DIR] [--keep]
//
// Exit code: 0 all tests passed; 1 a test failed (or the test module failed/rejected); 2 infrastructure
// problem (server did not start, timeout, page crash). Prints "N passed, N failed" when the test module
// wrote EXT_TEST_RESULTS_FILE.
//
// How it works: code-server gets `--vscode-option enable-smoke-test-driver`, without which a *built*
// VS Code web workbench ignores the `payload` development options. The page is opened with
//   ?folder=<ws>&payload=[["extensionDevelopmentPath","vscode-remote://HOST/abs/ext"],
//                         ["extensionTestsPath","vscode-remote://HOST/abs/test/index"]]
// The Node extension host (on the server) loads the test module and calls run(); when run() settles it
// reports exit code 0/1 to the workbench, which calls window.codeAutomationExit(code) - a function this
// script exposes with page.exposeFunction. window.codeAutomationLog receives the workbench log,
// including the extension host's console output (mocha's reporter).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import util from 'node:util';
import { parseArgs } from 'node:util';
import {
  codeServerEnv,
  codeServerPaths,
  installArgs,
  LISTENING,
  profileArgs,
  serveArgs,
} from '../../scripts/codeServer.mjs';
import { killLeftovers, memorySampler } from './processTree.mjs';
import { logSockets, makeRunFolder } from './runFolder.mjs';
import { workbenchActions } from './workbenchActions.mjs';
import { launchWorkbenchBrowser } from './workbenchBrowser.mjs';

const HERE = path.dirname(new URL(import.meta.url).pathname);
const { values: opt } = parseArgs({
  options: {
    extensionDevelopmentPath: { type: 'string' },
    extensionTestsPath: { type: 'string' },
    workspace: { type: 'string' },
    timeout: { type: 'string', default: '300' },
    screenshots: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'install-vsix': { type: 'string', multiple: true, default: [] },
    verbose: { type: 'boolean', default: false },
  },
});
if ((!opt.extensionDevelopmentPath && !opt['install-vsix'].length) || !opt.extensionTestsPath) {
  console.error(
    'usage: run-ext-tests.mjs (--extensionDevelopmentPath DIR | --install-vsix FILE.vsix) --extensionTestsPath MODULE [--workspace DIR] [--timeout S] [--screenshots DIR] [--keep] [--verbose]',
  );
  process.exit(2);
}
const extDev = opt.extensionDevelopmentPath ? path.resolve(opt.extensionDevelopmentPath) : null;
const extTests = path.resolve(opt.extensionTestsPath);
const REPO = path.resolve(HERE, '../..');
const CACHE = process.env.BW_HOST_CACHE ?? path.join(REPO, '.vscode-test');
const { node: NODE24, dir: CODE_SERVER, entry: ENTRY } = codeServerPaths(CACHE);
for (const [what, p] of [
  ['Node 24', NODE24],
  ['code-server', CODE_SERVER],
  ['Chromium', process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'],
]) {
  if (!fs.existsSync(p)) {
    console.error(`${what} not found at ${p}: run \`npm run setup:host\` (scripts/setup-vscode-host.sh) first`);
    process.exit(2);
  }
}
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const t0 = Date.now();
const since = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;
const log = (...a) => console.log(`[runner ${since()}]`, ...a);

// ---- fresh, isolated state for this run (runFolder.mjs) ---------------------------------------
const { runDir, dirs, removeRunDir } = makeRunFolder({ keep: opt.keep });
log(`run folder ${runDir}${opt.keep ? ' (kept)' : ''}`);
process.env.TMPDIR = dirs.tmp; // playwright-core's temp artifacts, and Chromium's (it inherits this environment)
process.env.XDG_RUNTIME_DIR = dirs['xdg-run'];
const workspace = path.resolve(opt.workspace ?? dirs.ws);
const resultsFile = path.join(runDir, 'results.json');
const screenshotDir = path.resolve(opt.screenshots ?? path.join(REPO, 'test-output', 'screenshots'));
fs.mkdirSync(screenshotDir, { recursive: true });

const serverEnv = {
  ...codeServerEnv(
    { ...process.env, PATH: `${path.dirname(NODE24)}:${process.env.PATH}` },
    {
      config: dirs['xdg-config'],
      data: dirs['xdg-data'],
      cache: dirs['xdg-cache'],
      runtime: dirs['xdg-run'],
      tmp: dirs.tmp,
    },
  ),
  EXT_TEST_RESULTS_FILE: resultsFile, // inherited by the extension host
  EXT_TEST_SCREENSHOT_DIR: screenshotDir,
};
const commonArgs = profileArgs({ userData: dirs.udd, extensions: dirs.exts, config: path.join(runDir, 'config.yaml') });

// ---- optionally install packaged extensions (VSIX) into this run's fresh extensions dir --------
for (const vsix of opt['install-vsix']) {
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync(NODE24, installArgs(ENTRY, commonArgs, path.resolve(vsix)), {
    env: serverEnv,
    encoding: 'utf8',
    timeout: 120000,
  });
  log(`install ${vsix}: rc=${r.status} ${(r.stdout + r.stderr).trim().split('\n').slice(-2).join(' | ')}`);
  if (r.status !== 0) process.exit(2);
}

// ---- start code-server on a free loopback port ----------------------------------------------
const serverLog = fs.createWriteStream(path.join(runDir, 'server.log'));
const server = spawn(
  NODE24,
  serveArgs(ENTRY, commonArgs, workspace, { testDriver: true }), // the test driver honours the `payload` options
  {
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
let serverExited = false,
  finished = false,
  context,
  page,
  exitCode = 2,
  reason = 'not started';
server.on('exit', (c, s) => {
  serverExited = true;
  if (!finished) log(`code-server exited early code=${c} signal=${s}`);
});
server.stderr.pipe(serverLog);
const baseUrl = await new Promise((resolve, reject) => {
  let buf = '';
  const timer = setTimeout(() => reject(new Error('code-server did not start within 60s')), 60000);
  server.stdout.on('data', d => {
    serverLog.write(d);
    buf += d;
    const m = buf.match(LISTENING);
    if (m) {
      clearTimeout(timer);
      resolve(m[1]);
    }
  });
  server.on('exit', () => reject(new Error('code-server exited before listening; see ' + runDir + '/server.log')));
}).catch(e => {
  console.error(String(e));
  return null;
});

// ---- memory sampler: PSS of everything this runner started (code-server tree + chromium tree) --
const sampler = memorySampler(server);
const { peak } = sampler;

// ---- open the workbench in headless Chromium --------------------------------------------------
const { shot, keys } = workbenchActions({ getPage: () => page, screenshotDir, log });

let settle;
if (baseUrl)
  try {
    log(`code-server listening at ${baseUrl} (run dir ${runDir})`);
    const host = new URL(baseUrl).host;
    const remote = p => `vscode-remote://${host}${p}`;
    const payload = [
      ...(extDev ? [['extensionDevelopmentPath', remote(extDev)]] : []),
      ['extensionTestsPath', remote(extTests)],
      ['skipWelcome', 'true'],
      ['skipReleaseNotes', 'true'],
    ];
    const url = `${baseUrl}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    context = await launchWorkbenchBrowser({
      chromeDir: dirs.chrome,
      chromeHome: dirs['chrome-home'],
      executablePath: CHROMIUM,
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', e => log('page error:', String(e).slice(0, 500)));
    page.on('crash', () => {
      reason = 'page crashed';
      settle(2);
    });
    page.on('console', m => {
      if (opt.verbose || (m.type() === 'error' && !/vsda|404 \(Not Found\)/.test(m.text())))
        log(`browser console.${m.type()}:`, m.text().slice(0, 500));
    });

    const done = new Promise(r => {
      settle = r;
    });
    await page.exposeFunction('codeAutomationLog', (type, args) => {
      const line = util.format(...(Array.isArray(args) ? args : [args]));
      if (/Ignoring fetching additional builtin extensions/.test(line)) return;
      // Typed text can be a secret (Sign In tests): never echo a keys request, only that it happened.
      console.log(line.replace(/\[\[keys:\{.*\}\]\]/, '[[keys: typed into the workbench]]'));
      const m = /\[\[screenshot:([\w.-]+)\]\]/.exec(line); // screenshot handshake requested by a test
      if (m) shot(m[1]).catch(e => log('screenshot failed', e));
      // Keyboard handshake: a test asks for keys typed into the workbench like a person would, e.g.
      // [[keys:{"id":"k1","waitFor":".quick-input-widget","type":"write off","press":["Enter"]}]]
      const k = /\[\[keys:(\{.*\})\]\]/.exec(line);
      if (k) {
        const spec = JSON.parse(k[1]);
        keys(spec).catch(e => {
          log('keys failed', e);
          // The test waiting for these keys hears at once that they were not typed, and why.
          const done = path.join(screenshotDir, `keys-${spec.id}.done`);
          fs.writeFileSync(done + '.tmp', JSON.stringify({ failed: String(e?.message ?? e).split('\n')[0] }));
          fs.renameSync(done + '.tmp', done);
        });
      }
    });
    await page.exposeFunction('codeAutomationExit', code => {
      reason = `extension host reported exit code ${code}`;
      settle(code);
    });
    const timer = setTimeout(() => {
      reason = `timeout after ${opt.timeout}s`;
      settle(2);
    }, +opt.timeout * 1000);
    await page.goto(url);
    log('workbench page loaded');
    logSockets(runDir, log);
    exitCode = await done;
    clearTimeout(timer);
    log(reason);
    await shot('final').catch(() => {});
  } catch (e) {
    exitCode = 2;
    log(`runner error: ${e?.stack ?? e}`); // infrastructure problem, not a test failure
  }

// ---- report ------------------------------------------------------------------------------------
finished = true;
sampler.stop();
let results = null;
try {
  results = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
} catch {}
if (results) {
  for (const r of results.results.filter(r => r.state === 'failed'))
    console.log(`FAILED: ${r.title}\n  ${r.error.split('\n').slice(0, 4).join('\n  ')}`);
  if (exitCode === 0 && results.failed > 0) exitCode = 1;
} else if (exitCode === 0) {
  log(`note: no results file at ${resultsFile} (test module did not write one); trusting exit code`);
}
log(
  `peak memory (PSS): total ${(peak.total / 1024).toFixed(0)} MiB, code-server tree ${(peak.server / 1024).toFixed(0)} MiB, chromium ${(peak.browser / 1024).toFixed(0)} MiB`,
);
log(`wall time ${since()}`);

// ---- teardown: only the processes this script started, by PID ----------------------------------
logSockets(runDir, log); // by now VS Code's own IPC sockets exist too
sampler.sample(); // refresh the list of the server's descendants before stopping it
await context?.close().catch(() => {});
if (!serverExited) {
  server.kill('SIGTERM');
  await new Promise(r => {
    const t = setTimeout(r, 5000);
    server.once('exit', () => {
      clearTimeout(t);
      r();
    });
  });
  if (!serverExited) {
    log('code-server did not exit on SIGTERM; SIGKILL');
    server.kill('SIGKILL');
  }
}
await new Promise(r => setTimeout(r, 1000));
killLeftovers(sampler.seenServerPids, log);
removeRunDir();
if (results)
  console.log(
    `${results.passed} passed, ${results.failed} failed${results.pending ? `, ${results.pending} skipped` : ''}`,
  );
process.exit(exitCode);
