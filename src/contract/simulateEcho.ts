// What a simulated answer repeats from its request: a field the answer's schema shares with the body answers
// what was sent (POST /v1/payments with amount 350 for A00000001 answers amount 350 for A00000001), when the
// field's schema takes that value, so the answer still conforms; otherwise the simulated value stands. A field
// is shared by the same name at the same place (nested objects and lists walked alongside), and an id, a number
// or a currency by its name anywhere (the account a payment names is that account wherever the answer shows it).
// A secret (a card number, a password, an IBAN) is never said back: the service does not repeat one either.
import type { Shape, Shapes } from './shapes';
import { isSecretField } from '../client/secretNames';
import { isObj } from '../schemas/objects';

export const isIdName = (name: string) => /^id$|[a-z]Id$|_id$/.test(name);
export const isNumberName = (name: string) =>
  /^number$|[a-z]Number$/.test(name) && !/phone|card|tax|version/i.test(name);
export const isAmountName = (name: string) => /amount|balance|total|price|subtotal/i.test(name);
/** Fields that name one thing wherever they appear: an account's id is the same account at any depth. */
const isIdentityName = (name: string) =>
  (isIdName(name) && name !== 'id') ||
  ((isNumberName(name) || /[a-z]_number$/.test(name)) && name !== 'number') ||
  /^currency$/i.test(name);

/** The fields of a sent object that may be said back: all but its secrets (`holder`: the object's own field). */
export function sayable(sent: Record<string, unknown>, holder: string): Record<string, unknown> {
  const names = Object.keys(sent);
  if (!names.some(k => isSecretField(k, holder || undefined))) return sent;
  return Object.fromEntries(Object.entries(sent).filter(([k]) => !isSecretField(k, holder || undefined)));
}

/** The body's identity fields by name, wherever they are; the shallowest (then the first) wins. */
export function identitiesOf(body: unknown): Map<string, unknown> {
  const found = new Map<string, unknown>();
  let level: [unknown, string | undefined][] = [[body, undefined]];
  for (let depth = 0; level.length && depth < 16; depth++) {
    const next: [unknown, string | undefined][] = [];
    for (const [v, holder] of level) {
      if (Array.isArray(v)) next.push(...v.map((x): [unknown, string | undefined] => [x, holder]));
      else if (isObj(v)) {
        for (const [k, x] of Object.entries(v)) {
          if (isSecretField(k, holder)) continue; // a bank account's number is no account's
          if (isScalar(x) && isIdentityName(k) && !found.has(k)) found.set(k, x);
          else if (typeof x === 'object' && x !== null) next.push([x, k]);
        }
      }
    }
    level = next;
  }
  return found;
}

const isScalar = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The sent scalar as the field's schema takes it (a date as a date-time, a number as text), or undefined. */
export function fitted(s: Shape, given: unknown): unknown {
  if (!isScalar(given)) return undefined;
  const v = asType(s, given);
  if (v === undefined) return undefined;
  if (s.enum && !s.enum.some(e => e === v)) return undefined;
  if (typeof v === 'string') return fitsString(s, v) ? v : undefined;
  if (typeof v === 'number') return fitsNumber(s, v) ? v : undefined;
  return v;
}

function asType(s: Shape, v: string | number | boolean): string | number | boolean | undefined {
  switch (s.type) {
    case 'string':
      if (typeof v === 'number') return s.format ? undefined : String(v);
      return typeof v === 'string' ? asFormat(s.format?.toLowerCase(), v) : undefined;
    case 'number':
    case 'integer': {
      const n = typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
      return typeof n === 'number' && (s.type === 'number' || Number.isInteger(n)) ? n : undefined;
    }
    case 'boolean':
      return typeof v === 'boolean' ? v : undefined;
    default:
      return s.type === undefined && !s.enum ? v : undefined; // an open field takes what was sent
  }
}

/** A date to the format the answer writes (a date sent for a date-time field is that day, at noon UTC). */
function asFormat(format: string | undefined, v: string): string | undefined {
  if (format === 'date') return DATE.test(v) ? v : DATE_TIME.test(v) ? v.slice(0, 10) : undefined;
  if (format === 'date-time' || format === 'datetime') {
    return DATE_TIME.test(v) ? v : DATE.test(v) ? `${v}T12:00:00.000Z` : undefined;
  }
  if (format === 'uuid') return UUID.test(v) ? v : undefined;
  if (format === 'email') return /^[^@\s]+@[^@\s]+$/.test(v) ? v : undefined;
  if (format === 'uri' || format === 'url') return /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : undefined;
  return format === undefined || format === 'string' ? v : undefined;
}

function fitsString(s: Shape, v: string): boolean {
  if (v.length < (s.minLength ?? 0) || v.length > (s.maxLength ?? Infinity)) return false;
  if (!s.pattern) return true;
  try {
    return new RegExp(s.pattern, 'u').test(v);
  } catch {
    return false; // a pattern JavaScript cannot read: the simulated value stands
  }
}

function fitsNumber(s: Shape, n: number): boolean {
  const low = s.minimum ?? (typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : undefined);
  const high = s.maximum ?? (typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : undefined);
  const lowOpen = s.exclusiveMinimum === true || typeof s.exclusiveMinimum === 'number';
  const highOpen = s.exclusiveMaximum === true || typeof s.exclusiveMaximum === 'number';
  if (low !== undefined && (n < low || (lowOpen && n === low))) return false;
  return !(high !== undefined && (n > high || (highOpen && n === high)));
}

/**
 * The parts of an amount sent add up to it: a payment of 350 applied to invoices of 100 answers 100 applied and
 * 250 unapplied, nothing refunded and no credit balance (the sandbox keeps no payments to say otherwise). In
 * cents, so the parts are exact.
 */
export function settle(shapes: Shapes, s: Shape, out: Record<string, unknown>, sent: Record<string, unknown>): void {
  if (typeof sent.amount !== 'number' || out.amount !== sent.amount) return;
  const cents = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? Math.round(n * 100) : 0);
  const applications = [sent.invoices, sent.debitMemos].flatMap(list => (Array.isArray(list) ? list : []));
  const applied = applications.reduce((n: number, x) => n + (isObj(x) ? cents(x.amount) : 0), 0);
  const parts: Record<string, number> = {
    appliedAmount: applied,
    unappliedAmount: cents(sent.amount) - applied,
    refundAmount: 0,
    creditBalanceAmount: 0,
  };
  for (const [field, c] of Object.entries(parts)) {
    const prop = s.properties[field];
    if (!prop || !(field in out) || sent[field] !== undefined) continue;
    const v = fitted(shapes.of(prop), c / 100);
    if (v !== undefined) out[field] = v;
  }
}
