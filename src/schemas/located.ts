// Every finding of a JSON text, placed in it: its syntax first (what JSON.parse refuses; the rest is read
// tolerantly), then what `check` finds in the value, each at its key or value. Payload files and request
// files both read their text this way. Positions are worked out only for the paths that have findings.
import { parse as parseJsonc } from 'jsonc-parser';
import { FINDING_CODES, type Finding } from './findings';
import { Locator } from './locate';
import type { RawFinding } from './rules';
import { syntaxFindings, tooDeepAt, tooDeepFinding } from './syntax';

export function locatedFindings(
  text: string,
  check: (value: unknown, syntaxErrors: boolean) => RawFinding[],
  /** Another message for a finding, given the parsed value and the text at its place. */
  reword?: (r: RawFinding, value: unknown, written: string) => string | undefined,
): Finding[] {
  const found: Finding[] = [];
  let value: unknown;
  let validJson = true;
  try {
    value = JSON.parse(text);
  } catch {
    validJson = false;
    const deep = tooDeepAt(text); // the tolerant parser below recurses: guard its stack
    if (deep >= 0) return [tooDeepFinding(deep)];
    found.push(...syntaxFindings(text));
    value = parseJsonc(text, [], { allowTrailingComma: true, disallowComments: false }); // check what can be read
  }
  const raw = check(value, found.length > 0);
  const locator = new Locator(
    text,
    validJson,
    raw.map(r => r.path),
    value,
  );
  for (const r of raw) {
    const { offset, length } = locator.locate(r.path, r.target);
    found.push({
      code: r.code,
      severity: r.severity ?? 'error',
      category: FINDING_CODES[r.code].category,
      message: reword?.(r, value, text.slice(offset, offset + length)) ?? r.message,
      path: r.path,
      offset,
      length,
      ...(r.fix ? { fix: r.fix } : {}),
    });
  }
  return found;
}
