// Issue 23: the Local sandbox (in process, in memory) over 100,000 requests of a realistic mix (sandboxMix.ts),
// 8 at a time over keep-alive: heap and RSS after forced GC, before (after a warm-up) and after, less what the
// created orders legitimately store (measured apart: creates only, no Idempotency-Key).
import { startSandbox } from '../src/sandbox';
import { figure } from './measure';
import { createOnly, sendMix } from './sandboxMix';

const TOTAL = Number(process.env.BW_MIX ?? 100_000);
const WARM_UP = 2_000;
const MB = 1024 * 1024;

function settled() {
  for (let i = 0; i < 4; i++) global.gc!();
  return process.memoryUsage();
}

async function main() {
  if (!global.gc) throw new Error('run with --expose-gc (bench/run.mjs does)');
  const s = await startSandbox({ maxConcurrent: 10 });
  try {
    await sendMix(s, 0, WARM_UP);
    const before = settled();
    const t = Date.now();
    const statuses = await sendMix(s, WARM_UP, WARM_UP + TOTAL);
    const seconds = (Date.now() - t) / 1000;
    const after = settled();
    const creates = Math.round((TOTAL * 2) / 100);
    // What one created order keeps: creates alone, no key (nothing else cached)
    const perOrder = await perCreate(s);
    const grown = (after.heapUsed - before.heapUsed) / MB;
    console.log(
      `# ${TOTAL} requests in ${seconds.toFixed(1)} s: ${[...statuses].map(([k, v]) => `${k}×${v}`).join(', ')}; ` +
        `heap ${(before.heapUsed / MB).toFixed(1)} → ${(after.heapUsed / MB).toFixed(1)} MB, ` +
        `rss ${(before.rss / MB).toFixed(1)} → ${(after.rss / MB).toFixed(1)} MB; sizes ${JSON.stringify(s.sizes())}`,
    );
    figure(`sandbox heap growth per created order`, perOrder * 1024, 'KB');
    figure(
      `sandbox memory growth over ${TOTAL.toLocaleString('en-US')} requests (heap, less ${creates} created orders)`,
      grown - creates * perOrder,
      'MB',
      '< 20',
    );
    figure(`sandbox heap growth over ${TOTAL.toLocaleString('en-US')} requests, all in`, grown, 'MB');
    figure(`sandbox RSS growth over ${TOTAL.toLocaleString('en-US')} requests`, (after.rss - before.rss) / MB, 'MB');
  } finally {
    await s.close();
  }
}

/** MB of heap one create keeps, over 500 creates without Idempotency-Key. */
async function perCreate(s: Awaited<ReturnType<typeof startSandbox>>): Promise<number> {
  const before = settled().heapUsed;
  await createOnly(s, 500);
  return (settled().heapUsed - before) / MB / 500;
}

main().catch(e => {
  console.error(e);
  process.exitCode = 1;
});
