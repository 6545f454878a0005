// `test --jobs N` on the Local sandbox: N worker threads (scenario-worker.js beside this bundle), one per lane of
// parallel.ts, each running its lane's runs one at a time with embedded sandboxes of its own. One event loop
// cannot run N sandboxes faster than one; N threads use N cores, and a scenario's time stays its time alone.
// Only data goes to a worker (workerData, messages: in memory, never argv, env or files); a worker that ends
// (a crash, out of memory) errs its run in flight and the lane's next run starts another.
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { skipped, type Run, type RunOptions, type ScenarioResult } from './runner';
import type { ScenarioFile } from './scenarioFile';
import { crashedResult, type FromWorker, type ToWorker, type WorkerSetup } from './workerMessages';

export const WORKER_SCRIPT = path.join(__dirname, 'scenario-worker.js');
/** After a cancel, how long a run in flight may take to end its step; then its worker is ended. */
export const CANCEL_GRACE_MS = 5_000;

export interface Ran {
  result: ScenarioResult;
  captures?: Record<string, unknown>;
}

export interface WorkerPool {
  /** Runs one run on the lane's worker (started when first needed, and again after one ended). */
  run(lane: number, run: Run, index: number): Promise<Ran>;
  /** Ends every worker (their sandboxes with them). */
  close(): Promise<void>;
}

interface Lane {
  worker: Worker;
  pending?: { run: Run; done: (r: Ran) => void };
  failure?: unknown;
  grace?: NodeJS.Timeout;
}

/** A pool for these files and options; undefined in a build without the worker script (runs stay in process). */
export function workerPool(files: ScenarioFile[], opts: RunOptions, captures: boolean): WorkerPool | undefined {
  if (!fs.existsSync(WORKER_SCRIPT)) return undefined;
  const fileIndex = new Map(files.map((f, i) => [f, i]));
  const { env, secrets, contract, maxResponseBytes, surface } = opts;
  const setup: WorkerSetup = { files, options: { env, secrets, contract, maxResponseBytes, surface }, captures };
  const lanes = new Map<number, Lane>();

  const settle = (lane: Lane, r: Ran) => {
    const p = lane.pending;
    lane.pending = undefined;
    clearTimeout(lane.grace);
    p?.done(r);
  };
  const start = (k: number): Lane => {
    const lane: Lane = { worker: new Worker(WORKER_SCRIPT, { workerData: setup }) };
    lane.worker.on('message', (m: FromWorker) => settle(lane, { result: m.result, captures: m.captures }));
    lane.worker.on('error', e => (lane.failure = e));
    lane.worker.on('messageerror', e => (lane.failure = e));
    lane.worker.on('exit', code => {
      if (lanes.get(k) === lane) lanes.delete(k);
      const why = lane.failure ?? `its worker thread ended (exit code ${code})`;
      if (lane.pending) settle(lane, { result: crashedResult(lane.pending.run, opts, why) });
    });
    if (opts.signal?.aborted) lane.worker.postMessage({ type: 'cancel' } satisfies ToWorker);
    lanes.set(k, lane);
    return lane;
  };
  const onAbort = () => {
    for (const lane of lanes.values()) {
      lane.worker.postMessage({ type: 'cancel' } satisfies ToWorker);
      if (!lane.pending) continue;
      // A step that does not hear the cancel is not waited for: its run is reported cancelled, its worker ended.
      lane.grace = setTimeout(() => {
        settle(lane, { result: skipped(lane.pending!.run, 'Cancelled.', opts) });
        void lane.worker.terminate();
      }, CANCEL_GRACE_MS);
    }
  };
  opts.signal?.addEventListener('abort', onAbort, { once: true });

  return {
    run(k, run, index) {
      return new Promise<Ran>(done => {
        try {
          const lane = lanes.get(k) ?? start(k);
          const { file, ...rest } = run;
          const i = fileIndex.get(file) ?? -1;
          const message: ToWorker = { type: 'run', index, fileIndex: i, run: rest, ...(i < 0 ? { file } : {}) };
          lane.worker.postMessage(message);
          lane.pending = { run, done };
        } catch (e) {
          // A row that cannot be copied (not plain data), or a worker that cannot start: this run errs, not all.
          done({ result: crashedResult(run, opts, e) });
        }
      });
    },
    async close() {
      opts.signal?.removeEventListener('abort', onAbort);
      const all = [...lanes.values()];
      lanes.clear();
      for (const lane of all) clearTimeout(lane.grace);
      await Promise.all(all.map(l => l.worker.terminate()));
    },
  };
}
