// Whether a base URL is a Local sandbox (`sandbox` started it): on loopback, and its answer carries the
// sandbox's identity header. Then a scenario run there (`test --base-url`, the editor's Testing view on such a
// connection) runs the control steps and writes without a question, and `test` uses the demo credentials unless
// others are given: it is a throw-away server on this machine. Anything else is remote, whatever it answers (a
// remote host is never even asked). Core: the CLI and the editor both ask here.
import { isLoopback, type BillingClient } from '../client';
import { CLOCK_PATH } from '../wire/sandboxClock';
import { SANDBOX_IDENTITY_HEADER, SANDBOX_IDENTITY_VALUE } from '../wire/sandboxIdentity';
import type { ConnectionInfo, RunTarget } from './runPlace';

/** How long the question may take: a loopback server answers at once, or is not the Local sandbox. */
const PROBE_TIMEOUT_MS = 2_000;

export type Probe = (url: string, signal: AbortSignal) => Promise<{ headers: { get(name: string): string | null } }>;

const fetchProbe: Probe = async (url, signal) => {
  const r = await fetch(url, { signal, redirect: 'error', headers: { accept: 'application/json' } });
  await r.body?.cancel(); // the header is the answer: the body is not read
  return r;
};

/** True when `baseUrl` is on loopback and what answers there says it is a Local sandbox. */
export async function isLocalSandboxAt(baseUrl: string, probe: Probe = fetchProbe): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return false; // the client says what is wrong with the URL
  }
  if (url.protocol !== 'http:' || !isLoopback(url.hostname)) return false;
  try {
    // Unauthenticated: the sandbox answers 401 (with its header); nothing is sent but the path.
    const r = await probe(new URL(CLOCK_PATH, url).toString(), AbortSignal.timeout(PROBE_TIMEOUT_MS));
    return r.headers.get(SANDBOX_IDENTITY_HEADER) === SANDBOX_IDENTITY_VALUE;
  } catch {
    return false; // nothing listening, too slow, a redirect: not one
  }
}

/** A run's target on a connection: a Local sandbox when `isLocalSandboxAt` says so (its control steps, no question). */
export async function connectionTarget(
  client: BillingClient,
  connection: Omit<ConnectionInfo, 'localSandbox'>,
  probe?: Probe,
): Promise<Extract<RunTarget, { kind: 'connection' }>> {
  const localSandbox = await isLocalSandboxAt(connection.baseUrl, probe);
  return { kind: 'connection', client, connection: { ...connection, localSandbox } };
}
