// The CLI's `validate` as a whole process against `node -e 0`, in interleaved pairs (which goes first
// alternates); the median of the pair ratios.
import { spawnSync } from 'child_process';
import { figure } from './measure';

const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const timed = (args: string[]) => {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${args.join(' ')}: exit ${r.status} ${r.stderr}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
};
const validate = ['dist/cli.js', 'validate', 'examples/new-customer.order.json'];
const empty = ['-e', '0'];
const ratios: number[] = [],
  ours: number[] = [],
  base: number[] = [];
timed(validate); // the file cache, not the JIT: every run is a fresh process
for (let i = 0; i < 31; i++) {
  let a: number, b: number;
  if (i % 2) {
    a = timed(validate);
    b = timed(empty);
  } else {
    b = timed(empty);
    a = timed(validate);
  }
  ours.push(a);
  base.push(b);
  ratios.push(a / b);
}
figure('cli validate process / node -e 0', mid(ratios), 'x', '<= 1.6');
figure('cli validate process', mid(ours), 'ms');
figure('node -e 0', mid(base), 'ms');
