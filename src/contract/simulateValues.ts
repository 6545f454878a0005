// The values of a simulated answer: a readable value that its response schema accepts. Objects carry their
// required fields and the optional ones a reader looks for (ids, numbers, status, dates, amounts, `success`);
// lists hold one entry. Ids and numbers come from a seed, so the same request gets the same answer. What the
// request sent, the answer repeats where its schema shares the field (simulateEcho).
import type { SchemaNode } from './schemaNode';
import { firstBranch, type Shape, type Shapes } from './shapes';
import { fitted, isAmountName, isIdName, isNumberName, sayable, settle } from './simulateEcho';
import { isObj } from '../schemas/objects';

/** Beyond this depth only required fields are filled: the contract has self-referencing components. */
const FILL_DEPTH = 6;
/** Beyond this depth nothing is filled at all, so a required cycle still ends. */
const STOP_DEPTH = 12;
/** At most this many optional fields per object: a few hundred-field schemas stay readable. */
const MAX_OPTIONAL = 24;
/** A list sent with more entries is answered with this many at most. */
const MAX_ECHOED_ITEMS = 100;

export interface SimulationContext {
  shapes: Shapes;
  /** YYYY-MM-DD: every date of the answer. */
  today: string;
  /** The operation and its path keys: ids and numbers are hashed from it. */
  seed: string;
  /** A path key to repeat in a field of that name; `top` applies to the answer's own object only. */
  echoes: { anywhere: Map<string, string>; top: Map<string, string> };
  /** How many `id` fields the answer has so far: each gets its own id, in an order the schema fixes. */
  idsMade: number;
  /** The request's ids, numbers and currency by field name, wherever it sent them (identitiesOf). */
  identities?: Map<string, unknown>;
}

/** `given`: what the request sent at the same place (the body for the answer itself), repeated where it fits. */
export function simulatedValue(
  ctx: SimulationContext,
  node: SchemaNode,
  name = '',
  depth = 0,
  given?: unknown,
): unknown {
  const s = ctx.shapes.of(node);
  if (s.variants?.length) return variantValue(ctx, s, name, depth, given);
  const echoed = echoFor(ctx, s, name, depth) ?? fitted(s, given ?? ctx.identities?.get(name));
  if (echoed !== undefined) return echoed;
  if (s.enum?.some(v => v !== null)) return enumValue(s.enum, name);
  switch (s.type) {
    case 'string':
      return stringValue(ctx, s, name);
    case 'integer':
    case 'number':
      return numberValue(ctx, s, name);
    case 'boolean':
      return name === 'success' || (typeof s.default === 'boolean' && s.default);
    case 'array':
      return arrayValue(ctx, s, name, depth, given);
    case 'object':
      return objectValue(ctx, s, name, depth, given);
    default:
      return humanize(name);
  }
}

/** The first branch of a oneOf/anyOf, with the shape's own fields and the discriminator's tag for it. */
function variantValue(ctx: SimulationContext, s: Shape, name: string, depth: number, given: unknown): unknown {
  const { node, tag } = firstBranch(s);
  const value = simulatedValue(ctx, node, name, depth, given);
  if (tag && isObj(value)) value[tag.property] = tag.value;
  return value;
}

function objectValue(
  ctx: SimulationContext,
  s: Shape,
  name: string,
  depth: number,
  given: unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (depth >= STOP_DEPTH) return out;
  const sent = isObj(given) ? sayable(aliased(s, given), name) : {};
  for (const field of s.required) {
    const prop = s.properties[field];
    out[field] = prop ? simulatedValue(ctx, prop, field, depth + 1, sent[field]) : humanize(field);
  }
  // A field the request sent is shown, past the optional fields' bound: the answer says back what it was told.
  const optional = Object.entries(s.properties).filter(([field]) => !(field in out));
  const wasSent = (field: string, prop: SchemaNode) => sent[field] != null && !ctx.shapes.of(prop).writeOnly;
  // The answer's own lists and objects show when it wraps them (`{ invoices: [...] }`, `{ order: {...} }`);
  // an entity's (an object with an id) are the service's expansions, left out as the service does.
  const wrapper = depth === 0 && !('id' in s.properties);
  const shown =
    depth >= FILL_DEPTH
      ? []
      : optional
          .filter(([field, prop]) => !wasSent(field, prop))
          .map(([field, prop]) => ({ field, rank: rankOf(ctx, ctx.shapes.of(prop), field, depth, wrapper) }))
          .filter(c => c.rank < NOT_SHOWN);
  const kept = new Set(
    shown
      .sort((a, b) => a.rank - b.rank)
      .slice(0, MAX_OPTIONAL)
      .map(c => c.field),
  );
  for (const [field, prop] of optional) {
    if (kept.has(field) || wasSent(field, prop)) out[field] = simulatedValue(ctx, prop, field, depth + 1, sent[field]);
  }
  settle(ctx.shapes, s, out, sent);
  return out;
}

/** A refund sent as `totalAmount` is answered as its `amount` (the answer has no total of its own). */
function aliased(s: Shape, sent: Record<string, unknown>): Record<string, unknown> {
  const refund = sent.amount === undefined && sent.totalAmount !== undefined && !('totalAmount' in s.properties);
  return refund && 'amount' in s.properties ? { ...sent, amount: sent.totalAmount } : sent;
}

const NOT_SHOWN = 9;

/**
 * How much a reader wants an optional field, lower first: the path key's own field, `success`, `status`,
 * `currency`, `name`; document numbers; amounts and the answer's own lists; dates; ids. NOT_SHOWN for the rest.
 */
function rankOf(ctx: SimulationContext, s: Shape, field: string, depth: number, wrapper: boolean): number {
  if (s.writeOnly || /^(reasons|errors|warnings)$/.test(field)) return NOT_SHOWN; // a success has none to show
  if (s.variants?.length || s.type === 'object' || s.type === 'array') return wrapper ? 3 : NOT_SHOWN;
  if (ctx.echoes.anywhere.has(field) || (depth === 0 && ctx.echoes.top.has(field))) return 0;
  if (ctx.identities?.has(field)) return 0; // the account (or id, number, currency) the request named
  if (/^(success|status|currency|name)$/.test(field)) return 1;
  if (isNumberName(field)) return 2;
  if (isAmountName(field)) return 3;
  if (/Date$/.test(field) && s.type === 'string') return 4;
  return isIdName(field) ? 5 : NOT_SHOWN;
}

/** One entry, or one per entry of the list the request sent at the same place (within the schema's bounds). */
function arrayValue(ctx: SimulationContext, s: Shape, name: string, depth: number, given: unknown): unknown[] {
  const sent = Array.isArray(given) && given.length ? given.slice(0, MAX_ECHOED_ITEMS) : undefined;
  const wanted = sent
    ? Math.max(sent.length, s.minItems ?? 0)
    : depth >= FILL_DEPTH
      ? (s.minItems ?? 0)
      : Math.max(1, s.minItems ?? 0);
  const count = Math.min(wanted, s.maxItems ?? Infinity);
  if (!s.items || depth >= STOP_DEPTH) return [];
  const items = Array.from({ length: count }, (_, i) =>
    simulatedValue(ctx, s.items!, singular(name), depth + 1, sent?.[i]),
  );
  return s.uniqueItems && sent ? items.filter((v, i) => items.findIndex(w => same(v, w)) === i) : items;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A path key, in a field named after it, when the field's schema takes it (a uuid where the format is uuid). */
function echoFor(ctx: SimulationContext, s: Shape, name: string, depth: number): string | undefined {
  const key = ctx.echoes.anywhere.get(name) ?? (depth === 1 ? ctx.echoes.top.get(name) : undefined);
  if (key === undefined || s.type !== 'string' || s.enum) return undefined;
  if (s.format?.toLowerCase() === 'uuid') return UUID.test(key) ? key : undefined; // its lengths yield, as above
  if (s.format) return undefined;
  return key.length >= (s.minLength ?? 0) && key.length <= (s.maxLength ?? Infinity) ? key : undefined;
}

/** A uuid (its version and variant digits too), with its hyphens or without. */
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[1-8][0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;

const PREFERRED = ['USD', 'Active', 'Posted', 'Completed', 'Processed', 'Success', 'Succeeded', 'Approved'];

function enumValue(allowed: unknown[], name: string): unknown {
  const values = allowed.filter(v => v !== null);
  if (name === 'success' && values.includes(true)) return true;
  return PREFERRED.find(p => values.includes(p)) ?? values[0];
}

function stringValue(ctx: SimulationContext, s: Shape, name: string): string {
  const format = s.format?.toLowerCase();
  if (format === 'date' || (!format && /Date$/.test(name))) return ctx.today;
  if (format === 'date-time' || format === 'datetime') return `${ctx.today}T12:00:00.000Z`;
  if (format === 'uuid' || isIdName(name)) return idText(ctx, name, format === 'uuid', s.minLength, s.maxLength);
  if (format === 'time') return '12:00:00';
  let v: string;
  if (format === 'email' || /email/i.test(name)) v = 'billing@example.com';
  else if (format === 'url' || format === 'uri' || /url$/i.test(name)) v = 'https://example.com/';
  else if (isNumberName(name)) v = documentNumber(ctx, name);
  else if (isAmountName(name))
    v = amountOf(hash(`${ctx.seed}|${name}`)).toFixed(2); // a decimal as text
  else if (/currency/i.test(name)) v = 'USD';
  else if (/country/i.test(name)) v = 'United States';
  else if (name === 'status') v = 'Active';
  else if (/name$/i.test(name)) v = `Example ${humanize(name)}`;
  else v = humanize(name);
  return fitLength(v, s.minLength, s.maxLength);
}

function numberValue(ctx: SimulationContext, s: Shape, name: string): number {
  const integer = s.type === 'integer';
  let n = isAmountName(name) ? (integer ? 100 : amountOf(hash(`${ctx.seed}|${name}`))) : 1;
  const low = s.minimum ?? (typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : undefined);
  const high = s.maximum ?? (typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : undefined);
  const lowOpen = s.exclusiveMinimum === true || typeof s.exclusiveMinimum === 'number';
  const highOpen = s.exclusiveMaximum === true || typeof s.exclusiveMaximum === 'number';
  if (low !== undefined && (n < low || (lowOpen && n === low))) n = lowOpen ? low + (integer ? 1 : 0.01) : low;
  if (high !== undefined && (n > high || (highOpen && n === high))) n = highOpen ? high - (integer ? 1 : 0.01) : high;
  return integer ? Math.round(n) : n;
}

/** An amount with two decimals, 10.01 to 998.99, never ending in 0 so both decimals show. */
const amountOf = (h: number) => (1000 + (h % 98_900) - (h % 10) + 1 + (h % 9)) / 100;

/** An id: 32 lower-case hex characters like the service's, or a UUID, or hex of the length the schema says. */
function idText(ctx: SimulationContext, name: string, uuid: boolean, min = 0, max = Infinity): string {
  const fits = (n: number) => n >= min && n <= max;
  if (uuid) {
    // A real uuid, in the form the lengths allow: 36 with its hyphens, or its 32 digits alone (the data
    // labeling job's "uuid = 32 characters"). A length no uuid has (the data query's 64, where the operation's
    // page says 36) yields to the format.
    const id = uuidOf(hexId(ctx, name, 32));
    return fits(32) && !fits(36) ? id.replace(/-/g, '') : id;
  }
  if (min > 32 && fits(36)) return uuidOf(hexId(ctx, name, 32));
  return fits(32) ? hexId(ctx, name, 32) : hexId(ctx, name, Math.min(Math.max(min, 1), max));
}

// `id` fields also count their place, so two objects of the answer differ, while an `accountId` is the same
// account wherever it appears.
function hexId(ctx: SimulationContext, name: string, length: number): string {
  const text = `${ctx.seed}|${name}|${name === 'id' ? ++ctx.idsMade : ''}`;
  const words = Array.from({ length: Math.ceil(length / 8) }, (_, i) => hash(`${i}|${text}`).toString(16));
  return words
    .map(w => w.padStart(8, '0'))
    .join('')
    .slice(0, length);
}

/** A version-4-shaped UUID from 32 hex characters. */
const uuidOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;

// By the noun just before `Number`: `invoiceOwnerAccountNumber` is an account's number.
const PREFIXES: [RegExp, string][] = [
  [/subscriptionNumber$/i, 'A-S'],
  [/accountNumber$/i, 'A'],
  [/invoiceNumber$/i, 'INV'],
  [/creditMemoNumber$/i, 'CM'],
  [/debitMemoNumber$/i, 'DM'],
  [/orderNumber$/i, 'O-'],
  [/paymentNumber$/i, 'P-'],
  [/refundNumber$/i, 'R-'],
];

/** A document number in the service's style (`INV00001234`), from the field's name and the seed. */
function documentNumber(ctx: SimulationContext, name: string): string {
  const prefix = PREFIXES.find(([re]) => re.test(name))?.[1] ?? 'N-';
  return prefix + String(hash(`${ctx.seed}|${name}`) % 100_000_000).padStart(8, '0');
}

function fitLength(v: string, min = 0, max = Infinity): string {
  let out = v.length > max ? v.slice(0, max) : v;
  while (out.length < min) out += 'x';
  return out;
}

/** FNV-1a with murmur3's final mix (so near-equal texts differ in every digit): stable, no dependency. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export { isIdName };
const humanize = (name: string) =>
  name
    ? name
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .replace(/[_-]/g, ' ')
        .toLowerCase()
    : 'value';
const singular = (name: string) => name.replace(/ies$/, 'y').replace(/s$/, '');
