// Runs the unit tests (compiled to out/unit by esbuild.js) with node's test runner, prints the spec
// report and a closing "unit: N passed, N failed" line; exits non-zero when any test fails.
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '../out/unit');
const only = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter(f => f.endsWith('.test.js') && (!only.length || only.some(o => f.includes(o))))
  .map(f => path.join(dir, f));
let passed = 0,
  failed = 0,
  skipped = 0;
const stream = run({ files, concurrency: 2, timeout: 10 * 60_000 });
stream.on('test:pass', e => {
  if (e.details.type !== 'suite') {
    if (e.skip || e.todo) skipped++;
    else passed++;
  }
});
stream.on('test:fail', e => {
  if (e.details.type !== 'suite') failed++;
});
stream.compose(spec).pipe(process.stdout);
stream.on('end', () => {
  console.log(`unit: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
});
