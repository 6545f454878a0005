// Checks an answer against its operation's published response schema (generated into src/contract/v1 and v2):
// a field the contract does not list, a required field that is missing, a value of another type, a status the
// operation does not declare. These are notes, never errors: the answer came from the service, and a departure
// is what tells a person an integration may break silently. Known departures of the real service
// (knownDepartures.ts, docs/FINDINGS.md) are not reported.
import { formatPath, type PathSegment } from '../schemas/findings';
import { isObj } from '../schemas/objects';
import type { Departure, DepartureKind } from './departure';
import { isKnownDeparture } from './knownDepartures';
import { RESPONSES } from './responseData';
import { V2_RESPONSES } from './responseDataV2';
import type { ResponseData, SchemaNode } from './schemaNode';
import { namedBranch, Shapes } from './shapes';

export type { Departure, DepartureKind };

/** Far more than a person reads: the rest is counted ("and 40 more"). */
export const MAX_DEPARTURES = 20;
const CUSTOM_FIELD = /__(c|NS|QT)$/;
/** A body nested deeper is not looked into (a recursive schema could go on). */
const MAX_DEPTH = 64;

const shapesOf = new WeakMap<ResponseData, Shapes>();

/** The contract's answers for an operation id (`GET /v1/accounts/{accountKey}`), v1 or v2; undefined: not known. */
function answersOf(
  operationId: string,
): { data: ResponseData; answers: Record<string, SchemaNode | null> } | undefined {
  const data = operationId.includes(' /v2/') ? V2_RESPONSES : RESPONSES;
  const answers = data.operations[operationId];
  return answers ? { data, answers } : undefined;
}

/** Whether the contract holds the operation's answers (so a check means something). */
export const hasResponseContract = (operationId: string): boolean => answersOf(operationId) !== undefined;

/**
 * Departures of an answer from the contract, at most MAX_DEPARTURES (plus `more`, how many were left out).
 * An operation the contract does not hold gives none: there is nothing to depart from.
 */
export function answerDepartures(
  operationId: string,
  status: number,
  body: unknown,
): { departures: Departure[]; more: number } {
  const found = answersOf(operationId);
  if (!found) return { departures: [], more: 0 };
  const out: Departure[] = [];
  const node = schemaFor(found.answers, status);
  if (node === undefined) {
    const declared = Object.keys(found.answers).sort().join(', ');
    out.push({
      kind: 'status',
      path: '',
      message: `status ${status} is not declared (the contract lists ${declared})`,
    });
  } else if (node && body !== undefined && body !== '') {
    let shapes = shapesOf.get(found.data);
    if (!shapes) shapesOf.set(found.data, (shapes = new Shapes(found.data.schemas)));
    walk(shapes, node, body, [], out);
  }
  const kept = grouped(out.filter(d => !isKnownDeparture(operationId, d)));
  return { departures: kept.slice(0, MAX_DEPARTURES), more: Math.max(0, kept.length - MAX_DEPARTURES) };
}

/** One note per field of a list (`products[].productRatePlans`), said once with how often: not 40 lines. */
function grouped(all: Departure[]): Departure[] {
  const byField = new Map<string, { first: Departure; count: number }>();
  for (const d of all) {
    const key = `${d.kind} ${d.path.replace(/\[\d+\]/g, '[]')}`;
    const seen = byField.get(key);
    if (seen) seen.count++;
    else byField.set(key, { first: d, count: 1 });
  }
  return [...byField.values()].map(({ first, count }) =>
    count > 1 ? { ...first, message: `${first.message} (and ${count - 1} more like it)` } : first,
  );
}

/** The schema for a status: exact, then `2XX`-style, then `default`; null: declared without a JSON body. */
function schemaFor(answers: Record<string, SchemaNode | null>, status: number): SchemaNode | null | undefined {
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find(k => Object.hasOwn(answers, k));
  return key === undefined ? undefined : answers[key];
}

function walk(shapes: Shapes, node: SchemaNode, value: unknown, path: PathSegment[], out: Departure[]): void {
  if (value === null || path.length > MAX_DEPTH) return; // null: the service's "absent"
  const s = shapes.of(node);
  if (s.variants) {
    // One branch named by the discriminator, else the first branch the value fits without a departure.
    const named = namedBranch(s, value);
    const branches = named ? [named] : s.variants;
    const tries = branches.map(b => {
      const found: Departure[] = [];
      walk(shapes, branchNode(s, b), value, path, found);
      return found;
    });
    const best = tries.reduce((a, b) => (b.length < a.length ? b : a), tries[0] ?? []);
    out.push(...best);
    return;
  }
  const where = formatPath(path) || 'the body';
  const actual = kindOf(value);
  if (s.type && !fits(s.type, value)) {
    out.push({
      kind: 'type',
      path: formatPath(path),
      message: `\`${where}\` is ${actual}; the contract says ${s.type}`,
    });
    return;
  }
  if (Array.isArray(value)) {
    if (s.items) value.forEach((v, i) => walk(shapes, s.items!, v, [...path, i], out));
    return;
  }
  if (!isObj(value)) return;
  for (const name of s.required) {
    if (!(name in value)) {
      const at = formatPath([...path, name]);
      out.push({ kind: 'missing', path: at, message: `required \`${at}\` is missing` });
    }
  }
  const lists = Object.keys(s.properties).length > 0;
  for (const [key, v] of Object.entries(value)) {
    const prop = s.properties[key];
    if (prop) walk(shapes, prop, v, [...path, key], out);
    else if (typeof s.additionalProperties === 'object') walk(shapes, s.additionalProperties, v, [...path, key], out);
    else if (lists && s.additionalProperties !== true && !CUSTOM_FIELD.test(key)) {
      const at = formatPath([...path, key]);
      out.push({ kind: 'unlisted', path: at, message: `the contract does not list \`${at}\`` });
    }
  }
}

type Shape = ReturnType<Shapes['of']>;
const branches = new WeakMap<Shape, Map<SchemaNode, SchemaNode>>();

/** The shape with one of its variants, as a node made once: Shapes' cache then knows it on the next value. */
function branchNode(s: Shape, branch: SchemaNode): SchemaNode {
  let made = branches.get(s);
  if (!made) branches.set(s, (made = new Map()));
  let node = made.get(branch);
  if (!node) made.set(branch, (node = { ...withoutVariants(s), allOf: [branch] } as SchemaNode));
  return node;
}

const withoutVariants = (s: Shape) => {
  const { variants: _v, discriminator: _d, ...rest } = s;
  return rest;
};

function fits(type: string, v: unknown): boolean {
  switch (type) {
    case 'object':
      return isObj(v);
    case 'array':
      return Array.isArray(v);
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number';
    default:
      return typeof v === type;
  }
}

const kindOf = (v: unknown): string =>
  Array.isArray(v)
    ? 'an array'
    : isObj(v)
      ? 'an object'
      : typeof v === 'string'
        ? 'a string'
        : `the ${typeof v} ${JSON.stringify(v)}`;
