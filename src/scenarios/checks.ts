// The checks of one step's answer: status, values at JSON paths, a preview's totals per currency and the
// billing documents it lists.
// Each failure says what was expected, what came back, and where the check is in the scenario file.
import * as vm from 'vm';
import {
  asksForBillingDocuments,
  billingDocumentsOfV2,
  documentsCurrency,
  documentTypeLabel,
  type BillingDocument,
} from '../client/billingDocuments';
import { formatMoney } from '../client/money';
import { summarizePreview } from '../client/summary';
import type { PreviewResponse } from '../client/responses';
import type { PathSegment } from '../schemas/findings';
import { parseJsonPath, valueAt } from './jsonPath';
import type { ExpectData, InvoiceCheckData, ValueCheckData } from './schema';

export interface CheckFailure {
  /** What was checked, in words: `status`, `subscriptions[0].state equals`, `USD mrr total`. */
  check: string;
  message: string;
  /** As JSON values, for a diff. */
  expected: unknown;
  actual: unknown;
  /** Where the check is in the scenario file (`steps[2].expect.values[0]`). */
  path: PathSegment[];
}

/** What a step's call answered: the status and body of a success or of an error answer. */
export interface Answer {
  status: number;
  body: unknown;
}

export function checkAnswer(
  answer: Answer,
  expect: ExpectData | undefined,
  at: PathSegment[],
  previewRequest?: unknown,
): CheckFailure[] {
  const failures: CheckFailure[] = [];
  if (expect?.status !== undefined && answer.status !== expect.status) {
    failures.push({
      check: 'status',
      message: `expected status ${expect.status}, got ${answer.status}`,
      expected: expect.status,
      actual: answer.status,
      path: [...at, 'status'],
    });
  }
  expect?.values?.forEach((c, k) => {
    const f = checkValue(answer.body, c, [...at, 'values', k]);
    if (f) failures.push(f);
  });
  if (expect?.totals?.length) failures.push(...checkTotals(answer.body, expect, at, previewRequest));
  if (expect?.invoices) failures.push(...checkInvoices(answer.body, expect.invoices, at, previewRequest));
  return failures;
}

export function checkValue(body: unknown, c: ValueCheckData, at: PathSegment[]): CheckFailure | undefined {
  const parsed = parseJsonPath(c.path);
  const fail = (check: string, message: string, expected: unknown, actual: unknown, key: string) => ({
    check: `${c.path || '$'} ${check}`,
    message,
    expected,
    actual,
    path: [...at, key],
  });
  if (parsed.error !== undefined) return fail('path', parsed.error, c.path, undefined, 'path');
  const { found, value } = valueAt(body, parsed.segments);
  const where = c.path || 'the answer';
  if (c.exists !== undefined && found !== c.exists) {
    const message = c.exists ? `expected a value at ${where}, found none` : `expected nothing at ${where}`;
    return fail('exists', message, c.exists, found ? value : undefined, 'exists');
  }
  if ('equals' in c) {
    if (!found)
      return fail('equals', `expected ${show(c.equals)} at ${where}, found nothing`, c.equals, undefined, 'equals');
    if (!sameJson(value, c.equals)) {
      return fail('equals', `expected ${show(c.equals)} at ${where}, got ${show(value)}`, c.equals, value, 'equals');
    }
  }
  if (c.matches !== undefined) {
    let re: RegExp;
    try {
      re = new RegExp(c.matches);
    } catch (e) {
      return fail('matches', `not a regular expression: ${(e as Error).message}`, c.matches, undefined, 'matches');
    }
    const textOf = typeof value === 'string' ? value : JSON.stringify(value);
    const matched = found && matchesWithin(re, textOf);
    if (matched === 'too slow') {
      const message = `gave up matching ${where} against /${c.matches}/ after ${PATTERN_LIMIT_MS} ms: the pattern backtracks (nested repeats such as (a+)+); write it without them`;
      return fail('matches', message, c.matches, value, 'matches');
    }
    if (!matched) {
      const got = found ? `got ${show(value)}` : 'found nothing';
      return fail('matches', `expected ${where} to match /${c.matches}/, ${got}`, c.matches, value, 'matches');
    }
  }
  return undefined;
}

/**
 * A pattern tested with a time limit, in a context of its own (V8 can interrupt a script there): a pattern
 * from a scenario file that backtracks without end on a value ends as a failure, not a frozen editor or CI job.
 */
export const PATTERN_LIMIT_MS = 1_000;
const patternTest = new vm.Script('re.test(text)');
let patternContext: vm.Context | undefined;
function matchesWithin(re: RegExp, text: string): boolean | 'too slow' {
  patternContext ??= vm.createContext({});
  patternContext.re = re;
  patternContext.text = text;
  try {
    return patternTest.runInContext(patternContext, { timeout: PATTERN_LIMIT_MS }) === true;
  } catch (e) {
    if ((e as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return 'too slow';
    throw e;
  } finally {
    patternContext.re = patternContext.text = undefined;
  }
}

function checkTotals(body: unknown, expect: ExpectData, at: PathSegment[], request: unknown): CheckFailure[] {
  const preview = body as PreviewResponse | undefined;
  if (!preview || !Array.isArray(preview.subscriptions)) {
    const path = [...at, 'totals'];
    const message = 'expected a preview answer with delta metrics, got another answer';
    return [{ check: 'totals', message, expected: expect.totals, actual: body, path }];
  }
  const totals = summarizePreview(preview, request as never).totals;
  const failures: CheckFailure[] = [];
  expect.totals!.forEach((t, k) => {
    const got = totals.find(x => x.currency === t.currency);
    for (const metric of ['mrr', 'tcb'] as const) {
      const want = t[metric];
      if (want === undefined) continue;
      const actual = got?.[metric] ?? 0;
      if (Math.abs(actual - want) < 0.005) continue;
      failures.push({
        check: `${t.currency} ${metric} total`,
        message: `expected total delta ${metric.toUpperCase()} ${want} ${t.currency}, got ${actual}`,
        expected: want,
        actual,
        path: [...at, 'totals', k, metric],
      });
    }
  });
  return failures;
}

/**
 * The answer's billing documents, in date order, against the list expected: as many, and each with its total
 * (to the cent), and its date and type when given. An answer without `billing_documents` fails (a preview that
 * did not ask, or a service that does not compute them), never passes as "no documents".
 */
function checkInvoices(
  body: unknown,
  expected: InvoiceCheckData[],
  at: PathSegment[],
  request: unknown,
): CheckFailure[] {
  const path = [...at, 'invoices'];
  const listed =
    !!body && typeof body === 'object' && Array.isArray((body as Record<string, unknown>).billing_documents);
  if (!listed) {
    const asked = asksForBillingDocuments(request);
    const why = asked
      ? 'the request asked for them ("billing_documents" in "metrics") but the service did not compute them'
      : 'the request did not ask for them: add "billing_documents" to "metrics", with "number_of_periods"';
    const message = `expected ${count(expected.length)}, the answer has no "billing_documents": ${why}`;
    return [{ check: 'invoices', message, expected, actual: undefined, path }];
  }
  const preview = body as PreviewResponse;
  const figures = Array.isArray(preview.subscriptions) ? summarizePreview(preview, request as never).totals : [];
  const docs = billingDocumentsOfV2(
    body,
    documentsCurrency(
      request,
      figures.map(t => t.currency),
    ),
  );
  const failures: CheckFailure[] = [];
  if (docs.length !== expected.length) {
    const got = docs.length ? `: ${docs.map(d => describeDocument(d)).join('; ')}` : '';
    failures.push({
      check: 'invoices count',
      message: `expected ${count(expected.length)}, got ${docs.length}${got}`,
      expected: expected.length,
      actual: docs.length,
      path,
    });
  }
  expected.forEach((want, k) => {
    const got = docs[k];
    if (!got) return; // counted above
    const where = `billing document ${k + 1} (${describeDocument(got)})`;
    const fail = (field: 'total' | 'date' | 'type', message: string, actual: unknown) =>
      failures.push({
        check: `invoices[${k}] ${field}`,
        message: `${where}: ${message}`,
        expected: want[field],
        actual,
        path: [...path, k, field],
      });
    if (Math.abs(got.total - want.total) >= 0.005)
      fail('total', `expected total ${want.total}, got ${got.total}`, got.total);
    if (want.date !== undefined && got.date !== want.date)
      fail('date', `expected date ${want.date}, got ${got.date || 'none'}`, got.date);
    if (want.type !== undefined && got.type !== want.type)
      fail('type', `expected ${aDocument(want.type)}, got ${aDocument(got.type)}`, got.type);
  });
  return failures;
}

/** "an invoice", "a credit memo". */
const aDocument = (type: string) => `${/^[aeiou]/i.test(type) ? 'an' : 'a'} ${documentTypeLabel(type)}`;
const count = (n: number) => `${n} billing document${n === 1 ? '' : 's'}`;
const describeDocument = (d: BillingDocument) =>
  `${documentTypeLabel(d.type)} ${formatMoney(d.total, d.currency)}${d.date ? ` on ${d.date}` : ''}`;
const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));

/** Equal as JSON: same types and values, object keys in any order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bs = b as unknown[];
    return a.length === bs.length && a.every((x, i) => sameJson(x, bs[i]));
  }
  const ak = Object.keys(a),
    bo = b as Record<string, unknown>;
  return (
    ak.length === Object.keys(bo).length && ak.every(k => Object.hasOwn(bo, k) && sameJson((a as never)[k], bo[k]))
  );
}
