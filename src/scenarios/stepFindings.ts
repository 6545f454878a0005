// Findings on the fields of issue 22: retry, captures, environment and row references, the new checks,
// `each`. Each points at its place in the file and says what to write instead.
import type { PathSegment } from '../schemas/findings';
import { parseDuration } from './duration';
import { parseJsonPath } from './jsonPath';
import { hasSchema, stepOperation } from './responseSchema';
import { RESERVED_NAMES, type Reference } from './references';
import { retryable, type StepData } from './schema';
import type { AddFinding } from './findingTypes';

export type { AddFinding };

const NAME = /^[A-Za-z_][\w-]*$/;

/** A name a step or a capture may take: one `${name}` can refer to, and not `env` or `row`. */
export function checkName(name: string, what: 'step' | 'capture', at: PathSegment[], add: AddFinding, key = false) {
  if (RESERVED_NAMES.includes(name)) {
    const means =
      name === 'env'
        ? '${env.NAME} is an environment variable'
        : name === 'row'
          ? '${row.NAME} is a value of a row of "each"'
          : name === 'data'
            ? '${data.NAME} is a column of the data file (test --data)'
            : "${receiver.url} is the URL of the run's callout receiver";
    add('reserved-name', `A ${what} cannot be named "${name}": ${means}. Choose another name.`, at, key);
  } else if (what === 'capture' && !NAME.test(name)) {
    const message = `"${name}" cannot be referred to as \${${name}}: a capture name starts with a letter or _ and holds letters, digits, _ or -.`;
    add('bad-capture-name', message, at, true);
  }
}

/**
 * The captures of every step, by name, with the step that takes them; a capture named like a step or like
 * another capture, or with a path that does not parse, is a finding.
 */
export function captureNames(
  steps: Record<string, unknown>[],
  stepNames: ReadonlyMap<string, number>,
  add: AddFinding,
): Map<string, number> {
  const names = new Map<string, number>();
  steps.forEach((s, i) => {
    const captures = s && typeof s === 'object' ? s.capture : undefined;
    if (!captures || typeof captures !== 'object' || Array.isArray(captures)) return;
    for (const [name, path] of Object.entries(captures)) {
      const at: PathSegment[] = ['steps', i, 'capture', name];
      checkName(name, 'capture', at, add, true);
      if (stepNames.has(name)) {
        const message = `The capture "${name}" has the name of step ${stepNames.get(name)! + 1}: \${${name}} would mean both. Rename one.`;
        add('capture-clash', message, at, true);
      } else if (names.has(name)) {
        const message = `Step ${names.get(name)! + 1} already captures "${name}": give this capture another name.`;
        add('capture-clash', message, at, true);
      } else names.set(name, i);
      if (typeof path === 'string') {
        const p = parseJsonPath(path);
        if (p.error !== undefined) add('bad-json-path', `${p.error}.`, at);
      }
    }
  });
  return names;
}

/** `${env.NAME}` names one variable; `${row.NAME}` needs `each`, and a value of that name in every row. */
export function checkSpecialReference(r: Reference, rows: unknown, add: AddFinding): void {
  if (r.step === 'env') {
    if (!/^[A-Za-z_]\w*$/.test(r.path)) {
      const message = `${r.text}: write the variable's name after env., such as \${env.API_HOST}.`;
      add('bad-env-reference', message, r.at);
    }
    return;
  }
  if (!Array.isArray(rows)) {
    const message = `${r.text}: only a scenario with "each" has rows; add "each": [{ "${r.path.split(/[.[]/)[0] || 'NAME'}": ... }].`;
    add('row-without-each', message, r.at);
    return;
  }
  const p = parseJsonPath(r.path);
  if (p.error !== undefined || !p.segments.length) {
    add('bad-json-path', `${r.text}: name a value of the row, such as \${row.plan}.`, r.at);
    return;
  }
  const first = p.segments[0];
  const without = rows.findIndex(row => !row || typeof row !== 'object' || !Object.hasOwn(row, first));
  if (without >= 0) {
    add('row-missing', `${r.text}: row ${without + 1} of "each" has no "${first}"; give every row a "${first}".`, r.at);
  }
}

/** `retry`: on reads and previews only, with spans that read, and `for` no shorter than `every`. */
export function checkRetry(step: StepData, at: PathSegment[], add: AddFinding): void {
  const retry = (step as { retry?: unknown }).retry;
  if (!retry || typeof retry !== 'object') return;
  const where = [...at, 'retry'];
  if (typeof step.kind === 'string' && !retryable(step)) {
    const message =
      step.kind === 'advance'
        ? 'An advance step cannot be retried: each try would move the clock again. Retry the read that follows it.'
        : step.kind === 'catalog' || step.kind === 'reset'
          ? `A ${step.kind} step cannot be retried: it sets the Local sandbox up once. Retry the read that follows it.`
          : `This step writes (${step.kind === 'operation' ? step.operation : step.kind}): sending it again would write again. Only reads and previews may be retried: retry the read that waits for the result (such as GET /v2/invoices after POST /v2/bill_runs).`;
    add('retry-write', message, where, true);
  }
  const { every, for: span, until } = retry as { every?: unknown; for?: unknown; until?: unknown };
  const everyMs = every === undefined ? 1_000 : checkSpan(every, [...where, 'every'], add);
  const forMs = span === undefined ? undefined : checkSpan(span, [...where, 'for'], add);
  if (everyMs === 0) add('bad-duration', '"every" must be more than 0, such as "2s".', [...where, 'every']);
  if (everyMs && forMs !== undefined && forMs < everyMs) {
    const message = `"for" is shorter than "every": the step is sent once only. Make "for" longer, such as "60s".`;
    add('bad-duration', message, [...where, 'for'], false, 'warning');
  }
  if (until && typeof until === 'object' && !Array.isArray(until) && !Object.keys(until).length) {
    add(
      'empty-check',
      '"until" checks nothing: give it a check, such as { "path": "data", "count": { "greaterThan": 0 } }.',
      [...where, 'until'],
    );
  }
}

/** A span in milliseconds, or undefined after a finding (a `${...}` value is not known yet: undefined too). */
export function checkSpan(value: unknown, at: PathSegment[], add: AddFinding): number | undefined {
  const parsed = parseDuration(value);
  if (parsed.error === undefined) return parsed.ms;
  if (typeof value === 'string' || typeof value === 'number') add('bad-duration', `${parsed.error}.`, at);
  return undefined;
}

/** `schema: true` where it can never pass: an operation the contract holds no response schema for, an advance. */
export function schemaFinding(step: StepData, at: PathSegment[], add: AddFinding): void {
  const expect = step.expect as { schema?: unknown } | undefined;
  if (!expect || expect.schema !== true) return;
  const named = step.kind === 'operation' ? step.operation : undefined;
  if (step.kind === 'operation' && typeof named !== 'string') return; // its own finding says what is wrong
  const id = typeof named === 'string' ? named : stepOperation(step.kind);
  if (id && hasSchema(id)) return;
  const control = ['advance', 'clock', 'catalog', 'reset'].includes(step.kind);
  const message = control
    ? `A ${step.kind} step answers the Local sandbox's own control call: it has no response schema, so "schema" fails on every run. Remove it.`
    : `The contract has no response schema for ${id ?? 'this step'}, so "schema" fails on every run. Remove it, or check values instead.`;
  add('no-response-schema', message, [...at, 'expect', 'schema'], true, 'warning');
}
