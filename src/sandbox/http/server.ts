// The local sandbox: an HTTP server on loopback that behaves like the service for the v2 quickstart,
// the token endpoint and the reads the tree needs. Same paths, auth, error shapes; real computations.
// Whatever a client sends, it answers (never a crash, never a 500); slow clients time out and hold no
// slot while their request arrives; every map that grows per request is bounded.
import { randomBytes, randomUUID } from 'crypto';
import * as http from 'http';
import type { AddressInfo } from 'net';
import { formatPath, type PayloadKind } from '../../schemas';
import { validatedOffThread } from './offThread';
import { matchOperation, servedLocally, type Operation } from '../../catalog';
import { contractAnswer } from '../contract/contractAnswers';
import { NOT_SERVED_HEADER, NOT_SERVED_VALUE } from '../../wire/notServed';
import { SANDBOX_IDENTITY_HEADER, SANDBOX_IDENTITY_VALUE } from '../../wire/sandboxIdentity';
import { sandboxClock, type MovableClock } from '../state/clock';
import { DataFileError, type DataWriter } from '../state/dataFile';
import { badRequest, notFound, ServiceError, unauthorized } from './errors';
import { pickFault, type Fault } from './faults';
import { hasBody, MAX_JSON_DEPTH, nestingExceeds, parseJson, readBody, receiveBody } from './body';
import { IdempotencyCache } from './idempotency';
import type { BodyCheck } from './routeDeps';
import { allowedMethods, decodeParams, routeFor, RouteTable, type Call, type Reply } from './router';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, sandboxRoutes } from './routes';
import type { PriceList } from '../engine/subscriptionBuild';
import { inCatalog } from '../state/activeCatalog';
import { conventionsOf, inConventions, type BillingConventions } from '../money/conventions';
import { importCatalog } from '../state/catalogImport';
import { catalogControl, SANDBOX_CATALOG_PATH } from './catalogControl';
import { hostRefused, isLoopbackHost } from './hostCheck';
import { seed } from '../engine/seed';
import { Store } from '../state/store';
import { clockRoutes } from '../timeTravel/clockRoutes';
import { TimeMachine, type Pause } from '../timeTravel/timeMachine';
import { isRealDate } from '../../schemas/dates';

export { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET };
/** Unauthenticated: which process serves which data file (editor windows check it before sharing one). */
export const INFO_PATH = '/.sandbox/info';
/** The sandbox's own control paths (the clock: /_sandbox/clock), authenticated like every call. */
export const CONTROL_PREFIX = '/_sandbox/';

export interface SandboxLimits {
  /** Live access tokens kept; past it the oldest are forgotten (their holders get a 401 and a new token). */
  tokens: number;
  /** Idempotency replies kept (24 h at most); past it the oldest answered ones are forgotten. */
  idempotencyKeys: number;
  /** Bytes of those replies kept (default 32 MB); one over a quarter of it is not kept. */
  idempotencyBytes?: number;
  /** Distinct paths counted by the volume summary; others count under "(other paths)". */
  volumePaths: number;
}
const DEFAULT_LIMITS: SandboxLimits = { tokens: 10_000, idempotencyKeys: 10_000, volumePaths: 1_000 };

export interface SandboxOptions {
  port?: number;
  tokenTtlSeconds?: number;
  maxConcurrent?: number;
  seedAccounts?: number;
  dataFile?: string;
  /** The clock tokens expire by (tests inject one instead of waiting for a token to age). */
  now?: () => number;
  /**
   * A simulated today (YYYY-MM-DD) for what depends on the date: an order without `order_date`, created
   * times, the card expiry check. Scenarios set it so that every run gives the same answers.
   */
  today?: string;
  /**
   * Amounts by price id and currency over the seeded catalog's, as a tenant priced differently would answer
   * (tests compare a preview across two connections). GET /v2/plans still lists the catalog's amounts.
   */
  prices?: PriceList;
  /**
   * A connection's catalog to price from instead of the seeded one: the plans of GET /v2/plans answers, in any
   * form `plansIn` reads (`sandbox --catalog FILE`). A catalog it cannot read throws a CatalogError naming the field.
   */
  catalog?: unknown;
  /** Test hook: delay (ms) before answering matching requests, to hold them in flight. */
  delay?: (method: string, path: string) => number;
  /** Added to every API answer, so the concurrency limit can be reached (`--latency`). */
  latencyMs?: number;
  /** Injected faults (`--faults`), drawn with `random` (Math.random unless a test injects one). */
  faults?: Fault[];
  random?: () => number;
  /** How long a `timeout` fault leaves a request unanswered before dropping the connection. */
  faultTimeoutMs?: number;
  /** A request's headers must arrive within this (ms; 5 s), else the connection is closed (node's bare 408). */
  headersTimeoutMs?: number;
  /** Its body within this after them (ms; 10 s), else a 408 in the family's shape and the connection closed. */
  bodyTimeoutMs?: number;
  limits?: Partial<SandboxLimits>;
  /** Test hook: how the data file is written (to simulate a full disk). */
  writer?: DataWriter;
  /** The tenant's billing rules (rounding, proration); the vendor's defaults where not given (`--rounding`...). */
  conventions?: Partial<BillingConventions>;
  /** Test hook: where a clock move pauses (a test holds one in progress); by default every 20 ms. */
  clockPause?: Pause;
}
export interface Sandbox {
  url: string;
  port: number;
  clientId: string;
  clientSecret: string;
  store: Store;
  /** The billing rules every request is answered by. */
  conventions: BillingConventions;
  /** Today: the `today` option, else the date the data file's clock was moved to, else the real date. */
  clock: MovableClock;
  dataFile?: string;
  /** Every access token issued so far, up to the token limit (tests check none leaks into logs). */
  issuedTokens(): string[];
  /** Invalidates every token, as a revocation would: the next call answers 401. */
  revokeTokens(): void;
  /** Adds N seeded accounts, each with an order (tests of paging). */
  seedAccounts(n: number): void;
  /** Sizes of the maps that grow per request (tests check they stay bounded). */
  sizes(): { tokens: number; issued: number; idempotencyKeys: number; idempotencyBytes: number; volumePaths: number };
  close(): Promise<void>;
}

const CATEGORY_OF: Record<number, string> = {
  20: 'invalid_parameter',
  21: 'unknown_parameter',
  22: 'missing_parameter',
  90: 'malformed_json',
};

/** A save that failed: nothing was kept, and sending the same request again cannot help until the file is fixed. */
const notSaved = (e: DataFileError) =>
  new ServiceError(
    500,
    {
      type: 'internal_server_error',
      errors: [{ code: 'data_not_saved', message: `${e.message} Nothing was created.` }],
    },
    { resource: 500000, category: 60 },
    {},
    undefined,
    false,
  );

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const ttl = opts.tokenTtlSeconds ?? 3600;
  const maxConcurrent = opts.maxConcurrent ?? 10;
  const headersTimeout = opts.headersTimeoutMs ?? 5_000;
  const bodyTimeout = opts.bodyTimeoutMs ?? 10_000;
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const random = opts.random ?? Math.random;
  const now = opts.now ?? Date.now;
  const clock = sandboxClock(opts.today);
  const conventions = conventionsOf(opts.conventions);
  const store = new Store(opts.dataFile, { writer: opts.writer });
  // A data file whose clock was moved stays on that date (its data went there), unless `today` says otherwise.
  if (opts.today === undefined && store.today !== undefined && isRealDate(store.today)) clock.set(store.today);
  try {
    if (store.accounts.size === 0) store.commit(() => seed(store, Math.max(1, opts.seedAccounts ?? 1)));
    if (opts.catalog !== undefined) store.commit(() => (store.catalog = importCatalog(opts.catalog)));
  } catch (e) {
    store.close();
    throw e;
  }
  const tokens = new Map<string, number>();
  const issued: string[] = [];
  const idempotency = new IdempotencyCache(limits.idempotencyKeys, limits.idempotencyBytes);
  const volume = new Map<string, number>();
  const held = new Set<NodeJS.Timeout>();
  let inFlight = 0;

  const issueToken = () => {
    const token = randomBytes(24).toString('hex');
    if (tokens.size >= limits.tokens) {
      for (const [t, expires] of tokens) if (expires < now()) tokens.delete(t);
      while (tokens.size >= limits.tokens) tokens.delete(tokens.keys().next().value!);
    }
    tokens.set(token, now() + ttl * 1000);
    issued.push(token);
    if (issued.length > limits.tokens) issued.shift();
    return token;
  };

  const auth = (req: http.IncomingMessage) => {
    const m = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '');
    const expires = m ? tokens.get(m[1]) : undefined;
    if (!expires) throw unauthorized('Invalid or missing access token: request a token from POST /oauth/token.');
    if (expires < now()) {
      tokens.delete(m![1]);
      throw unauthorized('The access token has expired: request a new one.');
    }
  };

  /** Runs a change to the data; a failed save answers a non-retryable error with nothing kept. */
  const commit = <T>(change: () => T): T => {
    timeMachine.refuseWhileMoving(); // a clock move in progress: a 503, nothing interleaves with it
    try {
      return store.commit(change);
    } catch (e) {
      throw e instanceof DataFileError ? notSaved(e) : e;
    }
  };

  const timeMachine = new TimeMachine({ store, clock, commit, pause: opts.clockPause });
  const routes = new RouteTable([
    ...sandboxRoutes({
      store,
      clock,
      ...(opts.prices ? { prices: opts.prices } : {}),
      tokenTtlSeconds: ttl,
      issueToken,
      commit,
      volume,
      idempotent,
    }),
    ...clockRoutes(timeMachine, idempotent), // control path: the clock (time travel)
  ]);

  /** The table answers what it holds; a path it knows with another method is a 405, any other a 404 or 501. */
  async function route(
    req: http.IncomingMessage,
    path: string,
    query: URLSearchParams,
    hold: () => Promise<void>,
  ): Promise<Reply> {
    const method = req.method ?? 'GET';
    const match = routes.match(path);
    if (!match?.routes.some(r => r.public)) {
      auth(req);
      if (method !== 'POST') await hold();
    }
    // A catalog operation the sandbox does not serve is a 501 even where a served template matches its path
    // (PUT /v1/orders/{orderNumber}, GET /v1/subscriptions/subscription-metrics).
    const op = matchOperation(method, path);
    if (!match || (op && !servedLocally(op))) {
      // Every other catalog operation is answered from the contract, when it has an answer there.
      const simulated = op && (await answerFromContract(op, req, path, query, hold));
      if (simulated) return simulated;
      throw unrouted(method, path);
    }
    const found = routeFor(match, method);
    if (!found) {
      const allowed = allowedMethods(match);
      const message = `${method} is not supported on ${path}; use ${allowed.join(' or ')}.`;
      throw ServiceError.bare('method_not_allowed', 45, message, { Allow: allowed.join(', ') });
    }
    timeMachine.refuseWhileMoving(); // reads too: a move in progress is half done
    return found.handle({ req, path, params: decodeParams(match.rawParams), query, hold });
  }

  /** The contract responder's answer (its request checked first), or undefined when the contract has none. */
  async function answerFromContract(
    op: Operation,
    req: http.IncomingMessage,
    path: string,
    query: URLSearchParams,
    hold: () => Promise<void>,
  ): Promise<Reply | undefined> {
    const text = ['POST', 'PUT', 'PATCH'].includes(op.method) ? await readBody(req) : '';
    if (op.method === 'POST') await hold();
    const account = (k: string) => store.accounts.get(k) ?? store.accountList.find(a => a.id === k);
    return contractAnswer({ op, path, query, text, today: clock.today(), account });
  }

  /** Check the JSON body, then run the handler once per Idempotency-Key (replayed for 24 h). */
  async function idempotent(
    call: Call,
    check: BodyCheck,
    handler: (body: unknown) => Reply | Promise<Reply>,
  ): Promise<Reply> {
    const { req, hold } = call;
    const text = await readBody(req);
    if (nestingExceeds(text, MAX_JSON_DEPTH)) {
      throw badRequest('malformed_json', undefined, `The body nests deeper than ${MAX_JSON_DEPTH} levels.`, 90);
    }
    let checked: unknown;
    if (typeof check === 'string') await validateV2(text, check);
    else check((checked = parseJson(text))); // the handler takes the body as the check read it (quoted numbers)
    const run = async () => {
      await hold();
      timeMachine.refuseWhileMoving();
      return handler(checked ?? JSON.parse(text));
    };
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || !key) return run();
    return idempotency.run(key, `${req.url} ${text}`, run);
  }

  /** The v2 validator's errors, as the v2 error body lists them. */
  async function validateV2(text: string, kind: PayloadKind): Promise<void> {
    // A big body is checked off the main thread: other requests are answered meanwhile.
    const findings = (await validatedOffThread(text, kind, Date.parse(clock.timestamp()))).filter(
      f => f.severity === 'error',
    );
    if (!findings.length) return;
    const details = findings.map(f => ({
      code: CATEGORY_OF[f.category] ?? 'invalid_parameter',
      ...(f.path.length ? { parameter: formatPath(f.path) } : {}),
      message: f.message,
    }));
    throw ServiceError.v2('bad_request', details, findings[0].category);
  }

  const server = http.createServer(
    {
      headersTimeout,
      // Only a backstop: bodies are read ahead under their own limit (receiveBody), which answers in our shape.
      requestTimeout: headersTimeout + bodyTimeout + 1_000,
      connectionsCheckingInterval: Math.min(1_000, headersTimeout),
    },
    (req, res) => {
      try {
        handle(req, res);
      } catch (e) {
        // a bug of ours: answer, never crash
        console.error(`sandbox: ${req.method} ${req.url}: ${(e as Error)?.stack ?? e}`);
        if (!res.headersSent) {
          res
            .writeHead(500, { 'Content-Type': 'application/json' })
            .end('{"type":"internal_server_error","errors":[]}');
        }
      }
    },
  );

  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const requestId = randomUUID();
    const target = req.url ?? '/';
    const send = (r: Reply) => {
      if (res.headersSent || res.destroyed) return;
      // A 204 has none; a reply that names its own Content-Type (describe's XML) is sent as its text.
      const raw = typeof r.body === 'string' && r.headers?.['Content-Type'] !== undefined;
      const body = r.body === undefined ? '' : raw ? (r.body as string) : JSON.stringify(r.body);
      res.writeHead(r.status, {
        ...(body ? { 'Content-Type': 'application/json' } : {}),
        'Service-Request-Id': requestId,
        [SANDBOX_IDENTITY_HEADER]: SANDBOX_IDENTITY_VALUE, // who answers: `test --base-url` on loopback reads it
        'Content-Length': Buffer.byteLength(body),
        ...r.headers,
      });
      res.end(body);
    };
    let v2 = target.startsWith('/v2/'); // the token call and the reads answer in the v1 family's shape
    const fail = (e: unknown) => {
      if (res.destroyed || req.socket.destroyed) return; // the client is gone (or was cut off): nobody to answer
      const err =
        e instanceof ServiceError
          ? e
          : ServiceError.bare('internal_server_error', 60, 'Unexpected error in the local sandbox.');
      if (!(e instanceof ServiceError)) console.error(`sandbox: ${req.method} ${target}: ${(e as Error)?.stack ?? e}`);
      send({ status: err.status, body: v2 ? err.v2Body() : err.v1Body(), headers: err.headers });
    };
    if (!isLoopbackHost(req.headers.host)) {
      req.resume();
      return send(hostRefused(req.headers.host)); // DNS rebinding: a page's own name pointed at 127.0.0.1
    }
    let url: URL;
    try {
      url = new URL(target, 'http://sandbox');
    } catch {
      req.resume();
      return fail(badRequest('invalid_request', undefined, 'The request target is not a valid path.'));
    }
    const path = url.pathname;
    v2 = path.startsWith('/v2/');
    if (path.startsWith(CONTROL_PREFIX)) v2 = true; // the sandbox's own control paths answer in the v2 shape
    countVolume(req.method ?? 'GET', path);
    if (path === INFO_PATH) {
      req.resume();
      return send({ status: 200, body: { pid: process.pid, dataFile: opts.dataFile ?? null } });
    }
    if (path === SANDBOX_CATALOG_PATH) {
      v2 = true; // its errors in the v2 shape
      const port = (server.address() as AddressInfo).port;
      const control = () => catalogControl(req, { store, port, auth, commit });
      (hasBody(req) ? receiveBody(req, bodyTimeout).then(control) : control()).then(send, fail).catch(fail);
      return;
    }
    // A slot is for a request being processed: one whose body is still arriving holds none.
    if (!hasBody(req)) return serve(req, res, path, url.searchParams, send, fail);
    receiveBody(req, bodyTimeout)
      .then(() => serve(req, res, path, url.searchParams, send, fail))
      .catch(fail);
  }

  /** From the slot on: the request has arrived whole. */
  function serve(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    path: string,
    query: URLSearchParams,
    send: (r: Reply) => void,
    fail: (e: unknown) => void,
  ): void {
    if (res.destroyed || req.socket.destroyed) return; // gone while its body arrived: 'close' will not come again
    if (inFlight >= maxConcurrent) {
      req.resume();
      return fail(
        ServiceError.bare(
          'too_many_requests',
          70,
          `More than ${maxConcurrent} requests in flight; retry after the Retry-After seconds.`,
          { 'Retry-After': '1' },
        ),
      );
    }
    inFlight++;
    let counted = true;
    const leave = () => {
      if (counted) inFlight--;
      counted = false;
    };
    res.on('close', leave);
    const fault = path === '/oauth/token' ? undefined : pickFault(opts.faults ?? [], random);
    if (fault === 'timeout') {
      // left unanswered until the client gives up; it holds no slot
      leave();
      req.resume();
      const t = setTimeout(() => {
        held.delete(t);
        req.socket.destroy();
      }, opts.faultTimeoutMs ?? 120_000);
      held.add(t);
      return;
    }
    if (fault) {
      req.resume();
      const retry = { 'Retry-After': '1' };
      return fail(
        fault === '429'
          ? ServiceError.bare('too_many_requests', 70, 'Injected fault: too many requests; retry later.', retry)
          : ServiceError.bare('service_unavailable', 61, 'Injected fault: service unavailable; retry later.', retry),
      );
    }
    const ms = opts.delay?.(req.method ?? 'GET', path) ?? 0;
    const hold = () => (ms ? sleep(ms) : Promise.resolve());
    const latency = path === '/oauth/token' ? 0 : (opts.latencyMs ?? 0);
    (latency ? sleep(latency) : Promise.resolve())
      .then(() => inCatalog(store.catalog, () => inConventions(conventions, () => route(req, path, query, hold))))
      .then(send, fail)
      .catch(fail);
  }

  const sleep = (ms: number) =>
    new Promise<void>(resolve => {
      const t = setTimeout(() => {
        held.delete(t);
        resolve();
      }, ms);
      held.add(t);
    });

  function countVolume(method: string, path: string): void {
    let key = `${method} ${path.replace(/\/(A|O|S)\d{8}$/, '/{key}')}`;
    if (!volume.has(key) && volume.size >= limits.volumePaths) key = `${method} (other paths)`;
    volume.set(key, (volume.get(key) ?? 0) + 1);
  }

  server.keepAliveTimeout = 30_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
    });
  } catch (e) {
    store.close();
    throw e;
  }
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    clientId: DEMO_CLIENT_ID,
    clientSecret: DEMO_CLIENT_SECRET,
    store,
    conventions,
    clock,
    dataFile: opts.dataFile,
    issuedTokens: () => [...issued],
    revokeTokens: () => tokens.clear(),
    seedAccounts: n => store.commit(() => seed(store, n, store.accounts.size)),
    sizes: () => ({
      tokens: tokens.size,
      issued: issued.length,
      idempotencyKeys: idempotency.size,
      idempotencyBytes: idempotency.bytes,
      volumePaths: volume.size,
    }),
    close: () =>
      new Promise<void>(resolve => {
        for (const t of held) clearTimeout(t);
        held.clear();
        server.closeAllConnections();
        server.close(() => {
          store.close();
          resolve();
        });
      }),
  };
}

/** A path no operation has is unknown (404); a catalog operation the sandbox lacks (no contract answer) is a 501. */
function unrouted(method: string, path: string): ServiceError {
  const op = matchOperation(method, path);
  if (!op && path.startsWith('/v2/')) return notFound(undefined, `No v2 operation at ${path}.`);
  if (!op) return notFound(undefined, `No operation ${method} ${path}: check the path.`);
  // The client reads the header and advises a real environment in the words of its surface.
  const message = `${op.id} (${op.summary}) is not served by the local sandbox.`;
  return new ServiceError(
    501,
    { type: 'not_implemented', errors: [{ code: 'not_available', message }] },
    { resource: 500000, category: 45 },
    { [NOT_SERVED_HEADER]: NOT_SERVED_VALUE },
  );
}
