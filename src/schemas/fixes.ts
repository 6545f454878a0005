// Text edits for the quick fixes a finding offers, computed with jsonc-parser so formatting is kept.
import { modify, type Edit, type FormattingOptions } from 'jsonc-parser';
import type { Finding } from './findings';

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
  const opts = { formattingOptions: formatting };
  const parent = finding.path.slice(0, -1);
  switch (fix.kind) {
    case 'addProperty':
      return { title: `Add "${fix.property}"`, edits: modify(text, [...parent, fix.property], fix.placeholder, opts) };
    case 'renameProperty': // the finding's range is the key: replace just its text, keep the value
      return {
        title: `Rename to \`${fix.to}\``,
        edits: [{ offset: finding.offset, length: finding.length, content: JSON.stringify(fix.to) }],
      };
    case 'removeProperty':
      return { title: `Remove "${fix.property}"`, edits: modify(text, [...parent, fix.property], undefined, opts) };
    case 'dropTermFields': {
      // Both fields go in one action: remove one after the other, then hand VS Code the single changed span.
      const after = ['interval', 'interval_count'].reduce(
        (t, f) => applyEdits(t, modify(t, [...parent, f], undefined, opts)),
        text,
      );
      return { title: 'Drop "interval" and "interval_count" from the evergreen term', edits: diffEdit(text, after) };
    }
    case 'addMetrics':
      return { title: 'Set "metrics" to ["delta_metrics"]', edits: modify(text, ['metrics'], ['delta_metrics'], opts) };
  }
}

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
