// "Copy as cURL" for a catalog operation: the request the client would send, with a placeholder token.
// The header rules are the client's: `service-version` (a v1 minor version) only on v1 calls.
import { Redactor, toCurl } from '../client';
import { takesBody } from './requestFile';

/** The client sends `service-version` on every call but v2 ones (src/client/client.ts). */
export function sendsServiceVersion(path: string): boolean {
  return !path.startsWith('/v2/');
}

export function operationCurl(op: { method: string; path: string }, baseUrl: string, serviceVersion?: string): string {
  const headers: Record<string, string> = { Authorization: 'Bearer $ACCESS_TOKEN', Accept: 'application/json' };
  if (serviceVersion && sendsServiceVersion(op.path)) headers['service-version'] = serviceVersion;
  if (op.method !== 'GET' && op.method !== 'DELETE') headers['Content-Type'] = 'application/json';
  const url = `${baseUrl.replace(/\/$/, '')}${op.path}`;
  return toCurl({ method: op.method, url, headers, body: takesBody(op.method) ? '{}' : undefined }, new Redactor());
}
