import { ServiceError } from './errors';

const invalid = (parameter: string, message: string) =>
  ServiceError.v2('bad_request', [{ code: 'invalid_parameter', parameter, message }], 20);

/** Which query parameter carries the page size: object-query reads say `pageSize`, v2 lists `page_size`. */
type SizeParam = 'pageSize' | 'page_size';

/** The slice a page covers and the cursor of the next one (null at the end). */
function slice(
  total: number,
  q: URLSearchParams,
  sizeParam: SizeParam,
): { start: number; end: number; next: string | null } {
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
  const end = start + size;
  return { start, end, next: end < total ? Buffer.from(`o:${end}`).toString('base64url') : null };
}

/**
 * Cursor paging of the object-query reads: `pageSize` (1-99, default 20), opaque `cursor`; answers
 * {data, nextPage}. It slices first and maps only the page, so a page costs what it holds.
 */
export function page<S, T>(
  all: readonly S[],
  q: URLSearchParams,
  view: (s: S) => T,
): { data: T[]; nextPage: string | null } {
  const { start, end, next } = slice(all.length, q, 'pageSize');
  return { data: all.slice(start, end).map(view), nextPage: next };
}

/** The v2 lists' paging, as the reference has it: `page_size` (1-99) and `cursor`; answers {next_page, data}. */
export function pageV2<S, T>(
  all: readonly S[],
  q: URLSearchParams,
  view: (s: S) => T,
): { next_page: string | null; data: T[] } {
  const { start, end, next } = slice(all.length, q, 'page_size');
  return { next_page: next, data: all.slice(start, end).map(view) };
}
