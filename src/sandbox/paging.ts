import { ServiceError } from './errors';

const invalid = (parameter: string, message: string) =>
  ServiceError.v2('bad_request', [{ code: 'invalid_parameter', parameter, message }], 20);

/**
 * Cursor paging of the object-query reads: `pageSize` (1-99, default 20), opaque `cursor`; answers
 * {data, nextPage}. It slices first and maps only the page, so a page costs what it holds.
 */
export function page<S, T>(
  all: readonly S[],
  q: URLSearchParams,
  view: (s: S) => T,
): { data: T[]; nextPage: string | null } {
  const size = q.has('pageSize') ? Number(q.get('pageSize')) : 20;
  if (!Number.isInteger(size) || size < 1 || size > 99) {
    throw invalid('pageSize', 'pageSize must be a whole number from 1 to 99.');
  }
  let start = 0;
  const cursor = q.get('cursor');
  if (cursor) {
    start = Number(Buffer.from(cursor, 'base64url').toString('utf8').replace(/^o:/, ''));
    if (!Number.isInteger(start) || start < 0) throw invalid('cursor', 'Unknown cursor: start again without one.');
  }
  const end = start + size;
  return {
    data: all.slice(start, end).map(view),
    nextPage: end < all.length ? Buffer.from(`o:${end}`).toString('base64url') : null,
  };
}
