// Issue 23: a live preview after the typing pause, the part outside VS Code, with the real Local sandbox
// (connectOrServe on a data file, as the editor starts it) and the real client: the file's text parsed and
// checked, its preview body, POST /v2/orders/preview, the summary the inline figures read. Fresh processes:
// the first preview with nothing warmed, split by part (the production build's lazy bundles, the sandbox's
// start, the token, the request), then warm previews after edits (1 → 2 → 3 seats ...). The debounce is
// printed, not added.
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { BillingClient } from '../src/client';
import { summarizePreview } from '../src/client/summary';
import { orderFile, orderPreviewBody, parsePayload } from '../src/payloads';
import { connectOrServe } from '../src/sandbox';
import { TEMPLATES, type PreviewRequestBody } from '../src/schemas';
import { figure } from './measure';

const RUNS = 5;
/** What the editor loads lazily on the way to the first preview's figures (esbuild.js LAZY). */
const LAZY = ['undici', 'sandbox', 'summary', 'preview-baseline', 'billing-documents', 'metrics-at'];
const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const DEBOUNCE = JSON.parse(fs.readFileSync('package.json', 'utf8')).contributes.configuration.properties[
  'billingWorkbench.validation.debounceMs'
].default as number;

function timedSync<T>(fn: () => T): [T, number] {
  const t = process.hrtime.bigint();
  return [fn(), ms(t)];
}

/** One fresh process: parts of the first preview, then warm previews after edits. */
async function once() {
  const lazy = timedSync(() => LAZY.forEach(f => require(path.resolve(`dist/${f}.js`))))[1];
  const text = (seats: number) =>
    JSON.stringify(TEMPLATES.find(t => t.id === 'preview')!.body, null, 2).replace(
      /"quantity": \d+/,
      `"quantity": ${seats}`,
    );
  const file = '/w/live.preview.json';
  const chain = async (client: BillingClient, seats: number) => {
    const { value, findings } = parsePayload(text(seats), 'preview');
    if (findings.some(f => f.severity === 'error'))
      throw new Error(`the bench payload has errors: ${findings[0].message}`);
    const order = orderFile(file, value)!;
    const body = orderPreviewBody(order, value as Record<string, unknown>) as PreviewRequestBody;
    const r = await client.preview(body, {});
    return summarizePreview(r.data);
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-live-'));
  let t = process.hrtime.bigint();
  const sb = await connectOrServe(path.join(dir, 'local-sandbox.json'));
  const start = ms(t);
  const client = new BillingClient({ baseUrl: sb.url, clientId: sb.clientId, clientSecret: sb.clientSecret });
  try {
    t = process.hrtime.bigint();
    await client.tokens.get();
    const token = ms(t);
    t = process.hrtime.bigint();
    await chain(client, 1);
    const first = ms(t);
    const warm: number[] = [];
    for (let i = 0; i < 15; i++) {
      t = process.hrtime.bigint();
      await chain(client, 2 + (i % 9));
      warm.push(ms(t));
    }
    return { lazy, start, token, first, warm: mid(warm) };
  } finally {
    await client.close();
    await sb.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'once') void once().then(r => console.log(JSON.stringify(r)));
else {
  if (!fs.existsSync('dist/sandbox.js')) throw new Error('build dist/ first (node esbuild.js --production)');
  const runs = Array.from({ length: RUNS }, () =>
    JSON.parse(execFileSync(process.execPath, [__filename, 'once'], { encoding: 'utf8' })),
  ) as Awaited<ReturnType<typeof once>>[];
  const m = (k: keyof (typeof runs)[number]) => mid(runs.map(r => r[k]));
  const cold = mid(runs.map(r => r.lazy + r.start + r.token + r.first));
  console.log(
    `# debounce ${DEBOUNCE} ms (package.json default), not included; ${RUNS} fresh processes. First preview, ` +
      `nothing warmed: lazy bundles ${m('lazy').toFixed(1)} ms, sandbox start ${m('start').toFixed(1)} ms, ` +
      `token ${m('token').toFixed(1)} ms, parse + preview + summary ${m('first').toFixed(1)} ms`,
  );
  figure(`live preview after the debounce (${DEBOUNCE} ms), warm`, m('warm'), 'ms', `<= ${400 - DEBOUNCE}`);
  figure(`live preview after the debounce, first, nothing warmed`, cold, 'ms');
  // what livePreview.ts now readies when a live file opens: lazy bundles, the sandbox, the token
  figure(
    `live preview after the debounce, first, readied when the file opened`,
    m('first'),
    'ms',
    `<= ${400 - DEBOUNCE}`,
  );
  figure(`keystroke to figures outside VS Code, warm (debounce + live preview)`, DEBOUNCE + m('warm'), 'ms', '<= 400');
}
