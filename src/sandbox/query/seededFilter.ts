// Filtering a million seeded accounts by number or name without building them: a seeded account's number is
// A + its index + 1 (8 digits) and its name "Customer " + its index + 1 (seedOrders.ts), so the indices whose
// value starts with (or equals) a text are a few ranges. Only those, the accounts held (changed ones, whatever
// their values now) and the accounts made since are tested, with the query's own predicate, in list order. A
// currency filter (EQ, IN) skips the seeded accounts in other currencies (seedOrders.ts: every third is in EUR).
import { SEEDED_NAME, seededCurrency } from '../engine/seedOrders';
import type { Store } from '../state/store';

type Range = [number, number];
interface Clause {
  form: 'number' | 'name';
  op: 'SW' | 'EQ';
  value: string;
}

const PATTERNS = {
  query: { re: /^([A-Za-z_]+)\.([A-Za-z]+):(.*)$/s, number: 'accountnumber', name: 'name', ci: true },
  v2: { re: /^(\w+(?:\[\w+\])?)\.([A-Za-z]+):(.*)$/s, number: 'account_number', name: 'name', ci: false },
};

/** The currencies a filter keeps (EQ or IN on the currency; undefined: any), as the query reads them. */
function currenciesKept(filters: string[], family: keyof typeof PATTERNS): Set<string> | undefined {
  const p = PATTERNS[family];
  let kept: Set<string> | undefined;
  for (const f of filters) {
    const m = p.re.exec(f);
    if (!m || (p.ci ? m[1].toLowerCase() : m[1]) !== 'currency') continue;
    const op = p.ci ? m[2].toUpperCase() : m[2];
    const list = op === 'EQ' ? [m[3]] : op === 'IN' ? /^\[(.*)\]$/s.exec(m[3])?.[1].split(',') : undefined;
    if (!list) continue;
    const these = new Set(list.map(v => (p.ci ? v.trim().toUpperCase() : v.trim())));
    kept = kept ? new Set([...kept].filter(c => these.has(c))) : these; // every clause applies
  }
  return kept;
}

/** The clauses that narrow (SW or EQ on the number or the name), as the query reads them. */
function narrowing(filters: string[], family: keyof typeof PATTERNS): Clause[] {
  const p = PATTERNS[family];
  const out: Clause[] = [];
  for (const f of filters) {
    const m = p.re.exec(f);
    if (!m) continue;
    const field = p.ci ? m[1].toLowerCase() : m[1];
    const op = p.ci ? m[2].toUpperCase() : m[2];
    const form = field === p.number ? 'number' : field === p.name ? 'name' : undefined;
    if (form && (op === 'SW' || op === 'EQ')) out.push({ form, op, value: p.ci ? m[3].toLowerCase() : m[3] });
  }
  return out;
}

/** The indices 0..count-1 whose derived value can satisfy the clause. */
function rangesOf(c: Clause, count: number, ci: boolean): Range[] {
  const prefix = c.form === 'number' ? (ci ? 'a' : 'A') : ci ? SEEDED_NAME.toLowerCase() : SEEDED_NAME;
  const pad = c.form === 'number';
  const out: Range[] = c.form === 'name' ? [[0, 1]] : []; // customer 0 is named otherwise: always tested
  const add = (lo: number, hi: number) => {
    const [a, b] = [Math.max(0, lo - 1), Math.min(count, hi - 1)]; // numbers n = index + 1
    if (a < b) out.push([a, b]);
  };
  if (c.op === 'SW' && prefix.startsWith(c.value)) return [[0, count]];
  if (!c.value.startsWith(prefix)) return out;
  const rest = c.value.slice(prefix.length);
  if (!/^\d+$/.test(rest) || (!pad && rest[0] === '0')) return out;
  const n = Number(rest);
  if (c.op === 'EQ') {
    if (!pad || rest.length === 8) add(n, n + 1);
    return merged(out);
  }
  if (pad) {
    if (rest.length <= 8) add(n * 10 ** (8 - rest.length), (n + 1) * 10 ** (8 - rest.length));
    return merged(out);
  }
  for (let extra = 0; rest.length + extra <= String(count).length; extra++) add(n * 10 ** extra, (n + 1) * 10 ** extra);
  return merged(out);
}

/** Ranges in order, overlapping ones joined (the name's [0, 1) and a range from 0). */
function merged(rs: Range[]): Range[] {
  const out: Range[] = [];
  for (const [a, b] of [...rs].sort((x, y) => x[0] - y[0])) {
    const last = out.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/**
 * The list indices, from `from` on and in order, that can hold an account the filters keep (every one when no
 * clause narrows: the caller tests them on transient rows, so a scan makes no row); undefined without a seeding.
 */
export function accountCandidates(
  store: Store,
  filters: string[],
  family: keyof typeof PATTERNS,
): ((from: number) => Iterable<number>) | undefined {
  const list = store.accountList;
  const count = list.seededLength;
  if (!store.seeding || !count) return undefined;
  const clauses = narrowing(filters, family);
  const size = (rs: Range[]) => rs.reduce((n, [a, b]) => n + b - a, 0);
  const narrowest = clauses.map(c => rangesOf(c, count, PATTERNS[family].ci)).sort((a, b) => size(a) - size(b));
  const ranges = narrowest[0] ?? [[0, count]]; // no clause narrows: every index, still tested on transient rows
  const heldAt = store.accounts
    .heldValues()
    .map(a => store.accounts.seededIndex(a.account_number))
    .filter(i => i >= 0 && i < count);
  const held = heldAt.filter(i => !ranges.some(([a, b]) => i >= a && i < b)).sort((a, b) => a - b);
  // Seeded accounts in another currency are skipped; a held one is always tested, as it is now.
  const currencies = currenciesKept(filters, family);
  const heldSet = currencies && new Set(heldAt);
  const inCurrency = currencies ? (i: number) => currencies.has(seededCurrency(i)) || heldSet!.has(i) : () => true;
  return function* (from: number) {
    let h = 0;
    for (const [a, b] of ranges) {
      for (; h < held.length && held[h] < a; h++) if (held[h] >= from) yield held[h];
      for (let i = Math.max(a, from); i < b; i++) if (inCurrency(i)) yield i;
    }
    for (; h < held.length; h++) if (held[h] >= from) yield held[h];
    for (let i = Math.max(count, from); i < list.length; i++) yield i;
  };
}
