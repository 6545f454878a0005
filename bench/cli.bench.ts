// CLI commands as whole processes against `node -e 0`, in interleaved pairs (which goes first alternates); the
// median of the pair ratios. The compile cache (src/cli/compileCache.ts) lives in a folder of the bench's own,
// emptied first: the warm-up run fills it, as a user's first run does; the no-cache line is that first run's cost.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { figure } from './measure';

const cacheHome = path.resolve('out/bench-cache');
fs.rmSync(cacheHome, { recursive: true, force: true });
const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const timed = (args: string[], env: NodeJS.ProcessEnv = {}) => {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, {
    encoding: 'utf8',
    env: { ...process.env, XDG_CACHE_HOME: cacheHome, ...env },
  });
  if (r.status !== 0) throw new Error(`${args.join(' ')}: exit ${r.status} ${r.stderr}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
};
const empty = ['-e', '0'];

/** Median of the pair ratios, and the medians of each side. */
function pairs(args: string[], runs: number, env?: NodeJS.ProcessEnv) {
  timed(args, env); // the file cache and the compile cache, not the JIT: every run is a fresh process
  const ratios: number[] = [],
    ours: number[] = [],
    base: number[] = [];
  for (let i = 0; i < runs; i++) {
    let a: number, b: number;
    if (i % 2) {
      a = timed(args, env);
      b = timed(empty);
    } else {
      b = timed(empty);
      a = timed(args, env);
    }
    ours.push(a);
    base.push(b);
    ratios.push(a / b);
  }
  return { ratio: mid(ratios), ours: mid(ours), base: mid(base) };
}

const validate = pairs(['dist/cli.js', 'validate', 'examples/new-customer.order.json'], 31);
figure('cli validate process / node -e 0', validate.ratio, 'x', '<= 1.3');
figure('cli validate process', validate.ours, 'ms');
figure('node -e 0', validate.base, 'ms');
const cold = pairs(['dist/cli.js', 'validate', 'examples/new-customer.order.json'], 15, {
  NODE_DISABLE_COMPILE_CACHE: '1',
});
figure('cli validate process without the compile cache / node -e 0', cold.ratio, 'x');
figure('cli --help process / node -e 0', pairs(['dist/cli.js', '--help'], 15).ratio, 'x');
// preview without --base-url: the embedded Local sandbox on loopback, the HTTP client, the table.
const preview = pairs(['dist/cli.js', 'preview', 'examples/new-customer.preview.json'], 11);
figure('cli preview (local sandbox) process / node -e 0', preview.ratio, 'x');
figure('cli preview (local sandbox) process', preview.ours, 'ms');
