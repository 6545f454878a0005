// docs/ARCHITECTURE.md's layers, checked on the source: no import loop anywhere in src/ (type imports count: a
// loop of types is still two files that cannot be read one without the other), and in the Local sandbox no room
// imports a room of a layer above its own. A new loop or a new import upward fails here, naming it.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The sandbox's rooms, bottom layer first: a room imports its own layer and the layers below, never one above.
 * `.` is src/sandbox itself (index.ts, the public face). A new room goes into its layer here (and in the docs).
 */
const SANDBOX_LAYERS: readonly (readonly string[])[] = [
  ['money'], // exact amounts, rounding once, the amount bound, the tenant's billing rules
  ['state'], // the records (accounts, subscriptions and their charges, orders, documents, bill runs), the store
  ['billing'], // the pure billing engine: charges in, billing documents out
  ['payments'], // payment methods, payments, balances: rules over the records
  ['engine'], // the order engine: orders, their metrics and what they bill
  ['invoicing'], // bill runs over the store
  ['collection'], // what a bill run posts charged to the accounts that auto-pay
  ['timeTravel'], // the clock's moves and what falls due
  ['events'], // notification definitions' events announced after each commit, their callouts delivered
  ['http', 'v1', 'v2', 'query', 'contract'], // the HTTP families: the server, its routes and views
  ['.'],
];

const SRC = 'src';
const SANDBOX = path.join(SRC, 'sandbox');

const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });

/** The project files a file imports (type imports and re-exports included), with the line of each. */
function importsOf(file: string): { target: string; line: number }[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: { target: string; line: number }[] = [];
  const found =
    /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*'(\.[^']*)'|^\s*import\s*'(\.[^']*)'|\bimport\(\s*'(\.[^']*)'\s*\)/gm;
  for (const m of text.matchAll(found)) {
    const spec = m[1] ?? m[2] ?? m[3];
    const base = path.resolve(path.dirname(file), spec);
    const target = [`${base}.ts`, path.join(base, 'index.ts'), base].find(
      c => c.endsWith('.ts') && fs.existsSync(c) && fs.statSync(c).isFile(),
    );
    const line = text.slice(0, m.index + m[0].length).split('\n').length;
    if (target) out.push({ target: path.relative('.', target), line });
  }
  return out;
}

const graph = new Map(files(SRC).map(f => [f, importsOf(f)]));

/** Every import loop: the strongly connected components of more than one file (or a file importing itself). */
function loops(): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const { target: w } of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.some(i => i.target === v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The sandbox room of a file: its folder under src/sandbox (`.` for the files beside index.ts). */
const roomOf = (file: string): string => {
  const parts = path.relative(SANDBOX, file).split(path.sep);
  return parts.length > 1 ? parts[0] : '.';
};
const layerOf = (room: string): number => SANDBOX_LAYERS.findIndex(l => l.includes(room));

test('src/ has no import loop (type imports included)', () => {
  const said = loops().map(c => `${c.length} files import each other: ${c.join(' <-> ')}`);
  assert.deepEqual(said, []);
});

test('every room of the Local sandbox sits in a layer', () => {
  const rooms = new Set(files(SANDBOX).map(roomOf));
  const unplaced = [...rooms].filter(r => layerOf(r) < 0);
  assert.deepEqual(unplaced, [], 'put each new room of src/sandbox in its layer (SANDBOX_LAYERS and ARCHITECTURE.md)');
});

test('no room of the Local sandbox imports a room above its own layer', () => {
  const upward: string[] = [];
  for (const [file, imports] of graph) {
    if (!file.startsWith(SANDBOX + path.sep)) continue;
    const from = roomOf(file);
    for (const { target, line } of imports) {
      if (!target.startsWith(SANDBOX + path.sep)) continue;
      const to = roomOf(target);
      if (layerOf(to) > layerOf(from))
        upward.push(`${file}:${line} (${from}) imports ${target} (${to}, a layer above)`);
    }
  }
  assert.deepEqual(upward, []);
});

test('no file of the Local sandbox is over 400 lines', () => {
  const long = files(SANDBOX)
    .map(f => ({ f, lines: fs.readFileSync(f, 'utf8').split('\n').length - 1 }))
    .filter(x => x.lines > 400)
    .map(x => `${x.f}: ${x.lines} lines`);
  assert.deepEqual(long, [], 'split each by responsibility');
});
