import { ServiceError } from './errors';

/** Cursor paging of the object-query reads: `pageSize` (1-99, default 20), opaque `cursor`; answers {data, nextPage}. */
export function page<T>(all: T[], q: URLSearchParams): { data: T[]; nextPage: string | null } {
  const size = q.has('pageSize') ? Number(q.get('pageSize')) : 20;
  if (!Number.isInteger(size) || size < 1 || size > 99) throw ServiceError.v2('bad_request', [{ code: 'invalid_parameter', parameter: 'pageSize', message: 'pageSize must be a whole number from 1 to 99.' }], 20);
  let start = 0;
  const cursor = q.get('cursor');
  if (cursor) {
    start = Number(Buffer.from(cursor, 'base64url').toString('utf8').replace(/^o:/, ''));
    if (!Number.isInteger(start) || start < 0) throw ServiceError.v2('bad_request', [{ code: 'invalid_parameter', parameter: 'cursor', message: 'Unknown cursor: start again without one.' }], 20);
  }
  const end = start + size;
  return { data: all.slice(start, end), nextPage: end < all.length ? Buffer.from(`o:${end}`).toString('base64url') : null };
}
