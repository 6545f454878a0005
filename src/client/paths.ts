// Path parameters become exactly one path segment: `.`, `..` and empty values are refused, because URL
// normalisation would turn them into another operation on the same host (GET /v1/accounts/.. = GET /v1).
import { ApiError } from './errors';
import { PATH_PARAM } from './pathTemplate';

export function pathSegment(name: string, value: string | undefined, where: string): string {
  if (value === undefined || value.trim() === '') {
    throw new ApiError({ kind: 'config', message: `Path parameter "${name}" is required for ${where}.` });
  }
  if (value === '.' || value === '..') {
    throw new ApiError({
      kind: 'config',
      message: `Path parameter "${name}" cannot be "${value}" (${where}): it would change which operation is called.`,
    });
  }
  return encodeURIComponent(value);
}

/** The concrete path a template sends: `/v1/accounts/{account-key}` with `A-1` gives `/v1/accounts/A-1`. */
export function fillPath(op: { method: string; path: string }, params: Record<string, string> = {}): string {
  const where = `${op.method.toUpperCase()} ${op.path}`;
  return op.path.replace(PATH_PARAM, (_m, name: string) => pathSegment(name, params[name], where));
}
