// The test host's fresh, isolated state for one run: a short folder in /tmp with the profile, extension, XDG,
// Chromium and workspace folders, the workbench's user settings, and a report of the Unix sockets made there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const DIR_NAMES = [
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

/** Settings that keep the workbench quiet, offline and as desktop VS Code behaves by default. */
const USER_SETTINGS = {
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
};

/**
 * Makes the run folder and its sub-folders (`dirs`), writes the user settings, and removes it all when the process
 * exits, unless `keep`. Under a short folder in /tmp, not under the checkout: Chromium's SingletonSocket,
 * code-server's IPC socket and VS Code's vscode-ipc-*.sock live in these folders, and a Unix socket path has at
 * most 107 bytes, which a checkout path of 100 characters or more used to exceed ("Socket path too long").
 */
export function makeRunFolder({ keep }) {
  const runDir = fs.mkdtempSync(path.join(fs.existsSync('/tmp') ? '/tmp' : os.tmpdir(), 'bw-'));
  const dirs = Object.fromEntries(DIR_NAMES.map(d => [d, path.join(runDir, d)]));
  Object.values(dirs).forEach(d => fs.mkdirSync(d, { recursive: true, mode: 0o700 }));
  const removeRunDir = () => {
    if (!keep) fs.rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
  };
  process.on('exit', removeRunDir); // also on the runner's early exits
  fs.mkdirSync(path.join(dirs.udd, 'User'), { recursive: true });
  fs.writeFileSync(path.join(dirs.udd, 'User', 'settings.json'), JSON.stringify(USER_SETTINGS, null, 2));
  return { runDir, dirs, removeRunDir };
}

/** Logs the Unix sockets of this run (all under runDir) and the longest path: it must stay under 108 bytes. */
export function logSockets(runDir, log) {
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
