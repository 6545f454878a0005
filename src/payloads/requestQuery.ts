// A v2 request file's `query`: the parameters the reference gives its operation (filter[], sort[], page_size,
// cursor, expand[], fields[] and the nested fields[] of what an answer holds), checked and offered as the body
// is. A name the operation does not take is a warning with its "did you mean" (the service may ignore it); a
// value the service cannot read (page_size 500, a word for a number) is an error.
import { v2Parameters, type OperationParameter as ParameterData } from '../contract/parametersV2';
import type { RawFinding } from '../schemas';
import { isObj } from '../schemas/objects';
import { suggestKey } from '../schemas/typos';
import { describeValue } from '../schemas/wording';
import { listFields, unknownListField } from './requestListFields';

/** The query parameters an operation takes, when the reference lists them (v2 only). */
export function queryParameters(operationId: string): ParameterData[] | undefined {
  if (!operationId.includes(' /v2/')) return undefined;
  return v2Parameters(operationId).filter(p => p.in === 'query');
}

export function queryFindings(operationId: string, query: unknown): RawFinding[] {
  const params = query === undefined ? undefined : queryParameters(operationId);
  if (!params) return [];
  if (!isObj(query)) {
    const message = '"query" must be a JSON object: { "name": "value" }, a list of values for a [] name.';
    return [{ code: 'wrong-type', path: ['query'], target: 'value', message }];
  }
  const byName = new Map(params.map(p => [p.name, p]));
  const out: RawFinding[] = [];
  for (const [name, value] of Object.entries(query)) {
    const p = byName.get(name);
    if (p) {
      for (const f of valueFindings(p, value)) out.push(f);
      if (name === 'filter[]' || name === 'sort[]') out.push(...listFieldFindings(operationId, name, value));
      continue;
    }
    // `filter` for `filter[]`, `fitler[]`: the brackets are part of the name, not of the spelling
    const bare = (n: string) => n.replace(/\[\]$/, '');
    const known = new Map([...byName.keys()].map(n => [bare(n), n]));
    const present = new Set(Object.keys(query).map(bare));
    present.delete(bare(name));
    const near = known.get(suggestKey(bare(name), [...known.keys()], present) ?? '');
    const own = params.filter(x => !x.name.includes('.')).map(x => x.name);
    const nested = params.length - own.length;
    const takes = `${operationId} takes ${own.join(', ') || 'none'}${nested ? ` and ${nested} fields[] of what its answer holds` : ''}`;
    out.push({
      code: 'unknown-field',
      path: ['query', name],
      target: 'key',
      severity: 'warning',
      message: near
        ? `Unknown query parameter "${name}": did you mean \`${near}\`? As written, the service ignores it.`
        : `Unknown query parameter "${name}": ${takes}.`,
      fix: near ? { kind: 'renameProperty', property: name, to: near } : { kind: 'removeProperty', property: name },
    });
  }
  return out;
}

/**
 * The field each filter[] or sort[] value names (`state.EQ:Posted`, `created_time.desc`), against the fields of
 * what the list answers: one it lacks is a warning with "did you mean" (the service answers 400 for a field it
 * cannot filter by; the schema may not list every field a tenant has, so never an error).
 */
function listFieldFindings(operationId: string, name: string, value: unknown): RawFinding[] {
  const list = listFields(operationId);
  if (!list) return [];
  const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
  return values.flatMap((text, i) => {
    const field = /^([^.:]+)\./.exec(text)?.[1];
    if (!field || !unknownListField(list, field)) return [];
    const near = suggestKey(field, list.fields, new Set());
    const say = near
      ? `did you mean \`${near}\`?`
      : `the objects it lists have ${list.fields.slice(0, 12).join(', ')}${list.fields.length > 12 ? ', …' : ''}`;
    const message = `${name} names "${field}", which is not a field of what ${operationId} lists: ${say}`;
    const path = Array.isArray(value) ? ['query', name, i] : ['query', name];
    return [{ code: 'unknown-field', path, target: 'value', severity: 'warning', message } satisfies RawFinding];
  });
}

/** A value as a query carries it: a string (or a number, a boolean), a list of them for an array parameter. */
function valueFindings(p: ParameterData, value: unknown): RawFinding[] {
  const path = ['query', p.name];
  const s = p.schema ?? {};
  const wrong = (message: string): RawFinding[] => [{ code: 'wrong-type', path, target: 'value', message }];
  if (s.type === 'array') {
    const list = Array.isArray(value) ? value : [value];
    return list.every(v => ['string', 'number', 'boolean'].includes(typeof v))
      ? []
      : wrong(`${p.name} must be a value or a list of values, not ${describeValue(value)}.`);
  }
  if (Array.isArray(value) && value.length > 1) {
    // sent repeated: what the service makes of the others is not said
    const message = `${p.name} takes one value; ${value.length} are sent (the reference names no list here).`;
    return [{ code: 'wrong-type', path, target: 'value', severity: 'warning', message }];
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return []; // nothing is sent
    value = value[0];
  }
  if (!['string', 'number', 'boolean'].includes(typeof value))
    return wrong(`${p.name} must be a single value, not ${describeValue(value)}.`);
  if (s.type === 'integer' || s.type === 'number') {
    const n = Number(value);
    if (String(value).trim() === '' || !Number.isFinite(n) || (s.type === 'integer' && !Number.isInteger(n)))
      return wrong(
        `${p.name} must be a ${s.type === 'integer' ? 'whole number' : 'number'}, not ${describeValue(value)}.`,
      );
    const bound =
      s.minimum !== undefined && n < s.minimum
        ? `at least ${s.minimum}`
        : s.maximum !== undefined && n > s.maximum
          ? `at most ${s.maximum}`
          : undefined;
    if (bound)
      return [{ code: 'out-of-range', path, target: 'value', message: `${p.name} must be ${bound}, not ${n}.` }];
  }
  if (s.enum && !s.enum.map(String).includes(String(value))) {
    const message = `${p.name} must be one of ${s.enum.map(v => JSON.stringify(v)).join(', ')}, not ${describeValue(value)}.`;
    return [{ code: 'invalid-value', path, target: 'value', message }];
  }
  return [];
}

/** What the common parameters are for (the reference's words, shortened). */
const NOTES: Record<string, string> = {
  cursor: 'Where the page starts: the `next_page` of the answer before.',
  page_size: 'How many objects a page holds, 1 to 99: the service answers 400 outside.',
  'filter[]': 'A case-sensitive filter, `field.OP:value` (`state.EQ:Posted`); several filters all apply.',
  'sort[]': '`field.asc` or `field.desc` (`created_time.desc`); array fields cannot be sorted on.',
  'expand[]': 'Related objects to include in the answer (`account`, `invoice_items`).',
  'fields[]': 'The fields the answer holds, comma-separated (`id,created_time`).',
};

export function parameterNote(p: ParameterData): string | undefined {
  return (
    NOTES[p.name] ??
    (p.name.endsWith('.fields[]') ? `The fields of ${p.name.slice(0, -9)} the answer holds.` : undefined)
  );
}

/** What a query parameter takes, in a few words: `whole number, at least 1, at most 99`. */
export function parameterSummary(p: ParameterData): string {
  const s = p.schema ?? {};
  const type =
    s.type === 'array' ? 'one value or a list' : s.type === 'integer' ? 'whole number' : (s.type ?? 'any value');
  const bounds = [
    s.minimum !== undefined ? `at least ${s.minimum}` : '',
    s.maximum !== undefined ? `at most ${s.maximum}` : '',
  ].filter(Boolean);
  return [type, ...bounds, p.required ? 'required' : 'optional'].join(', ');
}
