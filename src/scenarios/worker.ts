// A worker thread of `test --jobs N` (dist/scenario-worker.js, started by workerPool.ts): runs the scenario runs it
// is given one at a time, each on a fresh embedded Local sandbox of its own in this thread, so that N workers use
// N cores. A run that throws is an errored result; a `cancel` aborts the run in flight as Ctrl+C does in process.
import { parentPort, workerData } from 'node:worker_threads';
import { runScenario, type RunOptions } from './runner';
import { crashedResult, plain, plainResult, type FromWorker, type ToWorker, type WorkerSetup } from './workerMessages';

const setup = workerData as WorkerSetup;
const cancel = new AbortController();
const opts: RunOptions = { ...setup.options, target: { kind: 'local' }, signal: cancel.signal };

parentPort?.on('message', (m: ToWorker) => {
  if (m.type === 'cancel') cancel.abort();
  else void run(m);
});

async function run(m: Extract<ToWorker, { type: 'run' }>): Promise<void> {
  const file = m.file ?? setup.files[m.fileIndex];
  const full = { ...m.run, file };
  let captures: Record<string, unknown> | undefined;
  const onCaptures = setup.captures ? (c: Record<string, unknown>) => (captures = c) : undefined;
  let answer: FromWorker;
  try {
    const result = await runScenario(file, opts, full.row, full.name, { data: full.data, onCaptures });
    answer = { type: 'result', index: m.index, result: plainResult(result) };
    if (captures) answer.captures = plain(captures) as Record<string, unknown>;
  } catch (e) {
    answer = { type: 'result', index: m.index, result: crashedResult(full, opts, e) };
  }
  parentPort?.postMessage(answer);
}
