// validate() on 1 MB and 5 MB order files against JSON.parse of the same text, and against VS Code's own
// JSON service (vscode-json-languageservice) validating the same text with the same generated schema.
import { getLanguageService, TextDocument } from 'vscode-json-languageservice';
import { validate, jsonSchemaFor, TEMPLATES } from '../src/schemas';
import { figure, median, medianAsync } from './measure';

function orderOfSize(bytes: number): { text: string; subscriptions: number } {
  const base = TEMPLATES.find(t => t.id === 'new-customer')!.body as { subscriptions: unknown[] };
  const sub = JSON.stringify((base.subscriptions as unknown[])[0]);
  const subs: string[] = [];
  let size = 200;
  for (let i = 0; size < bytes; i++) {
    // vary content so nothing is trivially shared; one subscription in 100 carries a mistake to report
    const s = sub.replace('"quantity":10', `"quantity":${i % 50 + 1}`).replace('2027-01-01', i % 100 === 7 ? '2027-02-30' : '2027-01-01');
    subs.push(s.slice(0, -1) + `,"custom_fields":{"note":"subscription ${i} ${'x'.repeat(700)}"}}`);
    size += subs[subs.length - 1].length + 1;
  }
  const body = JSON.stringify({ ...base, subscriptions: [] }, null, 2);
  return { text: body.replace('"subscriptions": []', `"subscriptions": [\n${subs.join(',\n')}\n]`), subscriptions: subs.length };
}

async function main() {
  const ls = getLanguageService({});
  ls.configure({ validate: true, allowComments: false, schemas: [{ uri: 'bw://order.schema.json', fileMatch: ['*.order.json'], schema: jsonSchemaFor('order') as never }] });
  for (const mb of [1, 5]) {
    const { text, subscriptions } = orderOfSize(mb * 1024 * 1024);
    const findings = validate(text, 'order');
    // Paired runs: each validate is timed next to a JSON.parse of the same text; the median of the
    // per-pair ratios resists the drift (GC, clock) that skews two medians taken apart.
    const pairs: { parse: number; ours: number }[] = [];
    for (let i = 0; i < (mb === 1 ? 41 : 15); i++) pairs.push({ parse: median(() => JSON.parse(text), 1, i ? 0 : 3), ours: median(() => validate(text, 'order'), 1, i ? 0 : 3) });
    const mid = <T>(xs: T[], f: (x: T) => number) => xs.map(f).sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const parse = mid(pairs, p => p.parse), ours = mid(pairs, p => p.ours), ratio = mid(pairs, p => p.ours / p.parse);
    const doc = TextDocument.create('file:///bench.order.json', 'json', 1, text);
    const jls = await medianAsync(async () => ls.doValidation(doc, ls.parseJSONDocument(doc)), mb === 1 ? 5 : 3, 1);
    console.log(`# ${mb} MB order: ${(text.length / 1048576).toFixed(2)} MB, ${subscriptions} subscriptions, ${findings.length} findings`);
    figure(`validate ${mb}MB`, ours, 'ms');
    figure(`JSON.parse ${mb}MB`, parse, 'ms');
    figure(`validate/JSON.parse ${mb}MB`, ratio, 'x', mb === 1 ? '<= 3' : undefined);
    figure(`json-languageservice ${mb}MB`, jls, 'ms');
    figure(`validate/json-languageservice ${mb}MB`, ours / jls, 'x');
  }
}
main();
