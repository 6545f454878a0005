// What a request file's body offers at a place: the fields an object may still take and the values a field
// allows (completion), and what a field is (hover), read from the operation's contract. Core: the editor
// turns these into completion items and hovers.
import { createScanner, getLocation, parse as parseJsonc, type Location, type SyntaxKind } from 'jsonc-parser';
import { requestContract, type Shape } from '../contract';
import { MAX_VALUES, type FieldInfo, type PathSegment } from '../schemas';
import { isObj } from '../schemas/objects';
import { V2_BODY_KINDS } from './requestFindings';
import { parameterNote, parameterSummary, queryParameters } from './requestQuery';

export interface FieldOffer {
  name: string;
  required: boolean;
  /** What the value is, for the inserted text: `"…"`, `{}`, `[]`, a number or a boolean. */
  valueKind: 'string' | 'object' | 'array' | 'number' | 'boolean' | 'any';
  summary: string;
  details: string[];
}

export interface ValueOffer {
  /** The JSON text to insert. */
  json: string;
  label: string;
}

export interface Offers {
  fields?: FieldOffer[];
  values?: ValueOffer[];
  /** The text to replace: the key or value being typed, when there is one. */
  replace?: { offset: number; length: number };
}

export interface FieldHover {
  markdown: string;
  offset: number;
  length: number;
}

interface Place {
  operationId: string;
  /** Where the cursor is within the body. */
  bodyPath: PathSegment[];
  location: Location;
  root: unknown;
}

function placeAt(text: string, offset: number): Place | undefined {
  const location = getLocation(text, offset);
  if (location.path[0] !== 'body') return undefined;
  const root = parseJsonc(text, [], { allowTrailingComma: true, disallowComments: false }) as unknown;
  const operationId = isObj(root) && typeof root.operation === 'string' ? root.operation : undefined;
  // the v2 order and account bodies complete from their payload schemas (request.schema.json)
  if (!operationId || V2_BODY_KINDS[operationId] || !requestContract(operationId).bodyOf(operationId)) return undefined;
  return { operationId, bodyPath: location.path.slice(1), location, root };
}

/** A place among a v2 request's query parameters (`"query": { "page_size": ... }`), with what it takes. */
function queryPlaceAt(text: string, offset: number) {
  const location = getLocation(text, offset);
  if (location.path[0] !== 'query' || location.path.length !== 2) return undefined;
  const root = parseJsonc(text, [], { allowTrailingComma: true, disallowComments: false }) as unknown;
  const operationId = isObj(root) && typeof root.operation === 'string' ? root.operation : undefined;
  const params = operationId ? queryParameters(operationId) : undefined;
  return operationId && params ? { operationId, params, location } : undefined;
}

/** The key or value being typed at `offset`, to replace. */
function tokenAt(location: Location, offset: number): Offers['replace'] {
  const token = location.previousNode;
  return token && offset >= token.offset && offset <= token.offset + token.length
    ? { offset: token.offset, length: token.length }
    : undefined;
}

export function requestOffersAt(text: string, offset: number): Offers | undefined {
  const query = queryPlaceAt(text, offset);
  if (query) {
    if (!query.location.isAtPropertyKey) return undefined;
    const present = keysBeside(text, offset);
    const fields = query.params
      .filter(p => !present.has(p.name))
      .map(p => ({
        name: p.name,
        required: p.required === true,
        valueKind: p.schema?.type === 'array' ? ('array' as const) : ('string' as const),
        summary: parameterSummary(p),
        details: [parameterNote(p) ?? ''].filter(Boolean),
      }))
      .sort((a, b) => Number(b.required) - Number(a.required));
    return { fields, replace: tokenAt(query.location, offset) };
  }
  const place = placeAt(text, offset);
  if (!place) return undefined;
  const { location, bodyPath, operationId } = place;
  const contract = requestContract(operationId);
  const body = (place.root as Record<string, unknown>).body;
  const token = location.previousNode;
  const replace = tokenAt(location, offset);
  if (location.isAtPropertyKey) {
    const containerPath = bodyPath.slice(0, -1);
    const shape = contract.shapeAt(operationId, containerPath, body);
    if (!shape || shape.type !== 'object') return undefined;
    const present = keysBeside(text, offset);
    const fields = Object.entries(shape.properties)
      .filter(([name, node]) => !present.has(name) && !contract.shapes.of(node).readOnly)
      .map(([name, node]) => fieldOffer(name, contract.shapes.of(node), shape.required.includes(name)))
      .sort((a, b) => Number(b.required) - Number(a.required));
    return { fields, replace };
  }
  const shape = contract.shapeAt(operationId, bodyPath, body);
  if (!shape) return undefined;
  const allowed = shape.enum ?? (shape.type === 'boolean' ? [true, false] : undefined);
  if (!allowed) return undefined;
  const values = allowed.filter(v => v !== null).map(v => ({ json: JSON.stringify(v), label: String(v) }));
  return { values, replace: token && token.type !== 'property' ? replace : undefined };
}

export function requestHoverAt(text: string, offset: number): FieldHover | undefined {
  const query = queryPlaceAt(text, offset);
  const key = query?.location.previousNode;
  if (query && key && query.location.isAtPropertyKey) {
    const p = query.params.find(x => x.name === query.location.path[1]);
    const name = String(query.location.path[1]);
    const lines = p
      ? [`**${p.name}**: ${parameterSummary(p)}`, parameterNote(p) ?? '']
      : [`**${name}** is not a query parameter of ${query.operationId}.`];
    return { markdown: lines.filter(Boolean).join('\n\n'), offset: key.offset, length: key.length };
  }
  const place = placeAt(text, offset);
  if (!place) return undefined;
  const { location, bodyPath, operationId } = place;
  const name = bodyPath[bodyPath.length - 1];
  const token = location.previousNode;
  if (typeof name !== 'string' || !token || !location.isAtPropertyKey) return undefined;
  const contract = requestContract(operationId);
  const body = (place.root as Record<string, unknown>).body;
  const holder = contract.shapeAt(operationId, bodyPath.slice(0, -1), body);
  const shape = contract.shapeAt(operationId, bodyPath, body);
  if (!holder) return undefined;
  const lines = shape
    ? [`**${name}**: ${fieldOffer(name, shape, holder.required.includes(name)).summary}`, ...describeShape(shape)]
    : [
        /__(c|NS|QT)$/.test(name)
          ? `**${name}**: a custom field.`
          : `**${name}** is not a field of this object in the contract.`,
      ];
  return { markdown: lines.join('\n\n'), offset: token.offset, length: token.length };
}

/**
 * The fields of the object at `bodyPath` in an operation's v1 body (array indexes step into entries), as the
 * describeOperation tool lists them; undefined when the contract has no object there.
 */
export function requestFieldsAt(operationId: string, bodyPath: readonly PathSegment[]): FieldInfo[] | undefined {
  const contract = requestContract(operationId);
  let shape = contract.shapeAt(operationId, bodyPath);
  if (shape?.type === 'array' && shape.items) shape = contract.shapes.of(shape.items);
  if (!shape || shape.type !== 'object') return undefined;
  const holder = shape;
  return Object.entries(holder.properties)
    .filter(([, node]) => !contract.shapes.of(node).readOnly)
    .map(([name, node]) => {
      const s = contract.shapes.of(node);
      const inner = s.type === 'array' && s.items ? contract.shapes.of(s.items) : s;
      const offer = fieldOffer(name, s, holder.required.includes(name));
      const values = s.enum?.filter(v => v !== null);
      // The contract carries no prose: its bounds and default are the description (values and fields are listed).
      const notes = offer.details.filter(d => !d.startsWith('Allowed values') && !d.startsWith('Fields:'));
      const type =
        s.type === 'array'
          ? `array of ${inner.type === 'integer' ? 'whole number' : (inner.type ?? 'any')}`
          : offer.summary.split(',')[0];
      return {
        name,
        type,
        required: offer.required,
        ...(notes.length ? { description: notes.join('. ') } : {}),
        ...(values ? { values: values.slice(0, MAX_VALUES) } : {}),
        ...(values && values.length > MAX_VALUES ? { moreValues: values.length - MAX_VALUES } : {}),
        ...(inner.type === 'object' && Object.keys(inner.properties).length
          ? { fields: Object.keys(inner.properties).length }
          : {}),
      };
    });
}

function fieldOffer(name: string, s: Shape, required: boolean): FieldOffer {
  const type = s.type === 'integer' ? 'whole number' : (s.type ?? 'any value');
  const format = s.format ? ` (${s.format})` : '';
  const valueKind = s.type === 'integer' ? 'number' : (s.type ?? 'any');
  return {
    name,
    required,
    valueKind,
    summary: `${type}${format}, ${required ? 'required' : 'optional'}${s.nullable ? ', may be null' : ''}`,
    details: describeShape(s),
  };
}

/** Allowed values (all of them), bounds and the default, as short sentences. */
function describeShape(s: Shape): string[] {
  const out: string[] = [];
  if (s.enum) out.push(`Allowed values (${s.enum.length}): ${s.enum.map(v => `\`${JSON.stringify(v)}\``).join(', ')}`);
  const bounds: string[] = [];
  if (s.minimum !== undefined) bounds.push(`${s.exclusiveMinimum === true ? 'more than' : 'at least'} ${s.minimum}`);
  if (s.maximum !== undefined) bounds.push(`${s.exclusiveMaximum === true ? 'less than' : 'at most'} ${s.maximum}`);
  if (s.minLength !== undefined) bounds.push(`at least ${s.minLength} characters`);
  if (s.maxLength !== undefined) bounds.push(`at most ${s.maxLength} characters`);
  if (s.minItems !== undefined) bounds.push(`at least ${s.minItems} entries`);
  if (s.maxItems !== undefined) bounds.push(`at most ${s.maxItems} entries`);
  if (bounds.length) out.push(`Range: ${bounds.join(', ')}`);
  if (s.type === 'object' && Object.keys(s.properties).length)
    out.push(
      `Fields: ${Object.keys(s.properties).length}${s.required.length ? ` (required: ${s.required.join(', ')})` : ''}`,
    );
  if (s.default !== undefined) out.push(`Default: \`${JSON.stringify(s.default)}\``);
  return out;
}

/**
 * The keys of the object the cursor is in, as written (a string followed by a colon), less the one being
 * typed. Read from the tokens, not a parse: a key being typed (`""` just before `"type": ...`, no comma yet)
 * makes a parse read the next key as its value, and a key present would be offered again.
 */
export function keysBeside(text: string, offset: number): Set<string> {
  const scanner = createScanner(text, false);
  const K = TOKENS;
  const stack: Open[] = [];
  let around: Open | undefined; // the innermost object open at the cursor
  let last: Key | undefined; // the string just before, if any
  for (let t = scanner.scan(); t !== K.EOF; t = scanner.scan()) {
    if (t === K.Trivia || t === K.LineBreakTrivia) continue;
    if (t === K.LineCommentTrivia || t === K.BlockCommentTrivia) continue;
    const start = scanner.getTokenOffset(),
      end = start + scanner.getTokenLength();
    if (!around && start >= offset) around = innermostObject(stack);
    const top = stack[stack.length - 1];
    if (t === K.OpenBraceToken || t === K.OpenBracketToken) {
      stack.push({ object: t === K.OpenBraceToken, keys: [] });
    } else if (t === K.CloseBraceToken || t === K.CloseBracketToken) {
      const closed = stack.pop();
      if (closed && closed === around) break;
    } else if (t === K.ColonToken && last && top?.object) top.keys.push(last);
    last = t === K.StringLiteral ? { name: scanner.getTokenValue(), start, end } : undefined;
  }
  around ??= innermostObject(stack);
  const keys = new Set<string>();
  for (const k of around?.keys ?? []) if (offset < k.start || offset > k.end) keys.add(k.name);
  return keys;
}

/** jsonc-parser's SyntaxKind values (a const enum, which isolated modules cannot read). */
const TOKENS = {
  OpenBraceToken: 1,
  CloseBraceToken: 2,
  OpenBracketToken: 3,
  CloseBracketToken: 4,
  ColonToken: 6,
  StringLiteral: 10,
  LineCommentTrivia: 12,
  BlockCommentTrivia: 13,
  LineBreakTrivia: 14,
  Trivia: 15,
  EOF: 17,
} as const satisfies Record<string, SyntaxKind>;

interface Key {
  name: string;
  start: number;
  end: number;
}
/** An object or list open at a point of the scan, with the keys read so far. */
interface Open {
  object: boolean;
  keys: Key[];
}

function innermostObject(stack: readonly Open[]): Open | undefined {
  const top = stack[stack.length - 1];
  return top?.object ? top : undefined;
}
