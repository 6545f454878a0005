// Which `Host` the Local sandbox answers: loopback names only, as dev servers do against DNS rebinding (a page
// that points a name of its own at 127.0.0.1 sends that name, and must not read or create anything here).
import type { Reply } from './router';

/** 127.0.0.1 (the address the sandbox is bound to), localhost or [::1], with or without a port. */
const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(?::(\d{1,5}))?$/i;

/**
 * True when `host` names this machine's loopback. With `port`, a port in `host` must be that one (the catalog
 * control path, which replaces the prices, also refuses a request forwarded from another port). A request
 * without a Host header (HTTP/1.0 tools) is answered: browsers always send one.
 */
export function isLoopbackHost(host: string | undefined, port?: number): boolean {
  if (host === undefined) return true;
  const m = LOOPBACK_HOST.exec(host);
  return !!m && (port === undefined || m[2] === undefined || Number(m[2]) === port);
}

/** The 403 for another Host: what was refused and why, in the v2 error shape. */
export function hostRefused(host: string | undefined, what = 'The Local sandbox'): Reply {
  const message =
    `${what} answers only requests addressed to this machine (Host 127.0.0.1, localhost or [::1]), ` +
    `not "${host ?? ''}": use http://127.0.0.1:<port> as it prints.`;
  return {
    status: 403,
    body: { type: 'forbidden', errors: [{ code: 'host_not_allowed', parameter: 'Host', message }], retryable: false },
  };
}
