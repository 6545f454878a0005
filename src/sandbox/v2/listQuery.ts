// Every v2 list as the reference answers it: `filter[]` clauses (`field.OP:value`, all of them apply; EQ, NE, LT, LE,
// GT, GE, SW, IN with a list in brackets; case-sensitive; `a[b]` names a field of `a`, of any of its entries when it
// is a list), `sort[]` (`field.asc|desc`; a list or object field is ignored, as the reference says), `page_size`
// (1-99) and `cursor`, answered as {next_page, data}. Filters and sorts read the answer's own fields, so any field a
// list shows can filter it; a field it does not show is a 400 naming the ones it does.
import { suggestKey } from '../../schemas/typos';
import { badRequest } from '../http/errors';
import { bounds, pageV2 } from '../http/paging';
import { indicesOf, isSeededList } from '../state/seededCollections';

type Row = Record<string, unknown>;
const NOTHING: ReadonlySet<string> = new Set();
const refuse = (parameter: string, message: string) => badRequest('invalid_parameter', parameter, message);
const scalar = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const isObject = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface ListSpec<T> {
  /** What the list holds ("Accounts"), for the 400's message. */
  what: string;
  /** One answer with every field it can have: what `filter[]` and `sort[]` may name, even when the list is empty. */
  sample: Row;
  /** The answer filters and sorts read (default: the page's own view). */
  row?: (t: T) => Row;
  /** A big list's indices that can match `filter[]` (undefined: any can), and its rows there, read only. */
  narrow?: (filters: string[]) => { indices: Iterable<number>; at: (i: number) => T } | undefined;
}

/** One page of `records` as `q` asks: filtered, sorted, then paged; only the page is viewed. */
export function listPage<T, V>(
  records: Rows<T>,
  q: URLSearchParams,
  view: (t: T) => V,
  spec: ListSpec<T>,
): { next_page: string | null; data: V[] } {
  const steps = selecting(records, q, view, spec);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return pageV2(step.value, q, view);
}

/**
 * The same for a list that may be big (a seeded tenant's accounts, orders, subscriptions, contacts): a filter or a
 * sort that reads every row yields to the event loop every few milliseconds, so other requests are answered
 * meanwhile, however long the scan.
 */
export async function listPageYielding<T, V>(
  records: Rows<T>,
  q: URLSearchParams,
  view: (t: T) => V,
  spec: ListSpec<T>,
): Promise<{ next_page: string | null; data: V[] }> {
  const steps = selecting(records, q, view, spec);
  let since = performance.now();
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return pageV2(step.value, q, view);
    if (performance.now() - since < SLICE_MS) continue;
    await new Promise(resolve => setImmediate(resolve));
    since = performance.now();
  }
}

/** How long a scan runs before it lets other requests in. */
const SLICE_MS = 10;
/** Rows read between two looks at the time. */
const ROWS_PER_STEP = 512;

/** The rows a page is cut from: a list, or the kept ones of a filter or sort (read only when the page is cut). */
type Selection<T> = { slice(start: number, end: number): T[] };

/** A list read as far as asked (every contact of a tenant): row i, undefined past the last. */
export interface LazyRows<T> {
  lazy: true;
  at(i: number): T | undefined;
}
type Rows<T> = readonly T[] | LazyRows<T>;
const isLazy = <T>(r: Rows<T>): r is LazyRows<T> => 'lazy' in r;

/** Every index of the rows, in order, read lazily: a page stops early. */
function* indicesIn<T>(records: Rows<T>): Generator<number> {
  if (!isLazy(records)) return yield* indicesOf(records);
  for (let i = 0; records.at(i) !== undefined; i++) yield i;
}

/** The rows as a page cuts them: a list's own slice, or a lazy list's rows read up to the page's end. */
function sliceable<T>(records: Rows<T>): Selection<T> {
  if (!isLazy(records)) return records;
  return {
    slice(start, end) {
      const out: T[] = [];
      for (let i = start, t: T | undefined; i < end && (t = records.at(i)) !== undefined; i++) out.push(t);
      return out;
    },
  };
}

function* selecting<T, V>(records: Rows<T>, q: URLSearchParams, view: (t: T) => V, spec: ListSpec<T>) {
  const rowOf = spec.row ?? (view as unknown as (t: T) => Row);
  const sorted = q.getAll('sort[]').length > 0;
  // Without a sort the matches up to one past the page are enough to answer it: the scan stops there.
  const { start, size } = bounds(q, 'page_size');
  const limit = sorted ? undefined : start + size + 1;
  const narrowed = sorted ? undefined : spec.narrow?.(q.getAll('filter[]'));
  return yield* filteredAndSorted(records, rowOf, q, spec.what, spec.sample, narrowed, limit);
}

/** The paths of a sample's scalar fields, one level into its objects and lists of objects (`bill_to[city]`). */
function fieldPaths(sample: Row): { scalars: string[]; ignored: Set<string> } {
  const scalars: string[] = [];
  const ignored = new Set<string>();
  for (const [k, v] of Object.entries(sample)) {
    if (scalar(v)) {
      scalars.push(k);
      continue;
    }
    ignored.add(k);
    const inner = Array.isArray(v) ? v[0] : isObject(v) && Array.isArray(v.data) ? v.data[0] : v;
    if (!isObject(inner)) continue;
    for (const [j, w] of Object.entries(inner)) if (scalar(w)) scalars.push(`${k}[${j}]`);
  }
  return { scalars, ignored };
}

/** The values at a field path: `a`, or `a[b]` over `a`'s entries when it is a list (or a `{data}` page). */
function valuesAt(row: Row, path: string): unknown[] {
  const m = /^(\w+)(?:\[(\w+)\])?$/.exec(path);
  if (!m) return [];
  const top = row[m[1]];
  if (!m[2]) return [top];
  const list = Array.isArray(top) ? top : isObject(top) && Array.isArray(top.data) ? top.data : [top];
  return list.map(e => (isObject(e) ? e[m[2]] : undefined));
}

/**
 * The records whose answers (`rowOf`) `filter[]` keeps, in the order `sort[]` asks for (else as given, and only the
 * first `limit`); `sample` is one answer with every field it can have (what filters name is checked even when the
 * list is empty). A generator: it pauses every few hundred rows, for a caller that lets other work in.
 */
function* filteredAndSorted<T>(
  records: Rows<T>,
  rowOf: (t: T) => Row,
  q: URLSearchParams,
  what: string,
  sample: Row,
  narrow?: { indices: Iterable<number>; at: (i: number) => T },
  limit?: number,
): Generator<void, Selection<T>> {
  const { scalars, ignored } = fieldPaths(sample);
  const unknown = (name: string, parameter: string) => {
    const near = suggestKey(name, scalars, NOTHING);
    const fields = near ? `did you mean "${near}"? The fields: ${scalars.join(', ')}` : `use ${scalars.join(', ')}`;
    return refuse(parameter, `${what} cannot be filtered or sorted by "${name}"; ${fields}.`);
  };
  const field = (name: string, parameter: string) => {
    if (scalars.includes(name)) return name;
    throw unknown(name, parameter);
  };
  const typeOf = (name: string) => typeof valuesAt(sample, name)[0];
  const clauses = q.getAll('filter[]').map(text => clause(text, field, typeOf));
  const sorts = q.getAll('sort[]').flatMap(text => {
    const m = /^(\w+(?:\[\w+\])?)\.(asc|desc)$/.exec(text);
    if (!m)
      throw refuse(
        'sort[]',
        `"${text}" is not a sort order; write field.asc or field.desc, such as created_time.desc.`,
      );
    if (ignored.has(m[1])) return []; // a list or object: the reference ignores it
    return [{ name: field(m[1], 'sort[]'), down: m[2] === 'desc' }];
  });
  if (!clauses.length && !sorts.length) return sliceable(records); // sliced, never changed
  // A seeded list's rows read for a filter or a sort are transient (peekAt): a scan over a big tenant keeps none.
  const peek =
    narrow?.at ??
    (isLazy(records)
      ? (i: number) => records.at(i)!
      : isSeededList(records)
        ? (i: number) => records.peekAt(i)!
        : (i: number) => records[i]);
  const kept: number[] = [];
  const keys: Key[][] = [];
  let read = 0;
  for (const i of narrow?.indices ?? indicesIn(records)) {
    if (++read % ROWS_PER_STEP === 0) yield;
    const r = rowOf(peek(i));
    if (!clauses.every(c => c(r))) continue;
    kept.push(i);
    if (sorts.length) keys.push(sorts.map(s => keyOf(valuesAt(r, s.name)[0])));
    else if (kept.length === limit) break;
  }
  const order = sorts.length ? yield* mergeSorted(kept.length, (a, b) => compareRows(keys[a], keys[b], sorts)) : null;
  return {
    slice: (from, to) => {
      const at = order ? Array.from(order.subarray(from, to), k => kept[k]) : kept.slice(from, to);
      return at.map(i => peek(i));
    },
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;
/** The instant a date or a date-time names (offsets apply), NaN for any other value. */
const instantOf = (v: unknown) => (typeof v === 'string' && DATE.test(v) ? Date.parse(v) : NaN);

/** A sort value with its instant, read once rather than at every comparison. */
interface Key {
  v: unknown;
  at: number;
}
const keyOf = (v: unknown): Key => ({ v, at: instantOf(v) });

function compareRows(a: Key[], b: Key[], sorts: { down: boolean }[]): number {
  for (let s = 0; s < sorts.length; s++) {
    const c = compareKeys(a[s], b[s]);
    if (c) return sorts[s].down ? -c : c;
  }
  return 0;
}

const compareKeys = (a: Key, b: Key) => ordered(a.v, b.v, a.at, b.at);

/** 0..n-1 in the order `cmp` gives, stable: a merge sort that pauses every few hundred steps, as the scan does. */
function* mergeSorted(n: number, cmp: (a: number, b: number) => number): Generator<void, Int32Array> {
  let from = Int32Array.from({ length: n }, (_, i) => i);
  let to = new Int32Array(n);
  let steps = 0;
  for (let width = 1; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n),
        hi = Math.min(lo + 2 * width, n);
      let i = lo,
        j = mid,
        k = lo;
      while (i < mid && j < hi) {
        to[k++] = cmp(from[j], from[i]) < 0 ? from[j++] : from[i++];
        if (++steps % ROWS_PER_STEP === 0) yield;
      }
      while (i < mid) to[k++] = from[i++];
      while (j < hi) to[k++] = from[j++];
    }
    [from, to] = [to, from];
  }
  return from;
}

/** Numbers as numbers, dates and date-times by the instant they name (offsets apply), the rest as text. */
const compare = (a: unknown, b: unknown) => (a === b ? 0 : ordered(a, b, instantOf(a), instantOf(b)));

/** compare() given each value's instant (`x`, `y`: NaN when not a date). */
function ordered(a: unknown, b: unknown, x: number, y: number): number {
  if (a === b) return 0;
  if (a === undefined) return -1;
  if (b === undefined) return 1;
  if (x !== y && !Number.isNaN(x) && !Number.isNaN(y)) return x < y ? -1 : 1;
  return (a as number | string) < (b as number | string) ? -1 : 1;
}

const OPERATORS = ['EQ', 'NE', 'LT', 'LE', 'GT', 'GE', 'SW', 'IN'];

function clause(
  text: string,
  field: (name: string, parameter: string) => string,
  typeOf: (name: string) => string,
): (r: Row) => boolean {
  const m = /^(\w+(?:\[\w+\])?)\.([A-Za-z]+):(.*)$/s.exec(text);
  if (!m)
    throw refuse('filter[]', `"${text}" is not a filter; write field.OPERATOR:value, such as account_id.EQ:<id>.`);
  const name = field(m[1], 'filter[]');
  const op = m[2];
  if (!OPERATORS.includes(op)) {
    throw refuse('filter[]', `Unknown filter operator "${op}" in "${text}"; use ${OPERATORS.join(', ')}.`);
  }
  // A value reads as the field's type: a number compares as a number, a flag as true or false.
  const type = typeOf(name);
  const as = (s: string): unknown => {
    if (type === 'number') {
      const n = Number(s);
      if (s.trim() === '' || !Number.isFinite(n)) throw refuse('filter[]', `${name} is a number: "${s}" is not one.`);
      return n;
    }
    if (type === 'boolean') {
      if (s !== 'true' && s !== 'false') throw refuse('filter[]', `${name} is true or false, not "${s}".`);
      return s === 'true';
    }
    return s;
  };
  const raw = m[3];
  const any = (test: (v: unknown) => boolean) => (r: Row) => valuesAt(r, name).some(test);
  if (op === 'IN') {
    const list = /^\[(.*)\]$/s
      .exec(raw)?.[1]
      .split(',')
      .map(s => as(s.trim()));
    if (!list) throw refuse('filter[]', `IN takes a list in brackets, such as ${name}.IN:[a,b].`);
    return any(v => list.includes(v));
  }
  if (op === 'NE') return r => !valuesAt(r, name).some(v => v === as(raw));
  if (op === 'SW') return any(v => v !== undefined && String(v).startsWith(raw));
  const x = as(raw);
  const cmp: Record<string, (c: number) => boolean> = {
    EQ: c => c === 0,
    LT: c => c < 0,
    LE: c => c <= 0,
    GT: c => c > 0,
    GE: c => c >= 0,
  };
  return any(v => v !== undefined && cmp[op](compare(v, x)));
}
