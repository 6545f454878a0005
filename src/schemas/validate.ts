// validate(text, kind): every finding for an order, preview or account payload, with exact ranges.
// Fast path: JSON.parse, then zod and the scenario rules; positions are computed only for findings.
import type * as z from 'zod';
import { finalized, rawIssues, type PlacedIssue } from './fastCheck';
import type { Finding, PathSegment } from './findings';
import { locatedFindings } from './located';
import { isObj } from './objects';
import { checkRules, missing, type RawFinding } from './rules';
import { SCHEMAS, type PayloadKind } from './shapes';
import { knownKeysAt, suggestKey } from './typos';
import { describeValue, fieldName, inContainer, oneOfText } from './wording';

export interface ValidateOptions {
  now?: Date;
  /** @internal Check the shapes with zod's own safeParse instead of the compiled checker (for tests). */
  plainZod?: boolean;
}

export function validate(text: string, kind: PayloadKind, options: ValidateOptions = {}): Finding[] {
  return locatedFindings(
    text,
    (value, syntaxErrors) => {
      if (isObj(value)) return payloadFindings(value, kind, options);
      if (syntaxErrors) return []; // the syntax findings say it
      return [{ code: 'wrong-root', path: [], target: 'value', message: `The ${kind} payload must be a JSON object.` }];
    },
    hugeNumber,
  );
}

/** The findings for a parsed payload object, with paths and targets but no places in a text yet. */
export function payloadFindings(value: object, kind: PayloadKind, options: ValidateOptions = {}): RawFinding[] {
  const fromSchema = schemaFindings(value, kind, options.plainZod),
    fromRules = checkRules(value, kind, options.now ?? new Date());
  const all = fromSchema.length === 0 ? fromRules : fromRules.length === 0 ? fromSchema : fromSchema.concat(fromRules);
  // One finding cannot repeat or stand for another (a rename's finding targets its key, never its parent's).
  if (all.length < 2) return all;
  const seen = new Set<string>();
  // A misspelt field is one mistake: its "did you mean" finding stands for the field it leaves missing.
  for (const r of all) {
    if (r.fix?.kind === 'renameProperty') seen.add(r.path.slice(0, -1).concat(r.fix.to).join('\u0000'));
  }
  return all.filter(r => {
    const at = r.path.join('\u0000'),
      key = `${r.code}|${at}`;
    if (r.target === 'parentKey' && seen.has(at)) return false;
    if (seen.has(key)) return false; // zod and the rules can both see a missing field
    seen.add(key);
    return true;
  });
}

/** JSON.parse reads 1e400 as Infinity: say what the text says, and why it cannot be sent. */
function hugeNumber(r: RawFinding, root: unknown, written: string): string | undefined {
  const v = valueAt(root, r.path);
  if (r.target !== 'value' || typeof v !== 'number' || Number.isFinite(v)) return undefined;
  const name = fieldName(r.path);
  return `${name}: the number ${written} is too large: the largest number JSON carries is about 1.8e308.`;
}

function schemaFindings(value: unknown, kind: PayloadKind, plainZod = false): RawFinding[] {
  const result = plainZod ? SCHEMAS[kind].safeParse(value) : undefined;
  // Zod's messages are read only for codes worded nowhere else: the issues stay raw until then.
  const issues = result ? (result.success ? [] : result.error.issues) : rawIssues(SCHEMAS[kind], value);
  const out: RawFinding[] = [];
  // One issue can be 100,000 unknown fields: appended one by one (a spread that long overflows the stack).
  for (const issue of issues) for (const f of fromIssue(issue, value, kind, !result)) out.push(f);
  return out;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const p of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

/** `raw`: the issue is as zod raised it (rawIssues), its message not yet written. */
function fromIssue(
  issue: z.core.$ZodIssue | PlacedIssue,
  root: unknown,
  kind: PayloadKind,
  raw: boolean,
): RawFinding[] {
  const path = issue.path.filter((p): p is PathSegment => typeof p !== 'symbol');
  const name = fieldName(path);
  const input = valueAt(root, path);
  // Any complaint about an absent property (zod says invalid_type or invalid_value) is a missing field.
  if (input === undefined && path.length && issue.code !== 'unrecognized_keys') {
    return [missing(path.slice(0, -1), String(path[path.length - 1]))];
  }
  switch (issue.code) {
    case 'unrecognized_keys':
      return unknownFields(issue.keys, path, input, kind);
    case 'invalid_type': {
      const article = /^[aeiou]/.test(issue.expected) ? 'an' : 'a';
      const expected = issue.expected === 'int' ? 'a whole number' : `${article} ${issue.expected}`;
      return [
        {
          code: 'wrong-type',
          path,
          target: 'value',
          message: `${name} must be ${expected}, not ${describeValue(input)}.`,
        },
      ];
    }
    case 'invalid_value': {
      const list =
        path[path.length - 1] === 'currency' ? 'an ISO 4217 currency code such as "USD"' : oneOfText(issue.values);
      return [
        {
          code: 'invalid-value',
          path,
          target: 'value',
          message: `${name} must be ${list}, not ${describeValue(input)}.`,
        },
      ];
    }
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? `at least ${issue.minimum}` : `at most ${issue.maximum}`;
      const what = typeof input === 'string' ? ' characters long' : '';
      const shown = typeof input === 'string' ? `${input.length}` : describeValue(input);
      const message = `${name} must be ${bound}${what}, not ${shown}.`;
      return [{ code: 'out-of-range', path, target: 'value', message }];
    }
    case 'invalid_format':
    case 'custom':
      return [
        {
          code: 'invalid-date',
          path,
          target: 'value',
          message: `${name} must be a real date written YYYY-MM-DD, not ${describeValue(input)}.`,
        },
      ];
    default: {
      const message = raw ? finalized(issue as PlacedIssue).message : issue.message;
      return [{ code: 'invalid-value', path, target: 'value', message: `${name}: ${message}.` }];
    }
  }
}

function unknownFields(keys: string[], path: PathSegment[], holder: unknown, kind: PayloadKind): RawFinding[] {
  const where = inContainer(path);
  const present = new Set(isObj(holder) ? Object.keys(holder) : []);
  const known = knownKeysAt(SCHEMAS[kind], path);
  return keys.map(k => {
    const near = suggestKey(k, known, present);
    if (!near) {
      return {
        code: 'unknown-field',
        path: [...path, k],
        target: 'key',
        message: `Unknown field "${k}"${where}: the service rejects it.`,
        fix: { kind: 'removeProperty', property: k },
      };
    }
    return {
      code: 'unknown-field',
      path: [...path, k],
      target: 'key',
      message: `Unknown field "${k}"${where}: did you mean \`${near}\`?`,
      fix: { kind: 'renameProperty', property: k, to: near },
    };
  });
}
