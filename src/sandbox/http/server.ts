// The local sandbox: an HTTP server on loopback that behaves like the service for the v2 quickstart,
// the token endpoint and the reads the tree needs. Same paths, auth, error shapes; real computations.
// Whatever a client sends, it answers (never a crash, never a 500); slow clients time out and hold no
// slot while their request arrives; every map that grows per request is bounded. This file assembles one
// sandbox (store, clock, tokens, the route table: the families' routes and the control paths, registered
// together below) and answers a routed request; a request's way from arrival to answer is pipeline.ts.
import * as http from 'http';
import type { AddressInfo } from 'net';
import { formatPath, type PayloadKind } from '../../schemas';
import { isRealDate } from '../../schemas/dates';
import { matchOperation, servedLocally, type Operation } from '../../catalog';
import { NOT_SERVED_HEADER, NOT_SERVED_VALUE } from '../../wire/notServed';
import { contractAnswer } from '../contract/contractAnswers';
import { seed } from '../engine/seed';
import { conventionsOf } from '../money/conventions';
import { importCatalog } from '../state/catalogImport';
import { sandboxClock } from '../state/clock';
import { DataFileError } from '../state/dataFile';
import { newId } from '../state/ids';
import { EventHub } from '../events/hub';
import { calloutAttemptRoutes } from '../v1/calloutAttemptRoutes';
import { Store } from '../state/store';
import { TimeMachine } from '../timeTravel/timeMachine';
import { MAX_JSON_DEPTH, nestingExceeds, parseJson, readBody } from './body';
import { clockRoutes } from './clockRoutes';
import { resetRoutes } from './resetRoutes';
import { badRequest, notFound, ServiceError } from './errors';
import { IdempotencyCache, type Mark } from './idempotency';
import { validatedOffThread } from './offThread';
import { RequestPipeline } from './pipeline';
import type { BodyCheck } from './routeDeps';
import { allowedMethods, decodeParams, routeFor, RouteTable, type Call, type Reply } from './router';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, sandboxRoutes } from './routes';
import { DEFAULT_LIMITS, type Sandbox, type SandboxOptions } from './sandboxOptions';
import { Tokens } from './tokens';
import { accountByKey } from '../state/lookup';

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
  const tokens = new Tokens(ttl, limits.tokens, now);
  // A key is kept with the change its request made: in the data file (a retry after a restart never repeats it),
  // and gone when the change is undone (the clock moved back).
  const keptKeys = { keys: store.idempotencyKeys, save: () => store.commit(() => undefined) };
  const idempotency = new IdempotencyCache(limits.idempotencyKeys, limits.idempotencyBytes, Date.now, keptKeys);
  const volume = new Map<string, number>();
  const events = new EventHub(store, { timestamp: () => clock.timestamp(), newId, ...opts.callouts });

  /** Runs a change to the data; a failed save answers a non-retryable error with nothing kept. */
  const commit = <T>(change: () => T): T => {
    timeMachine.refuseWhileMoving(); // a clock move in progress: a 503, nothing interleaves with it
    try {
      const result = store.commit(change);
      events.committed(); // after the commit: a rolled-back change is never announced
      return result;
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
      issueToken: () => tokens.issue(),
      commit,
      volume,
      events,
      idempotent,
    }),
    ...clockRoutes(timeMachine, idempotent), // control path: the clock (time travel)
    ...calloutAttemptRoutes(events), // control path: each callout attempt in full
    ...resetRoutes({
      store,
      clock,
      machine: timeMachine,
      idempotency,
      commit,
      dataFile: opts.dataFile,
      start: opts,
      forgetCallouts: () => events.deliveries.history.clear(),
    }),
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
      tokens.check(req);
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
    const account = (k: string) => accountByKey(store, k);
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
    const run = async (mark: Mark = h => h()) => {
      await hold();
      timeMachine.refuseWhileMoving();
      return mark(() => handler(checked ?? JSON.parse(text)));
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

  const pipeline = new RequestPipeline({
    opts,
    maxConcurrent,
    bodyTimeout,
    volume,
    volumePaths: limits.volumePaths,
    store,
    conventions,
    tokens,
    commit,
    port: () => (server.address() as AddressInfo).port,
    route,
  });
  const server = http.createServer(
    {
      headersTimeout,
      // Only a backstop: bodies are read ahead under their own limit (receiveBody), which answers in our shape.
      requestTimeout: headersTimeout + bodyTimeout + 1_000,
      connectionsCheckingInterval: Math.min(1_000, headersTimeout),
    },
    (req, res) => {
      try {
        pipeline.handle(req, res);
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
    events,
    issuedTokens: () => [...tokens.issued],
    revokeTokens: () => tokens.revoke(),
    seedAccounts: n => store.commit(() => seed(store, n, store.accounts.size)),
    sizes: () => ({
      tokens: tokens.size,
      issued: tokens.issued.length,
      idempotencyKeys: idempotency.size,
      idempotencyBytes: idempotency.bytes,
      volumePaths: volume.size,
    }),
    close: () =>
      new Promise<void>(resolve => {
        pipeline.release();
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
