// Request files: checking a 50 KB v1 order request (POST /v1/orders, subscriptions with every order action
// type from the templates) against JSON.parse of the same text, interleaved in the same rounds.
import { requestFindings, requestFileText, requestTemplates } from '../src/payloads';
import { figure } from './measure';

const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;

/** A v1 order of about `bytes`: the templates' subscriptions (one per action type), repeated. */
function v1OrderOfSize(bytes: number): string {
  const templates = requestTemplates('POST /v1/orders', { today: '2027-01-01' });
  const subscriptions = templates.map(t => (t.body as { subscriptions: unknown[] }).subscriptions[0]);
  const body = { ...(templates[0].body as object), subscriptions: [] as unknown[] };
  let text = '';
  for (let i = 0; text.length < bytes; i++) {
    body.subscriptions.push(subscriptions[i % subscriptions.length]);
    text = requestFileText('POST /v1/orders', {}, {}, body);
  }
  // A real order names real rate plans: the templates' placeholder ids (a warning each) filled as a person would.
  return text.replaceAll('"ratePlanId-1"', '"8ad09b7d8292b85d0182a3c1d4f50a2e"');
}

const text = v1OrderOfSize(50 * 1024);
const findings = requestFindings(text);
if (findings.length) throw new Error(`the bench order is not clean: ${findings[0].message}`);
const sides = { parse: () => JSON.parse(text), ours: () => requestFindings(text) };
for (let i = 0; i < 20; i++) (i % 2 ? sides.parse : sides.ours)(); // warm-up, uncounted
const ratios: number[] = [],
  ours: number[] = [];
for (let round = 0; round < 41; round++) {
  const order = round % 2 ? (['parse', 'ours'] as const) : (['ours', 'parse'] as const);
  const t: Record<string, number> = {};
  for (const side of order) {
    const start = process.hrtime.bigint();
    for (let r = 0; r < 10; r++) sides[side]();
    t[side] = ms(start) / 10;
  }
  ratios.push(t.ours / t.parse);
  ours.push(t.ours);
}
console.log(`# ${(text.length / 1024).toFixed(0)} KB v1 order request, ${findings.length} findings, 41 rounds`);
figure('request file check/JSON.parse 50KB v1 order', mid(ratios), 'x');
figure('request file check 50KB v1 order median', mid(ours), 'ms');
