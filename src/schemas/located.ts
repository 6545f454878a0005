// Every finding of a JSON text, placed in it: its syntax first (what JSON.parse refuses; the rest is read
// tolerantly, and nothing is said that only a text ending too soon causes), then what `check` finds in the
// value, each at its key or value. Payload files and request files both read their text this way. Positions
// are worked out only for the findings listed: past LISTED_FINDINGS, one finding counts the rest.
import { parse as parseJsonc } from 'jsonc-parser';
import { FINDING_CODES, LISTED_FINDINGS, moreFindingsMessage, type Finding } from './findings';
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
    for (const f of syntaxFindings(text)) found.push(f);
    value = parseJsonc(text, [], { allowTrailingComma: true, disallowComments: false }); // check what can be read
  }
  let raw = check(value, found.length > 0);
  let locator: Locator | undefined;
  if (!validJson && raw.length) {
    const tree = (locator = new Locator(text, false, [[]]));
    raw = raw.filter(r => !tree.cutByEnd(r.path, r.target)); // e.g. fields "missing" where the text stops
  }
  const room = Math.max(0, LISTED_FINDINGS - found.length);
  const listed = raw.length > room ? raw.slice(0, room) : raw;
  const more = found.length - Math.min(found.length, LISTED_FINDINGS) + raw.length - listed.length;
  const placed = listed.map(r => r.path);
  if (more && raw.length > room) placed.push(raw[room].path); // where the count of the rest goes
  locator ??= new Locator(text, validJson, placed, value);
  const omitted = more ? summary(found, raw, room, locator) : undefined;
  if (found.length > LISTED_FINDINGS) found.length = LISTED_FINDINGS;
  for (const r of listed) {
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
  if (omitted) found.push(omitted);
  return found;
}

/** The finding that counts the ones not listed: syntax findings past the limit, then `raw` from `room` on. */
function summary(syntax: readonly Finding[], raw: readonly RawFinding[], room: number, locator: Locator): Finding {
  let errors = Math.max(0, syntax.length - LISTED_FINDINGS), // syntax findings are errors
    warnings = 0;
  for (let i = room; i < raw.length; i++) {
    if ((raw[i].severity ?? 'error') === 'error') errors++;
    else warnings++;
  }
  const syntaxFirst = syntax[LISTED_FINDINGS] as Finding | undefined;
  const { offset, length } = syntaxFirst ?? locator.locate(raw[room].path, raw[room].target);
  const category = syntaxFirst?.category ?? FINDING_CODES[raw[room].code].category;
  return {
    code: 'more-findings',
    severity: errors ? 'error' : 'warning',
    category,
    message: moreFindingsMessage(errors, warnings),
    path: [],
    offset,
    length,
    omitted: { errors, warnings },
  };
}
