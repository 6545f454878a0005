// Every v2 list as the reference answers it: `filter[]` clauses (`field.OP:value`, all of them apply; EQ, NE, LT, LE,
// GT, GE, SW, IN with a list in brackets; case-sensitive; `a[b]` names a field of `a`, of any of its entries when it
// is a list), `sort[]` (`field.asc|desc`; a list or object field is ignored, as the reference says), `page_size`
// (1-99) and `cursor`, answered as {next_page, data}. Filters and sorts read the answer's own fields, so any field a
// list shows can filter it; a field it does not show is a 400 naming the ones it does.
import { suggestKey } from '../../schemas/typos';
import { badRequest } from '../http/errors';
import { bounds, pageV2 } from '../http/paging';
import { isSeededList } from '../state/seededCollections';

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
  records: readonly T[],
  q: URLSearchParams,
  view: (t: T) => V,
  spec: ListSpec<T>,
): { next_page: string | null; data: V[] } {
  const rowOf = spec.row ?? (view as unknown as (t: T) => Row);
  const narrowed = q.getAll('sort[]').length ? undefined : spec.narrow?.(q.getAll('filter[]'));
  // Narrowed (a big seeded list): the matches up to one past the page are enough to answer it.
  const upTo = narrowed && bounds(q, 'page_size');
  const narrow = narrowed && upTo && { ...narrowed, limit: upTo.start + upTo.size + 1 };
  return pageV2(filteredAndSorted(records, rowOf, q, spec.what, spec.sample, narrow), q, view);
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
 * The records whose answers (`rowOf`) `filter[]` keeps, in the order `sort[]` asks for (else as given); `sample`
 * is one answer with every field it can have (what filters name is checked even when the list is empty).
 */
export function filteredAndSorted<T>(
  records: readonly T[],
  rowOf: (t: T) => Row,
  q: URLSearchParams,
  what: string,
  sample: Row,
  narrow?: { indices: Iterable<number>; at: (i: number) => T; limit?: number },
): readonly T[] {
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
  if (!clauses.length && !sorts.length) return records; // sliced, never changed
  if (narrow && !sorts.length) {
    const kept: T[] = [];
    for (const i of narrow.indices) {
      const t = narrow.at(i);
      if (clauses.every(c => c(rowOf(t))) && kept.push(t) === narrow.limit) break;
    }
    return kept;
  }
  // A seeded list's rows read for a filter or a sort are transient (peekAt): a sort over a big tenant keeps none.
  const peek = isSeededList(records) ? (i: number) => records.peekAt(i)! : (i: number) => records[i];
  const rows: { t: T; r: Row }[] = [];
  for (let i = 0; i < records.length; i++) {
    const t = peek(i);
    rows.push({ t, r: rowOf(t) });
  }
  const kept = clauses.length ? rows.filter(({ r }) => clauses.every(c => c(r))) : rows;
  const ordered = !sorts.length
    ? kept
    : [...kept].sort((a, b) => {
        for (const { name, down } of sorts) {
          const c = compare(valuesAt(a.r, name)[0], valuesAt(b.r, name)[0]);
          if (c) return down ? -c : c;
        }
        return 0;
      });
  return ordered.map(x => x.t);
}

const DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Numbers as numbers, dates and date-times by the instant they name (offsets apply), the rest as text. */
function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined) return -1;
  if (b === undefined) return 1;
  if (typeof a === 'string' && typeof b === 'string' && DATE.test(a) && DATE.test(b)) {
    const [x, y] = [Date.parse(a), Date.parse(b)];
    if (x !== y && !Number.isNaN(x) && !Number.isNaN(y)) return x < y ? -1 : 1;
  }
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
