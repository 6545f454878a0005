// `test --jobs N` on embedded sandboxes, when its lanes take every core. V8 weighs a function for optimizing each
// time it has run 66 KB of bytecode (--interrupt-budget) and optimizes it on compiler threads beside the lanes.
// One lane leaves those threads a core of their own; N lanes on N cores each bring an isolate compiling the same
// few hundred functions, and the compilers take the lanes' cores. Optimizing only what runs several times longer
// halves that work for what it costs the lanes (2 cores, 200 runs of a 7-step scenario, bench/scenarioJobs: jobs 2
// was 0.99x as fast as jobs 1, now 1.09-1.15x; a scenario's time under jobs 2 over its time alone was 1.71x, now
// 1.29-1.43x). This process runs only the test, and worker threads started after this read the flag too; a lone
// lane keeps V8's default.
import os from 'node:os';
import v8 from 'node:v8';

/** About 9 times V8's own budget (67,584 bytes in Node 20): only what runs longest is optimized. */
const SHARED_CORES_INTERRUPT_BUDGET = 600_000;

/** Whether `lanes` threads of scenarios leave no core free for V8's compilers. */
export const lanesTakeEveryCore = (lanes: number, cores = os.availableParallelism()) => lanes > 1 && lanes >= cores;

/** Asks V8 to optimize less eagerly when the lanes take every core; true when it did. */
export function jitForSharedCores(lanes: number, cores = os.availableParallelism()): boolean {
  if (!lanesTakeEveryCore(lanes, cores)) return false;
  v8.setFlagsFromString(`--interrupt-budget=${SHARED_CORES_INTERRUPT_BUDGET}`);
  return true;
}
