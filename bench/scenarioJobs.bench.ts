// `test --jobs N` against `--jobs 1`, as a person runs it: the built CLI (dist/cli.js, `node esbuild.js` first)
// spawned on 200 copies of examples/scenarios/pause-then-resume (7 steps), each on its own fresh Local sandbox,
// N = this machine's cores (os.availableParallelism()). Interleaved pairs (which goes first alternates), the
// median of the pairs' ratios: the wall-time speed-up, and the median scenario's reported time under --jobs N
// over its time alone (--jobs 1), from the JSON report. Other processes on the machine make both noisier.
// The ceiling beside them: JOBS separate CLIs at once, each on its share of the copies at --jobs 1 (nothing shared,
// nothing coordinated, V8's own tiering), against one CLI on them all. On 2 cores --jobs 1 already keeps the second
// core busy with V8's compiler threads, so running the copies N at a time with V8's default does no better than
// that; --jobs N beats it by optimizing less eagerly when its lanes take every core (cli/sharedCoresJit.ts).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { figure } from './measure';

const CLI = path.resolve('dist/cli.js');
const FILE = 'examples/scenarios/pause-then-resume.scenario.json';
const N = Number(process.env.BENCH_SCENARIOS ?? 200);
const CORES = os.availableParallelism();
const JOBS = Number(process.env.BENCH_JOBS ?? CORES);

/**
 * The copies in a folder of their own (`s`), with the payload file they name (`../acme.account.json`), and the
 * same copies dealt into JOBS folders (`share0`, `share1`, ...) for the ceiling.
 */
function suite(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-jobs-bench-'));
  fs.copyFileSync('examples/acme.account.json', path.join(dir, 'acme.account.json'));
  const text = fs.readFileSync(FILE, 'utf8');
  for (const share of ['s', ...shares()]) fs.mkdirSync(path.join(dir, share));
  for (let i = 0; i < N; i++) {
    const name = `p${String(i).padStart(4, '0')}.scenario.json`;
    fs.writeFileSync(path.join(dir, 's', name), text);
    fs.writeFileSync(path.join(dir, shares()[i % JOBS], name), text);
  }
  return dir;
}

const shares = () => Array.from({ length: JOBS }, (_, k) => `share${k}`);

interface Timed {
  ms: number;
  /** The median scenario's reported time. */
  scenarioMs: number;
}

function timed(dir: string, jobs: number, folder = 's', copies = N): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const t = process.hrtime.bigint();
    const p = spawn(process.execPath, [CLI, 'test', folder, '--jobs', String(jobs), '--reporter', 'json'], {
      cwd: dir,
    });
    let out = '';
    let err = '';
    p.stdout.on('data', d => (out += d));
    p.stderr.on('data', d => (err += d));
    p.on('close', status => {
      const ms = Number(process.hrtime.bigint() - t) / 1e6;
      if (status !== 0) return reject(new Error(`--jobs ${jobs}: exit ${status}\n${err}`));
      const report = JSON.parse(out) as { scenarios: { outcome: string; ms: number }[] };
      const failed = report.scenarios.filter(s => s.outcome !== 'passed').length;
      if (failed || report.scenarios.length !== copies)
        return reject(new Error(`--jobs ${jobs}: ${failed} did not pass`));
      resolve({ ms, scenarioMs: mid(report.scenarios.map(s => s.ms)) });
    });
  });
}

/** JOBS CLIs started at once, each on its share at --jobs 1: the time until the last one ends. */
async function separate(dir: string): Promise<number> {
  const t = process.hrtime.bigint();
  await Promise.all(shares().map((share, k) => timed(dir, 1, share, Math.ceil((N - k) / JOBS))));
  return Number(process.hrtime.bigint() - t) / 1e6;
}

const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: run node esbuild.js first`);
  const dir = suite();
  try {
    const pairs = Number(process.env.BENCH_PAIRS ?? 5);
    const speedUps: number[] = [];
    const slowDowns: number[] = [];
    const ceilings: number[] = [];
    const one: number[] = [];
    const many: number[] = [];
    await timed(dir, JOBS); // warm-up: the file cache
    for (let i = 0; i < pairs; i++) {
      // The order alternates: jobs 1, jobs N, the separate CLIs; then the separate CLIs, jobs N, jobs 1.
      const odd = i % 2 === 1;
      const apartFirst = odd ? await separate(dir) : undefined;
      const [a, b] = odd ? [...(await both(dir, JOBS, 1))].reverse() : await both(dir, 1, JOBS);
      const apart = apartFirst ?? (await separate(dir));
      one.push(a.ms);
      many.push(b.ms);
      speedUps.push(a.ms / b.ms);
      slowDowns.push(b.scenarioMs / a.scenarioMs);
      ceilings.push(a.ms / apart);
    }
    const goal = `>= ${+(0.75 * JOBS).toFixed(2)}`;
    figure(`scenarios ${N}x7 jobs ${JOBS} speed-up on ${CORES} cores`, mid(speedUps), 'x', goal);
    figure(`scenario reported time under jobs ${JOBS} / alone (median)`, mid(slowDowns), 'x', '<= 1.5');
    figure(`scenarios ${N}x7 ceiling: ${JOBS} separate CLIs on shares / jobs 1`, mid(ceilings), 'x');
    figure(`scenarios ${N}x7 jobs 1`, mid(one), 'ms');
    figure(`scenarios ${N}x7 jobs ${JOBS}`, mid(many), 'ms');
    console.log(
      `(load average at the end: ${os
        .loadavg()
        .map(l => l.toFixed(2))
        .join(', ')})`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Two runs one after the other, in the order given. */
async function both(dir: string, first: number, second: number): Promise<[Timed, Timed]> {
  const a = await timed(dir, first);
  return [a, await timed(dir, second)];
}

main().catch(e => {
  console.error(e);
  process.exitCode = 1;
});
