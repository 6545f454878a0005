// What `validate` reports. Codes are stable (quick fixes and docs/FINDINGS.md key on them); each names
// the service error category it mirrors, so the editor says what the service would answer.

export type Category = 20 | 21 | 22 | 90;
export type Severity = 'error' | 'warning';
export type PathSegment = string | number;

/** Hints a quick fix can act on without re-deriving the finding. */
export type FixHint =
  | { kind: 'addProperty'; property: string; placeholder: unknown }
  | { kind: 'removeProperty'; property: string }
  | { kind: 'renameProperty'; property: string; to: string }
  | { kind: 'replaceValue'; value: string }
  | { kind: 'dropTermFields' }
  | { kind: 'addMetrics' };

export interface Finding {
  code: FindingCode;
  severity: Severity;
  category: Category;
  message: string;
  path: PathSegment[];
  /**
   * Offset and length in the text of the exact key or value
   * (for a missing property: the key of the object that lacks it).
   */
  offset: number;
  length: number;
  fix?: FixHint;
  /** Only on the one 'more-findings' finding, last: what it counts, not listed one by one. */
  omitted?: { errors: number; warnings: number };
}

/**
 * Findings listed one by one, at most; the rest are counted by one 'more-findings' finding at the end (placed
 * at the first of them), as compilers stop listing after so many errors. A file with 100,000 unknown fields
 * is checked in well under a second, and no one reads past the first screens.
 */
export const LISTED_FINDINGS = 1000;

export const FINDING_CODES = {
  'json-syntax': { category: 90, title: 'JSON syntax error' },
  'json-comment': { category: 90, title: 'Comments are not JSON' },
  'json-trailing-comma': { category: 90, title: 'Trailing comma' },
  'wrong-root': { category: 90, title: 'The payload must be a JSON object' },
  'too-deep': { category: 90, title: 'Nested too deep' },
  'unknown-field': { category: 21, title: 'Unknown field' },
  'missing-field': { category: 22, title: 'Missing required field' },
  'wrong-type': { category: 20, title: 'Wrong type' },
  'invalid-value': { category: 20, title: 'Invalid value' },
  'out-of-range': { category: 20, title: 'Value out of range' },
  'invalid-date': { category: 20, title: 'Not a real calendar date' },
  'date-order': { category: 20, title: 'End date before start date' },
  'account-choice': { category: 20, title: 'Both account_number and account_data' },
  'missing-account': { category: 22, title: 'Neither account_number nor account_data' },
  'nothing-to-order': { category: 22, title: 'No subscriptions or line items' },
  'missing-metrics': { category: 20, title: 'Preview without delta_metrics' },
  'change-with-new-fields': { category: 20, title: 'New-subscription field in a change' },
  'empty-change': { category: 22, title: 'Change without a change container' },
  'evergreen-with-interval': { category: 20, title: 'Evergreen term with an interval' },
  'too-many': { category: 20, title: 'Over the order limits' },
  'card-expired': { category: 20, title: 'Card expired' },
  'card-luhn': { category: 20, title: 'Card number fails the Luhn check' },
  'card-data-in-file': { category: 20, title: 'Card data in a file' },
  'unknown-operation': { category: 90, title: 'Unknown operation' },
  'versioned-field': { category: 20, title: 'Field outside its service-version range' },
  // Rules the reference states only in a field's words (describedRules.ts, contract/describedRules.ts).
  'invalid-format': { category: 20, title: 'Value not in the form the field takes' },
  'exclusive-fields': { category: 20, title: 'Fields that exclude each other' },
  'required-when': { category: 22, title: 'Field required by another field' },
  'ignored-field': { category: 20, title: 'Field with no effect here' },
  'tier-order': { category: 20, title: 'Tiers out of order' },
  'payment-type-mismatch': { category: 20, title: 'Payment details under another type' },
  // Values of the fields the service looks up (idValues.ts, contract/idValues.ts).
  'empty-id': { category: 20, title: 'Empty id' },
  placeholder: { category: 20, title: "A template's placeholder left in" },
  // Its category is that of the first finding it counts (the table's is a placeholder).
  'more-findings': { category: 90, title: 'More findings not listed' },
} as const satisfies Record<string, { category: Category; title: string }>;

export type FindingCode = keyof typeof FINDING_CODES;

export const CATEGORY_NAMES: Record<Category, string> = {
  20: 'invalid format or value',
  21: 'unknown field in request',
  22: 'missing required field',
  90: 'malformed request',
};

/** `account_data.bill_to.last_name`, `subscriptions[0].initial_term`. */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${p}` : p;
  return out;
}

/** Errors and warnings of a list of findings, the ones a 'more-findings' counts included. */
export function findingCounts(findings: readonly { severity: string; omitted?: Finding['omitted'] }[]): {
  errors: number;
  warnings: number;
} {
  let errors = 0,
    warnings = 0;
  for (const f of findings) {
    if (f.omitted) {
      errors += f.omitted.errors;
      warnings += f.omitted.warnings;
    } else if (f.severity === 'error') errors++;
    else warnings++;
  }
  return { errors, warnings };
}

/** The message of the finding that counts what is not listed. */
export function moreFindingsMessage(errors: number, warnings: number): string {
  const n = (k: number, what: string) => `${k.toLocaleString('en-US')} ${what}${k === 1 ? '' : 's'}`;
  const parts = [errors ? n(errors, 'error') : '', warnings ? n(warnings, 'warning') : ''].filter(Boolean);
  return (
    `and ${(errors + warnings).toLocaleString('en-US')} more findings not listed (${parts.join(', ')}): ` +
    `only the first ${LISTED_FINDINGS.toLocaleString('en-US')} are. Fix these, then check again.`
  );
}
