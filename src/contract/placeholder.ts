// A value that shows what goes in a field and that its schema accepts: the first allowed value, the
// default, a real date, a number within bounds, a name-shaped string; an object with its required fields
// only, a list with one entry. Templates and the "add the missing field" quick fix use it.
import { today } from '../schemas/dates';
import type { SchemaNode } from './schemaNode';
import { firstBranch, type Shapes } from './shapes';
import { isObj } from '../schemas/objects';

const MAX_DEPTH = 12; // the contract has self-referencing components

export function placeholderFor(shapes: Shapes, node: SchemaNode, name = '', depth = 0): unknown {
  const s = shapes.of(node);
  if (s.variants) {
    const { node: branch, tag } = firstBranch(s);
    const value = placeholderFor(shapes, branch, name, depth);
    if (tag && isObj(value)) value[tag.property] = tag.value;
    return value;
  }
  const allowed = s.enum?.find(v => v !== null);
  if (allowed !== undefined) return allowed;
  if (s.default !== undefined && s.default !== null && typeof s.default !== 'object') return s.default;
  switch (s.type) {
    case 'string':
      return stringFor(name, s.format, s.minLength, s.maxLength);
    case 'integer':
    case 'number': {
      const low = s.minimum ?? (typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : undefined);
      const open = s.exclusiveMinimum === true || typeof s.exclusiveMinimum === 'number';
      let n = /amount|price/i.test(name) ? 100 : 1;
      if (low !== undefined && (n < low || (open && n === low))) n = open ? low + 1 : low;
      if (s.maximum !== undefined && n > s.maximum) n = s.maximum;
      return n;
    }
    case 'boolean':
      return false;
    case 'array': {
      if (!s.items || depth >= MAX_DEPTH) return [];
      const count = Math.max(1, s.minItems ?? 0);
      return Array.from({ length: count }, () => placeholderFor(shapes, s.items!, singular(name), depth + 1));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth >= MAX_DEPTH) return out;
      for (const field of s.required) {
        const prop = s.properties[field];
        if (prop && shapes.of(prop).readOnly) continue;
        out[field] = prop ? placeholderFor(shapes, prop, field, depth + 1) : stringFor(field, undefined, 1, undefined);
      }
      return out;
    }
    default:
      return stringFor(name, undefined, undefined, undefined);
  }
}

function stringFor(name: string, format: string | undefined, min = 0, max = Infinity): string {
  let v: string;
  if (format === 'date') return today();
  if (format === 'date-time') return `${today()}T00:00:00Z`;
  if (format === 'email' || /email/i.test(name)) v = 'billing@example.com';
  else if (/currency/i.test(name)) v = 'USD';
  else if (/country/i.test(name)) v = 'United States';
  else if (/(Id|Key|Number)$/.test(name) || /^id$/i.test(name)) v = `${name}-1`;
  else if (/name/i.test(name)) v = 'Example';
  else v = name ? `${name} value` : 'value';
  if (v.length > max) v = v.slice(0, Math.max(1, max));
  while (v.length < min) v += 'x';
  return v;
}

const singular = (name: string) => name.replace(/ies$/, 'y').replace(/s$/, '');
