// `test --jobs 4` against `--jobs 1`: 1,000 scenarios of 7 steps (examples/scenarios/pause-then-resume), each
// on its own fresh Local sandbox, in one process as the CLI runs them; interleaved pairs (which goes first
// alternates), the median of the pair ratios. The sandbox and the client share one event loop, so the gain is
// the time one scenario waits on loopback sockets that another can use: bounded on a 2-core machine.
import * as fs from 'fs';
import { readScenario, runScenariosInParallel } from '../src/scenarios';
import { figure } from './measure';

const FILE = 'examples/scenarios/pause-then-resume.scenario.json';
const text = fs.readFileSync(FILE, 'utf8');
const N = Number(process.env.BENCH_SCENARIOS ?? 1000);
const files = Array.from({ length: N }, () => readScenario(text, { file: FILE, projectRoot: process.cwd() }));
if (files[0].steps.length !== 7 || files[0].findings.length) throw new Error(`${FILE}: expected 7 steps, no findings`);

const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function timed(jobs: number): Promise<number> {
  const t = process.hrtime.bigint();
  const results = await runScenariosInParallel(files, { target: { kind: 'local' }, jobs, surface: 'cli' });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  const failed = results.filter(r => r.outcome !== 'passed').length;
  if (failed) throw new Error(`${failed} scenario(s) did not pass with --jobs ${jobs}`);
  return ms;
}

async function main() {
  const pairs = Number(process.env.BENCH_PAIRS ?? 3);
  const ratios: number[] = [],
    one: number[] = [],
    four: number[] = [];
  await timed(4); // warm-up: the JIT and the lazily loaded bundles
  for (let i = 0; i < pairs; i++) {
    let a: number, b: number;
    if (i % 2) {
      b = await timed(4);
      a = await timed(1);
    } else {
      a = await timed(1);
      b = await timed(4);
    }
    one.push(a);
    four.push(b);
    ratios.push(a / b);
  }
  // 2 cores, one event loop: ≥ 1.3 is what overlapping socket waits can honestly give here (see the header).
  figure(`scenarios ${N}x7 jobs 4 speed-up`, mid(ratios), 'x', '>= 1.3');
  figure(`scenarios ${N}x7 jobs 1`, mid(one), 'ms');
  figure(`scenarios ${N}x7 jobs 4`, mid(four), 'ms');
}
main().catch(e => {
  console.error(e);
  process.exitCode = 1;
});
