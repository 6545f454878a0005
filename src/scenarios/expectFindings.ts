// Findings on what a step expects: each check of `values` and `retry.until` at a path that parses or in a header,
// checking something, with a pattern that reads; totals and billing documents on previews only.
import { isRealDate, type PathSegment } from '../schemas';
import { parseJsonPath } from './jsonPath';
import { distance, suggestKey } from '../schemas/typos';
import { Expect, InvoiceCheck, Retry, TotalsCheck, ValueCheck, type StepData, type ValueCheckData } from './schema';
import type { AddFinding as Add } from './findingTypes';
import { checkSpan } from './stepFindings';

const CHECK_KEYS = ['equals', 'exists', 'matches', 'count', 'type', 'lessThan', 'greaterThan', 'includes'] as const;

function checkValueChecks(values: unknown, at: PathSegment[], add: Add) {
  (Array.isArray(values) ? values : []).forEach((c, k) => checkValueCheck(c as ValueCheckData, [...at, k], add));
}

/** One check: at a path that parses or in a header (one of the two), checking something, with a pattern that reads. */
function checkValueCheck(c: ValueCheckData, where: PathSegment[], add: Add) {
  if (!c || typeof c !== 'object') return;
  if (c.path === undefined && c.header === undefined) {
    add('wrong-shape', 'Say where to look: "path" (such as "data[0].id") or "header" (such as "x-request-id").', where);
  } else if (c.path !== undefined && c.header !== undefined) {
    add(
      'wrong-shape',
      'A check looks at "path" or at "header", not both: split it into two checks.',
      [...where, 'header'],
      true,
    );
  }
  if (typeof c.path === 'string') {
    const p = parseJsonPath(c.path);
    if (p.error !== undefined) add('bad-json-path', `${p.error}.`, [...where, 'path']);
  }
  if (!CHECK_KEYS.some(k => k in c)) {
    add('empty-check', `This check checks nothing: add one of ${CHECK_KEYS.map(k => `"${k}"`).join(', ')}.`, where);
  }
  if (typeof c.matches === 'string') {
    try {
      new RegExp(c.matches);
    } catch (e) {
      add('bad-pattern', `Not a regular expression: ${(e as Error).message}.`, [...where, 'matches']);
    }
  }
}

export function checkExpect(step: StepData, at: PathSegment[], add: Add, body?: unknown) {
  const expect = step.expect ?? ({} as NonNullable<StepData['expect']>);
  if (!expect || typeof expect !== 'object') return;
  checkValueChecks(expect.values, [...at, 'expect', 'values'], add);
  if (expect.duration !== undefined) checkSpan(expect.duration, [...at, 'expect', 'duration'], add);
  const until = (step as { retry?: { until?: unknown } }).retry?.until;
  if (until && typeof until === 'object' && ('path' in until || 'header' in until)) {
    checkValueCheck(until as ValueCheckData, [...at, 'retry', 'until'], add);
  } else if (until && typeof until === 'object') {
    checkValueChecks((until as { values?: unknown }).values, [...at, 'retry', 'until', 'values'], add);
  }
  if (expect.totals !== undefined && step.kind !== 'preview') {
    add(
      'totals-not-preview',
      'Totals of delta MRR and TCB are checked on preview steps only.',
      [...at, 'expect', 'totals'],
      true,
    );
  }
  checkInvoiceExpectations(step, expect.invoices, [...at, 'expect', 'invoices'], add, body);
}

/**
 * `expect.invoices`: on preview steps only, each date a real YYYY-MM-DD, and a body that asks for billing
 * documents (one whose `metrics` leave them out could never list any: the check would fail on every run).
 */
function checkInvoiceExpectations(step: StepData, invoices: unknown, at: PathSegment[], add: Add, body: unknown) {
  if (invoices === undefined) return;
  if (step.kind !== 'preview') {
    add('invoices-not-preview', 'Billing documents are checked on preview steps only.', at, true);
    return;
  }
  (Array.isArray(invoices) ? invoices : []).forEach((c, k) => {
    const date = c && typeof c === 'object' ? (c as { date?: unknown }).date : undefined;
    if (typeof date === 'string' && !(/^\d{4}-\d{2}-\d{2}$/.test(date) && isRealDate(date)))
      add('wrong-shape', `date must be a real date written YYYY-MM-DD, not "${date}".`, [...at, k, 'date']);
  });
  const metrics = body && typeof body === 'object' ? (body as { metrics?: unknown }).metrics : undefined;
  if (Array.isArray(metrics) && !metrics.includes('billing_documents')) {
    const message =
      'The body\'s "metrics" leave out "billing_documents", so the answer lists none and this check fails on every run: add "billing_documents" to "metrics".';
    add('invoices-not-asked', message, at, true);
  }
}

/**
 * " Did you mean `status`?" for a misspelt key of `expect` (`stauts`), of one of its checks (`equlas`), of
 * `retry`, of `retry.until` or of a callout's `where` (as a step's misspelt field gets), or ''. `at` is the path of the object holding it.
 */
export function expectKeyHint(at: PathSegment[], key: string, present: readonly string[]): string {
  const rest = at
    .slice(2)
    .map(p => (typeof p === 'number' ? '#' : p))
    .join('.');
  const known: Record<string, readonly string[]> = {
    expect: Object.keys(Expect.shape),
    'expect.values.#': Object.keys(ValueCheck.shape),
    'expect.totals.#': Object.keys(TotalsCheck.shape),
    'expect.invoices.#': Object.keys(InvoiceCheck.shape),
    retry: Object.keys(Retry.shape),
    'retry.until': [...Object.keys(ValueCheck.shape), ...Object.keys(Expect.shape)],
    'retry.until.values.#': Object.keys(ValueCheck.shape),
    'where.#': Object.keys(ValueCheck.shape), // a callout step's checks on the body
  };
  const keys = at[0] === 'steps' && typeof at[1] === 'number' ? known[rest] : undefined;
  const near = keys && (suggestKey(key, keys, new Set(present)) ?? twoEditsFrom(key, keys, present));
  return near ? ` Did you mean \`${near}\`?` : '';
}

/**
 * The one name two edits from `key` (`totla`: a swap and a letter short of `totals`), which suggestKey's budget
 * of one edit for five letters or fewer misses. These objects have few keys: one that near and alone is meant.
 */
function twoEditsFrom(key: string, known: readonly string[], present: readonly string[]): string | undefined {
  if (key.length < 4) return undefined;
  const k = key.toLowerCase();
  const fits = known.filter(n => !present.includes(n) && distance(k, n.toLowerCase(), 2) <= 2);
  return fits.length === 1 ? fits[0] : undefined;
}
