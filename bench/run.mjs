// `npm run bench`: every out/bench/*.bench.js in turn (built by esbuild.js; dist/ is the production build
// meanwhile). Each prints one line per figure: `name: value unit (goal ...)`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../out/bench');
const only = process.argv.slice(2);
let failed = 0;
for (const f of fs
  .readdirSync(dir)
  .filter(f => f.endsWith('.bench.js') && (!only.length || only.some(o => f.includes(o))))) {
  console.log(`## ${f.replace('.bench.js', '')}`);
  const r = spawnSync(process.execPath, ['--expose-gc', path.join(dir, f)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;
