// A base URL is the environment's host (spec 01: "{base_url} is the host"): the client adds /v1/..., /v2/... and
// /oauth/token itself. The v2 reference lists its servers with /v2 at the end, so people paste that, and the token
// request went to /v2/oauth/token: a 401 that blamed their credentials. A path of a gateway in front of the
// service (https://gw.example.com/billing) is kept: only the service's own path roots are refused. Loaded at
// activation (the connections check their URLs): kept small.
const SERVICE_ROOT = /\/(?:v1|v2|oauth)(?:\/|$)/i;

/** Why `u` cannot be a base URL (the service's path, a query or fragment), with the URL to pass instead. */
export function servicePathProblem(u: URL, place: string): string | undefined {
  const at = u.pathname.search(SERVICE_ROOT);
  if (at < 0 && !u.search && !u.hash) return undefined;
  const host = u.origin + (at < 0 ? u.pathname : u.pathname.slice(0, at)).replace(/\/+$/, '');
  return `Refusing ${u.href} as a base URL: A base URL is the host (and optional port) only; the client adds /v1, /v2 and /oauth itself. Change ${place} to ${host}.`;
}
