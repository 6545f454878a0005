// Captures: values of a step's answer kept by name (`"capture": { "orderNo": "$.order_number" }`), used by
// later steps as `${orderNo}` like a step's answer. A capture that finds nothing fails its step.
import type { PathSegment } from '../schemas/findings';
import type { CheckFailure } from './checks';
import { parseJsonPath, valueAt } from './jsonPath';

/** Each capture's value, and a failure for each that found nothing (the step then fails). */
export function capture(
  body: unknown,
  captures: Readonly<Record<string, string>> | undefined,
  at: PathSegment[],
  label: string,
): { values: Map<string, unknown>; failures: CheckFailure[]; missing: Map<string, string> } {
  const values = new Map<string, unknown>();
  const failures: CheckFailure[] = [];
  const missing = new Map<string, string>();
  for (const [name, path] of Object.entries(captures ?? {})) {
    const parsed = parseJsonPath(path);
    const found = parsed.error === undefined ? valueAt(body, parsed.segments) : { found: false };
    if (found.found) {
      values.set(name, found.value);
      continue;
    }
    const why = parsed.error ?? `the answer has nothing at ${path || '$'}`;
    failures.push({
      check: `capture ${name}`,
      message: `could not capture "${name}": ${why}; check the path against the answer`,
      expected: path,
      actual: undefined,
      path: [...at, name],
    });
    missing.set(name, `the capture "${name}" of ${label} found nothing at ${path || '$'}`);
  }
  return { values, failures, missing };
}
