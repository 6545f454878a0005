// The local sandbox: an HTTP server on loopback that behaves like the service for the v2 quickstart,
// the token endpoint and the reads the tree needs. Same paths, auth, error shapes; real computations.
import { createHash, randomBytes, randomUUID } from 'crypto';
import * as http from 'http';
import type { AddressInfo } from 'net';
import { formatPath, validate, type PayloadKind, type PreviewRequestBody } from '../schemas';
import { matchOperation } from '../catalog';
import { catalogResponse } from './catalog';
import { badRequest, notFound, ServiceError, unauthorized } from './errors';
import { readBody } from './http';
import { DESCRIBED_FIELDS, V1_OBJECT_NAMES } from '../catalog/objectNames';
import { runOrder } from './orders';
import { page } from './paging';
import { seed } from './seed';
import { Store, type AccountRec, type OrderRec } from './store';

export const DEMO_CLIENT_ID = 'sandbox-demo-client';
export const DEMO_CLIENT_SECRET = 'sandbox-demo-secret';

export interface SandboxOptions {
  port?: number; tokenTtlSeconds?: number; maxConcurrent?: number; seedAccounts?: number; dataFile?: string;
  /** Test hook: delay (ms) before answering matching requests, to hold them in flight. */
  delay?: (method: string, path: string) => number;
}
export interface Sandbox {
  url: string; port: number; clientId: string; clientSecret: string; store: Store;
  /** Every access token issued so far (tests check none leaks into logs). */
  issuedTokens(): string[];
  /** Invalidates every token, as a revocation would: the next call answers 401. */
  revokeTokens(): void;
  /** Adds N seeded accounts, each with an order (tests of paging). */
  seedAccounts(n: number): void;
  close(): Promise<void>;
}

type Reply = { status: number; body: unknown; headers?: Record<string, string> };
interface Idem { hash: string; reply?: Reply; expires: number }
const CATEGORY_OF: Record<number, string> = { 20: 'invalid_parameter', 21: 'unknown_parameter', 22: 'missing_parameter', 90: 'malformed_json' };

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const ttl = opts.tokenTtlSeconds ?? 3600;
  const maxConcurrent = opts.maxConcurrent ?? 10;
  const store = new Store(opts.dataFile);
  if (store.accounts.size === 0) { seed(store, Math.max(1, opts.seedAccounts ?? 1)); store.save(); }
  const tokens = new Map<string, number>();
  const issued: string[] = [];
  const idempotency = new Map<string, Idem>();
  const volume = new Map<string, number>();
  let inFlight = 0;

  const auth = (req: http.IncomingMessage) => {
    const m = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '');
    const expires = m ? tokens.get(m[1]) : undefined;
    if (!expires) throw unauthorized('Invalid or missing access token: request a token from POST /oauth/token.');
    if (expires < Date.now()) { tokens.delete(m![1]); throw unauthorized('The access token has expired: request a new one.'); }
  };

  async function route(req: http.IncomingMessage, path: string, query: URLSearchParams, hold: () => Promise<void>): Promise<Reply> {
    const method = req.method ?? 'GET';
    const allow = (...methods: string[]) => {
      if (!methods.includes(method)) throw ServiceError.v2('method_not_allowed', [{ code: 'method_not_allowed', message: `${method} is not supported on ${path}; use ${methods.join(' or ')}.` }], 45, { Allow: methods.join(', ') });
    };
    if (path === '/oauth/token') {
      allow('POST');
      const form = new URLSearchParams(await readBody(req));
      if (form.get('grant_type') !== 'client_credentials') throw badRequest('invalid_parameter', 'grant_type', 'grant_type must be client_credentials.', 20);
      if (form.get('client_id') !== DEMO_CLIENT_ID || form.get('client_secret') !== DEMO_CLIENT_SECRET) throw unauthorized('Invalid client credentials.');
      const token = randomBytes(24).toString('hex');
      tokens.set(token, Date.now() + ttl * 1000);
      issued.push(token);
      return { status: 200, body: { access_token: token, token_type: 'bearer', expires_in: ttl, scope: 'entity.local platform.write service.sandbox.read service.sandbox.write tenant.local user.demo', jti: randomUUID() } };
    }
    auth(req);
    if (method !== 'POST') await hold();
    let m: RegExpExecArray | null;
    if (path === '/v2/accounts') { allow('POST'); return idempotent(req, 'account', hold, async body => {
      const a = runOrder(store, { account_data: body as never, subscriptions: [] }, true).account!;
      store.save();
      return { status: 201, body: accountView(a) };
    }); }
    if (path === '/v2/orders/preview') { allow('POST'); return idempotent(req, 'preview', hold, async body => ({ status: 201, body: runOrder(store, body as PreviewRequestBody, false).preview })); }
    if (path === '/v2/orders') { allow('POST'); return idempotent(req, 'order', hold, async body => {
      const { order } = runOrder(store, body as PreviewRequestBody, true);
      store.save();
      return { status: 200, body: orderView(order!) };
    }); }
    if ((m = /^\/v2\/orders\/([^/]+)$/.exec(path))) {
      allow('GET');
      const o = store.orders.get(decodeURIComponent(m[1]));
      if (!o) throw notFound('order_number', `No order ${decodeURIComponent(m[1])}.`);
      return { status: 200, body: orderView(o) };
    }
    if ((m = /^\/v2\/accounts\/([^/]+)$/.exec(path))) {
      allow('GET');
      const a = store.accounts.get(decodeURIComponent(m[1]));
      if (!a) throw notFound('account_number', `No account ${decodeURIComponent(m[1])}.`);
      return { status: 200, body: accountView(a) };
    }
    if (path.startsWith('/v2/')) throw notFound('path', `No v2 operation at ${path}.`);
    // ---- v1 family ----
    if (path === '/v1/catalog/products') { allow('GET'); return { status: 200, body: catalogResponse() }; }
    if (path === '/object-query/accounts') { allow('GET'); return { status: 200, body: page(store.accountList.map(objAccount), query) }; }
    if (path === '/object-query/orders') {
      allow('GET');
      const acct = filterValue(query, 'accountNumber');
      return { status: 200, body: page((acct ? store.orderList.filter(o => o.account_number === acct) : store.orderList).map(objOrder), query) };
    }
    if (path === '/object-query/subscriptions') {
      allow('GET');
      const acct = filterValue(query, 'accountNumber');
      const subs = [...store.subscriptions.values()].filter(s => !acct || s.account_number === acct);
      return { status: 200, body: page(subs.map(s => ({ id: s.id, subscriptionNumber: s.subscription_number, accountNumber: s.account_number, status: s.state, version: s.version, termStartDate: s.current_term_start, termEndDate: s.current_term_end })), query) };
    }
    if ((m = /^\/object-query\/(accounts|orders)\/([^/]+)$/.exec(path))) {
      allow('GET');
      const key = decodeURIComponent(m[2]);
      const account = m[1] === 'accounts' ? store.accounts.get(key) ?? store.accountList.find(a => a.id === key) : undefined;
      const order = m[1] === 'orders' ? store.orders.get(key) ?? store.orderList.find(o => o.id === key) : undefined;
      const found = account ? objAccount(account) : order ? objOrder(order) : undefined;
      if (!found) throw ServiceError.v2('not_found', [{ code: 'not_found', message: `No ${m[1].slice(0, -1)} ${key}.` }], 40);
      return { status: 200, body: found };
    }
    if ((m = /^\/v1\/describe\/([^/]+)$/.exec(path))) {
      allow('GET');
      const name = decodeURIComponent(m[1]);
      if (!V1_OBJECT_NAMES.includes(name)) throw ServiceError.v2('not_found', [{ code: 'not_found', message: `"${name}" is not an object API name; see the describe list (Account, Order, Subscription, ...).` }], 40);
      return { status: 200, body: { success: true, object: name, fields: (DESCRIBED_FIELDS[name] ?? []).map(f => ({ name: f, type: f.endsWith('Date') ? 'date' : 'string' })), note: DESCRIBED_FIELDS[name] ? undefined : 'Field lists of this object are not available in the local sandbox.' } };
    }
    if (path === '/system-health/api-requests/volume-summary') {
      allow('GET');
      return { status: 200, body: { success: true, data: [...volume].map(([k, count]) => { const [method, p] = k.split(' '); return { method, path: p, count }; }) } };
    }
    const op = matchOperation(method, path);
    if (!op) throw ServiceError.v2('not_found', [{ code: 'not_found', message: `No operation ${method} ${path}: check the path (Billing: Find Operation...).` }], 40);
    throw new ServiceError(501, { type: 'not_found', errors: [{ code: 'not_available', message: `${op.id} (${op.summary}) is not available in the local sandbox; use a sandbox or test environment of the service.` }] }, { resource: 500000, category: 45 });
  }

  /** Validate the JSON body, then run the handler once per Idempotency-Key (replayed for 24 h). */
  async function idempotent(req: http.IncomingMessage, kind: PayloadKind, hold: () => Promise<void>, handler: (body: unknown) => Promise<Reply>): Promise<Reply> {
    const text = await readBody(req);
    const findings = validate(text, kind).filter(f => f.severity === 'error');
    if (findings.length) {
      const cat = findings[0].category;
      throw ServiceError.v2('bad_request', findings.map(f => ({ code: CATEGORY_OF[f.category], ...(f.path.length ? { parameter: formatPath(f.path) } : {}), message: f.message })), cat);
    }
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || !key) { await hold(); return handler(JSON.parse(text)); }
    const hash = createHash('sha256').update(`${req.url} ${text}`).digest('hex');
    const prior = idempotency.get(key);
    if (prior && prior.expires > Date.now()) {
      if (prior.hash !== hash) throw ServiceError.v2('unprocessable_entity', [{ code: 'idempotency_key_reused', parameter: 'Idempotency-Key', message: 'This Idempotency-Key was used with another request body.' }], 30);
      if (!prior.reply) throw ServiceError.v2('conflict', [{ code: 'idempotency_key_in_use', parameter: 'Idempotency-Key', message: 'A request with this Idempotency-Key is still running; retry shortly.' }], 50);
      return { ...prior.reply, headers: { ...prior.reply.headers, 'Idempotent-Replayed': 'true' } };
    }
    const entry: Idem = { hash, expires: Date.now() + 24 * 3600_000 };
    if (idempotency.size >= 1000) for (const [k, v] of idempotency) if (v.expires <= Date.now()) idempotency.delete(k); // replies are kept 24 h, not forever
    idempotency.set(key, entry);
    try {
      await hold();
      entry.reply = await handler(JSON.parse(text));
      return entry.reply;
    } catch (e) {
      idempotency.delete(key); // a failed attempt may be retried with the same key
      throw e;
    }
  }

  const server = http.createServer((req, res) => {
    const requestId = randomUUID();
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname;
    const v2 = path.startsWith('/v2/'); // the token call and the reads answer in the v1 family's shape
    const send = (r: Reply) => {
      if (res.headersSent) return;
      const body = JSON.stringify(r.body);
      res.writeHead(r.status, { 'Content-Type': 'application/json', 'Service-Request-Id': requestId, 'Content-Length': Buffer.byteLength(body), ...r.headers });
      res.end(body);
    };
    const fail = (e: unknown) => {
      const err = e instanceof ServiceError ? e : ServiceError.v2('internal_error', [{ code: 'internal_error', message: 'Unexpected error in the local sandbox.' }], 60);
      if (!(e instanceof ServiceError)) console.error(`sandbox: ${req.method} ${path}: ${(e as Error)?.stack ?? e}`);
      send({ status: err.status, body: v2 ? err.v2Body() : err.v1Body(), headers: err.headers });
    };
    const volumeKey = `${req.method} ${path.replace(/\/(A|O|S)\d{8}$/, '/{key}')}`;
    volume.set(volumeKey, (volume.get(volumeKey) ?? 0) + 1);
    if (inFlight >= maxConcurrent) {
      req.resume();
      return fail(ServiceError.v2('too_many_requests', [{ code: 'too_many_requests', message: `More than ${maxConcurrent} requests in flight; retry after the Retry-After seconds.` }], 70, { 'Retry-After': '1' }));
    }
    inFlight++;
    res.on('close', () => { inFlight--; });
    const ms = opts.delay?.(req.method ?? 'GET', path) ?? 0;
    const hold = () => (ms ? new Promise<void>(r => setTimeout(r, ms)) : Promise.resolve());
    route(req, path, url.searchParams, hold).then(send, fail).catch(fail);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(opts.port ?? 0, '127.0.0.1', () => resolve()); });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`, port, clientId: DEMO_CLIENT_ID, clientSecret: DEMO_CLIENT_SECRET, store,
    issuedTokens: () => [...issued], revokeTokens: () => tokens.clear(),
    seedAccounts: n => { seed(store, n, store.accounts.size); store.save(); },
    close: () => new Promise<void>(resolve => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

function filterValue(q: URLSearchParams, field: string): string | undefined {
  for (const f of q.getAll('filter[]')) { const m = new RegExp(`^${field}\\.EQ:(.+)$`, 'i').exec(f); if (m) return m[1]; }
  return q.get(field) ?? undefined;
}

const accountView = (a: AccountRec) => ({ id: a.id, account_number: a.account_number, name: a.name, currency: a.currency, bill_cycle_day: a.bill_cycle_day, bill_to: a.bill_to, ...(a.sold_to ? { sold_to: a.sold_to } : {}), state: a.status, created_time: a.created_time, updated_time: a.updated_time });
const orderView = (o: OrderRec) => ({ id: o.id, created_time: o.created_time, updated_time: o.created_time, created_by_id: 'sandbox-client', updated_by_id: 'sandbox-client', category: null, description: o.description, order_date: o.order_date, order_number: o.order_number, line_items: o.line_items, subscriptions: o.subscriptions });
const objAccount = (a: AccountRec) => ({ id: a.id, accountNumber: a.account_number, name: a.name, currency: a.currency, billCycleDay: a.bill_cycle_day, status: 'Active', createdDate: a.created_time });
const objOrder = (o: OrderRec) => ({ id: o.id, orderNumber: o.order_number, accountNumber: o.account_number, orderDate: o.order_date, description: o.description, status: 'Completed', subscriptionNumbers: (o.subscriptions as { subscription_number: string }[]).map(s => s.subscription_number), createdDate: o.created_time });
