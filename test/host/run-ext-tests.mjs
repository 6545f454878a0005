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
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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

// ---- fresh, isolated state for this run ------------------------------------------------------
// Under a short folder in /tmp, not under the checkout: Chromium's SingletonSocket, code-server's IPC socket
// and VS Code's vscode-ipc-*.sock live in these folders, and a Unix socket path has at most 107 bytes, which
// a checkout path of 100 characters or more used to exceed ("Socket path too long").
const runDir = fs.mkdtempSync(path.join(fs.existsSync('/tmp') ? '/tmp' : os.tmpdir(), 'bw-'));
const dirNames = [
  'udd',
  'exts',
  'xdg-config',
  'xdg-data',
  'xdg-cache',
  'xdg-run',
  'tmp',
  'chrome',
  'chrome-home',
  'ws',
];
const dirs = Object.fromEntries(dirNames.map(d => [d, path.join(runDir, d)]));
Object.values(dirs).forEach(d => fs.mkdirSync(d, { recursive: true, mode: 0o700 }));
const removeRunDir = () => {
  if (!opt.keep) fs.rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
};
process.on('exit', removeRunDir); // also on the early exits below
log(`run folder ${runDir}${opt.keep ? ' (kept)' : ''}`);
process.env.TMPDIR = dirs.tmp; // playwright-core's temp artifacts, and Chromium's (it inherits this environment)
process.env.XDG_RUNTIME_DIR = dirs['xdg-run'];
fs.mkdirSync(path.join(dirs.udd, 'User'), { recursive: true });
fs.writeFileSync(
  path.join(dirs.udd, 'User', 'settings.json'),
  JSON.stringify(
    {
      'telemetry.telemetryLevel': 'off',
      'update.mode': 'none',
      'extensions.autoCheckUpdates': false,
      'extensions.autoUpdate': false,
      'workbench.startupEditor': 'none',
      'workbench.enableExperiments': false,
      'workbench.tips.enabled': false,
      'chat.disableAIFeatures': true,
      'security.workspace.trust.enabled': false,
      'npm.fetchOnlinePackageInfo': false,
      'git.enabled': false,
      'typescript.disableAutomaticTypeAcquisition': true,
      'files.autoSave': 'off', // desktop VS Code's default; code-server's is afterDelay, which saves (and re-previews) mid-test
    },
    null,
    2,
  ),
);
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
const peak = { total: 0, server: 0, browser: 0 };
const seenServerPids = new Map(); // pid -> starttime, to clean up orphans (e.g. a hung extension host) by PID
const startTime = pid => {
  try {
    const st = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return st.slice(st.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return null;
  }
};
function sampleMemory() {
  try {
    const procs = new Map();
    for (const p of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(p)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
        const ppid = +stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
        procs.set(+p, ppid);
      } catch {}
    }
    const kids = new Map();
    for (const [p, pp] of procs) {
      if (!kids.has(pp)) kids.set(pp, []);
      kids.get(pp).push(p);
    }
    const tree = root => {
      const out = [];
      const st = [root];
      while (st.length) {
        const x = st.pop();
        out.push(x);
        st.push(...(kids.get(x) ?? []));
      }
      return out;
    };
    const pss = pid => {
      try {
        return +(/Pss:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
      } catch {
        return 0;
      }
    };
    const serverTree = tree(server.pid);
    for (const p of serverTree) if (!seenServerPids.has(p)) seenServerPids.set(p, startTime(p));
    const all = tree(process.pid).filter(p => p !== process.pid);
    const s = serverTree.reduce((a, p) => a + pss(p), 0);
    const t = all.reduce((a, p) => a + pss(p), 0);
    peak.server = Math.max(peak.server, s);
    peak.total = Math.max(peak.total, t);
    peak.browser = Math.max(peak.browser, t - s);
  } catch {}
}
const sampler = setInterval(sampleMemory, 500);

// ---- open the workbench in headless Chromium --------------------------------------------------
const shot = async name => {
  if (!page) return;
  const final = path.join(screenshotDir, `${name}.png`);
  const buf = await page.screenshot();
  // What a person can read on that screen, webviews included, so tests assert text rather than a file's existence.
  const texts = [];
  for (const f of page.frames()) {
    try {
      // no-break spaces read as spaces (the editor draws the spaces of a line and its inlay hints as them)
      texts.push(await f.evaluate(() => (document.body ? document.body.innerText.replace(/\u00a0/g, ' ') : '')));
    } catch {
      /* detached frame */
    }
  }
  fs.writeFileSync(path.join(screenshotDir, `${name}.txt`), texts.join('\n----\n'));
  fs.writeFileSync(final + '.tmp', buf);
  fs.renameSync(final + '.tmp', final); // atomic for pollers (text first)
  log(`screenshot ${final}`);
};
const keys = async spec => {
  if (!page) return;
  // within the test's own deadline for keys (60 s, test/integration/helpers.ts), so a miss is logged first
  if (spec.waitFor) await page.locator(spec.waitFor).first().waitFor({ state: 'visible', timeout: 45000 });
  // `watch`: texts to time, as drawn: each frame watches its DOM (a MutationObserver, set up before the key)
  // and says when one of `selector` first holds `text`; the done file gets the ms from the key (one) to each.
  const watching = (spec.watch ?? []).map(w => firstDrawn(w, (spec.watchMs ?? 10000) + Date.now()));
  await Promise.all(watching.map(w => w.ready));
  // timed from the key's press: a busy renderer acknowledges the key events late
  const typed = Date.now();
  if (spec.click) await clickIn(spec.click);
  if (spec.type) await page.keyboard.type(spec.type, { delay: spec.watch ? 0 : 15 });
  for (const key of spec.press ?? []) await page.keyboard.press(key);
  const seen = {};
  for (const [i, w] of watching.entries()) {
    const at = await w.at;
    seen[spec.watch[i].name] = at === undefined ? null : Math.max(0, at - typed);
  }
  const done = path.join(screenshotDir, `keys-${spec.id}.done`);
  fs.writeFileSync(done + '.tmp', spec.watch ? JSON.stringify({ seen }) : '');
  fs.renameSync(done + '.tmp', done); // atomic for the test polling it
};
/** Clicks, as a person does, the first element matching `selector` that holds `text`, in any frame (webviews too). */
async function clickIn({ selector, text }) {
  const deadline = Date.now() + 45000;
  for (;;) {
    for (const f of page.frames()) {
      const target = f.locator(selector, { hasText: text }).first();
      if (await target.isVisible().catch(() => false)) return target.click({ timeout: 10000 });
    }
    if (Date.now() > deadline) throw new Error(`nothing to click: ${selector} with "${text}"`);
    await page.waitForTimeout(100);
  }
}
/** When `text` is first drawn in an element matching `selector` of any frame (epoch ms; undefined past `until`). */
function firstDrawn({ selector, text }, until) {
  const inFrame = f =>
    f.evaluate(
      ([sel, t, ms]) =>
        new Promise(resolve => {
          const text = e => (e.textContent ?? '').replace(/\u00a0/g, ' ');
          const has = () => [...document.querySelectorAll(sel)].some(e => text(e).includes(t));
          const seen = at => {
            o.disconnect();
            resolve(at);
          };
          // eslint-disable-next-line no-undef -- the page's, as `document` is
          const o = new MutationObserver(() => has() && seen(Date.now()));
          o.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
          setTimeout(() => seen(undefined), ms);
          if (has()) seen(Date.now());
        }),
      [selector, text, Math.max(0, until - Date.now())],
    );
  const frames = page.frames();
  // the first frame to draw it answers; the others' observers end at their deadline
  const at = new Promise(resolve => {
    let left = frames.length;
    if (!left) resolve(undefined);
    for (const f of frames)
      inFrame(f)
        .catch(() => undefined)
        .then(x => (x !== undefined ? resolve(x) : --left === 0 && resolve(undefined)));
  });
  // the observers are set up once every frame ran the function's first lines (one round trip each)
  const ready = Promise.all(frames.map(f => f.evaluate(() => true).catch(() => undefined)));
  return { at, ready };
}
/** The Unix sockets of this run (all under runDir) and the longest path: it must stay under 108 bytes. */
function logSockets() {
  const found = [];
  const walk = d => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isSocket()) found.push(p);
      else if (e.isDirectory()) walk(p);
    }
  };
  try {
    walk(runDir);
  } catch {
    /* a folder vanished mid-walk */
  }
  const longest = found.reduce((a, p) => (Buffer.byteLength(p) > Buffer.byteLength(a) ? p : a), '');
  log(`unix sockets: ${found.length}, longest ${Buffer.byteLength(longest)} bytes (${longest || '-'})`);
}

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
    context = await chromium.launchPersistentContext(dirs.chrome, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1400, height: 900 },
      env: {
        ...process.env,
        HOME: dirs['chrome-home'],
        XDG_CONFIG_HOME: path.join(dirs['chrome-home'], '.config'),
        XDG_CACHE_HOME: path.join(dirs['chrome-home'], '.cache'),
      },
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
        // keep Chromium itself off the network: only loopback names resolve
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
        '--disable-features=AutofillServerCommunication,OptimizationHints,MediaRouter,Translate',
        '--disable-client-side-phishing-detection',
        '--disable-default-apps',
        '--disable-domain-reliability',
        '--no-pings',
      ],
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
      if (k) keys(JSON.parse(k[1])).catch(e => log('keys failed', e));
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
    logSockets();
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
clearInterval(sampler);
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
logSockets(); // by now VS Code's own IPC sockets exist too
sampleMemory(); // refresh the list of the server's descendants before stopping it
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
for (const [pid, st] of seenServerPids) {
  if (st && startTime(pid) === st) {
    log(
      `killing leftover process ${pid} (${(() => {
        try {
          return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(1, 4).join(' ').slice(-120);
        } catch {
          return '?';
        }
      })()})`,
    );
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
}
removeRunDir();
if (results)
  console.log(
    `${results.passed} passed, ${results.failed} failed${results.pending ? `, ${results.pending} skipped` : ''}`,
  );
process.exit(exitCode);
