// validate() against JSON.parse of the same text, and against VS Code's own JSON service
// (vscode-json-languageservice, same generated schema), interleaved in the same rounds, on
// structure-dense generated orders (see orders.ts) and, on a line of its own, the filler document.
import { getLanguageService, TextDocument } from 'vscode-json-languageservice';
import { validate } from '../src/schemas';
import { jsonSchemaFor } from '../src/schemas/jsonSchemas';
import { figure } from './measure';
import { largestRealOrder, orderOfSize } from './orders';

const ls = getLanguageService({});
ls.configure({
  validate: true,
  allowComments: false,
  schemas: [{ uri: 'bw://order.schema.json', fileMatch: ['*.order.json'], schema: jsonSchemaFor('order') as never }],
});

const now = () => process.hrtime.bigint();
const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Case {
  name: string;
  text: string;
  about: string;
  rounds: number;
  reps: number;
  goal?: string;
}

/**
 * One round: JSON.parse, validate and the JSON service on the same text, in a rotating order; each
 * timed over `reps` repetitions (small texts). Ratios are taken within a round, then the median.
 */
async function run(c: Case): Promise<void> {
  const doc = TextDocument.create('file:///bench.order.json', 'json', 1, c.text);
  const sides = {
    parse: async () => JSON.parse(c.text),
    ours: async () => validate(c.text, 'order'),
    jls: async () => ls.doValidation(doc, ls.parseJSONDocument(doc)),
  };
  const names = Object.keys(sides) as (keyof typeof sides)[];
  for (const n of names) await sides[n](); // warm-up, uncounted
  const t: Record<keyof typeof sides, number[]> = { parse: [], ours: [], jls: [] };
  for (let round = 0; round < c.rounds; round++) {
    for (let k = 0; k < names.length; k++) {
      const n = names[(round + k) % names.length];
      const start = now();
      for (let r = 0; r < c.reps; r++) await sides[n]();
      t[n].push(ms(start) / c.reps);
    }
  }
  console.log(`# ${c.name}: ${c.about}, ${validate(c.text, 'order').length} findings, ${c.rounds} rounds`);
  figure(`validate/JSON.parse ${c.name}`, mid(t.ours.map((o, i) => o / t.parse[i])), 'x', c.goal);
  figure(`validate/json-languageservice ${c.name}`, mid(t.ours.map((o, i) => o / t.jls[i])), 'x');
  if (c.text.length < 10_000) figure(`validate ${c.name} median`, mid(t.ours) * 1000, 'µs');
  else figure(`validate ${c.name} median`, mid(t.ours), 'ms');
}

async function main() {
  const kb3 = orderOfSize(3 * 1024),
    real = largestRealOrder(),
    mb1 = orderOfSize(1 << 20),
    mb5 = orderOfSize(5 << 20);
  const filler = orderOfSize(1 << 20, true);
  // The same order with its mistake's spelling used again elsewhere: placed by the scan, not by spelling.
  const spelledTwice = JSON.parse(kb3.text);
  spelledTwice.subscriptions[0].custom_fields.signed_on = '2027-02-30';
  const about = (o: { text: string; subscriptions: number }, what: string) =>
    `${(o.text.length / 1024).toFixed(0)} KB, ${o.subscriptions} subscriptions, ${what}`;
  const cases: Case[] = [
    {
      name: '3KB dense',
      text: kb3.text,
      about: about(kb3, 'the keystroke case'),
      rounds: 61,
      reps: 50,
      goal: '<= 2.5',
    },
    {
      name: '3KB dense, mistake spelt twice',
      text: JSON.stringify(spelledTwice, null, 2),
      about: about(kb3, 'the keystroke case, the invalid date also in a custom field'),
      rounds: 61,
      reps: 50,
    },
    {
      name: '50-subscription dense',
      text: real.text,
      about: about(real, 'the largest real order'),
      rounds: 41,
      reps: 5,
    },
    { name: '1MB dense', text: mb1.text, about: about(mb1, 'stress'), rounds: 21, reps: 1, goal: '<= 2.5' },
    { name: '5MB dense', text: mb5.text, about: about(mb5, 'stress'), rounds: 7, reps: 1 },
    {
      name: '1MB filler',
      text: filler.text,
      about: about(filler, '700-character notes zod never reads'),
      rounds: 9,
      reps: 1,
    },
  ];
  for (const c of cases) await run(c);
}
main();
