// How every finding names a field and a value, so Problems, hover and the CLI read the same: a field by its
// whole path (`subscriptions[0].subscription_plans[1].prices[0].type`), never by an index alone; a value by
// what it is ("the number 32", "the string \"x\""); a long list of allowed values by a count and a few.
import { formatPath, type PathSegment } from './findings';

/** Enum lists up to this many values are written whole in a message; longer ones are counted. */
export const LISTED_VALUES = 8;

/** The field a message is about, by its whole path; the payload itself when the path is empty. */
export function fieldName(path: readonly PathSegment[], whole = 'The payload'): string {
  return path.length ? formatPath(path) : whole;
}

/** " in subscriptions[0]" for the object holding a field, or "" at the top. */
export function inContainer(path: readonly PathSegment[]): string {
  return path.length ? ` in ${formatPath(path)}` : '';
}

export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`;
  if (typeof v === 'number') return `the number ${v}`;
  return String(v);
}

/** `one of "a", "b"`, or for a long list `one of 21 values ("card", "cc_ref", …; hover the field for all)`. */
export function oneOfText(values: readonly unknown[]): string {
  const list = values.map(v => JSON.stringify(v));
  if (list.length <= LISTED_VALUES) return `one of ${list.join(', ')}`;
  return `one of ${list.length} values (${list.slice(0, 3).join(', ')}, …; hover the field for all)`;
}
