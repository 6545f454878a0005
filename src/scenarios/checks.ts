// The checks of one step's answer: status, values at JSON paths, and a preview's totals per currency.
// Each failure says what was expected, what came back, and where the check is in the scenario file.
import * as vm from 'vm';
import { summarizePreview } from '../client/summary';
import type { PreviewResponse } from '../client/responses';
import type { PathSegment } from '../schemas/findings';
import { parseJsonPath, valueAt } from './jsonPath';
import type { ExpectData, ValueCheckData } from './schema';

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
