// A notification definition's filterRule: its `condition` over the event's merge fields, with the values of its
// `filterRuleParams`, e.g. `Invoice.Amount >= minimum && Account.Currency == 'USD'`. Read once when the definition
// is given (an unreadable condition is refused there, saying what the sandbox reads), then evaluated per event: an
// event it does not match is not delivered. Numbers compare exactly (decimal texts, never binary floats).
import { NotificationRefused } from './notifications';

/** Comparisons joined by `&&` / `||` (or `and` / `or`), `!` and parentheses. */
export type Condition =
  { all: Condition[] } | { any: Condition[] } | { not: Condition } | { op: Op; left: Operand; right: Operand };
type Op = '==' | '!=' | '<' | '<=' | '>' | '>=';
/** A merge field (`Invoice.Amount`), a parameter (`minimum`, `:minimum` or `{minimum}`), or a literal. */
type Operand = { field: string } | { value: string | null };

const TOKEN =
  /\s*(?:(&&|\|\||==|!=|<=|>=|=|<|>|!|\(|\))|'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(-?\d+(?:\.\d+)?)(?![\w.])|:?\{?([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*)\}?)/y;

const GRAMMAR =
  "comparisons of merge fields, parameters and literals (Invoice.Amount >= minimum, Account.Currency == 'USD'), " +
  'with == != < <= > >=, joined by && || and grouped in parentheses';

/** The condition read, with parameter names replaced by their values; refused when the sandbox cannot read it. */
export function parseCondition(text: string, params: Record<string, string>): Condition {
  const tokens: string[][] = [];
  TOKEN.lastIndex = 0;
  const src = text.trim();
  while (TOKEN.lastIndex < src.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(src);
    if (!m) throw refused(`it cannot read "${src.slice(at, at + 20)}"`);
    const [, sym, sq, dq, num, name] = m;
    if (sym) tokens.push(['sym', sym === '=' ? '==' : sym]);
    else if (sq !== undefined || dq !== undefined) tokens.push(['str', (sq ?? dq)!.replace(/\\(.)/g, '$1')]);
    else if (num !== undefined) tokens.push(['str', num]);
    else if (/^(and|or)$/i.test(name)) tokens.push(['sym', name.toLowerCase() === 'and' ? '&&' : '||']);
    else if (/^(true|false)$/i.test(name)) tokens.push(['str', name.toLowerCase()]);
    else if (/^null$/i.test(name)) tokens.push(['null', '']);
    else if (name.includes('.')) tokens.push(['field', name]);
    else if (params[name] !== undefined) tokens.push(['str', params[name]]);
    else throw refused(`${name} is neither a merge field (Object.Field) nor a parameter given in filterRuleParams`);
  }
  let i = 0;
  const peek = () => tokens[i];
  const isSym = (s: string) => peek()?.[0] === 'sym' && peek()[1] === s;
  const operand = (): Operand => {
    const t = tokens[i++];
    if (!t || t[0] === 'sym') throw refused('a comparison lacks a value');
    return t[0] === 'field' ? { field: t[1] } : { value: t[0] === 'null' ? null : t[1] };
  };
  const unary = (): Condition => {
    if (isSym('!')) {
      i++;
      return { not: unary() };
    }
    if (isSym('(')) {
      i++;
      const inner = or();
      if (!isSym(')')) throw refused('a parenthesis is not closed');
      i++;
      return inner;
    }
    const left = operand();
    const op = peek();
    if (op?.[0] !== 'sym' || !['==', '!=', '<', '<=', '>', '>='].includes(op[1])) {
      throw refused('each part compares two values (==, !=, <, <=, >, >=)');
    }
    i++;
    return { op: op[1] as Op, left, right: operand() };
  };
  const and = (): Condition => {
    const parts = [unary()];
    while (isSym('&&')) {
      i++;
      parts.push(unary());
    }
    return parts.length === 1 ? parts[0] : { all: parts };
  };
  const or = (): Condition => {
    const parts = [and()];
    while (isSym('||')) {
      i++;
      parts.push(and());
    }
    return parts.length === 1 ? parts[0] : { any: parts };
  };
  if (!tokens.length) throw refused('it is empty');
  const c = or();
  if (i < tokens.length) throw refused(`it cannot read what follows "${tokens[i - 1]?.[1] ?? ''}"`);
  return c;
}

function refused(why: string): NotificationRefused {
  return new NotificationRefused(
    'filterRule.condition',
    `filterRule.condition: the Local sandbox evaluates ${GRAMMAR}; ${why}.`,
  );
}

/** Whether an event with these merge fields matches. */
export function matches(c: Condition, fields: Record<string, string>): boolean {
  if ('all' in c) return c.all.every(x => matches(x, fields));
  if ('any' in c) return c.any.some(x => matches(x, fields));
  if ('not' in c) return !matches(c.not, fields);
  const v = (o: Operand) => ('field' in o ? (fields[o.field] ?? null) : o.value);
  const a = v(c.left);
  const b = v(c.right);
  if (a === null || b === null) return c.op === '==' ? a === b : c.op === '!=' ? a !== b : false;
  const order = compare(a, b);
  switch (c.op) {
    case '==':
      return order === 0;
    case '!=':
      return order !== 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    default:
      return order >= 0;
  }
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Two decimals by value, exactly; otherwise the texts (ISO dates order as texts; booleans ignore case). */
function compare(a: string, b: string): number {
  const x = DECIMAL.exec(a);
  const y = DECIMAL.exec(b);
  if (!x || !y) {
    const [p, q] = /^(true|false)$/i.test(a) && /^(true|false)$/i.test(b) ? [a.toLowerCase(), b.toLowerCase()] : [a, b];
    return p < q ? -1 : p > q ? 1 : 0;
  }
  const places = Math.max(x[3]?.length ?? 0, y[3]?.length ?? 0);
  const scaled = (m: RegExpExecArray) => BigInt(`${m[1]}${m[2]}${(m[3] ?? '').padEnd(places, '0')}`);
  const d = scaled(x) - scaled(y);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** A definition's filter: its condition read with its parameters' values; undefined when it has none. */
export function filterOf(details: Record<string, unknown>): Condition | undefined {
  const rule = details.filterRule;
  if (typeof rule !== 'object' || rule === null) return undefined;
  const condition = (rule as Record<string, unknown>).condition;
  if (typeof condition !== 'string' || !condition.trim()) return undefined;
  const raw = details.filterRuleParams;
  const params =
    typeof raw === 'object' && raw !== null
      ? Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'))
      : {};
  return parseCondition(condition, params);
}
