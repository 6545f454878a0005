// Load + activate of the production bundle with a stub `vscode`, each in a fresh process, minus an
// empty extension in the same way (interleaved pairs); the bytes loaded at activation; the bundle's bytes.
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { figure } from './measure';

const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const activate = (main: string) =>
  JSON.parse(execFileSync(process.execPath, ['bench/activate.cjs', main], { encoding: 'utf8' })) as {
    ms: number;
    files: string[];
    bytes: number;
  };

const ours: number[] = [],
  empty: number[] = [],
  diff: number[] = [];
let loaded = { files: [] as string[], bytes: 0 };
for (let i = 0; i < 21; i++) {
  const first = i % 2 ? 'dist/extension.js' : 'bench/empty-extension/extension.js';
  const a = activate(first),
    b = activate(i % 2 ? 'bench/empty-extension/extension.js' : 'dist/extension.js');
  const [o, e] = i % 2 ? [a, b] : [b, a];
  ours.push(o.ms);
  empty.push(e.ms);
  diff.push(o.ms - e.ms);
  loaded = o;
}
const production = !fs.readFileSync('dist/extension.js', 'utf8').includes('sourceMappingURL');
const kind = production ? 'production' : 'DEVELOPMENT (run npm run bench)';
console.log(`# ${kind} bundle; loaded at activation: ${loaded.files.join(', ')}`);
figure('load+activate minus empty extension (stub vscode, fresh process)', mid(diff), 'ms', '<= 15');
figure('load+activate of the empty extension', mid(empty), 'ms');
figure('code loaded at activation', loaded.bytes, 'B', '<= 150000');
figure('dist/extension.js', fs.statSync('dist/extension.js').size, 'B');

// The VSIX as people install it (the production bundle, the generated v1 contract included).
const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bw-vsix-')), 'billing-workbench.vsix');
const vsce = ['--no-install', 'vsce', 'package', '--no-dependencies', '--allow-missing-repository'];
execFileSync('npx', [...vsce, '--no-rewrite-relative-links', '-o', out], { stdio: 'ignore' });
figure('VSIX', fs.statSync(out).size, 'B', '< 1048576');
