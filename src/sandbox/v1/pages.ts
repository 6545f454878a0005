// The v1 lists paged by `page` (from 1) and `pageSize` (default 20, at most 40): each a whole number in its range,
// else the v1 400 naming it and what it was; `nextPage` repeats the query with the next page. A page slices first,
// so it costs what it holds.
import { invalid } from './errors';

export const PAGE_SIZE_MAX = 40;

/** A whole-number query parameter in [min, max]; absent: `fallback`. */
export function wholeParam(q: URLSearchParams, name: string, min: number, max: number, fallback: number): number {
  if (!q.has(name)) return fallback;
  const n = Number(q.get(name));
  if (!Number.isInteger(n) || n < min || n > max) {
    const range = max === Infinity ? `${min} or more` : `${min} to ${max}`;
    throw invalid('billingDocument', name, `a whole number, ${range}, not ${JSON.stringify(q.get(name))}.`);
  }
  return n;
}

/** The page of `all` the query asks for, and the next page's URL (`path` with the query) when there is more. */
export function pageOf<T>(
  all: readonly T[],
  q: URLSearchParams,
  path: string,
  pageMax = Infinity,
): { rows: T[]; nextPage?: string } {
  const page = wholeParam(q, 'page', 1, pageMax, 1);
  const pageSize = wholeParam(q, 'pageSize', 1, PAGE_SIZE_MAX, 20);
  const from = (page - 1) * pageSize;
  const next = new URLSearchParams(q);
  next.set('page', String(page + 1));
  next.set('pageSize', String(pageSize));
  return {
    rows: all.slice(from, from + pageSize),
    ...(from + pageSize < all.length ? { nextPage: `${path}?${next}` } : {}),
  };
}
