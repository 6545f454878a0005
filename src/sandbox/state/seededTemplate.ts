// A seeded customer's rows as a template: the JSON of the rows the engine made for one customer, with what
// depends on the customer's index cut out as slots (its numbers, its ids, the "Customer N" and "Seeded order N"
// texts). Filling the slots for customer i gives customer i's rows: what seeding it with the engine would make.

/** The JSON text around the slots: parts.length === slots.length + 1. */
export interface RowTemplate {
  parts: string[];
  /** `id:k` (the customer's k-th id), `n` (its index + 1), `P:j` (its j-th number with prefix P). */
  slots: string[];
}
export interface CustomerTemplate {
  account: RowTemplate;
  subscriptions: RowTemplate[];
  orders: RowTemplate[];
  /** The id slot of each row's own id. */
  idSlots: { account: number; subscriptions: number[]; orders: number[] };
}
/** The templates of a seeding and how its numbers advance. */
export interface SeedTemplates {
  /** Customer 0 (its extra subscriptions and orders). */
  first: CustomerTemplate;
  /** Customer i > 0's template (customers of one variant differ only in their numbers and ids). */
  variant(i: number): CustomerTemplate;
  /** The counters after customer 0, and what each later customer adds to them. */
  first_counters: Record<string, number>;
  per_customer: Record<string, number>;
}

interface Rows {
  account: unknown;
  subscriptions: { id: string }[];
  orders: { id: string }[];
}

const TOKEN = /"([0-9a-f]{32}|[A-Z]{1,3}\d{8}|Customer \d+|Seeded order \d+)"/g;

/**
 * Customer `t`'s rows as a template; `numbers(P)` is the first number with prefix P it was given (then as many as
 * `count(P)` says). A quoted value that is not the customer's stays as it is.
 */
export function templateOf(rows: Rows, t: number, first: Record<string, number>, count: Record<string, number>) {
  const ids = new Map<string, number>();
  const own = (prefix: string, n: number) => n > first[prefix] && n <= first[prefix] + count[prefix];
  const cut = (row: unknown): RowTemplate => {
    const text = JSON.stringify(row);
    const parts: string[] = [];
    const slots: string[] = [];
    let from = 0;
    for (const m of text.matchAll(TOKEN)) {
      const v = m[1];
      let slot: string | undefined;
      if (/^[0-9a-f]{32}$/.test(v)) {
        if (!ids.has(v)) ids.set(v, ids.size);
        slot = `id:${ids.get(v)}`;
      } else if (v === `Customer ${t + 1}` || v === `Seeded order ${t + 1}`) {
        slot = 'n';
      } else {
        const [, prefix, digits] = /^([A-Z]+)(\d{8})$/.exec(v) ?? [];
        if (prefix && prefix in first && own(prefix, Number(digits)))
          slot = `${prefix}:${Number(digits) - first[prefix]}`;
      }
      if (!slot) continue;
      // The slot replaces the value inside the quotes: the texts of `n` keep their words.
      const start = m.index + 1 + (slot === 'n' ? v.length - String(t + 1).length : 0);
      parts.push(text.slice(from, start));
      slots.push(slot);
      from = m.index + 1 + v.length;
    }
    parts.push(text.slice(from));
    return { parts, slots };
  };
  const account = cut(rows.account);
  const subscriptions = rows.subscriptions.map(cut);
  const orders = rows.orders.map(cut);
  const idSlots = {
    account: ids.get((rows.account as { id: string }).id)!,
    subscriptions: rows.subscriptions.map(s => ids.get(s.id)!),
    orders: rows.orders.map(o => ids.get(o.id)!),
  };
  return { account, subscriptions, orders, idSlots };
}

/** Customer i's id in slot k: 32 hex digits, as the service's ids are, and never one randomUUID gives (no 4 at 12). */
export const seededId = (i: number, k: number) =>
  `5eed${k.toString(16).padStart(4, '0')}${i.toString(16).padStart(24, '0')}`;

/** The customer index and slot of a seeded id; undefined when `id` is not one. */
export function seededIdParts(id: string): { i: number; k: number } | undefined {
  if (id.length !== 32 || !id.startsWith('5eed') || !/^[0-9a-f]+$/.test(id)) return undefined;
  return { i: parseInt(id.slice(8), 16), k: parseInt(id.slice(4, 8), 16) };
}

export const numberText = (prefix: string, n: number) => `${prefix}${String(n).padStart(8, '0')}`;

type Slot = { kind: 'n' } | { kind: 'id'; k: number } | { kind: 'number'; prefix: string; j: number };
interface Compiled {
  slots: Slot[];
  make: (values: string[]) => unknown;
}
/** Each template read once: its slots, and a function that builds the row (a fill is on every derived row's path). */
const compiled = new WeakMap<RowTemplate, Compiled>();
function compile(t: RowTemplate): Compiled {
  let out = compiled.get(t);
  if (out) return out;
  const slots = t.slots.map((slot): Slot => {
    if (slot === 'n') return { kind: 'n' };
    if (slot.startsWith('id:')) return { kind: 'id', k: Number(slot.slice(3)) };
    const [prefix, j] = slot.split(':');
    return { kind: 'number', prefix, j: Number(j) };
  });
  // The template's JSON read once, each slot marked in its string (or key); a row is built by copying that tree
  // with the slots' values put in (no parse of JSON per row: a fill is on every derived row's path).
  let text = t.parts[0];
  for (let k = 0; k < slots.length; k++) text += `${MARK_JSON}${k}${MARK_JSON}${t.parts[k + 1]}`;
  const make = builderOf(JSON.parse(text));
  out = { slots, make };
  compiled.set(t, out);
  return out;
}

const MARK = '\u0000'; // never in our own JSON's strings: JSON.stringify writes it escaped
const MARK_JSON = '\\u0000';

/** A function building a fresh copy of `node`, its marked slots filled from `v`. */
function builderOf(node: unknown): (v: string[]) => unknown {
  if (typeof node === 'string') return textBuilder(node);
  if (typeof node !== 'object' || node === null) return () => node;
  if (Array.isArray(node)) {
    const items = node.map(builderOf);
    return v => items.map(b => b(v));
  }
  const fields = Object.entries(node).map(([k, x]) => [textBuilder(k), builderOf(x)] as const);
  return v => {
    const o: Record<string, unknown> = {};
    for (const [key, value] of fields) o[key(v) as string] = value(v);
    return o;
  };
}

/** A string with slots `MARK k MARK` in it: its pieces joined with the slots' values. */
function textBuilder(s: string): (v: string[]) => unknown {
  if (!s.includes(MARK)) return () => s;
  const pieces = s.split(MARK); // even: text; odd: a slot's index
  return v => {
    let out = pieces[0];
    for (let j = 1; j < pieces.length; j += 2) out += v[Number(pieces[j])] + pieces[j + 1];
    return out;
  };
}

/** Fills a row template for customer i whose numbers with prefix P start after base(P). */
export function fill<T>(t: RowTemplate, i: number, base: (prefix: string) => number): T {
  const { slots, make } = compile(t);
  const hex = i.toString(16).padStart(24, '0');
  const values = slots.map(slot =>
    slot.kind === 'n'
      ? String(i + 1)
      : slot.kind === 'id'
        ? `5eed${slot.k.toString(16).padStart(4, '0')}${hex}`
        : numberText(slot.prefix, base(slot.prefix) + slot.j),
  );
  return make(values) as T;
}
