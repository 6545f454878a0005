// Whether a --base-url is a Local sandbox: the check lives in the core (scenarios/localSandboxAt.ts), where the
// editor's Testing view asks it too. Here, what follows from it for the commands that send (`test`, `preview`,
// `create`): a Local sandbox is a throw-away server on this machine, so its demo credentials serve unless others
// are given.
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from '../sandbox';
import { isLocalSandboxAt, type Probe } from '../scenarios/localSandboxAt';

export { isLocalSandboxAt, type Probe };

export interface Credentials {
  clientId?: string;
  clientSecret?: string;
}

/**
 * The credentials for `baseUrl`: both of those given, else (when a Local sandbox answers there) its demo ones.
 * `demo` says the demo ones were taken; a remote host gets what was given, which the caller checks.
 */
export async function credentialsAt(
  baseUrl: string,
  given: Credentials,
  probe?: Probe,
): Promise<Credentials & { localSandbox: boolean; demo: boolean }> {
  const localSandbox = await isLocalSandboxAt(baseUrl, probe);
  if ((given.clientId && given.clientSecret) || !localSandbox) {
    return { clientId: given.clientId, clientSecret: given.clientSecret, localSandbox, demo: false };
  }
  return { clientId: DEMO_CLIENT_ID, clientSecret: DEMO_CLIENT_SECRET, localSandbox, demo: true };
}
