// A realistic mix of requests to the Local sandbox, as the editor, the CLI and scenarios send them: tokens,
// v2 and v1 previews, GETs, a few creates each retried with its Idempotency-Key, 400s and 404s, invoices.
import * as fs from 'fs';
import { Agent, request } from 'undici';
import type { Sandbox } from '../src/sandbox';
import { TEMPLATES } from '../src/schemas';

const body = (id: string) => JSON.stringify(TEMPLATES.find(t => t.id === id)!.body);
const PREVIEW_V2 = body('preview');
const CREATE = body('new-customer');
const PREVIEW_V1 = JSON.stringify(JSON.parse(fs.readFileSync('examples/v1/new-and-add.request.json', 'utf8')).body);

interface Send {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  form?: boolean;
  key?: string;
  /** The status it must answer: anything else stops the bench (the mix would not be what it says). */
  status: number;
}

/** Request `i` of the mix (per 100: 2 tokens, 30 v2 and 15 v1 previews, 10 orders, 19 accounts, 10 invoice
 * lists, 2 creates and their 2 replays, 5 bad previews (400), 5 unknown accounts (404)). */
export function nth(i: number, s: Sandbox, order: string): Send {
  const k = i % 100;
  if (k < 2) {
    const form = new URLSearchParams({
      client_id: s.clientId,
      client_secret: s.clientSecret,
      grant_type: 'client_credentials',
    });
    return { method: 'POST', path: '/oauth/token', body: form.toString(), form: true, status: 200 };
  }
  if (k < 32) return { method: 'POST', path: '/v2/orders/preview', body: PREVIEW_V2, status: 201 };
  if (k < 47) return { method: 'POST', path: '/v1/orders/preview', body: PREVIEW_V1, status: 200 };
  if (k < 57) return { method: 'GET', path: `/v2/orders/${order}`, status: 200 };
  if (k < 76) return { method: 'GET', path: '/v2/accounts/A00000001', status: 200 };
  if (k < 86) return { method: 'GET', path: '/v2/invoices?account_id=A00000001', status: 200 };
  // a create and its retry share the key (the retry replays the answer)
  if (k < 90)
    return { method: 'POST', path: '/v2/orders', body: CREATE, key: `k-${Math.floor(i / 100)}-${k >> 1}`, status: 200 };
  if (k < 95) return { method: 'POST', path: '/v2/orders/preview', body: '{"subscriptions": 3}', status: 400 };
  return { method: 'GET', path: '/v2/accounts/A99999999', status: 404 };
}

/** Sends requests `from`..`to` of the mix, `width` at a time over one keep-alive Agent; counts by status. */
export async function sendMix(s: Sandbox, from: number, to: number, width = 8): Promise<Map<number, number>> {
  const agent = new Agent({ connections: width, pipelining: 1 });
  const statuses = new Map<number, number>();
  const token = await fetchToken(s, agent);
  const order = await firstOrder(s, agent, token);
  let next = from;
  const worker = async () => {
    while (next < to) {
      const send = nth(next++, s, order);
      const r = await request(`${s.url}${send.path}`, {
        method: send.method,
        dispatcher: agent,
        body: send.body,
        headers: {
          ...(send.form
            ? { 'content-type': 'application/x-www-form-urlencoded' }
            : { authorization: `Bearer ${token}`, 'content-type': 'application/json' }),
          ...(send.key ? { 'idempotency-key': send.key } : {}),
        },
      });
      const text = await r.body.text();
      if (r.statusCode !== send.status)
        throw new Error(
          `${send.method} ${send.path} answered ${r.statusCode}, not ${send.status}: ${text.slice(0, 300)}`,
        );
      statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  await agent.close();
  return statuses;
}

/** A token from the sandbox's token endpoint, over `agent` (its client credentials as the sandbox printed them). */
export async function fetchToken(s: Pick<Sandbox, 'url' | 'clientId' | 'clientSecret'>, agent: Agent): Promise<string> {
  const form = new URLSearchParams({
    client_id: s.clientId,
    client_secret: s.clientSecret,
    grant_type: 'client_credentials',
  });
  const r = await request(`${s.url}/oauth/token`, {
    method: 'POST',
    dispatcher: agent,
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return ((await r.body.json()) as { access_token: string }).access_token;
}

/** The order a GET asks for: one created up front. */
async function firstOrder(s: Sandbox, agent: Agent, token: string): Promise<string> {
  const r = await request(`${s.url}/v2/orders`, {
    method: 'POST',
    dispatcher: agent,
    body: CREATE,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  const o = (await r.body.json()) as { order_number?: string; id?: string };
  if (r.statusCode !== 200) throw new Error(`the first order answered ${r.statusCode}: ${JSON.stringify(o)}`);
  return (o.order_number ?? o.id)!;
}

/** `n` creates without Idempotency-Key, 8 at a time: what created orders alone keep. */
export async function createOnly(s: Sandbox, n: number): Promise<void> {
  const agent = new Agent({ connections: 8 });
  const token = await fetchToken(s, agent);
  let left = n;
  const worker = async () => {
    while (left-- > 0) {
      const r = await request(`${s.url}/v2/orders`, {
        method: 'POST',
        dispatcher: agent,
        body: CREATE,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      await r.body.text();
      if (r.statusCode !== 200) throw new Error(`a create answered ${r.statusCode}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  await agent.close();
}

/** One JSON call with a bearer token over `agent`: its status and body (the benches in a child process use it). */
export async function sendJson(
  s: { url: string },
  agent: Agent,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const r = await request(`${s.url}${path}`, {
    method,
    dispatcher: agent,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: r.statusCode, text: await r.body.text() };
}
