// The billing client: every request the extension or the CLI sends goes through here.
import { randomId } from '../wire/random';
import type { AccountData, OrderRequestBody, PreviewRequestBody } from '../schemas';
import { baseUrlPlace } from './advice';
import { firstHeader, interpret } from './answers';
import type {
  AccountPrefix,
  AccountRow,
  ApiResponse,
  CallOptions,
  ClientOptions,
  OrderRow,
  Query,
  RetryPolicy,
  SendRequest,
  V1OrderResponse,
  V1PreviewResponse,
} from './clientTypes';
import { answerHeaders, ApiError } from './errors';
import { fillPath, pathSegment } from './paths';
import { Redactor, toCurl } from './redact';
import { DEFAULT_RETRY, retryDelay, sleep } from './retry';
import type {
  AccountResponse,
  OrderResponse,
  PagedObjects,
  PlanList,
  PreviewResponse,
  SubscriptionList,
} from '../wire/responses';
import { serviceVersionWarning } from './serviceVersion';
import { TokenProvider, type TokenAnswer } from './tokens';
import { SIMULATED_HEADER } from '../wire/simulated';
import { CLOCK_PATH, type ClockAnswer, type ClockRequest, type ClockStatus } from '../wire/sandboxClock';
import { Transport } from './transport';

/** One HTTP exchange as `attempt` sends it (retried as a whole). */
interface Attempt {
  headers: Record<string, string>;
  query?: Query;
  rawBody?: string;
  signal?: AbortSignal;
  /** Sends the bearer token (everything but the token request itself). */
  auth: boolean;
  /** A POST that may be sent again (it carries an Idempotency-Key, or is the token request). */
  retryPost: boolean;
}

export class BillingClient {
  readonly redactor = new Redactor();
  readonly tokens: TokenProvider;
  private readonly transport: Transport;
  private readonly retry: RetryPolicy;

  constructor(private readonly opts: ClientOptions) {
    this.transport = new Transport(opts);
    this.retry = { ...DEFAULT_RETRY, ...opts.retry };
    this.redactor.remember(opts.clientSecret);
    this.tokens = new TokenProvider(() => this.requestToken(), opts.now);
    const warning = serviceVersionWarning(opts.serviceVersion);
    if (warning) opts.log?.(warning, 'warn');
  }

  get baseUrl(): string {
    return this.transport.base.href;
  }
  /** The keep-alive dispatcher (the benchmark compares raw undici on the same one). */
  get dispatcher() {
    return this.transport.dispatcher;
  }

  preview(body: PreviewRequestBody, o: CallOptions = {}) {
    return this.call<PreviewResponse>('POST', '/v2/orders/preview', { ...o, body });
  }
  /** Always sends an Idempotency-Key (one per user action): a retried create never makes two orders. */
  createOrder(body: OrderRequestBody, o: CallOptions = {}) {
    const idempotencyKey = o.idempotencyKey ?? randomId();
    return this.call<OrderResponse>('POST', '/v2/orders', { ...o, body, idempotencyKey });
  }
  /** A v1 order preview (POST /v1/orders/preview): `previewResult` with the order's delta metrics. */
  previewV1(body: Record<string, unknown>, o: CallOptions = {}) {
    return this.call<V1PreviewResponse>('POST', '/v1/orders/preview', { ...o, body });
  }
  /** A v1 order (POST /v1/orders), with an Idempotency-Key as createOrder. */
  createOrderV1(body: Record<string, unknown>, o: CallOptions = {}) {
    const idempotencyKey = o.idempotencyKey ?? randomId();
    return this.call<V1OrderResponse>('POST', '/v1/orders', { ...o, body, idempotencyKey });
  }
  createAccount(body: AccountData, o: CallOptions = {}) {
    const idempotencyKey = o.idempotencyKey ?? randomId();
    return this.call<AccountResponse>('POST', '/v2/accounts', { ...o, body, idempotencyKey });
  }
  async getOrder(orderNumber: string, o: CallOptions = {}) {
    const n = pathSegment('order-number', orderNumber, 'GET /v2/orders/{order-number}');
    return this.call<OrderResponse>('GET', `/v2/orders/${n}`, o);
  }
  async getAccount(accountNumber: string, o: CallOptions = {}) {
    const n = pathSegment('account-key', accountNumber, 'GET /v2/accounts/{account-key}');
    return this.call<AccountResponse>('GET', `/v2/accounts/${n}`, o);
  }

  /**
   * Object-query reads for the tree, one page at a time (`nextPage` is the next cursor, or null). With
   * `startsWith`, the service filters (`filter[]=name.SW:Acme`): a search never lists the whole tenant.
   */
  queryAccounts(p: { pageSize?: number; cursor?: string; startsWith?: AccountPrefix } = {}, o: CallOptions = {}) {
    const { startsWith, ...page } = p;
    const filter = startsWith ? { 'filter[]': `${startsWith.field}.SW:${startsWith.text}` } : {};
    return this.call<PagedObjects<AccountRow>>('GET', '/object-query/accounts', {
      ...o,
      query: { ...page, ...filter },
    });
  }
  queryOrders(p: { accountNumber?: string; pageSize?: number; cursor?: string } = {}, o: CallOptions = {}) {
    const { accountNumber, ...page } = p;
    const filter = accountNumber ? { 'filter[]': `accountNumber.EQ:${accountNumber}` } : {};
    return this.call<PagedObjects<OrderRow>>('GET', '/object-query/orders', { ...o, query: { ...page, ...filter } });
  }

  /** One page of the product catalog: plans with their product and prices (GET /v2/plans, expanded). */
  listPlans(p: { pageSize?: number; cursor?: string } = {}, o: CallOptions = {}) {
    const query = { page_size: p.pageSize, cursor: p.cursor, 'expand[]': ['product', 'prices'] };
    return this.call<PlanList>('GET', '/v2/plans', { ...o, query });
  }

  /** One page of an account's subscriptions with their plans and items (GET /v2/subscriptions, expanded). */
  listSubscriptions(p: { accountId: string; pageSize?: number; cursor?: string }, o: CallOptions = {}) {
    const query = {
      'filter[]': `account_id.EQ:${p.accountId}`,
      page_size: p.pageSize,
      cursor: p.cursor,
      'expand[]': ['subscription_plans', 'subscription_plans.subscription_items'],
    };
    return this.call<SubscriptionList>('GET', '/v2/subscriptions', { ...o, query });
  }

  /** The Local sandbox's clock (GET /_sandbox/clock): today, and how far back it can go. A real service has none. */
  sandboxClock(o: CallOptions = {}) {
    return this.call<ClockStatus>('GET', CLOCK_PATH, o);
  }
  /** Moves the Local sandbox's clock to a date (earlier: back) or by a step ("3 months"); answers what fell due. */
  moveSandboxClock(body: ClockRequest, o: CallOptions = {}) {
    return this.call<ClockAnswer>('POST', CLOCK_PATH, { ...o, body });
  }

  /** Any catalog operation: `{param}` placeholders in the path are filled from pathParams. */
  async send<T = unknown>(op: { method: string; path: string }, r: SendRequest = {}): Promise<ApiResponse<T>> {
    return this.call<T>(op.method.toUpperCase(), fillPath(op, r.pathParams), r);
  }

  /** The request as a cURL command, credentials and card data redacted. */
  curl(r: ApiResponse<unknown>['request']): string {
    return toCurl(r, this.redactor);
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  private async requestToken(): Promise<TokenAnswer> {
    const form = new URLSearchParams({
      client_id: this.opts.clientId,
      client_secret: this.opts.clientSecret,
      grant_type: 'client_credentials',
    });
    const headers = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      'user-agent': this.transport.userAgent,
    };
    const r = await this.attempt<TokenAnswer>('POST', '/oauth/token', {
      headers,
      rawBody: form.toString(),
      auth: false,
      retryPost: true,
    });
    return this.checkedToken(r.data, r.status);
  }

  /** A token answer without a usable access_token is an error, never `Bearer undefined`. */
  private checkedToken(data: unknown, status: number): TokenAnswer {
    const t = (data ?? {}) as Partial<TokenAnswer>;
    if (typeof t.access_token !== 'string' || !/^[\x21-\x7e]+$/.test(t.access_token)) {
      const fields = data && typeof data === 'object' ? Object.keys(data).join(', ') || 'none' : typeof data;
      throw new ApiError({
        kind: 'http',
        status,
        method: 'POST',
        url: this.transport.url('/oauth/token'),
        next: 'baseUrl',
        message:
          `POST /oauth/token answered ${status} without an access_token (fields: ${fields}). ` +
          `Check ${baseUrlPlace(this.opts.surface)}: it must be the service's, not a login page or a proxy.`,
      });
    }
    this.redactor.remember(t.access_token);
    return { access_token: t.access_token, expires_in: t.expires_in };
  }

  private call<T>(method: string, path: string, o: SendRequest): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.transport.userAgent,
      ...o.headers,
    };
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    if (o.idempotencyKey) headers['idempotency-key'] = o.idempotencyKey;
    if (this.opts.serviceVersion && !path.startsWith('/v2/')) headers['service-version'] = this.opts.serviceVersion;
    return this.attempt<T>(method, path, {
      headers,
      query: o.query,
      rawBody: o.body === undefined ? undefined : JSON.stringify(o.body),
      signal: o.signal,
      auth: true,
      retryPost: !!o.idempotencyKey,
    });
  }

  /** Sends with auth, one renew-and-retry on 401, and bounded retries with backoff for what may be retried. */
  private async attempt<T>(method: string, path: string, a: Attempt): Promise<ApiResponse<T>> {
    const started = Date.now();
    const mayRetry = method === 'GET' || method === 'HEAD' || a.retryPost;
    let renewed = false;
    const url = this.transport.url(path, a.query);
    for (let tries = 1; ; tries++) {
      const headers = tries === 1 && !a.auth ? a.headers : { ...a.headers };
      let token: string | undefined;
      if (a.auth) {
        token = this.tokens.peek() ?? (await this.tokens.get());
        headers.authorization = `Bearer ${token}`;
      }
      const request = { method, url, headers, body: a.rawBody };
      let error: ApiError;
      try {
        const res = await this.transport.send({ method, url, headers, body: a.rawBody, signal: a.signal });
        const requestId = firstHeader(res.headers['service-request-id']);
        const answer = interpret(method, url, res, this.redactor, this.opts.surface);
        if (this.opts.log) {
          const id = requestId ? ` ${requestId}` : '';
          const took = `${Math.round(res.ms)}ms${id}${tries > 1 ? ` (try ${tries})` : ''}`;
          const failure = answer.error ? `: ${answer.error.message}` : '';
          this.logLine(`${method} ${path} ${res.status} ${took}${failure}`, answer.error ? 'warn' : 'info');
        }
        if (!answer.error) {
          const ms = Date.now() - started;
          const simulated = res.headers[SIMULATED_HEADER] !== undefined ? ({ simulated: true } as const) : {};
          const headers = answerHeaders(res.headers);
          return {
            status: res.status,
            data: answer.data as T,
            requestId,
            ms,
            attempts: tries,
            request,
            headers,
            ...simulated,
          };
        }
        error = answer.error;
        if (res.status === 401 && a.auth && token && !renewed) {
          // A token revoked or expired early: renew it once; the retry does not count as a try.
          this.tokens.invalidate(token);
          renewed = true;
          tries--;
          continue;
        }
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        error = e;
        this.logLine(`${method} ${path} ${error.kind}: ${error.message}`, 'warn');
      }
      // Errors reach people and logs: no secret in them, nor in the URL they carry.
      error.message = this.redactor.text(error.message);
      if (error.url) error.url = this.redactor.text(error.url);
      if (error.kind === 'cancelled' || !error.retryable || !mayRetry || tries >= this.retry.maxTries) throw error;
      const delay = retryDelay(this.retry, tries, error);
      if (Date.now() - started + delay > this.retry.maxTotalMs) throw error; // already redacted above
      this.opts.onRetry?.(delay, error);
      await sleep(delay, a.signal);
    }
  }

  private logLine(line: string, level: 'info' | 'warn' | 'error'): void {
    if (this.opts.log) this.opts.log(this.redactor.text(line), level);
  }
}
