// validate(text, kind): every finding for an order, preview or account payload, with exact ranges.
// Fast path: JSON.parse, then zod and the scenario rules; positions are computed only for findings.
import { parse as parseJsonc, printParseErrorCode, visit, type ParseError } from 'jsonc-parser';
import type { z } from 'zod';
import { FINDING_CODES, type Finding, type PathSegment } from './findings';
import { Locator } from './locate';
import { checkRules, missing, type RawFinding } from './rules';
import { SCHEMAS, type PayloadKind } from './shapes';

export interface ValidateOptions { now?: Date }

export function validate(text: string, kind: PayloadKind, options: ValidateOptions = {}): Finding[] {
  const found: Finding[] = [];
  let value: unknown;
  let validJson = true;
  try {
    value = JSON.parse(text);
  } catch {
    validJson = false;
    found.push(...syntaxFindings(text));
    value = parseJsonc(text, [], { allowTrailingComma: true, disallowComments: false }); // check what can be read
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    if (found.length === 0) {
      const { offset, length } = new Locator(text, validJson, [[]]).locate([], 'value');
      found.push({ code: 'wrong-root', severity: 'error', category: 90, message: `The ${kind} payload must be a JSON object.`, path: [], offset, length });
    }
    return found;
  }
  const seen = new Set<string>();
  const raw = [...schemaFindings(value, kind), ...checkRules(value, kind, options.now ?? new Date())].filter(r => {
    const key = `${r.code}|${r.path.join('\u0000')}`;
    if (seen.has(key)) return false; // zod and the rules can both see a missing field
    seen.add(key);
    return true;
  });
  const locator = new Locator(text, validJson, raw.map(r => r.path));
  for (const r of raw) {
    const { offset, length } = locator.locate(r.path, r.target);
    found.push({ code: r.code, severity: r.severity ?? 'error', category: FINDING_CODES[r.code].category, message: r.message, path: r.path, offset, length, ...(r.fix ? { fix: r.fix } : {}) });
  }
  return found;
}

function schemaFindings(value: unknown, kind: PayloadKind): RawFinding[] {
  const result = SCHEMAS[kind].safeParse(value);
  if (result.success) return [];
  return result.error.issues.flatMap(issue => fromIssue(issue, value));
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const p of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`;
  if (typeof v === 'number' && !Number.isInteger(v)) return `the number ${v}`;
  return `${typeof v} ${String(v)}`;
}

function fromIssue(issue: z.core.$ZodIssue, root: unknown): RawFinding[] {
  const path = issue.path.filter((p): p is PathSegment => typeof p !== 'symbol');
  const name = path.length ? `"${String(path[path.length - 1])}"` : 'The payload';
  const input = valueAt(root, path);
  // Any complaint about an absent property (zod says invalid_type or invalid_value) is a missing field.
  if (input === undefined && path.length && issue.code !== 'unrecognized_keys') return [missing(path.slice(0, -1), String(path[path.length - 1]))];
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map(k => ({
        code: 'unknown-field', path: [...path, k], target: 'key',
        message: `Unknown field "${k}"${path.length ? ` in ${String(path[path.length - 1])}` : ''}: the service rejects it.`,
        fix: { kind: 'removeProperty', property: k },
      }));
    case 'invalid_type': {
      const expected = issue.expected === 'int' ? 'a whole number' : `${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`;
      return [{ code: 'wrong-type', path, target: 'value', message: `${name} must be ${expected}, not ${describe(input)}.` }];
    }
    case 'invalid_value': {
      const values = issue.values.map(v => JSON.stringify(v));
      const list = values.length > 8 ? (path.includes('currency') ? 'an ISO 4217 currency code such as "USD"' : `one of ${values.slice(0, 8).join(', ')}, …`) : `one of ${values.join(', ')}`;
      return [{ code: 'invalid-value', path, target: 'value', message: `${name} must be ${list}, not ${describe(input)}.` }];
    }
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? `at least ${issue.minimum}` : `at most ${issue.maximum}`;
      return [{ code: 'out-of-range', path, target: 'value', message: `${name} must be ${bound}, not ${describe(input)}.` }];
    }
    case 'invalid_format':
    case 'custom':
      return [{ code: 'invalid-date', path, target: 'value', message: `${name} must be a real date written YYYY-MM-DD, not ${describe(input)}.` }];
    default:
      return [{ code: 'invalid-value', path, target: 'value', message: `${name}: ${issue.message}.` }];
  }
}

/** Syntax errors, comments and trailing commas, as the service's category 90. */
function syntaxFindings(text: string): Finding[] {
  const out: Finding[] = [];
  const push = (code: 'json-syntax' | 'json-comment' | 'json-trailing-comma', message: string, offset: number, length: number) =>
    out.push({ code, severity: 'error', category: 90, message, path: [], offset, length: Math.max(0, Math.min(length, text.length - offset)) });
  const errors: ParseError[] = [];
  visit(text, {
    onComment: (offset, length) => push('json-comment', 'Comments are not allowed in JSON: the service answers "malformed request". Remove the comment.', offset, length),
    onError: (error, offset, length) => errors.push({ error, offset, length }),
  }, { disallowComments: false, allowTrailingComma: false });
  let last = -1;
  for (const e of errors) {
    if (e.offset === last) continue; // one mistake, several parser complaints
    last = e.offset;
    const before = text.slice(0, e.offset).trimEnd();
    if (before.endsWith(',') && /^\s*[}\]]/.test(text.slice(e.offset))) {
      push('json-trailing-comma', 'Trailing comma: JSON allows no comma before a closing bracket. Remove it.', before.length - 1, 1);
    } else {
      push('json-syntax', `JSON syntax error: ${readable(printParseErrorCode(e.error))}.`, e.offset, Math.max(1, e.length));
    }
  }
  if (out.length === 0) push('json-syntax', 'The text is not valid JSON.', 0, 1); // e.g. an empty file
  return out;
}

const readable = (code: string) => code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
