// A base URL is the environment's host (spec 01: "{base_url} is the host"): the client adds /v1/..., /v2/... and
// /oauth/token itself. The v2 reference lists its servers with /v2 at the end, so people paste that, and the token
// request went to /v2/oauth/token: a 401 that blamed their credentials. A path of a gateway in front of the
// service (https://gw.example.com/billing) is kept: only the service's own path roots are refused.
const SERVICE_ROOTS = new Set(['v1', 'v2', 'oauth']);

/** Why `u` cannot be a base URL, with the URL to pass instead; undefined when it can. */
export function servicePathProblem(u: URL, place: string): string | undefined {
  const segments = u.pathname.split('/');
  const at = segments.findIndex(s => SERVICE_ROOTS.has(s.toLowerCase()));
  if (at < 0 && !u.search && !u.hash) return undefined;
  const kept = (at < 0 ? segments : segments.slice(0, at)).filter(Boolean);
  const corrected = `${u.origin}${kept.map(s => `/${s}`).join('')}`;
  const what =
    at < 0
      ? `a ${u.search ? 'query' : 'fragment'} (${u.search || u.hash}), which no request would carry`
      : `the service's path /${segments.slice(at).filter(Boolean).join('/')}`;
  return (
    `Refusing ${u.href} as a base URL: it has ${what}. A base URL is the host ` +
    `(and optional port) only; the client adds /v1/..., /v2/... and /oauth/token itself. Change ${place} to ${corrected}.`
  );
}
