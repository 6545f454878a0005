// The request pipeline: each request from its arrival to its answer. A loopback Host only; the unauthenticated
// info path and the catalog control path; then a slot (one whose body is still arriving holds none), injected
// faults and latency, and the route table's answer in the store's catalog and conventions. Errors answer in the
// family's shape (v2 under /v2/ and the control paths, v1 otherwise); whatever a client sends, it is answered.
import { randomUUID } from 'crypto';
import type * as http from 'http';
import { SANDBOX_IDENTITY_HEADER, SANDBOX_IDENTITY_VALUE } from '../../wire/sandboxIdentity';
import { inConventions, type BillingConventions } from '../money/conventions';
import { inCatalog } from '../state/activeCatalog';
import type { Store } from '../state/store';
import { hasBody, receiveBody } from './body';
import { catalogControl, SANDBOX_CATALOG_PATH } from './catalogControl';
import { badRequest, ServiceError, serviceErrorOf } from './errors';
import { pickFault } from './faults';
import { hostRefused, isLoopbackHost } from './hostCheck';
import type { RouteDeps } from './routeDeps';
import type { Reply } from './router';
import type { SandboxOptions } from './sandboxOptions';
import type { Tokens } from './tokens';

/** Unauthenticated: which process serves which data file (editor windows check it before sharing one). */
export const INFO_PATH = '/.sandbox/info';
/** The sandbox's own control paths (the clock: /_sandbox/clock), authenticated like every call. */
export const CONTROL_PREFIX = '/_sandbox/';

export interface PipelineDeps {
  opts: SandboxOptions;
  maxConcurrent: number;
  /** A request's body must arrive within this (ms) once its headers have. */
  bodyTimeout: number;
  /** Requests counted per method and path, at most `volumePaths` paths. */
  volume: Map<string, number>;
  volumePaths: number;
  store: Store;
  conventions: BillingConventions;
  tokens: Tokens;
  commit: RouteDeps['commit'];
  /** The port the server listens on (the catalog control path names it). */
  port(): number;
  /** The route table's answer to a request that has a slot (server.ts). */
  route(req: http.IncomingMessage, path: string, query: URLSearchParams, hold: () => Promise<void>): Promise<Reply>;
}

export class RequestPipeline {
  private inFlight = 0;
  /** Timers of held requests (delays, latency, timeout faults): cleared when the sandbox closes. */
  private readonly held = new Set<NodeJS.Timeout>();

  constructor(private readonly deps: PipelineDeps) {}

  /** Every held request let go: the sandbox is closing. */
  release(): void {
    for (const t of this.held) clearTimeout(t);
    this.held.clear();
  }

  /** One request, from its arrival: host check, control paths, then a slot once its body is in. */
  handle(req: http.IncomingMessage, res: http.ServerResponse): void {
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
    const fail = (error: unknown) => {
      if (res.destroyed || req.socket.destroyed) return; // the client is gone (or was cut off): nobody to answer
      const e = serviceErrorOf(error);
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
    this.countVolume(req.method ?? 'GET', path);
    if (path === INFO_PATH) {
      req.resume();
      return send({ status: 200, body: { pid: process.pid, dataFile: this.deps.opts.dataFile ?? null } });
    }
    if (path === SANDBOX_CATALOG_PATH) {
      v2 = true; // its errors in the v2 shape
      const { store, commit, tokens, bodyTimeout } = this.deps;
      const control = () => catalogControl(req, { store, port: this.deps.port(), auth: r => tokens.check(r), commit });
      (hasBody(req) ? receiveBody(req, bodyTimeout).then(control) : control()).then(send, fail).catch(fail);
      return;
    }
    // A slot is for a request being processed: one whose body is still arriving holds none.
    if (!hasBody(req)) return this.serve(req, res, path, url.searchParams, send, fail);
    receiveBody(req, this.deps.bodyTimeout)
      .then(() => this.serve(req, res, path, url.searchParams, send, fail))
      .catch(fail);
  }

  /** From the slot on: the request has arrived whole. */
  private serve(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    path: string,
    query: URLSearchParams,
    send: (r: Reply) => void,
    fail: (e: unknown) => void,
  ): void {
    if (res.destroyed || req.socket.destroyed) return; // gone while its body arrived: 'close' will not come again
    const { opts, maxConcurrent } = this.deps;
    if (this.inFlight >= maxConcurrent) {
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
    this.inFlight++;
    let counted = true;
    const leave = () => {
      if (counted) this.inFlight--;
      counted = false;
    };
    res.on('close', leave);
    const fault = path === '/oauth/token' ? undefined : pickFault(opts.faults ?? [], opts.random ?? Math.random);
    if (fault === 'timeout') {
      // left unanswered until the client gives up; it holds no slot
      leave();
      req.resume();
      const t = setTimeout(() => {
        this.held.delete(t);
        req.socket.destroy();
      }, opts.faultTimeoutMs ?? 120_000);
      this.held.add(t);
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
    const hold = () => (ms ? this.sleep(ms) : Promise.resolve());
    const latency = path === '/oauth/token' ? 0 : (opts.latencyMs ?? 0);
    const { store, conventions, route } = this.deps;
    (latency ? this.sleep(latency) : Promise.resolve())
      .then(() => inCatalog(store.catalog, () => inConventions(conventions, () => route(req, path, query, hold))))
      .then(send, fail)
      .catch(fail);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>(resolve => {
      const t = setTimeout(() => {
        this.held.delete(t);
        resolve();
      }, ms);
      this.held.add(t);
    });
  }

  private countVolume(method: string, path: string): void {
    let key = `${method} ${path.replace(/\/(A|O|S)\d{8}$/, '/{key}')}`;
    const { volume, volumePaths } = this.deps;
    if (!volume.has(key) && volume.size >= volumePaths) key = `${method} (other paths)`;
    volume.set(key, (volume.get(key) ?? 0) + 1);
  }
}
