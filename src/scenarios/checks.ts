// The checks of one step's answer: status, values at JSON paths or in headers, a preview's totals per
// currency and the billing documents it lists, how long the step took, and its response schema.
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
import { parseDuration, showDuration } from './duration';
import { parseJsonPath, valueAt } from './jsonPath';
import { conformsToResponse, hasSchema } from './responseSchema';
import type { ExpectData, InvoiceCheckData, ValueCheckData } from './schema';
import { checkMore, sameJson } from './valueChecks';

export { sameJson } from './valueChecks';

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
  /** The answer's headers, names in lower case (header checks). */
  headers?: Readonly<Record<string, string>>;
  /** How long the call took, in milliseconds (the `duration` check). */
  ms?: number;
}

/** What the checks need besides the answer. */
export interface CheckContext {
  /** The preview's request (totals and billing documents are read with it). */
  previewRequest?: unknown;
  /** The catalog operation the step called (`GET /v1/accounts/{account-key}`), for `schema: true`. */
  operation?: string;
}

export function checkAnswer(
  answer: Answer,
  expect: ExpectData | undefined,
  at: PathSegment[],
  previewRequest?: unknown,
  context: CheckContext = {},
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
    const f = checkValue(answer.body, c, [...at, 'values', k], answer.headers);
    if (f) failures.push(f);
  });
  if (expect?.totals?.length) failures.push(...checkTotals(answer.body, expect, at, previewRequest));
  if (expect?.invoices) failures.push(...checkInvoices(answer.body, expect.invoices, at, previewRequest));
  if (expect?.duration !== undefined) {
    const f = checkDuration(answer.ms, expect.duration, [...at, 'duration']);
    if (f) failures.push(f);
  }
  if (expect?.schema === true) {
    const verdict = conformsToResponse(context.operation, answer.status, answer.body);
    if (!verdict.ok) {
      const more = verdict.why.length > 1 ? ` (and ${verdict.why.length - 1} more)` : '';
      failures.push({
        check: 'schema',
        message: `the answer does not conform to the response schema: ${verdict.why[0]}${more}`,
        expected: `the ${answer.status} answer of ${context.operation ?? 'this step'} in the contract`,
        actual: verdict.why,
        path: [...at, 'schema'],
      });
    }
  }
  return failures;
}

function checkDuration(ms: number | undefined, limit: unknown, path: PathSegment[]): CheckFailure | undefined {
  const parsed = parseDuration(limit);
  if (parsed.error !== undefined)
    return { check: 'duration', message: parsed.error, expected: limit, actual: ms, path };
  if (ms === undefined || ms < parsed.ms) return undefined;
  const message = `expected the step to take less than ${showDuration(parsed.ms)}, it took ${showDuration(ms)}`;
  return { check: 'duration', message, expected: parsed.ms, actual: ms, path };
}

export function checkValue(
  body: unknown,
  c: ValueCheckData,
  at: PathSegment[],
  headers?: Readonly<Record<string, string>>,
): CheckFailure | undefined {
  const name = c.header !== undefined ? `header ${c.header}` : c.path || '$';
  const fail = (check: string, message: string, expected: unknown, actual: unknown, key: string) => ({
    check: `${name} ${check}`,
    message,
    expected,
    actual,
    path: [...at, key],
  });
  let found: boolean;
  let value: unknown;
  let where: string;
  if (c.header !== undefined) {
    value = headers?.[c.header.toLowerCase()];
    found = value !== undefined;
    where = `header ${c.header}`;
  } else {
    const parsed = parseJsonPath(c.path ?? '');
    if (parsed.error !== undefined) return fail('path', parsed.error, c.path, undefined, 'path');
    ({ found, value } = valueAt(body, parsed.segments));
    where = c.path || 'the answer';
  }
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
  const miss = checkMore(c, found, value, where);
  return miss && fail(miss.key, miss.message, miss.expected, miss.actual, miss.key);
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
      if (t[metric] === undefined) continue;
      const actual = got?.[metric] ?? 0;
      const want = amountOf(t[metric]);
      if (want !== undefined && Math.abs(actual - want) < 0.005) continue;
      failures.push({
        check: `${t.currency} ${metric} total`,
        message:
          want === undefined
            ? `expected total delta ${metric.toUpperCase()}: ${show(t[metric])} is not a number`
            : `expected total delta ${metric.toUpperCase()} ${want} ${t.currency}, got ${actual}`,
        expected: want ?? t[metric],
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
    const total = amountOf(want.total);
    if (total === undefined) fail('total', `expected total: ${show(want.total)} is not a number`, got.total);
    else if (Math.abs(got.total - total) >= 0.005)
      fail('total', `expected total ${total}, got ${got.total}`, got.total);
    if (want.date !== undefined && got.date !== want.date)
      fail('date', `expected date ${want.date}, got ${got.date || 'none'}`, got.date);
    if (want.type !== undefined && got.type !== want.type)
      fail('type', `expected ${aDocument(want.type)}, got ${aDocument(got.type)}`, got.type);
  });
  return failures;
}

/**
 * An expected amount as a number: given as one, or as a reference that took a number or a numeric text (a CSV
 * column); undefined for anything else.
 */
function amountOf(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return undefined;
}

/** "an invoice", "a credit memo". */
const aDocument = (type: string) => `${/^[aeiou]/i.test(type) ? 'an' : 'a'} ${documentTypeLabel(type)}`;
const count = (n: number) => `${n} billing document${n === 1 ? '' : 's'}`;
const describeDocument = (d: BillingDocument) =>
  `${documentTypeLabel(d.type)} ${formatMoney(d.total, d.currency)}${d.date ? ` on ${d.date}` : ''}`;
const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));

/**
 * `test --contract`: the answer departs from its operation's response schema (the panel's contract notes; known
 * departures of the real service excepted). An operation the contract has no schema for has nothing to depart from.
 */
export function contractFailures(answer: Answer, operation: string | undefined, at: PathSegment[]): CheckFailure[] {
  if (!operation || !hasSchema(operation)) return [];
  const verdict = conformsToResponse(operation, answer.status, answer.body);
  if (verdict.ok) return [];
  const more = verdict.why.length > 1 ? ` (and ${verdict.why.length - 1} more)` : '';
  return [
    {
      check: 'contract',
      message: `the answer departs from the contract of ${operation}: ${verdict.why[0]}${more}`,
      expected: `the ${answer.status} answer of ${operation} in the contract`,
      actual: verdict.why,
      path: at,
    },
  ];
}
