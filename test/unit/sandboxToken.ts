// A bearer token from a Local sandbox's token endpoint, with its demo credentials, as a client gets one.
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, type Sandbox } from '../../src/sandbox';

export async function tokenOf(s: Pick<Sandbox, 'url'>): Promise<string> {
  const form = new URLSearchParams({
    client_id: DEMO_CLIENT_ID,
    client_secret: DEMO_CLIENT_SECRET,
    grant_type: 'client_credentials',
  });
  const r = await fetch(`${s.url}/oauth/token`, { method: 'POST', body: form });
  return ((await r.json()) as { access_token: string }).access_token;
}
