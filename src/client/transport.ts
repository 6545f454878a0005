// HTTP on undici: one keep-alive dispatcher per base URL, connect and total timeouts, cancellation,
// proxies (explicit, or HTTPS_PROXY/NO_PROXY from the environment) for every host but loopback, HTTPS for
// every host but loopback.
import { Agent, EnvHttpProxyAgent, ProxyAgent, request, type Dispatcher } from 'undici';
import { baseUrlPlace, type Surface } from './advice';
import { servicePathProblem } from './baseUrlPath';
import { ApiError, networkError } from './errors';

export interface TransportOptions {
  baseUrl: string;
  /** Time limit of one attempt, headers and whole body together (the service's own limit is 60 s). */
  totalTimeoutMs?: number;
  connectTimeoutMs?: number;
  /**
   * An explicit proxy URL; otherwise HTTPS_PROXY / HTTP_PROXY / NO_PROXY from the environment. Never used for
   * a loopback base URL: the proxy would see the client secret and the token in clear.
   */
  proxy?: string;
  proxyStrictSSL?: boolean;
  userAgent?: string;
  env?: Record<string, string | undefined>;
  /** Who reads the errors: their advice names that surface's settings or flags (see advice.ts). */
  surface?: Surface;
  /** The largest answer read, in bytes (default 64 MB): an endless body stops there with an error. */
  maxResponseBytes?: number;
}

/** The default limit on one answer, in MB (billingWorkbench.maxResponseMB, --max-response-mb). */
export const DEFAULT_MAX_RESPONSE_MB = 64;

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  ms: number;
}
export interface RawRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

declare const BW_VERSION: string | undefined; // set by esbuild
export const DEFAULT_USER_AGENT = `billing-workbench/${typeof BW_VERSION === 'string' ? BW_VERSION : 'dev'}`;

const LOOPBACK_NAMES = ['localhost', '[::1]', '::1'];
export const isLoopback = (host: string) => LOOPBACK_NAMES.includes(host) || /^127\.\d+\.\d+\.\d+$/.test(host);

/**
 * Refuses plain http to anything but loopback (credentials must never cross a network in clear), and a base URL
 * with the service's own path in it (baseUrlPath.ts). `place`: where the person changes it, when not the surface's own.
 */
export function checkBaseUrl(baseUrl: string, surface?: Surface, place = baseUrlPlace(surface)): URL {
  let u: URL;
  try {
    u = new URL(baseUrl);
  } catch {
    throw refused(`"${baseUrl}" is not a URL. Set ${place} to https://... .`);
  }
  if (u.username || u.password) {
    const credentials = {
      cli: '; credentials come from BILLING_CLIENT_ID and BILLING_CLIENT_SECRET',
      editor: '; credentials go in Sign In, where they are kept in secret storage',
    };
    throw refused(
      `Refusing a base URL with a user name or password in it (${u.protocol}//***@${u.host}): ` +
        `give the URL without them${surface ? credentials[surface] : ''}.`,
    );
  }
  if (u.protocol === 'https:' || (u.protocol === 'http:' && isLoopback(u.hostname))) {
    const problem = servicePathProblem(u, place);
    if (problem) throw refused(problem);
    return u;
  }
  const https = `Change ${place} to https://${u.host}`;
  if (u.protocol !== 'http:') {
    const loopback = isLoopback(u.hostname) ? ` (or http://${u.host} on this machine)` : '';
    throw refused(`Refusing ${u.protocol}//${u.host}: the service speaks HTTPS. ${https}${loopback}.`);
  }
  throw refused(`Refusing ${u.protocol}//${u.host}: HTTPS is required for every host but loopback. ${https}.`);
}

/** A base URL the client will not send to: said before anything is sent. */
const refused = (message: string) => new ApiError({ kind: 'config', message });

type ConnectOptions = { timeout: number; rejectUnauthorized: boolean };

/** Loopback goes direct (a proxy would see secrets in clear); others through the explicit or environment proxy. */
function dispatcherFor(
  base: URL,
  connect: ConnectOptions,
  proxy: string | undefined,
  env: Record<string, string | undefined>,
): Dispatcher {
  const requestTls = { rejectUnauthorized: connect.rejectUnauthorized };
  if (isLoopback(base.hostname)) return new Agent({ connect, keepAliveTimeout: 30_000, connections: 16 });
  if (proxy) return new ProxyAgent({ uri: proxy, requestTls, connect });
  if (env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy) {
    return new EnvHttpProxyAgent({
      httpProxy: env.HTTP_PROXY ?? env.http_proxy,
      httpsProxy: env.HTTPS_PROXY ?? env.https_proxy,
      noProxy: env.NO_PROXY ?? env.no_proxy,
      connect,
      requestTls,
    });
  }
  return new Agent({ connect, keepAliveTimeout: 30_000, connections: 16 });
}

export class Transport {
  readonly base: URL;
  readonly dispatcher: Dispatcher;
  readonly totalTimeoutMs: number;
  readonly userAgent: string;
  readonly maxResponseBytes: number;
  private readonly surface?: Surface;

  constructor(opts: TransportOptions) {
    this.base = checkBaseUrl(opts.baseUrl, opts.surface);
    this.surface = opts.surface;
    this.totalTimeoutMs = opts.totalTimeoutMs ?? 60_000;
    this.userAgent = opts.userAgent ?? DEFAULT_USER_AGENT;
    this.maxResponseBytes = opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_MB * 1024 * 1024;
    const connect = { timeout: opts.connectTimeoutMs ?? 10_000, rejectUnauthorized: opts.proxyStrictSSL ?? true };
    this.dispatcher = dispatcherFor(this.base, connect, opts.proxy, opts.env ?? process.env);
  }

  private readonly urls = new Map<string, string>();

  url(path: string, query?: Record<string, string | number | readonly string[] | undefined>): string {
    if (!query) {
      // hot path: most calls have no query; cache the few hundred distinct paths
      let cached = this.urls.get(path);
      if (cached === undefined) {
        cached = this.url(path, {});
        if (this.urls.size < 1000) this.urls.set(path, cached);
      }
      return cached;
    }
    const dir = this.base.href.endsWith('/') ? this.base.href : `${this.base.href}/`;
    const u = new URL(path.replace(/^\//, ''), dir);
    for (const [k, v] of Object.entries(query ?? {})) {
      for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) u.searchParams.append(k, String(one));
    }
    return u.href;
  }

  async send(r: RawRequest): Promise<RawResponse> {
    const { url } = r;
    const started = performance.now();
    try {
      // undici's own headers timeout bounds the wait for an answer (no timer or signal of ours per call
      // until then, which measurably slowed every request); the body gets what is left of the total, so a
      // body that drips a byte at a time still ends at the limit.
      const res = await request(url, {
        method: r.method as Dispatcher.HttpMethod,
        headers: r.headers,
        body: r.body,
        signal: r.signal,
        dispatcher: this.dispatcher,
        headersTimeout: this.totalTimeoutMs,
        bodyTimeout: this.totalTimeoutMs,
      });
      const left = this.totalTimeoutMs - (performance.now() - started);
      const text = await readWithin(res.body, left, this.maxResponseBytes, res.headers['content-length']);
      return { status: res.statusCode, headers: res.headers, text, ms: performance.now() - started };
    } catch (e) {
      const cause = r.signal?.aborted ? { name: 'AbortError' } : e;
      throw networkError(r.method, url, cause, this.totalTimeoutMs, this.surface, this.maxResponseBytes);
    }
  }

  close(): Promise<void> {
    return this.dispatcher.close();
  }
}

type Body = Dispatcher.ResponseData['body'];

/**
 * Bodies being read and their deadlines. One coarse timer ends those past their deadline, instead of a timer
 * per request (which measurably slowed every call); it stops once a sweep finds nothing in flight.
 */
const reading = new Map<Body, number>();
const SWEEP_MS = 100;
let sweeper: ReturnType<typeof setInterval> | undefined;

function sweep(): void {
  const now = performance.now();
  for (const [body, deadline] of reading) {
    if (now < deadline) continue;
    reading.delete(body);
    body.destroy(timeoutError());
  }
  if (reading.size === 0 && sweeper) {
    clearInterval(sweeper);
    sweeper = undefined;
  }
}

/**
 * The whole body as text; a TimeoutError once `ms` have passed, a ResponseTooLarge past `max` bytes (declared or
 * read: the body is destroyed, the socket freed, nothing more is read).
 */
async function readWithin(body: Body, ms: number, max: number, length: string | string[] | undefined): Promise<string> {
  const fail = (e: Error) => {
    body.once('error', () => undefined); // the error is thrown here: the stream's own event has no reader to reach
    body.destroy(e);
    throw e;
  };
  if (ms <= 0) fail(timeoutError());
  if (typeof length === 'string' && Number(length) > max) fail(tooLargeError());
  reading.set(body, performance.now() + ms);
  sweeper ??= setInterval(sweep, SWEEP_MS).unref();
  try {
    // A declared length within the limit is all undici reads of this answer (it stops the body there): its own
    // reader, as fast as the raw client's, decodes it (a BOM dropped, as below).
    if (typeof length === 'string' && /^\d+$/.test(length)) return await body.text();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > max) fail(tooLargeError());
      chunks.push(chunk);
    }
    return utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size)); // a BOM dropped, as text() does
  } finally {
    reading.delete(body);
  }
}

const utf8 = new TextDecoder();
const tooLargeError = () => Object.assign(new Error('the answer is over the size limit'), { name: 'ResponseTooLarge' });

const timeoutError = () => Object.assign(new Error('the body did not complete in time'), { name: 'TimeoutError' });
