// Text edits for the quick fixes a finding offers, computed with jsonc-parser so formatting is kept. Each costs
// about one reading of the text, whatever its size and layout: a field is removed where its finding places it
// (no parse at all), and only the lines an edit touches are formatted, up to FORMATTED characters (jsonc's own
// formatting of an edit in a minified file rewrites the whole one line, one copy of the text per change).
import { format, modify, type Edit, type FormattingOptions, type JSONPath } from 'jsonc-parser';
import type { Finding } from './findings';
import { skipWs, spanLength } from './pathScanner';

/** Lines longer than this around an edit are left as they are: a minified file stays minified. */
const FORMATTED = 10_000;

export interface QuickFix {
  title: string;
  edits: Edit[];
}

const DEFAULT_FORMATTING: FormattingOptions = { insertSpaces: true, tabSize: 2 };

/** Every fix a finding offers, the preferred one first (a rename before a removal). */
export function quickFixesFor(text: string, finding: Finding, formatting = DEFAULT_FORMATTING): QuickFix[] {
  const fix = finding.fix;
  if (fix?.kind !== 'renameProperty') {
    const one = quickFixFor(text, finding, formatting);
    return one ? [one] : [];
  }
  const remove = { ...finding, fix: { kind: 'removeProperty' as const, property: fix.property } };
  return [quickFixFor(text, finding, formatting), quickFixFor(text, remove, formatting)].filter(f => f !== undefined);
}

export function quickFixFor(text: string, finding: Finding, formatting = DEFAULT_FORMATTING): QuickFix | undefined {
  const fix = finding.fix;
  if (!fix) return undefined;
  const parent = finding.path.slice(0, -1);
  switch (fix.kind) {
    case 'addProperty':
      return {
        title: `Add "${fix.property}"`,
        edits: change(text, [...parent, fix.property], fix.placeholder, formatting),
      };
    case 'renameProperty': // the finding's range is the key: replace just its text, keep the value
      return {
        title: `Rename to \`${fix.to}\``,
        edits: [{ offset: finding.offset, length: finding.length, content: JSON.stringify(fix.to) }],
      };
    case 'replaceValue': // the finding's range is the value, quotes and all
      return {
        title: `Write ${JSON.stringify(fix.value)}`,
        edits: [{ offset: finding.offset, length: finding.length, content: JSON.stringify(fix.value) }],
      };
    case 'removeProperty': {
      const removal = memberRemoval(text, finding.offset, finding.length, fix.property);
      const edits = removal
        ? formatted(text, removal, formatting)
        : change(text, [...parent, fix.property], undefined, formatting);
      return { title: `Remove "${fix.property}"`, edits };
    }
    case 'dropTermFields': {
      // Both fields go in one action: remove one after the other, then hand VS Code the single changed span.
      const after = ['interval', 'interval_count'].reduce(
        (t, f) => applyEdits(t, change(t, [...parent, f], undefined, formatting)),
        text,
      );
      return { title: 'Drop "interval" and "interval_count" from the evergreen term', edits: diffEdit(text, after) };
    }
    case 'addMetrics':
      return {
        title: 'Set "metrics" to ["delta_metrics"]',
        edits: change(text, ['metrics'], ['delta_metrics'], formatting),
      };
  }
}

/** jsonc-parser's modify (one parse of the text), then formatted as modify would, within bounds. */
function change(text: string, path: JSONPath, value: unknown, formatting: FormattingOptions): Edit[] {
  const edits = modify(text, path, value, {});
  return edits.length === 1 ? formatted(text, edits[0], formatting) : edits;
}

/**
 * The member whose key is the `length` characters at `offset`, removed as jsonc-parser's modify removes it
 * (from the end of the member before, or up to the member after when it is the first); undefined when the
 * text there is not plainly that member (a comment nearby, a key spelt with escapes): modify decides then.
 */
function memberRemoval(text: string, offset: number, length: number, property: string): Edit | undefined {
  if (text.slice(offset, offset + length) !== JSON.stringify(property)) return undefined;
  const colon = skipWs(text, offset + length);
  if (text.charCodeAt(colon) !== 58) return undefined;
  const valueStart = skipWs(text, colon + 1);
  if (valueStart >= text.length) return undefined;
  const valueEnd = valueStart + spanLength(text, { offset: valueStart });
  if (!plain(text, valueStart, valueEnd)) return undefined;
  let before = offset - 1;
  while (isWs(text.charCodeAt(before))) before--;
  const after = skipWs(text, valueEnd);
  if (text.charCodeAt(before) === 44) {
    let end = before - 1;
    while (isWs(text.charCodeAt(end))) end--;
    if (text.charCodeAt(end) === 47) return undefined; // a comment ends there
    return { offset: end + 1, length: valueEnd - end - 1, content: '' };
  }
  if (text.charCodeAt(before) !== 123) return undefined;
  const next = text.charCodeAt(after) === 44 ? skipWs(text, after + 1) : valueEnd;
  if (next !== valueEnd && text.charCodeAt(next) !== 34) return undefined; // a comment, or not a member
  return { offset: before + 1, length: next - before - 1, content: '' };
}

/** No comment between `from` and `to` (a `/` outside strings), where the scan that measured a value cannot see one. */
function plain(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 47) return false;
    if (c === 34) i = skipString(text, i) - 1;
  }
  return true;
}

function skipString(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 92) j++;
    else if (c === 34) return j + 1;
  }
  return text.length;
}

/**
 * jsonc-parser's own formatting of an edit (what its modify does), on the lines the edit touches alone, never a
 * copy of the whole text; when those lines are longer than FORMATTED (a minified file), the edit as it is.
 */
function formatted(text: string, edit: Edit, formatting: FormattingOptions): Edit[] {
  let lineStart = edit.offset,
    lineEnd = edit.offset + edit.length,
    scanned = 0;
  for (; lineStart > 0 && !isEol(text.charCodeAt(lineStart - 1)); lineStart--) if (++scanned > FORMATTED) return [edit];
  for (; lineEnd < text.length && !isEol(text.charCodeAt(lineEnd)); lineEnd++) if (++scanned > FORMATTED) return [edit];
  // The edited lines, as the text will read after the edit; offsets below are within them.
  const lines = text.slice(lineStart, edit.offset) + edit.content + text.slice(edit.offset + edit.length, lineEnd);
  const whole = edit.length === 0 || edit.content.length === 0; // an insertion or a removal formats its lines
  let begin = whole ? 0 : edit.offset - lineStart,
    end = whole ? lines.length : edit.offset - lineStart + edit.content.length;
  const options = { ...formatting, keepLines: false, eol: eolOf(text, formatting) };
  const edits = format(lines, { offset: begin, length: end - begin }, options);
  let after = lines;
  for (let i = edits.length - 1; i >= 0; i--) {
    const e = edits[i];
    after = after.slice(0, e.offset) + e.content + after.slice(e.offset + e.length);
    begin = Math.min(begin, e.offset);
    end = Math.max(end, e.offset + e.length) + e.content.length - e.length;
  }
  const length = lineEnd - lineStart - (after.length - end) - begin;
  return [{ offset: lineStart + begin, length, content: after.slice(begin, end) }];
}

/** The text's line break, as jsonc-parser's format finds it (it would look in the lines given alone). */
function eolOf(text: string, formatting: FormattingOptions): string {
  const cr = text.indexOf('\r'),
    lf = text.indexOf('\n');
  if (cr >= 0 && (lf < 0 || cr < lf)) return lf === cr + 1 ? '\r\n' : '\r';
  return lf >= 0 ? '\n' : (formatting.eol ?? '\n');
}

const isWs = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
const isEol = (c: number) => c === 10 || c === 13;

export function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.offset - a.offset))
    out = out.slice(0, e.offset) + e.content + out.slice(e.offset + e.length);
  return out;
}

/** One edit replacing the span where `before` and `after` differ. */
function diffEdit(before: string, after: string): Edit[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endB = before.length,
    endA = after.length;
  while (endB > start && endA > start && before[endB - 1] === after[endA - 1]) {
    endB--;
    endA--;
  }
  return [{ offset: start, length: endB - start, content: after.slice(start, endA) }];
}
