// The v2 lists' `filter[]` and `sort[]`, as the reference writes them: `filter[]=account_id.EQ:8ad0...` (several
// clauses all apply; EQ, NE, LT, LE, GT, GE, SW, IN with a list in brackets; case-sensitive), and
// `sort[]=document_date.desc`. Both read the answer's own top-level fields, so any field a list shows can filter
// and sort it; a field it does not show is a 400 naming the ones it does.
import { badRequest } from '../http/errors';

type Row = Record<string, unknown>;
const refuse = (parameter: string, message: string) => badRequest('invalid_parameter', parameter, message);
const scalar = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

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
): T[] {
  const fields = Object.keys(sample).filter(k => scalar(sample[k]));
  const field = (name: string, parameter: string) => {
    if (fields.includes(name)) return name;
    throw refuse(parameter, `${what} cannot be filtered or sorted by "${name}"; use ${fields.join(', ')}.`);
  };
  const clauses = q.getAll('filter[]').map(text => clause(text, field));
  const sortsAsked = q.getAll('sort[]');
  if (!clauses.length && !sortsAsked.length) return [...records];
  const rows = records.map(t => ({ t, r: rowOf(t) }));
  const kept = clauses.length ? rows.filter(({ r }) => clauses.every(c => c(r))) : rows;
  const sorts = sortsAsked.map(text => {
    const m = /^(\w+)\.(asc|desc)$/i.exec(text);
    if (!m)
      throw refuse(
        'sort[]',
        `"${text}" is not a sort order; write field.asc or field.desc, such as document_date.desc.`,
      );
    return { name: field(m[1], 'sort[]'), down: m[2].toLowerCase() === 'desc' };
  });
  const ordered = !sorts.length
    ? kept
    : [...kept].sort((a, b) => {
        for (const { name, down } of sorts) {
          const c = compare(a.r[name], b.r[name]);
          if (c) return down ? -c : c;
        }
        return 0;
      });
  return ordered.map(x => x.t);
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined) return -1;
  if (b === undefined) return 1;
  return (a as number | string) < (b as number | string) ? -1 : 1;
}

const OPERATORS = ['EQ', 'NE', 'LT', 'LE', 'GT', 'GE', 'SW', 'IN'];

function clause(text: string, field: (name: string, parameter: string) => string): (r: Row) => boolean {
  const m = /^(\w+)\.([A-Za-z]+):(.*)$/s.exec(text);
  if (!m)
    throw refuse('filter[]', `"${text}" is not a filter; write field.OPERATOR:value, such as account_id.EQ:<id>.`);
  const name = field(m[1], 'filter[]');
  const op = m[2];
  if (!OPERATORS.includes(op)) {
    throw refuse('filter[]', `Unknown filter operator "${op}" in "${text}"; use ${OPERATORS.join(', ')}.`);
  }
  const raw = m[3];
  // A value reads as the field's type: a number compares as a number, a flag as true or false.
  const as = (v: unknown, s: string): unknown =>
    typeof v === 'number' ? Number(s) : typeof v === 'boolean' ? s === 'true' : s;
  if (op === 'IN') {
    const list = /^\[(.*)\]$/s
      .exec(raw)?.[1]
      .split(',')
      .map(s => s.trim());
    if (!list) throw refuse('filter[]', `IN takes a list in brackets, such as ${name}.IN:[a,b].`);
    return r => list.some(s => r[name] === as(r[name], s));
  }
  return r => {
    const v = r[name];
    if (v === undefined) return op === 'NE';
    const x = as(v, raw);
    switch (op) {
      case 'EQ':
        return v === x;
      case 'NE':
        return v !== x;
      case 'SW':
        return String(v).startsWith(raw);
      case 'LT':
        return compare(v, x) < 0;
      case 'LE':
        return compare(v, x) <= 0;
      case 'GT':
        return compare(v, x) > 0;
      default:
        return compare(v, x) >= 0;
    }
  };
}
