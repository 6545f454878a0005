// The object-query `filter[]` clauses of the account list, as the service documents them: `field.OP:value`
// with EQ, NE, SW (starts with), IN ([a,b]), LT and GT; several clauses all apply (AND). Object queries
// match case-insensitively. A clause the service would refuse is refused here too, naming the clause.
import type { AccountRec } from '../state/store';
import { badRequest } from '../http/errors';

type Text = (a: AccountRec) => string;
/** The filterable string fields of an account row, by their object-query names. */
const ACCOUNT_FIELDS: Record<string, Text> = {
  accountNumber: a => a.account_number,
  name: a => a.name,
  currency: a => a.currency,
  id: a => a.id,
  status: () => 'Active',
};

const refuse = (message: string) => badRequest('invalid_parameter', 'filter[]', message);

/** One predicate for all the `filter[]` clauses of the query; undefined when there are none. */
export function accountFilter(q: URLSearchParams): ((a: AccountRec) => boolean) | undefined {
  const clauses = q.getAll('filter[]').map(clause);
  if (!clauses.length) return undefined;
  return a => clauses.every(c => c(a));
}

function clause(text: string): (a: AccountRec) => boolean {
  const m = /^([A-Za-z_]+)\.([A-Za-z]+):(.*)$/s.exec(text);
  if (!m) throw refuse(`"${text}" is not a filter clause; write field.OPERATOR:value, such as name.SW:Acme.`);
  const [, field, op, raw] = m;
  const key = Object.keys(ACCOUNT_FIELDS).find(f => f.toLowerCase() === field.toLowerCase());
  if (!key) throw refuse(`Accounts cannot be filtered by "${field}"; use ${Object.keys(ACCOUNT_FIELDS).join(', ')}.`);
  const get = ACCOUNT_FIELDS[key];
  const value = raw.toLowerCase();
  const of = (a: AccountRec) => get(a).toLowerCase();
  switch (op.toUpperCase()) {
    case 'EQ':
      return a => of(a) === value;
    case 'NE':
      return a => of(a) !== value;
    case 'SW':
      return a => of(a).startsWith(value);
    case 'IN': {
      const list = /^\[(.*)\]$/s.exec(value)?.[1].split(',');
      if (!list) throw refuse(`IN takes a list in brackets, such as ${key}.IN:[a,b].`);
      const set = new Set(list.map(v => v.trim()));
      return a => set.has(of(a));
    }
    case 'LT':
    case 'GT':
      throw refuse(`${op.toUpperCase()} compares numbers and dates; ${key} is text (use EQ, NE, SW or IN).`);
    default:
      throw refuse(`Unknown filter operator "${op}"; use EQ, NE, LT, GT, SW or IN.`);
  }
}
