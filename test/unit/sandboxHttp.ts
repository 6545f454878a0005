// The Local sandbox over real HTTP on loopback, as the sandbox-*.test.ts route tests talk to it: a token from
// its token endpoint, JSON calls with it, and one seeded sandbox shared by a test file's tests.
import { before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import { startSandbox, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, type Sandbox } from '../../src/sandbox';
import { TEMPLATES } from '../../src/schemas';

/** The body of a shipped request template, by its id. */
export const body = (id: string) => TEMPLATES.find(t => t.id === id)!.body;

export async function getToken(s: Sandbox): Promise<string> {
  const r = await fetch(`${s.url}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: DEMO_CLIENT_ID,
      client_secret: DEMO_CLIENT_SECRET,
      grant_type: 'client_credentials',
    }),
  });
  assert.equal(r.status, 200);
  return ((await r.json()) as { access_token: string }).access_token;
}

/**
 * A sandbox with 3 seeded accounts, started before the file's tests and closed after them, and `call`: a JSON
 * request to it with its token (or to another sandbox `s` with its token `t`).
 */
export function sharedSandbox() {
  const shared = { sb: undefined as unknown as Sandbox, token: '' };
  before(async () => {
    shared.sb = await startSandbox({ seedAccounts: 3 });
    shared.token = await getToken(shared.sb);
  });
  after(() => shared.sb.close());
  async function call(
    method: string,
    path: string,
    payload?: unknown,
    headers: Record<string, string> = {},
    s = shared.sb,
    t = shared.token,
  ) {
    const r = await fetch(`${s.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${t}`, 'Content-Type': 'application/json', ...headers },
      body: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    const text = await r.text();
    return { status: r.status, headers: r.headers, json: text ? JSON.parse(text) : undefined };
  }
  return { shared, call };
}
