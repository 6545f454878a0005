// Completion of plan_id in an order with a 10,000-plan catalog, through the real provider (a stub `vscode`,
// bench/completionVscode): the first answer in a fresh process just after the catalog is built (cold), then
// the same request again (warm), and a typed prefix; medians over fresh processes.
import { fakeDocument, type Pos } from './completionVscode'; // first: installs the stub `vscode`
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import { CatalogCompletion } from '../src/languageFeatures/catalogCompletion';
import type { ProductCatalogs } from '../src/services/productCatalog';
import { largeCatalog } from './largeCatalog';
import { figure } from './measure';

const PLANS = 10_000;
const RUNS = 9;
const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

interface Answer {
  items: { label: unknown }[];
  isIncomplete: boolean;
}

/** One fresh process: the catalog, then the first answer, a warm median, and "plan-ana" typed. */
function once() {
  const order = fs.readFileSync('examples/new-customer.order.json', 'utf8');
  const text = order.replace('"plan_id": "plan-team-monthly"', '"plan_id": ""');
  const catalog = largeCatalog(PLANS);
  const catalogs = { peek: () => ({ value: catalog, connection: { name: 'Local sandbox' }, loading: false }) };
  const provider = new CatalogCompletion(catalogs as unknown as ProductCatalogs);
  const ask = (t: string, cursor: number) => {
    const doc = fakeDocument('/w/new-customer.order.json', t);
    const p: Pos = { offset: cursor };
    return provider.provideCompletionItems(doc as never, p as never) as unknown as Answer;
  };
  const cursor = text.indexOf('"plan_id": ""') + '"plan_id": "'.length;
  let t = process.hrtime.bigint();
  const first = ask(text, cursor);
  const cold = ms(t);
  const warm: number[] = [];
  for (let i = 0; i < 15; i++) {
    t = process.hrtime.bigint();
    ask(text, cursor);
    warm.push(ms(t));
  }
  const typedText = text.replace('"plan_id": ""', '"plan_id": "plan-ana"');
  t = process.hrtime.bigint();
  const typed = ask(typedText, cursor + 'plan-ana'.length);
  const typedMs = ms(t);
  return {
    cold,
    warm: mid(warm),
    typedMs,
    items: first.items.length,
    incomplete: first.isIncomplete,
    typedItems: typed.items.length,
  };
}

if (process.argv[2] === 'once') console.log(JSON.stringify(once()));
else {
  const runs = Array.from({ length: RUNS }, () =>
    JSON.parse(execFileSync(process.execPath, [__filename, 'once'], { encoding: 'utf8' })),
  ) as ReturnType<typeof once>[];
  const r = runs[0];
  console.log(
    `# ${PLANS} plans; "plan_id": "" offers ${r.items} items (incomplete: ${r.incomplete}), ` +
      `"plan-ana" ${r.typedItems}; ${RUNS} fresh processes`,
  );
  figure(`plan_id completion, ${PLANS} plans, first answer (fresh process)`, mid(runs.map(x => x.cold)), 'ms', '<= 50');
  figure(`plan_id completion, ${PLANS} plans, warm`, mid(runs.map(x => x.warm)), 'ms');
  figure(`plan_id completion, ${PLANS} plans, "plan-ana" typed`, mid(runs.map(x => x.typedMs)), 'ms');
}
