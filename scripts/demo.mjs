#!/usr/bin/env node
// `npm run demo`: build, package, and open a real VS Code with the VSIX installed and an example
// workspace. Desktop `code` when it is on PATH; otherwise the bundled web VS Code (code-server, set up
// by scripts/setup-vscode-host.sh) at a printed loopback address, until Ctrl+C.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { codeServerEnv, codeServerPaths, installArgs, LISTENING, profileArgs, serveArgs } from './codeServer.mjs';

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
const { node, entry } = codeServerPaths(path.join(root, '.vscode-test'));
const dirs = Object.fromEntries(['udd', 'exts', 'xdg'].map(d => [d, path.join(demo, d)]));
Object.values(dirs).forEach(d => fs.mkdirSync(d, { recursive: true }));
const env = codeServerEnv(process.env, { config: dirs.xdg, data: dirs.xdg });
const profile = profileArgs({ userData: dirs.udd, extensions: dirs.exts, config: path.join(demo, 'config.yaml') });
run(node, installArgs(entry, profile, vsix), { env });
const server = spawn(node, serveArgs(entry, profile, workspace), { env, stdio: ['ignore', 'pipe', 'inherit'] });
server.stdout.on('data', d => {
  const m = LISTENING.exec(String(d));
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
