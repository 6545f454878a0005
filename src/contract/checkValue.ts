// Checks a request body against its operation's generated schema, the way the real service reads it: a
// required field missing, a wrong enum value, a type it cannot read, a bad date or a value out of bounds is
// an error at that field; what the service reads anyway (a number written as a string, an unknown field,
// which v1 ignores unless `rejectUnknownFields` is set) is at most a warning. Custom fields (`Region__c`) are
// legal everywhere. Never cries wolf: a body the schema accepts gives no error.
import { isRealDate, readDateTime } from '../schemas/dates';
import { formatPath, type PathSegment } from '../schemas/findings';
import type { RawFinding } from '../schemas/rules';
import { suggestKey } from '../schemas/typos';
import { describeValue, oneOfText } from '../schemas/wording';
import type { SchemaNode } from './schemaNode';
import { listsFields, namedBranch, withoutBranches, type Shape, type Shapes } from './shapes';
import { placeholderFor } from './placeholder';

/** Fields the service keeps for integrations and custom fields: never unknown. */
const CUSTOM_FIELD = /__(c|NS|QT)$/;
/** The form a date-time takes, when the value says nothing of the day it meant. */
const EXAMPLE_DATE_TIME = '2027-03-01T00:00:00Z';
/** Far deeper than any real body (a recursive schema, `conditions` in conditions, could go on): not checked below. */
const MAX_DEPTH = 200;

export interface CheckOptions {
  /** The family refuses a field a closed object does not name (v2), rather than ignoring it (v1). */
  unknownRefused?: boolean;
}

export function checkValue(
  shapes: Shapes,
  node: SchemaNode,
  value: unknown,
  at: PathSegment[],
  options: CheckOptions = {},
): RawFinding[] {
  const out: RawFinding[] = [];
  new Checker(shapes, at.length, options.unknownRefused ?? false).check(node, value, at, out);
  return out;
}

class Checker {
  constructor(
    private readonly shapes: Shapes,
    /** Leading path segments that are not part of the body (`body` in a request file). */
    private readonly base: number,
    private readonly unknownRefused: boolean,
  ) {}

  check(node: SchemaNode, value: unknown, path: PathSegment[], out: RawFinding[]): void {
    if (value === null || value === undefined) return; // the service reads null as absent
    if (path.length - this.base > MAX_DEPTH) return; // the recursion stays far from the stack's limit
    const s = this.shapes.of(node);
    if (s.variants) return this.checkVariants(s, value, path, out);
    if (!this.checkType(s, value, path, out)) return;
    if (s.enum && !this.checkEnum(s, value, path, out)) return; // one mistake, one finding
    if (typeof value === 'string') this.checkString(s, value, path, out);
    else if (typeof value === 'number') this.checkNumber(s, value, path, out);
    else if (Array.isArray(value)) this.checkArray(s, value, path, out);
    else if (typeof value === 'object') this.checkObject(s, value as Record<string, unknown>, path, out);
  }

  private name(path: PathSegment[]): string {
    const rel = path.slice(this.base);
    return rel.length ? formatPath(rel) : 'The body';
  }

  /** The container named in a message: `subscriptions[0]`, or the body itself. */
  private where(path: PathSegment[]): string {
    const rel = path.slice(this.base);
    return rel.length ? formatPath(rel) : 'the body';
  }

  /** False when the value is of another kind altogether (nothing inside it can be checked). */
  private checkType(s: Shape, value: unknown, path: PathSegment[], out: RawFinding[]): boolean {
    const expected = s.type;
    if (!expected) return true;
    const got = kindOf(value);
    if (got === expected || (expected === 'number' && got === 'integer')) return true;
    const wrong = (severity: 'error' | 'warning', why: string) => {
      out.push({ code: 'wrong-type', path, target: 'value', severity, message: `${this.name(path)} ${why}` });
      return false;
    };
    const want = expected === 'integer' ? 'a whole number' : `${/^[aeio]/.test(expected) ? 'an' : 'a'} ${expected}`;
    if (expected === 'integer' && got === 'number')
      return wrong('error', `must be a whole number, not ${describeValue(value)}.`);
    // What a JSON reader converts (the service's does): said, not refused.
    if ((expected === 'number' || expected === 'integer') && got === 'string' && isNumeric(value as string))
      return wrong('warning', `should be ${want}: write ${String(value)} without quotes.`);
    if (expected === 'boolean' && (value === 'true' || value === 'false'))
      return wrong('warning', `should be a boolean: write ${String(value)} without quotes.`);
    if (expected === 'string' && (got === 'number' || got === 'integer' || got === 'boolean'))
      return wrong('warning', `should be a string: write "${String(value)}".`);
    return wrong('error', `must be ${want}, not ${describeValue(value)}.`);
  }

  /** False when the value is not one of the allowed ones. */
  private checkEnum(s: Shape, value: unknown, path: PathSegment[], out: RawFinding[]): boolean {
    const values = s.enum!;
    if (values.includes(value)) return true;
    const sameButCase =
      typeof value === 'string' && values.find(v => typeof v === 'string' && v.toLowerCase() === value.toLowerCase());
    out.push({
      code: 'invalid-value',
      path,
      target: 'value',
      severity: sameButCase ? 'warning' : 'error',
      message: sameButCase
        ? `${this.name(path)} is written ${JSON.stringify(sameButCase)} in the contract; other spellings may be refused.`
        : `${this.name(path)} must be ${oneOfText(values)}, not ${describeValue(value)}.`,
    });
    return false;
  }

  private checkString(s: Shape, value: string, path: PathSegment[], out: RawFinding[]): void {
    if (s.format === 'date' && !isRealDate(value)) {
      const message = `${this.name(path)} must be a real date written YYYY-MM-DD, not ${describeValue(value)}.`;
      out.push({ code: 'invalid-date', path, target: 'value', message });
      return;
    }
    if (s.format === 'date-time' && this.checkDateTime(value, path, out)) return;
    const length = [...value].length;
    if (s.minLength !== undefined && length < s.minLength && !s.enum)
      out.push(this.range(path, `at least ${s.minLength} characters long, not ${length}`));
    if (s.maxLength !== undefined && length > s.maxLength)
      out.push(this.range(path, `at most ${s.maxLength} characters long, not ${length}`));
    if (s.pattern && !matches(s.pattern, value)) {
      const message = `${this.name(path)} does not match the contract's pattern ${s.pattern}.`;
      out.push({ code: 'invalid-value', path, target: 'value', severity: 'warning', message });
    }
  }

  /** True when the value is refused (nothing more to say of it). What the service reads and why: dates.ts. */
  private checkDateTime(value: string, path: PathSegment[], out: RawFinding[]): boolean {
    const r = readDateTime(value);
    if (!r) return false;
    if (r.verdict === 'advice') {
      const zone = r.noZone ? ' (Z is UTC; or give the offset, e.g. +01:00)' : '';
      const message = `${this.name(path)} ${r.why}: write "${r.suggestion}"${zone}.`;
      const fix = r.suggestion ? { fix: { kind: 'replaceValue' as const, value: r.suggestion } } : {};
      out.push({ code: 'invalid-format', path, target: 'value', severity: 'warning', message, ...fix });
      return false;
    }
    const form = `${r.impossible ? 'a real date-time' : 'a date-time'} written YYYY-MM-DDThh:mm:ss with a zone`;
    const why = r.why ? ` (${r.why})` : '';
    const message = `${this.name(path)} must be ${form}, e.g. ${r.suggestion ?? EXAMPLE_DATE_TIME}, not ${describeValue(value)}${why}.`;
    const fix = r.suggestion ? { fix: { kind: 'replaceValue' as const, value: r.suggestion } } : {};
    out.push({ code: r.impossible ? 'invalid-date' : 'invalid-format', path, target: 'value', message, ...fix });
    return true;
  }

  private checkNumber(s: Shape, value: number, path: PathSegment[], out: RawFinding[]): void {
    const lowOpen = s.exclusiveMinimum === true,
      highOpen = s.exclusiveMaximum === true;
    const min = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : s.minimum;
    const max = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : s.maximum;
    const minOpen = lowOpen || typeof s.exclusiveMinimum === 'number',
      maxOpen = highOpen || typeof s.exclusiveMaximum === 'number';
    if (min !== undefined && (value < min || (minOpen && value === min)))
      out.push(this.range(path, `${minOpen ? 'more than' : 'at least'} ${min}, not ${value}`));
    if (max !== undefined && (value > max || (maxOpen && value === max)))
      out.push(this.range(path, `${maxOpen ? 'less than' : 'at most'} ${max}, not ${value}`));
  }

  private range(path: PathSegment[], what: string): RawFinding {
    return { code: 'out-of-range', path, target: 'value', message: `${this.name(path)} must be ${what}.` };
  }

  private checkArray(s: Shape, value: unknown[], path: PathSegment[], out: RawFinding[]): void {
    if (s.minItems !== undefined && value.length < s.minItems)
      out.push(
        this.range(
          path,
          `a list of at least ${s.minItems} ${s.minItems === 1 ? 'entry' : 'entries'}, not ${value.length}`,
        ),
      );
    if (s.maxItems !== undefined && value.length > s.maxItems)
      out.push(this.range(path, `a list of at most ${s.maxItems} entries, not ${value.length}`));
    if (s.items) value.forEach((v, i) => this.check(s.items!, v, [...path, i], out));
  }

  private checkObject(s: Shape, value: Record<string, unknown>, path: PathSegment[], out: RawFinding[]): void {
    for (const field of s.required) {
      const prop = s.properties[field];
      if (value[field] !== undefined || (prop && this.shapes.of(prop).readOnly)) continue;
      out.push({
        code: 'missing-field',
        path: [...path, field],
        target: 'parentKey',
        message: `"${field}" is required in ${this.where(path)}.`,
        fix: { kind: 'addProperty', property: field, placeholder: prop ? placeholderFor(this.shapes, prop) : '' },
      });
    }
    const present = new Set(Object.keys(value));
    const known = [...new Set([...Object.keys(s.properties), ...s.required])];
    const lists = listsFields(s);
    for (const [key, v] of Object.entries(value)) {
      const prop = Object.hasOwn(s.properties, key) ? s.properties[key] : undefined; // not `constructor` of {}
      if (prop) this.check(prop, v, [...path, key], out);
      else if (!lists || CUSTOM_FIELD.test(key) || s.required.includes(key)) {
        if (typeof s.additionalProperties === 'object') this.checkExtra(s.additionalProperties, v, [...path, key], out);
      } else if (typeof s.additionalProperties === 'object' || s.additionalProperties === true) {
        // An object that lists its fields and takes others too (most v1 objects: their custom fields): a name
        // next to a listed one is most likely that field misspelt; any other is the tenant's own.
        const near = suggestKey(key, known, present);
        if (near) out.push(unknownField(key, [...path, key], this.where(path), near));
        else if (typeof s.additionalProperties === 'object')
          this.checkExtra(s.additionalProperties, v, [...path, key], out);
      } else {
        const near = suggestKey(key, known, present);
        out.push(
          this.unknownRefused
            ? refusedField(key, [...path, key], this.where(path), near)
            : unknownField(key, [...path, key], this.where(path), near),
        );
      }
    }
  }

  /** A field the object does not name (a map entry, a custom field): what the service reads is never refused. */
  private checkExtra(node: SchemaNode, value: unknown, path: PathSegment[], out: RawFinding[]): void {
    const found: RawFinding[] = [];
    this.check(node, value, path, found);
    for (const f of found) out.push({ ...f, severity: 'warning' }); // one by one: `found` may be very long
  }

  /** oneOf/anyOf: the branch the discriminator names, else the branch that fits best. */
  private checkVariants(s: Shape, value: unknown, path: PathSegment[], out: RawFinding[]): void {
    const named = namedBranch(s, value);
    const branches = named ? [named] : s.variants!;
    const own = withoutBranches(s);
    let best: RawFinding[] | undefined;
    for (const branch of branches) {
      const found: RawFinding[] = [];
      this.check({ allOf: [branch, own] }, value, path, found);
      const errors = found.filter(f => (f.severity ?? 'error') === 'error').length;
      if (!best || errors < best.filter(f => (f.severity ?? 'error') === 'error').length) best = found;
      if (errors === 0) break;
    }
    for (const f of best ?? []) out.push(f);
  }
}

/** The path of the field follows every message (Problems, CLI): the words lead with what to do. */
function unknownField(key: string, path: PathSegment[], where: string, near: string | undefined): RawFinding {
  return {
    code: 'unknown-field',
    path,
    target: 'key',
    severity: 'warning',
    message: near
      ? `Unknown field "${key}" in ${where}: did you mean \`${near}\`? As written, the service ignores it.`
      : `Unknown field "${key}" in ${where}: the service ignores it (unless rejectUnknownFields is set). A custom field ends in __c.`,
    fix: near ? { kind: 'renameProperty', property: key, to: near } : { kind: 'removeProperty', property: key },
  };
}

/** A closed object of a family that refuses what it does not name (v2): the service answers 400. */
function refusedField(key: string, path: PathSegment[], where: string, near: string | undefined): RawFinding {
  return {
    code: 'unknown-field',
    path,
    target: 'key',
    message: near
      ? `Unknown field "${key}" in ${where}: did you mean \`${near}\`? The service rejects it.`
      : `Unknown field "${key}" in ${where}: the service rejects it.`,
    fix: near ? { kind: 'renameProperty', property: key, to: near } : { kind: 'removeProperty', property: key },
  };
}

function kindOf(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

const isNumeric = (s: string) => s.trim() !== '' && Number.isFinite(Number(s));

const patterns = new Map<string, RegExp | null>();
function matches(pattern: string, value: string): boolean {
  if (!patterns.has(pattern)) {
    try {
      patterns.set(pattern, new RegExp(pattern, 'u'));
    } catch {
      patterns.set(pattern, null); // a pattern JavaScript cannot read checks nothing
    }
  }
  return patterns.get(pattern)?.test(value) ?? true;
}
