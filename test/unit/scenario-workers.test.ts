// The worker pool of `test --jobs N` (src/scenarios/workerPool.ts), called as the CLI calls it: a run that throws
// inside a worker is an errored result saying what to do, and the runs beside it go on; results come back as plain
// data (no functions, no classes) in file order.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readScenario, runScenariosInParallel, type ScenarioFile, type ScenarioResult } from '../../src/scenarios';
import { runsOf } from '../../src/scenarios/runner';
import { workerPool } from '../../src/scenarios/workerPool';

const reads = (name: string) =>
  readScenario(
    JSON.stringify({
      name,
      steps: [{ kind: 'getAccount', accountNumber: 'A00000001', expect: { status: 200 } }],
    }),
    { file: `${name}.scenario.json` },
  );
/** A scenario object the runner cannot take (a step without its data): runScenario throws on it. */
const broken: ScenarioFile = {
  file: 'broken.scenario.json',
  scenario: { name: 'Broken', steps: [] } as unknown as ScenarioFile['scenario'],
  steps: [{ index: 0, label: 'broken', step: undefined as unknown as ScenarioFile['steps'][number]['step'] }],
  findings: [],
};

test('a run that throws inside a worker is an errored result; the others pass, in file order', async () => {
  // Lane 0 is this thread, lane 1 a worker: run 1 (the broken one) goes to the worker, then run 3.
  const files = [reads('First'), broken, reads('Third'), reads('Fourth')];
  const told: string[] = [];
  const results = await runScenariosInParallel(files, {
    target: { kind: 'local' },
    jobs: 2,
    surface: 'cli',
    onResult: r => told.push(r.name),
  });
  assert.deepEqual(told, ['First', 'Broken', 'Third', 'Fourth']);
  assert.deepEqual(
    results.map(r => r.outcome),
    ['passed', 'errored', 'passed', 'passed'],
  );
  const b = results[1];
  assert.match(b.error!, /^Not finished: the run stopped on an internal error \(.*kind.*\)\. Run this scenario alone/);
  assert.deepEqual(
    b.steps.map(s => [s.label, s.outcome, s.error]),
    [['broken', 'errored', b.error]],
  );
});

test("a worker's result is plain data: the same as in this thread, durations aside", async () => {
  const file = reads('Alone');
  const pool = workerPool([file], { target: { kind: 'local' }, surface: 'cli' }, true)!;
  assert.ok(pool, 'the worker script is built beside the tests');
  try {
    const [run] = runsOf([file]);
    const ran = await pool.run(1, run, 0);
    const [here] = await runScenariosInParallel([file], { target: { kind: 'local' }, jobs: 1, surface: 'cli' });
    const shape = (r: ScenarioResult) => [
      r.name,
      r.outcome,
      r.target,
      r.steps.map(s => [s.label, s.kind, s.outcome, s.tries, s.exchange?.status, s.failures]),
    ];
    assert.deepEqual(shape(ran.result), shape(here));
    assert.deepEqual(classes(ran.result), ['Object'], 'plain objects and arrays only');
    assert.deepEqual(ran.captures, {});
  } finally {
    await pool.close();
  }
});

/** The constructors' names of every object in a value (arrays aside). */
function classes(v: unknown, out = new Set<string>()): string[] {
  if (v && typeof v === 'object') {
    if (!Array.isArray(v)) out.add(Object.getPrototypeOf(v)?.constructor?.name ?? 'null');
    for (const x of Object.values(v)) classes(x, out);
  }
  return [...out];
}
