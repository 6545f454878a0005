import { ServiceError } from './errors';

const invalid = (parameter: string, message: string) =>
  ServiceError.v2('bad_request', [{ code: 'invalid_parameter', parameter, message }], 20);

/** Which query parameter carries the page size: object-query reads say `pageSize`, v2 lists `page_size`. */
type SizeParam = 'pageSize' | 'page_size';

/** Where a page starts (from the cursor) and how many it holds (1-99, default 20). */
export function bounds(q: URLSearchParams, sizeParam: SizeParam): { start: number; size: number } {
  const size = q.has(sizeParam) ? Number(q.get(sizeParam)) : 20;
  if (!Number.isInteger(size) || size < 1 || size > 99) {
    throw invalid(sizeParam, `${sizeParam} must be a whole number from 1 to 99.`);
  }
  let start = 0;
  const cursor = q.get('cursor');
  if (cursor) {
    start = Number(Buffer.from(cursor, 'base64url').toString('utf8').replace(/^o:/, ''));
    if (!Number.isInteger(start) || start < 0) throw invalid('cursor', 'Unknown cursor: start again without one.');
  }
  return { start, size };
}

export const cursorAt = (index: number) => Buffer.from(`o:${index}`).toString('base64url');

/**
 * Cursor paging of the object-query reads: `pageSize` (1-99, default 20), opaque `cursor`; answers
 * {data, nextPage}. It slices first and maps only the page, so a page costs what it holds.
 */
export function page<S, T>(
  all: readonly S[],
  q: URLSearchParams,
  view: (s: S) => T,
): { data: T[]; nextPage: string | null } {
  return pageWhere(all, q, undefined, view);
}

/**
 * The same paging over the records `keep` accepts, filtered where they are kept (the server's job, so a
 * client never lists a million accounts to find one). The cursor is the index of the next match, found
 * by looking one match past the page: the next page starts there without scanning again, and a page is
 * never offered when nothing is left.
 */
export function pageWhere<S, T>(
  all: readonly S[],
  q: URLSearchParams,
  keep: ((s: S) => boolean) | undefined,
  view: (s: S) => T,
): { data: T[]; nextPage: string | null } {
  const { start, size } = bounds(q, 'pageSize');
  if (!keep) {
    const end = start + size;
    return { data: all.slice(start, end).map(view), nextPage: end < all.length ? cursorAt(end) : null };
  }
  const data: T[] = [];
  for (let i = start; i < all.length; i++) {
    if (!keep(all[i])) continue;
    if (data.length === size) return { data, nextPage: cursorAt(i) };
    data.push(view(all[i]));
  }
  return { data, nextPage: null };
}

/**
 * The v2 lists' paging, as the reference has it: `page_size` (1-99) and `cursor`; answers {next_page, data}. The rows
 * come as a slice: the page and one past it, which says whether a next page is there (a lazy list need not count).
 */
export function pageV2<S, T>(
  all: { slice(start: number, end: number): S[] },
  q: URLSearchParams,
  view: (s: S) => T,
): { next_page: string | null; data: T[] } {
  const { start, size } = bounds(q, 'page_size');
  const end = start + size;
  const rows = all.slice(start, end + 1);
  return { next_page: rows.length > size ? cursorAt(end) : null, data: rows.slice(0, size).map(view) };
}
